package maw.cli;

import java.nio.file.Path;
import org.slf4j.bridge.SLF4JBridgeHandler;

/** Sends every log (ours, Smack's java.util.logging) to var/log/maw.log; warnings also to the terminal. */
final class Logging {

    private Logging() {}

    /** Where the logs go (var/log under the checkout, or MAW_LOG_DIR): set before anything logs. */
    static void directory(Path home) {
        if (System.getProperty("maw.log.dir") == null) {
            String fromEnv = System.getenv("MAW_LOG_DIR");
            Path dir = fromEnv != null && !fromEnv.isEmpty() ? Path.of(fromEnv) : Path.of("var", "log");
            System.setProperty("maw.log.dir", (dir.isAbsolute() ? dir : home.resolve(dir)).toString());
        }
    }

    /**
     * The libraries that log through java.util.logging (Smack) log where MAW does: done only for a command that runs
     * (setting up java.util.logging is a tenth of the time a page of help takes).
     */
    static void bridge() {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }
}
