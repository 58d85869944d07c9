package maw.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A package of the npm registry that a test runs, installed once per checkout (under {@code var/test-tools/npm}) with
 * the machine's npm: the directory it is in, or why there is none (no npm here, or the registry refused).
 */
public final class NpmPackage {

    /** Where the package is installed ({@code node_modules} inside), or null with {@link #why}. */
    public final Path dir;
    /** Why the package is not there (null when it is). */
    public final String why;

    private NpmPackage(Path dir, String why) {
        this.dir = dir;
        this.why = why;
    }

    /** {@code name@version}, installed now where it is not yet. */
    public static synchronized NpmPackage of(String name, String version) {
        Path dir = TestXmpp.home().resolve("var/test-tools/npm").resolve((name + "@" + version).replace('/', '+'));
        Path marker = dir.resolve("node_modules").resolve(name).resolve("package.json");
        if (Files.isRegularFile(marker)) {
            return new NpmPackage(dir, null);
        }
        try {
            Files.createDirectories(dir);
            Path log = dir.resolve("npm-install.log");
            Process p = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix",
                    dir.toString(), name + "@" + version).redirectErrorStream(true).redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new NpmPackage(null, "npm install " + name + "@" + version + " took over 5 minutes");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(marker)) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                return new NpmPackage(null, "npm install " + name + "@" + version + " failed: "
                        + (lines.isEmpty() ? "exit " + p.exitValue() : lines.getLast()));
            }
            return new NpmPackage(dir, null);
        } catch (IOException e) {
            return new NpmPackage(null, "no npm on this machine (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new NpmPackage(null, "interrupted");
        }
    }
}
