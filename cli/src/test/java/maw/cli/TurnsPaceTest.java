package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.agents.gamemaster.GameListener;
import maw.agents.maw.MawTables;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.base.Phase;
import maw.bench.Tmux;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.RefusalCode;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.game.maw.Pace;
import maw.llm.LlmSettings;
import maw.llm.ModelClients;
import maw.llm.PromptTemplates;
import maw.llm.standin.CostProfile;
import maw.llm.standin.OllamaStandIn;
import maw.testing.Await;
import maw.testing.Journals;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MAW's game at a pace of turns over the real ejabberd: six model seats on a stand-in that costs what a model costs,
 * one slot, play to the end with every living seat asked every round; a person at a real terminal takes turns beside
 * model seats and rule bots; a turns-paced game killed mid-day is taken up again from its journal, and forked at a
 * turn.
 */
class TurnsPaceTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    private final Tmux terminal = new Tmux("turns");
    private final List<OllamaStandIn> servers = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        terminal.close();
        servers.forEach(OllamaStandIn::close);
    }

    private OllamaStandIn standIn() throws Exception {
        OllamaStandIn s = new OllamaStandIn();
        servers.add(s);
        return s;
    }

    /** Who was asked in each phase, whose acts were refused, how the game went: from the GameMaster's events. */
    private static final class Turns implements GameListener {
        final Map<String, Set<String>> asked = new HashMap<>();
        final Map<String, Set<String>> living = new HashMap<>();
        final List<String> refused = new ArrayList<>();
        final Set<Integer> votingDays = new HashSet<>();

        @Override
        public synchronized void event(int round, GameEvent e, GameView after) {
            if (e instanceof Event.PhaseBegan p) {
                living.put(p.phase().phase() + " " + p.phase().number(), new HashSet<>(p.living()));
            }
            if (e instanceof Event.TurnBegan t) {
                asked.computeIfAbsent(t.phase().phase() + " " + t.phase().number(), k -> new HashSet<>())
                        .add(t.player());
                if (t.voting() && t.phase().phase() == Phase.DAY) {
                    votingDays.add(t.phase().number());
                }
            }
        }

        @Override
        public synchronized void refused(int round, String who, String what, RefusalCode code, String reason) {
            refused.add(who + " " + what + ": " + reason);
        }
    }

    @Test
    void sixModelSeatsOnOneSlowSlotPlayByTurnsToTheEndAndEveryLivingSeatIsAskedEveryDay() throws Exception {
        // The GPU profile four times faster: a call takes a few hundred milliseconds, one at a time.
        OllamaStandIn model = standIn().cost(CostProfile.GPU_8B).speed(4).slots(1);
        LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(model.baseUrl()).withSlots(1)
                .withTimeout(Duration.ofSeconds(60));
        GameOptions options = GameOptions.defaults().withPace(Pace.TURNS, 2, Duration.ofSeconds(60));
        GameTable.SeatFiller filler = ModelInterfaceAgent.filler(settings, new PromptTemplates(TestXmpp.home()
                .resolve("prompts")), Duration.ofSeconds(2), null, false);
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            fillers.add(filler);
        }
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "turns" + TestXmpp.password("turns").substring(0, 4) + "-";
        GameTable table = new GameTable(MawTables.spec(prefix, GameTable.defaultNames(6), fillers, 1, 5, options,
                dir), xmpp.domain());
        xmpp.server().register(table.accounts());
        Turns turns = new Turns();
        Listeners listeners = new Listeners(turns);
        GameTable.Result r = table.play(xmpp.transport(), listeners, listeners, Duration.ofMinutes(10));

        assertThat(r.rounds().getFirst().winner()).as("a side wins").isIn("villagers", "werewolves");
        assertThat(turns.refused).as("nobody acted out of turn").isEmpty();
        turns.living.forEach((phase, alive) -> {
            if (phase.startsWith(Phase.DAY.toString())) {
                assertThat(turns.asked.get(phase)).as("every living seat is asked on %s", phase)
                        .containsAll(alive);
            }
        });
        // One slot: the calls came one after another, none waiting at the server or in MAW's queue.
        List<OllamaStandIn.Served> served = model.served().stream().map(OllamaStandIn.Call::served).toList();
        for (int i = 1; i < served.size(); i++) {
            assertThat(served.get(i).startedAt()).isGreaterThanOrEqualTo(served.get(i - 1).endedAt());
        }
        assertThat(ModelClients.queues().get(model.baseUrl())).containsEntry("mostAhead", 0);
        assertThat(r.seats()).allSatisfy(s -> assertThat(((Number) s.report().get("decisions")).intValue())
                .as(s.name()).isPositive());
    }

    @Test
    void aPersonAtARealTerminalTakesTurnsBesideModelSeatsAndRuleBots() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed");
        OllamaStandIn model = standIn();
        List<String> args = new ArrayList<>(List.of("game", "--humans", "1", "--name", "Zed", "--seats",
                "llm:2,rule:3", "--seed", "11", "--turn-seconds", "40", "--out", dir.resolve("game").toString(),
                "--set", "llm.base-url=" + model.baseUrl()));
        args.addAll(TestXmpp.get().cliSettings());
        terminal.start(170, 60, MawProcess.shellLine(dir, args) + "; echo EXITED $?; sleep 60");
        waitFor("'s turn \\(talk round 1 of 2\\)");
        waitFor("Your turn \\(talk round 1 of 2, up to 40 s\\)");
        waitFor("· your turn · \\d+ s>");
        terminal.line("Good morning, I am Zed.");
        waitFor("\\[Village\\] Zed says: \"Good morning, I am Zed\\.\"");
        // The second turn: Zed passes it.
        waitFor("Your turn \\(talk round 2 of 2");
        waitFor("· your turn");
        terminal.line("/pass");
        waitFor("votes \\(the voting round\\)"); // Zed speaks last in day 1's rounds: the voting round follows
        terminal.line("/quit");
        waitFor("EXITED 0");
        List<String> commands = Journals.commands(dir.resolve("game").resolve("game.jsonl"));
        assertThat(commands).anyMatch(c -> c.contains("Zed") && c.contains("Pass"));
    }

    @Test
    void aScriptedPersonsLinesWaitForItsTurnsAndItsTurnsPassWhileItWaits() throws Exception {
        // Turns of up to two minutes: the game ends within the test's time only if the waiting script's turns pass.
        List<String> args = new ArrayList<>(List.of("game", "--humans", "1", "--name", "Zed", "--seed", "7",
                "--pace", "turns", "--turn-seconds", "120", "--out", dir.resolve("piped").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        long t0 = System.nanoTime();
        MawProcess.Run run = MawProcess.run("/wait day 1\nGood morning, I am Zed.\n/vote Carol\n/wait end\n", dir,
                240, args);
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("Good morning, I am Zed.").contains("The game is over.");
        assertThat((System.nanoTime() - t0) / 1_000_000_000L).as("no turn of Zed's ran out its two minutes")
                .isLessThan(110);
        List<String> commands = Journals.commands(dir.resolve("piped").resolve("game.jsonl"));
        assertThat(commands).anyMatch(c -> c.contains("Zed") && c.contains("Pass"));
    }

    @Test
    void aTurnsPacedGameKilledMidDayIsTakenUpAgainAndForkedAtATurn() throws Exception {
        Path game = dir.resolve("table");
        Path journal = game.resolve("game.jsonl");
        // A person who never types (standard input closed) sits at the table: each of their turns runs out its 6 s,
        // so that the game is still under way when it is killed.
        List<String> first = new ArrayList<>(List.of("game", "--players", "5", "--humans", "1", "--name", "Zed",
                "--seed", "21", "--pace", "turns", "--turn-seconds", "6", "--out", game.toString()));
        first.addAll(TestXmpp.get().cliSettings());
        MawProcess.Started started = MawProcess.start(dir, first);
        List<String> before;
        try {
            Await.until("the fourth turn of day 1", WAIT, () -> Journals.lines(journal).stream()
                    .anyMatch(l -> l.contains("TurnBegan") && l.contains("\"step\":4")));
            started.process().destroyForcibly().waitFor();
            before = Journals.commands(journal);
        } finally {
            started.process().destroyForcibly();
        }
        List<String> resume = new ArrayList<>(List.of("game", "--resume", game.toString()));
        resume.addAll(TestXmpp.get().cliSettings());
        MawProcess.Run resumed = MawProcess.run("", dir, 240, resume);
        assertThat(resumed.exit()).as(resumed.output()).isZero();
        assertThat(resumed.output()).contains("resuming it from its journal: round 1").contains("'s turn (talk round");
        Journals.assertTakenUp(before, journal);

        Path fork = dir.resolve("fork");
        List<String> forkArgs = new ArrayList<>(List.of("game", "--fork", game.toString(), "--at", "day:1:3", "--out",
                fork.toString()));
        forkArgs.addAll(TestXmpp.get().cliSettings());
        MawProcess.Run forked = MawProcess.run("", dir, 240, forkArgs);
        assertThat(forked.exit()).as(forked.output()).isZero();
        List<String> lines = Files.readAllLines(fork.resolve("game.jsonl"));
        assertThat(lines).anyMatch(l -> l.contains("\"kind\":\"forked\"") && l.contains("day:1:3"));
        assertThat(forked.output()).contains("resuming it from its journal: round 1, day 1 step 3")
                .contains("The game is over.");
    }

    private String waitFor(String regex) throws Exception {
        Pattern p = Pattern.compile(regex);
        String[] found = new String[1];
        try {
            until(p, found, regex);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "\n--- the terminal:\n" + terminal.pane(), e);
        }
        return found[0];
    }

    private void until(Pattern p, String[] found, String regex) {
        Await.until(regex, WAIT, () -> {
            String pane;
            try {
                pane = terminal.pane();
            } catch (java.io.IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            Matcher m = p.matcher(pane);
            if (m.find()) {
                found[0] = m.groupCount() > 0 ? m.group(1) : m.group();
                return true;
            }
            return false;
        });
    }
}
