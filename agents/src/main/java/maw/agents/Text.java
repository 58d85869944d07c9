package maw.agents;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;

/** Text that comes from players, made harmless where it goes: files, consoles, terminals. */
public final class Text {

    private Text() {}

    /** Whether {@code s} holds a surrogate without its pair (not Unicode text: it cannot be written as UTF-8). */
    public static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return true;
            }
            if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * At most the first {@code max} characters of {@code s}, with how long it was when it is longer ({@code Abc… (200000
     * characters)}): for keeping something a player wrote in a journal or a log, bounded.
     */
    public static String excerpt(String s, int max) {
        if (s == null || s.codePointCount(0, s.length()) <= max) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, max)) + "… (" + s.length() + " characters)";
    }

    /**
     * What a player said, as one quoted value for a seat's news ({@code "..."}): its line breaks shown as {@code ↵},
     * its quotes and backslashes escaped as in JSON, so that nothing a player writes (a line break, a line that
     * begins as the GameMaster's news do, an answer in JSON) can pass for anything but their words.
     */
    public static String quoted(String s) {
        return "\"" + inert(s == null ? "" : s).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * What {@code from} said, the one way every seat's news shows a player's words, to a model, a terminal, a chat
     * client and the page alike: {@code Bob says: "..."}, the words {@link #quoted} on one line.
     */
    public static String said(String from, String text) {
        return inert(from) + " says: " + quoted(text);
    }

    /**
     * The speaker and the words of a line {@link #said} made ({@code {from, text}}, the words unescaped; their line
     * breaks stay {@code ↵}), or null when {@code line} is not one.
     */
    public static String[] unsaid(String line) {
        int at = line == null ? -1 : line.indexOf(" says: \"");
        if (at <= 0 || !line.endsWith("\"") || line.length() < at + 9) {
            return null;
        }
        String inner = line.substring(at + 8, line.length() - 1);
        StringBuilder b = new StringBuilder(inner.length());
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '\\' && i + 1 < inner.length()) {
                c = inner.charAt(++i);
            } else if (c == '"') {
                return null; // a quote the rule would have escaped: not a line it made
            }
            b.append(c);
        }
        return new String[] {line.substring(0, at), b.toString()};
    }

    /**
     * {@code s} as a line that can only be read, not obeyed, on a console or terminal: line breaks, control characters,
     * escape sequences (ANSI, OSC) and the marks that reverse the direction of text are shown as visible symbols, so a
     * chat line cannot draw a fake announcement, clear a screen or retitle a window.
     */
    public static String inert(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String r = c == '\n' || c == '\r' ? "\u21b5" : c == 0x1b ? "\u241b" : c == '\t' ? " "
                    : c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) ? "\ufffd"
                    : (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ? "\ufffd"
                    : Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))) && !(Character.isLowSurrogate(c) && i > 0
                            && Character.isHighSurrogate(s.charAt(i - 1))) ? "\ufffd" : null;
            if (r != null && b == null) {
                b = new StringBuilder(s.length() + 8).append(s, 0, i);
            }
            if (b != null) {
                if (r != null) {
                    b.append(r);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    /**
     * A UTF-8 writer that replaces what cannot be encoded instead of failing: one bad character must not stop a
     * journal, nor stay in its buffer and fail every write after it.
     */
    public static BufferedWriter writer(Path file, OpenOption... options) throws IOException {
        ownerOnly(file.toAbsolutePath().getParent());
        BufferedWriter w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file, options),
                StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE)));
        ownerOnly(file);
        return w;
    }

    /**
     * Makes a game's file or folder readable by its owner only (a journal holds every role and the Hideout's talk):
     * rw------- for files, rwx------ for folders, where the file system has POSIX permissions.
     */
    public static void ownerOnly(Path p) {
        try {
            if (p != null && Files.exists(p)
                    && Files.getFileStore(p).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(
                        Files.isDirectory(p) ? "rwx------" : "rw-------"));
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Best effort: a file system without POSIX permissions has its own rules.
        }
    }
}
