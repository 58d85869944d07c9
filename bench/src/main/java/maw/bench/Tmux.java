package maw.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tmux server of its own (apart from any the machine's user runs) and one session in it: keys in, screen out. What
 * drives MAW at a real terminal, as a person would: the person bench, and the tests of the terminal.
 */
public final class Tmux implements AutoCloseable {

    private final String socket;
    private final String session;

    public Tmux(String name) {
        this.socket = "maw-" + name + "-" + ProcessHandle.current().pid();
        this.session = name;
    }

    /** Whether tmux runs on this machine. */
    public static boolean works() {
        return runs("tmux", "-V");
    }

    /** Whether {@code command} (given with its arguments) runs and exits 0. */
    public static boolean runs(String... command) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Starts the session running {@code shellLine} in a terminal of {@code width} by {@code height}. */
    public void start(int width, int height, String shellLine) throws IOException, InterruptedException {
        tmux("new-session", "-d", "-s", session, "-x", Integer.toString(width), "-y", Integer.toString(height),
                shellLine);
    }

    /** Types {@code keys} as they are. */
    public void type(String keys) throws IOException, InterruptedException {
        tmux("send-keys", "-t", session, "-l", keys);
    }

    public void enter() throws IOException, InterruptedException {
        tmux("send-keys", "-t", session, "Enter");
    }

    /** Types a line and Enter. */
    public void line(String keys) throws IOException, InterruptedException {
        type(keys);
        enter();
    }

    /** What the terminal shows now (and its scrollback), wrapped lines joined. */
    public String pane() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-J", "-S", "-5000", "-t", session);
    }

    /** Waits until the pane shows {@code text} (a literal, or a regex with a group, whose match it returns). */
    public String waitFor(String text, Duration within) throws IOException, InterruptedException {
        boolean regex = text.contains("(") || text.contains("\\");
        Matcher m = waitFor(Pattern.compile(regex ? text : Pattern.quote(text)), within);
        return !regex ? text : m.groupCount() > 0 ? m.group(1) : m.group();
    }

    /** Waits until the pane shows a match of {@code p}, looking every 50 ms; fails naming it and the screen. */
    public Matcher waitFor(Pattern p, Duration within) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Matcher m = p.matcher(pane());
            if (m.find()) {
                return m;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the terminal did not show " + p + " within " + within.toSeconds()
                        + " s; it shows:\n" + pane());
            }
            Thread.sleep(50);
        }
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("tmux " + String.join(" ", args) + " failed: " + out);
        }
        return out;
    }

    /** Ends the session and its tmux server. */
    @Override
    public void close() throws IOException {
        try {
            new ProcessBuilder("tmux", "-L", socket, "kill-server").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
