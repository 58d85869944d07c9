package maw.cli;

import java.nio.file.Path;
import org.slf4j.bridge.SLF4JBridgeHandler;

/** Sends every log (ours, Smack's java.util.logging) to var/log/maw.log; warnings also to the terminal. */
final class Logging {

    private Logging() {}

    static void init(Path home) {
        if (System.getProperty("maw.log.dir") == null) {
            String fromEnv = System.getenv("MAW_LOG_DIR");
            Path dir = fromEnv != null && !fromEnv.isEmpty() ? Path.of(fromEnv) : Path.of("var", "log");
            System.setProperty("maw.log.dir", (dir.isAbsolute() ? dir : home.resolve(dir)).toString());
        }
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }
}
