package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person at {@code maw game --humans 1} (lines piped in, over the test ejabberd) asks for more time once on day 1:
 * the day ends 30 s later for everyone, the journal keeps the new end, and a second ask that day is refused in words.
 */
class MoreTimeTest {

    @TempDir
    Path dir;

    @Test
    void aPersonAsksForMoreTimeOnceADay() throws Exception {
        List<String> args = new ArrayList<>(List.of("game", "--humans", "1", "--name", "Zed", "--seed", "7",
                "--day-seconds", "20", "--night-seconds", "5", "--out", dir.resolve("game").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        String script = String.join("\n", "/wait day 1", "/more", "/sleep 0.5", "/more", "/sleep 0.5", "/vote Carol",
                "/quit", "");
        MawProcess.Run run = MawProcess.run(script, dir, 120, args);
        String out = run.output();
        assertThat(run.exit()).as(out).isZero();
        assertThat(out).containsPattern("You are given 30 s more to read: the day now ends in (4[0-9]|5[0-9]) s\\.")
                .contains("The GameMaster refused your more time: you asked for more time today already (once a day).");
        List<String> day1 = Files.readAllLines(dir.resolve("game").resolve("game.jsonl")).stream()
                .filter(l -> l.contains("\"kind\":\"deadline\"")
                        && l.contains("\"phase\":{\"phase\":\"day\",\"number\":1,")).toList();
        assertThat(day1).as("the day's end, and its new end 30 s later").hasSize(2);
        long first = Long.parseLong(day1.get(0).replaceAll(".*\"deadline\":(\\d+).*", "$1"));
        long second = Long.parseLong(day1.get(1).replaceAll(".*\"deadline\":(\\d+).*", "$1"));
        assertThat(second - first).isEqualTo(30_000);
    }
}
