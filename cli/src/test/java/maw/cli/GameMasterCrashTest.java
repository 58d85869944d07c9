package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.testing.Await;
import maw.testing.Journals;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A GameMaster that dies in the middle of a game (kill -9) is taken up again from its journal by
 * {@code maw gm --resume}: the seats, each in a process of its own, say that the GameMaster is silent, wait for it,
 * and finish the game with it; nothing the GameMaster had accepted before it died is lost or counted twice.
 */
class GameMasterCrashTest {

    private static final java.time.Duration WAIT = java.time.Duration.ofSeconds(90);

    private final TestXmpp xmpp = TestXmpp.get();

    @TempDir
    Path dir;

    private List<String> args(String... a) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(xmpp.cliSettings());
        return all;
    }

    @Test
    void aGameMasterKilledMidGameIsResumedFromItsJournalAndTheSeatsFinishTheGame() throws Exception {
        Path game = dir.resolve("game");
        Path journal = game.resolve("game.jsonl");
        MawProcess.Started gm = MawProcess.start(dir, args("gm", "--name", "crash-gm", "--players", "5",
                "--day-seconds", "8", "--night-seconds", "8", "--seed", "11", "--out", game.toString()));
        Await.until("the GameMaster waits for players", WAIT, () -> gm.output().contains("waits for 5 players"));
        List<MawProcess.Started> seats = new ArrayList<>();
        for (String name : List.of("Ann", "Bob", "Cid", "Dee", "Eve")) {
            seats.add(MawProcess.start(dir, args("player", "--name", name, "--gm", "crash-gm", "--seed", "3",
                    "--gm-silence", "2", "--gm-give-up", "180")));
        }
        try {
            // Mid-game: the first act has been accepted and journaled.
            Await.until("a vote is counted", WAIT, () -> Journals.lines(journal).stream()
                    .anyMatch(l -> l.contains("\"Perform\"")));
            gm.process().destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no goodbye
            List<String> before = Journals.commands(journal);
            assertThat(before).as("the deal and at least one act").hasSizeGreaterThanOrEqualTo(2);

            Await.until("a seat says the GameMaster is silent", WAIT, () -> seats.stream()
                    .anyMatch(s -> s.output().contains("does not answer")));

            MawProcess.Started resumed = MawProcess.start(dir, args("gm", "--resume", game.toString()));
            for (MawProcess.Started s : seats) {
                assertThat(s.waitFor(240)).as(s.output()).isZero();
                assertThat(s.output()).contains("The GameMaster is back.").contains("final scores");
            }
            assertThat(resumed.waitFor(60)).as(resumed.output()).isZero();
            assertThat(resumed.output()).contains("resumes game").contains("round 1");

            Journals.assertTakenUp(before, journal);
            assertThat(Journals.lines(journal)).anyMatch(l -> l.contains("\"kind\":\"resumed\""));
        } finally {
            gm.process().destroyForcibly();
            seats.forEach(s -> s.process().destroyForcibly());
        }
    }

    @Test
    void aWholeTableKilledMidGameIsResumedFromItsJournal() throws Exception {
        Path game = dir.resolve("table");
        Path journal = game.resolve("game.jsonl");
        MawProcess.Started first = MawProcess.start(dir, args("game", "--players", "5", "--seed", "21",
                "--day-seconds", "6", "--night-seconds", "6", "--full-phases", "--out", game.toString()));
        List<String> before;
        try {
            Await.until("a vote is counted", WAIT, () -> Journals.lines(journal).stream()
                    .anyMatch(l -> l.contains("\"Perform\"")));
            first.process().destroyForcibly().waitFor();
            before = Journals.commands(journal);
        } finally {
            first.process().destroyForcibly();
        }
        MawProcess.Run resumed = MawProcess.run("", dir, 240, args("game", "--resume", game.toString()));
        assertThat(resumed.exit()).as(resumed.output()).isZero();
        assertThat(resumed.output()).contains("resuming it from its journal: round 1").contains("summary:");
        Journals.assertTakenUp(before, journal);
    }
}
