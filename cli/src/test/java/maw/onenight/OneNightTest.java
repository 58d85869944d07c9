package maw.onenight;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.agents.ruleset.Variant;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Team;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.RefusalCode;
import maw.game.maw.Event;
import maw.testing.Await;
import maw.testing.Journals;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rule set that is neither MAW's nor AIWolf's, added from the test class path alone, plays through the real
 * command line, GameMaster, Players, bots and journal, and is taken up again from its journal after a kill -9: nothing
 * outside a rule set's own package needs to know its name.
 */
class OneNightTest {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private final OneNight rules = new OneNight();

    @Test
    void theRulesPlayANightAndADay() {
        OneNight.State s = rules.newGame(new OneNight.Options(Duration.ofSeconds(5), Duration.ofSeconds(5), true), 7);
        List<String> players = List.of("Ann", "Bob", "Cid", "Dee");
        s = accepted(rules.apply(s, new Command.Start(players))).state();
        String wolf = s.wolf();
        String villager = players.stream().filter(p -> !p.equals(wolf)).findFirst().orElseThrow();
        assertThat(s.phase().phase()).isEqualTo(Phase.NIGHT);
        assertThat(rules.apply(s, new Command.Perform(villager, s.phase(), new Act.Vote(wolf))))
                .isEqualTo(new Outcome.Refused<>(RefusalCode.NOT_YOUR_ROLE, "only the werewolf acts at night"));
        s = accepted(rules.apply(s, new Command.Perform(wolf, s.phase(), new Act.Vote(villager)))).state();
        assertThat(s.phase().phase()).isEqualTo(Phase.DAY);
        assertThat(s.living()).doesNotContain(villager).hasSize(3);
        Outcome.Accepted<OneNight.State, Event> last = null;
        for (String p : s.living()) {
            last = accepted(rules.apply(s, new Command.Perform(p, s.phase(), new Act.Vote(p.equals(wolf)
                    ? s.living().stream().filter(o -> !o.equals(wolf)).findFirst().orElseThrow() : wolf))));
            s = last.state();
        }
        assertThat(s.isOver()).isTrue();
        assertThat(s.result().winner()).isEqualTo(Team.VILLAGERS);
        assertThat(last.events()).anyMatch(e -> e instanceof Event.Executed x && x.player().equals(wolf));
    }

    @Test
    void theRegistryFindsItBesideTheProjectsOwn() {
        assertThat(Variant.all()).extracting(Variant::name).contains("maw", "aiwolf", "aiwolf-nlp", "one-night");
        assertThat(Variant.named("One-Night", "--rules")).isInstanceOf(OneNightVariant.class);
    }

    @Test
    void aGameUnderItPlaysThroughTheCommandLineAndResumesFromItsJournal() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        Path game = dir.resolve("game");
        Path journal = game.resolve("game.jsonl");
        List<String> args = new ArrayList<>(List.of("game", "--rules", "one-night", "--players", "5", "--seed", "3",
                "--night-seconds", "20", "--day-seconds", "8", "--full-phases", "--out", game.toString()));
        args.addAll(xmpp.cliSettings());
        MawProcess.Started first = MawProcess.start(dir, args);
        List<String> before;
        try {
            Await.until("the werewolf's act is journaled", WAIT, () -> Journals.lines(journal).stream()
                    .anyMatch(l -> l.contains("\"Perform\"")));
            first.process().destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no goodbye
            before = Journals.commands(journal);
        } finally {
            first.process().destroyForcibly();
        }
        assertThat(Journals.lines(journal).getFirst()).contains("\"rules\":\"one-night\"");

        List<String> resume = new ArrayList<>(List.of("game", "--resume", game.toString()));
        resume.addAll(xmpp.cliSettings());
        MawProcess.Run resumed = MawProcess.run("", dir, 180, resume);
        assertThat(resumed.exit()).as(resumed.output()).isZero();
        assertThat(resumed.output()).contains("resuming it from its journal: round 1").contains("summary:");
        Journals.assertTakenUp(before, journal);
        assertThat(Journals.lines(journal)).anyMatch(l -> l.contains("GameOver"))
                .as("the day talked on the rule set's own room").anyMatch(l -> l.contains("\"kind\":\"chat\"")
                        && l.contains("\"room\":\"Square\""));
        assertThat(game.resolve("rooms").resolve("square-round1-day-1.jsonl")).exists();
    }

    private static Outcome.Accepted<OneNight.State, Event> accepted(Outcome<OneNight.State, Event> o) {
        assertThat(o).isInstanceOf(Outcome.Accepted.class);
        return (Outcome.Accepted<OneNight.State, Event>) o;
    }
}
