package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.bench.Tmux;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.testing.Await;
import maw.testing.Masters;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person at the table, over the test ejabberd, with {@code maw} in its own process: a whole game played from a
 * script piped into standard input, and a session at a real terminal (a tmux pane) typed key by key.
 */
class HumanPlayTest {

    @TempDir
    Path dir;

    private final Tmux terminal = new Tmux("maw");

    @AfterEach
    void killTmux() throws Exception {
        terminal.close();
    }

    private List<String> game(long seed, int daySeconds, int nightSeconds) {
        List<String> args = new ArrayList<>(List.of("game", "--humans", "1", "--name", "Zed", "--seed",
                Long.toString(seed), "--day-seconds", Integer.toString(daySeconds), "--night-seconds",
                Integer.toString(nightSeconds), "--out", dir.resolve("game").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        return args;
    }

    /**
     * The bots' time for a person to read is the table's setting: with bots.reading-seconds 1, a person who said one
     * line is not waited for 20 s (the default) before the bots vote on a 60-s day.
     */
    @Test
    void theTimeTheBotsLeaveAPersonToReadIsASetting() throws Exception {
        List<String> args = game(7, 60, 30);
        args.addAll(List.of("--set", "bots.reading-seconds=1"));
        MawProcess.Run run = MawProcess.run(String.join("\n", "/wait day 1", "Good morning.", "/wait night 1",
                "/quit", ""), dir, 120, args);
        assertThat(run.exit()).as(run.output()).isZero();
        long began = -1;
        long decided = -1;
        for (String line : Files.readAllLines(dir.resolve("game").resolve("game.jsonl"))) {
            com.fasterxml.jackson.databind.JsonNode e = maw.runtime.Json.MAPPER.readTree(line);
            String type = e.path("event").path("type").asText();
            if (began < 0 && type.equals("PhaseBegan")) {
                began = e.get("t").asLong();
            } else if (decided < 0 && (type.equals("Executed") || type.equals("NoExecution"))) {
                decided = e.get("t").asLong();
            }
        }
        assertThat(began).isPositive();
        assertThat(decided - began).as("day 1 was decided %d ms after it began", decided - began)
                .isPositive().isLessThan(12_000);
    }

    @Test
    void aScriptPipedIntoStandardInputPlaysAWholeGameAsAPerson() throws Exception {
        // Seed 5 at seven seats deals Zed a villager; the rule bots execute Zed at the end of day 2, and the game goes
        // on to day 3 (where six seats' werewolves won as night 2 fell, a line typed then raced the game's end).
        String script = String.join("\n", "/wait day 1", "Good morning, I am Zed.", "/vote Carol", "/wait night 1",
                "Is anyone awake?", "/wait night 2", "Still here?", "/vote Alice", "/wait end", "");
        List<String> args = game(5, 8, 5);
        args.addAll(List.of("--players", "7"));
        MawProcess.Run run = MawProcess.run(script, dir, 240, args);
        String out = run.output();
        assertThat(run.exit()).as(out).isZero();
        assertThat(out).contains("You are a villager.").contains("[Village] Zed says: \"Good morning, I am Zed.\"")
                .contains("You vote for Carol.")
                .contains("You were executed by the village. You can watch.")
                .contains("You are dead: you can watch, but no longer speak or vote.")
                .contains("The game is over.").doesNotContain("[Hideout]")
                // The moderator's view stays off this terminal: it would give the roles away.
                .doesNotContain("the werewolves are");
        String journal = Files.readString(dir.resolve("game").resolve("game.jsonl"));
        assertThat(journal).contains("\"from\":\"Zed\"").contains("\"voter\":\"Zed\",\"target\":\"Carol\"");
        // The line typed once night 1 was shown is never heard that night: refused there, or, where the night was
        // over before the line was taken (a night of rule bots ends once the pack has voted, some 0.1 s after it
        // falls, and a busy machine's pipe may be slower), said in day 2. The refusal itself: PersonSeatTest.
        if (out.contains("[Village] Zed says: \"Is anyone awake?\"")) {
            assertThat(journal).containsPattern(
                    "\"phase\":\"day 2\",\"index\":\\d+,\"from\":\"Zed\",\"text\":\"Is anyone awake\\?\"");
        } else {
            assertThat(out).contains("The village sleeps: nobody hears you tonight.");
        }
        assertThat(journal).doesNotContainPattern("\"phase\":\"night [0-9]+\",\"index\":\\d+,\"from\":\"Zed\"");
        // The seed (the deal follows from it) and the journal's folder are told only once the game is over; the
        // journal and the archives are the owner's alone.
        String during = out.substring(0, out.indexOf("played in"));
        assertThat(during).doesNotContain("seed 5").doesNotContain(dir.resolve("game").toString());
        assertThat(out.substring(out.indexOf("played in"))).contains("seed 5");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(
                dir.resolve("game").resolve("game.jsonl")))).isEqualTo("rw-------");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(
                dir.resolve("game")))).isEqualTo("rwx------");
    }

    @Test
    void atARealTerminalAWerewolfTalksInTheHideoutByNight() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed");
        // Seed 5 deals Zed a werewolf. Days end once all have voted; nights end once the pack has.
        terminal.start(160, 50, MawProcess.shellLine(dir, game(5, 60, 60)) + "; echo EXITED $?; sleep 60");
        waitFor("Day 1 · werewolf> ");
        type("/ro\t");
        waitFor("Day 1 · werewolf> /role");
        enter();
        waitFor("Your fellow werewolves: ");
        type("Good morning, village.");
        enter();
        waitFor("[Village] Zed says: \"Good morning, village.\"");
        type("/vote " + firstOtherThan("Zed", partner()));
        enter();
        waitFor("Night 1 · werewolf> ");
        String proposal = waitFor("\\[Hideout\\] \\w+ says: \"Tonight we take (\\w+)\\.\"");
        type("Agreed.");
        enter();
        waitFor("[Hideout] Zed says: \"Agreed.\"");
        type("/vote " + proposal);
        enter();
        waitFor("Day 2 · werewolf> ");
        assertThat(pane()).contains("murdered in the night");
        type("/quit");
        enter();
        waitFor("You left the table; the game is abandoned.");
        waitFor("EXITED 0");
    }

    /**
     * A person's terminal in an AIWolf game (the NLP contest's, with a model seat that talks in line breaks and escape
     * sequences): each talk a line of its own with its turn counted from 1, what the others typed inert, the vote's
     * ballots as a short table, the time the step has left on the prompt line, and no line meant for an operator.
     */
    @Test
    void anAiwolfGameAtARealTerminalReadsAsLinesAndShowsNothingForAnOperator() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed");
        String evil = "I am the seer.\n== The werewolves win.\u001b[2J\u001b[31mBELIEVE ME";
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn()) {
            maw.llm.standin.GameBrain plays = new maw.llm.standin.GameBrain();
            ollama.brain(call -> {
                maw.llm.standin.OllamaStandIn.Answer a = plays.answer(call);
                return a instanceof maw.llm.standin.OllamaStandIn.Answer.Text t && t.content().contains("\"talk\"")
                        ? new maw.llm.standin.OllamaStandIn.Answer.Text("{\"action\": \"talk\", \"message\": "
                                + maw.runtime.Json.write(evil) + "}") : a;
            });
            List<String> args = new ArrayList<>(List.of("game", "--rules", "aiwolf-nlp", "--players", "5", "--humans",
                    "1", "--name", "Zed", "--seats", "llm:1,rule:3", "--base-url", ollama.baseUrl(), "--turn-seconds",
                    "1", "--seed", "4", "--out", dir.resolve("game").toString()));
            args.addAll(TestXmpp.get().cliSettings());
            terminal.start(200, 60, MawProcess.shellLine(dir, args) + "; echo EXITED $?; sleep 60");
            waitFor(" s> "); // a step awaits the person, and the prompt says how long it has
            assertThat(pane()).containsPattern("(Day|Night) \\d+ · \\w+ · \\w+ · \\d+ s> ");
            Await.value("the game is over", Duration.ofMinutes(4), Duration.ofMillis(200),
                    () -> pane().contains("Press Enter to leave.") ? true : null);
            enter();
            waitFor("EXITED");
            String screen = pane();
            assertThat(screen).contains("EXITED 0").contains("Talk turn 1 of day 0").doesNotContain("Talk turn 0")
                    .doesNotContain("WARN").doesNotContain("has not answered");
            // The model seat's talk is one line, its line break and escapes shown as inert symbols.
            assertThat(screen).contains("I am the seer.\u21b5== The werewolves win.\u241b[2J\u241b[31mBELIEVE ME")
                    .doesNotContain("\u001b");
            for (String line : screen.lines().toList()) {
                assertThat(line).as("a line of the game").doesNotStartWith("== The werewolves win.\u241b");
                if (line.contains("Talk turn")) {
                    // The turn's header, alone on its line unless the turn has a single talk; never a talk joined
                    // to another by a line-break symbol.
                    assertThat(line).doesNotContain("\u21b5  ");
                }
            }
            // One speaker at a time: each turn and its talk on one line.
            assertThat(screen).containsPattern("(?m)^  Talk turn \\d+ of day \\d+: \\w+ \\(\\d\\) says: \"");
        }
    }

    /**
     * The protocol game (GAT2017) at a real terminal, as a person first sees it: every talk of a turn on a line of its
     * own with its gloss in one column, turns counted from 1, the vote's ballots as a short table, how long the step
     * has left on the prompt line, and no line meant for an operator while the person does not answer.
     */
    @Test
    void anAiwolfProtocolGameAtARealTerminalReadsAsLines() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed");
        List<String> args = new ArrayList<>(List.of("game", "--rules", "aiwolf", "--players", "5", "--humans", "1",
                "--name", "Ann", "--seed", "5", "--turn-seconds", "2", "--out", dir.resolve("game").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        terminal.start(200, 60, MawProcess.shellLine(dir, args) + "; echo EXITED $?; sleep 60");
        waitFor("== Day 2 begins");
        // The prompt shows the step and its time left once the day's first turn has reached the terminal: the screen
        // is taken while it does.
        Pattern timed = Pattern.compile("(Day|Night) \\d+ · \\w+ · \\w+ · \\d+ s> ");
        String screen = Await.value("the prompt with its step's time left", Duration.ofSeconds(60),
                Duration.ofMillis(50), () -> {
                    String seen = pane();
                    return timed.matcher(seen).find() ? seen : null;
                });
        assertThat(screen).contains("Talk turn 1 of day 1:").doesNotContain("Talk turn 0").doesNotContain("WARN")
                .doesNotContain("has not answered").doesNotContain("\u21b5")
                .containsPattern("(?m)^  Votes.*:\\n  \\w+ \\(\\d\\) +\\d  <- ")
                .containsPattern("(Day|Night) \\d+ · \\w+ · \\w+ · \\d+ s> ");
        // A turn's talks, a line each: the protocol text, and its gloss after it in one column.
        List<String> glossed = screen.lines().filter(l -> l.matches("  \\w+ \\(\\d\\) says: \"\\S.*   = .*")).toList();
        assertThat(glossed).isNotEmpty();
        assertThat(glossed.stream().map(l -> l.indexOf("   = ")).distinct().count()).as("the glosses' column, turn "
                + "by turn: " + glossed).isLessThanOrEqualTo(screen.split("Talk turn").length);
    }

    @Test
    void mawJoinSeatsAPersonAtAGameMasterRunningElsewhere() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "join" + TestXmpp.password("join").substring(0, 4) + "-";
        Jid gm = Jid.of(prefix + "gm", xmpp.domain());
        Jid village = Jid.of(prefix + "village", xmpp.domain());
        Jid hideout = Jid.of(prefix + "hideout", xmpp.domain());
        List<Agent> agents = new ArrayList<>();
        Map<String, String> accounts = new java.util.LinkedHashMap<>();
        for (Jid j : List.of(gm, village, hideout)) {
            accounts.put(j.local(), "pw");
        }
        for (String bot : List.of("ann", "bob")) {
            accounts.put(prefix + "player-" + bot, "pw");
            accounts.put(prefix + "ui-" + bot, "pw");
        }
        xmpp.server().register(accounts);
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(6), Duration.ofSeconds(4))
                .withEndWhenAllVoted(true).withDayCap(3);
        GameMasterAgent<?, ?, ?> master = Masters.maw(gm, "pw", new GameConfig("g-join", 3, 1, 3,
                village, hideout, Duration.ofSeconds(10), Duration.ofSeconds(10)), options, null);
        agents.add(new ChatRoomAgent(village, "pw", Room.VILLAGE, gm, dir.resolve("rooms"), null));
        agents.add(new ChatRoomAgent(hideout, "pw", Room.HIDEOUT, gm, null, null));
        agents.add(master);
        for (String bot : List.of("Ann", "Bob")) {
            Jid ui = Jid.of(prefix + "ui-" + bot.toLowerCase(), xmpp.domain());
            Jid player = Jid.of(prefix + "player-" + bot.toLowerCase(), xmpp.domain());
            agents.add(new RuleBotAgent(ui, "pw", bot, 3));
            agents.add(new PlayerAgent(player, "pw", gm, ui));
        }
        try {
            for (Agent a : agents) {
                a.start(xmpp.transport());
            }
            List<String> args = new ArrayList<>(List.of("join", "--name", "Zed", "--gm", gm.toString()));
            args.addAll(xmpp.cliSettings());
            MawProcess.Run run = MawProcess.run(String.join("\n", "/wait day 1", "Hello from elsewhere.",
                    "/vote Ann", "/wait end", ""), dir, 120, args);
            assertThat(run.exit()).as(run.output()).isZero();
            StringBuilder rooms = new StringBuilder();
            if (Files.isDirectory(dir.resolve("rooms"))) {
                try (var files = Files.list(dir.resolve("rooms"))) {
                    for (Path f : files.sorted().toList()) {
                        rooms.append(f.getFileName()).append('\n').append(Files.readString(f));
                    }
                }
            }
            assertThat(run.output()).as("the rooms said:%n%s", rooms).contains("Joining " + gm + " as Zed")
                    .contains("You sit at the table as Zed").contains("[Village] Zed says: \"Hello from elsewhere.\"")
                    .contains("Leaderboard after round 1").contains("The game is over.");
            assertThat(master.finished().get(30, TimeUnit.SECONDS)).hasSize(1);
            assertThat(master.totals()).containsKey("Zed");
        } finally {
            agents.forEach(Agent::stop);
        }
    }

    private String partner() throws Exception {
        return waitFor("Your fellow werewolves: (\\w+)\\.");
    }

    private String firstOtherThan(String... not) throws Exception {
        String living = waitFor("Living: ([\\w, ]+)\\.");
        for (String n : living.split(",\\s*")) {
            if (!List.of(not).contains(n)) {
                return n;
            }
        }
        throw new AssertionError("nobody to vote for among " + living);
    }

    private void type(String keys) throws Exception {
        terminal.type(keys);
    }

    private void enter() throws Exception {
        terminal.enter();
    }

    /** Waits until the pane shows {@code text} (a literal, or a regex with a group, whose match it returns). */
    private String waitFor(String text) throws Exception {
        return terminal.waitFor(text, Duration.ofSeconds(90));
    }

    private String pane() throws Exception {
        return terminal.pane();
    }
}
