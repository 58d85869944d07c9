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
import java.text.Normalizer;
import java.util.Locale;

/** Text that comes from players, made harmless where it goes: files, consoles, terminals. */
public final class Text {

    private Text() {}

    /**
     * Whether the letters of {@code name} come from more than one script (Latin with Cyrillic, say): such a name can
     * pass for another at a glance ("Аnn" with a Cyrillic А beside "Ann").
     */
    public static boolean mixesScripts(String name) {
        Character.UnicodeScript seen = null;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            i += Character.charCount(cp);
            Character.UnicodeScript s = Character.UnicodeScript.of(cp);
            if (s == Character.UnicodeScript.COMMON || s == Character.UnicodeScript.INHERITED) {
                continue;
            }
            if (seen != null && s != seen) {
                return true;
            }
            seen = s;
        }
        return false;
    }

    /**
     * What {@code name} looks like, for telling names apart the way a reader does: compatibility forms folded, marks
     * dropped, case ignored, and the Cyrillic and Greek letters that look like Latin ones read as those.
     */
    public static String skeleton(String name) {
        String folded = Normalizer.normalize(name, Normalizer.Form.NFKD)
                .replaceAll("\\p{M}+", "").toLowerCase(Locale.ROOT);
        StringBuilder b = new StringBuilder(folded.length());
        for (int i = 0; i < folded.length(); i++) {
            char c = folded.charAt(i);
            int k = LOOKALIKE_FROM.indexOf(c);
            b.append(k >= 0 ? LOOKALIKE_TO.charAt(k) : c);
        }
        return b.toString().replace('1', 'l').replace('0', 'o');
    }

    // Cyrillic а в е к м н о р с т у х і ј ѕ and Greek α β ε ι κ ν ο ρ τ υ χ: their Latin look-alikes.
    private static final String LOOKALIKE_FROM = "\u0430\u0432\u0435\u043a\u043c\u043d\u043e\u0440\u0441\u0442"
            + "\u0443\u0445\u0456\u0458\u0455\u03b1\u03b2\u03b5\u03b9\u03ba\u03bd\u03bf\u03c1\u03c4\u03c5\u03c7";
    private static final String LOOKALIKE_TO = "abekmhopctyxijsabeikvoptux";

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
     * What a player said, as one quoted value for a seat's news ({@code "..."}): its line breaks shown as {@code ↵},
     * its quotes and backslashes escaped as in JSON, so that nothing a player writes (a line break, a line that
     * begins as the GameMaster's news do, an answer in JSON) can pass for anything but their words.
     */
    public static String quoted(String s) {
        return "\"" + inert(s == null ? "" : s).replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
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
