package maw.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code maw} run as its own process, the way a person runs it (its own JVM, its own standard input and output), on
 * the test's class path and against the test ejabberd.
 */
public final class MawProcess {

    private MawProcess() {}

    /** The command line: java, the flags {@code ./maw} gives it, the class path, the main class, then {@code args}. */
    public static List<String> command(List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.add("-Dmaw.home=" + TestXmpp.home());
        // The test class path holds the tests' logging setup too: the process logs as maw does, not into the tests' log.
        cmd.add("-Dlogback.configurationFile=" + TestXmpp.home().resolve("cli/src/main/resources/logback.xml"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("maw.cli.Main");
        cmd.addAll(args);
        return cmd;
    }

    /** What a finished run printed and returned. */
    public record Run(int exit, String output) {}

    /** Runs {@code maw args} with {@code input} as its standard input; output and errors together. */
    public static Run run(String input, Path logs, long timeoutSeconds, List<String> args)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command(args)).redirectErrorStream(true);
        pb.environment().put("MAW_LOG_DIR", logs.toString());
        Path out = Files.createTempFile(logs, "maw-", ".out");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("maw " + String.join(" ", args) + " did not end within " + timeoutSeconds
                    + " s; it printed:\n" + Files.readString(out));
        }
        return new Run(p.exitValue(), Files.readString(out));
    }

    /** A {@code maw} process that runs on while the test goes on; its output goes to a file. */
    public record Started(Process process, Path out, List<String> args) {
        /** What it printed so far. */
        public String output() {
            try {
                return Files.readString(out);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** Waits for the process to end; its exit code, or an error with what it printed. */
        public int waitFor(long timeoutSeconds) throws IOException, InterruptedException {
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("maw " + String.join(" ", args) + " did not end within " + timeoutSeconds
                        + " s; it printed:\n" + output());
            }
            return process.exitValue();
        }
    }

    /** Starts {@code maw args} with nothing on its standard input. */
    public static Started start(Path logs, List<String> args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(args)).redirectErrorStream(true);
        pb.environment().put("MAW_LOG_DIR", logs.toString());
        Path out = Files.createTempFile(logs, "maw-", ".out");
        pb.redirectOutput(out.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        return new Started(pb.start(), out, List.copyOf(args));
    }

    /** A shell command line for this run (for tmux), with the log directory set. */
    public static String shellLine(Path logs, List<String> args) {
        StringBuilder b = new StringBuilder("MAW_LOG_DIR=" + quote(logs.toString()));
        for (String s : command(args)) {
            b.append(' ').append(quote(s));
        }
        return b.toString();
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
