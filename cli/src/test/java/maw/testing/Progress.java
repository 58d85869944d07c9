package maw.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * A long test's progress where the person running the suite sees it: {@code var/log/test-progress.log}, which
 * {@code ./maw test} shows on the console as it grows (the tests' own output goes to surefire's report files).
 */
public final class Progress {

    private Progress() {}

    /** Tells what the test is doing now. */
    public static synchronized void say(String what) {
        System.out.println(what);
        Path log = TestXmpp.home().resolve("var/log/test-progress.log");
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + " " + what + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // progress is a courtesy: the test goes on without it
        }
    }
}
