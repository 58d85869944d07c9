package maw.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.maw.MawVariant;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.llm.LlmSettings;
import maw.llm.PromptTemplates;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Transport;
import maw.tournament.Schedule;
import maw.tournament.Tournament;

/**
 * {@code maw bench tournament}: over one transport (the private ejabberd), in one run: a tournament of 6-player MAW
 * games of rule bots with its agents connected throughout (each table plays its games as rounds) against the same
 * games each at a table of its own (every agent logging in and out for every game): games per second and a game's
 * wall time; then many games at once, each at its own table: all finish, none stuck, and the heap per agent; then
 * model seats against the Ollama stand-in: how much of each prompt repeats the seat's previous prompt as a prefix
 * (what a server's prompt cache can reuse), and the tournament's wall time against the sum of its model calls.
 */
public final class TournamentBench {

    private final Transport transport;
    private final Consumer<Map<String, String>> provision;
    private final Path prompts;
    private final PrintStream out;

    public TournamentBench(Transport transport, Consumer<Map<String, String>> provision, Path prompts,
            PrintStream out) {
        this.transport = transport;
        this.provision = provision;
        this.prompts = prompts;
        this.out = out;
    }

    /** MAW's rules, phases ending once everyone has voted, the GameMaster taking its own seats' acts at once. */
    private static Ruleset<?, ?, ?> ruleset() {
        return Tournament.trusted(new MawVariant().ruleset(GameOptions.defaults().withEndWhenAllVoted(true)));
    }

    private static Map<String, String> seats(String a, String b) {
        Map<String, String> s = new LinkedHashMap<>();
        for (int i = 1; i <= 3; i++) {
            s.put("A" + i, a);
        }
        for (int i = 1; i <= 3; i++) {
            s.put("B" + i, b);
        }
        return s;
    }

    /** A tournament's figures. */
    public record Run(int games, int parallel, boolean connected, long wallMillis, int finished) {
        double gamesPerSecond() {
            return games / (wallMillis / 1000.0);
        }

        double secondsPerGame() {
            return wallMillis / 1000.0 / games * parallel;
        }
    }

    /** Plays {@code games} rule-bot games in a fresh directory; connected: tables of many rounds, else one each. */
    Run rules(int games, int parallel, boolean connected, long seed) throws Exception {
        return rules(games, parallel, connected, seed, null);
    }

    /** The same; with {@code allUp}, every table waits for the others to be up, then that runs, then they play. */
    Run rules(int games, int parallel, boolean connected, long seed, Runnable allUp) throws Exception {
        Path dir = Files.createTempDirectory("maw-bench-tournament-");
        try {
            Ruleset<?, ?, ?> ruleset = ruleset();
            Schedule schedule = Schedule.balanced(ruleset, seats("rule", "rule#2"), games, seed);
            List<Tournament.Seat> seats = new ArrayList<>();
            schedule.seats().forEach((name, e) -> seats.add(new Tournament.Seat(name, e, GameTable.ruleBots())));
            Tournament t = new Tournament(dir, schedule, seats, ruleset, "maw", Duration.ofMinutes(2), parallel,
                    transport, provision, new PrintStream(OutputStream.nullOutputStream()));
            if (!connected) {
                t.roundsPerTable(1);
            }
            if (allUp != null) {
                t.startTogether(allUp);
            }
            long t0 = System.nanoTime();
            t.run();
            long wall = (System.nanoTime() - t0) / 1_000_000;
            return new Run(games, parallel, connected, wall, Tournament.results(dir).size());
        } finally {
            delete(dir);
        }
    }

    static void delete(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The figures of {@link #connectedAgainstAnew}. */
    public record Speed(Run connected, Run anew) {
        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("games", connected.games());
            m.put("connectedGamesPerSecond", Figures.round(connected.gamesPerSecond()));
            m.put("anewGamesPerSecond", Figures.round(anew.gamesPerSecond()));
            m.put("connectedToAnewRatio", Figures.round(connected.gamesPerSecond() / anew.gamesPerSecond()));
            m.put("connectedSecondsPerGame", Figures.round(connected.secondsPerGame()));
            m.put("anewSecondsPerGame", Figures.round(anew.secondsPerGame()));
            m.put("finished", connected.finished() + anew.finished());
            return m;
        }
    }

    /** The same games, agents connected throughout against connecting anew for each game, one table at a time. */
    public Speed connectedAgainstAnew(int games, long seed) throws Exception {
        rules(3, 1, true, seed - 1); // warm up
        Run connected = rules(games, 1, true, seed);
        Run anew = rules(games, 1, false, seed);
        Speed s = new Speed(connected, anew);
        out.printf(Locale.ROOT, "  %d rule-bot games, one table: %.2f games/s with the agents connected throughout "
                + "(%.3f s a game), %.2f connecting anew for each (%.3f s a game): %.1fx%n", games,
                connected.gamesPerSecond(), connected.secondsPerGame(), anew.gamesPerSecond(), anew.secondsPerGame(),
                connected.gamesPerSecond() / anew.gamesPerSecond());
        return s;
    }

    /** Many games at once, each at its own table. */
    public record AtOnce(int games, int finished, long wallMillis, int agents, long heapBytes) {
        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("games", games);
            m.put("finished", finished);
            m.put("stuck", games - finished);
            m.put("wallMillis", wallMillis);
            m.put("agents", agents);
            m.put("heapBytes", heapBytes);
            m.put("heapBytesPerAgent", agents == 0 ? 0 : heapBytes / agents);
            return m;
        }
    }

    /**
     * {@code games} games at once, each at its own table (15 agents each): the tables log in (a few at a time) and wait
     * until all are up; then the live heap is measured, with every agent of every game up at the same moment, and the
     * games begin together.
     */
    public AtOnce atOnce(int games, long seed) throws Exception {
        long before = GameBench.liveHeap();
        long[] allUp = {0};
        long[] upAt = {0};
        long t0 = System.nanoTime();
        Run r = rules(games, games, false, seed, () -> {
            allUp[0] = GameBench.liveHeap();
            upAt[0] = System.nanoTime();
            out.printf(Locale.ROOT, "  %d tables up after %.1f s; the games begin%n", games, (upAt[0] - t0) / 1e9);
        });
        int agents = games * 15;
        long heap = Math.max(0, allUp[0] - before);
        long playing = upAt[0] == 0 ? r.wallMillis() : (System.nanoTime() - upAt[0]) / 1_000_000;
        AtOnce a = new AtOnce(games, r.finished(), r.wallMillis(), agents, heap);
        out.printf(Locale.ROOT, "  %d games at once: %d finished, %d stuck, in %.1f s (%.1f s from the start "
                + "together); %,d agents all up at once: live heap %d MB above the idle (%,d bytes an agent)%n", games,
                r.finished(), games - r.finished(), r.wallMillis() / 1000.0, playing / 1000.0, agents, heap >> 20,
                agents == 0 ? 0 : heap / agents);
        return a;
    }

    /** The model seats' figures. */
    public record Prompts(int games, long calls, double prefixShare, double prefixShareAfterFirst, long wallMillis,
            long callMillis) {
        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("games", games);
            m.put("calls", calls);
            m.put("prefixShare", Figures.round(prefixShare));
            m.put("prefixShareAfterFirstOfPhase", Figures.round(prefixShareAfterFirst));
            m.put("wallMillis", wallMillis);
            m.put("callMillisSum", callMillis);
            m.put("wallToCallsRatio", Figures.round(callMillis == 0 ? 0 : (double) wallMillis / callMillis));
            return m;
        }
    }

    /**
     * A tournament of model seats (stand-in, {@code delay} a call) against rule bots: each seat's prompts in order,
     * and how much of each repeats the one before as a prefix (characters of the whole prompt: system, history, user).
     */
    public Prompts models(int games, Duration delay, long seed) throws Exception {
        Path dir = Files.createTempDirectory("maw-bench-tournament-");
        try (OllamaStandIn ollama = new OllamaStandIn()) {
            ollama.delay(delay);
            LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl());
            PromptTemplates templates = new PromptTemplates(prompts);
            Ruleset<?, ?, ?> ruleset = ruleset();
            Schedule schedule = Schedule.balanced(ruleset, seats("llm", "rule"), games, seed);
            GameTable.SeatFiller model = ModelInterfaceAgent.filler(settings, templates,
                    Duration.ZERO, null);
            List<Tournament.Seat> seats = new ArrayList<>();
            schedule.seats().forEach((name, e) -> seats.add(new Tournament.Seat(name, e, e.equals("llm") ? model
                    : GameTable.ruleBots())));
            long t0 = System.nanoTime();
            new Tournament(dir, schedule, seats, ruleset, "maw", Duration.ofMinutes(5), 1, transport, provision,
                    new PrintStream(OutputStream.nullOutputStream())).run();
            long wall = (System.nanoTime() - t0) / 1_000_000;
            long callMillis = 0;
            for (var r : Tournament.results(dir)) {
                for (var m : r.model().values()) {
                    callMillis += m.get("callMillis") instanceof Number n ? n.longValue() : 0;
                }
            }
            PromptPrefix prefix = PromptPrefix.of(ollama.calls());
            Prompts p = new Prompts(games, prefix.calls(), prefix.share(), prefix.shareAfterFirst(), wall, callMillis);
            out.printf(Locale.ROOT, "  model seats: %d games, %d calls; of a prompt, %.0f%% repeats the seat's previous "
                    + "prompt as a prefix (%.0f%% after the first call of a phase); the tournament took %,d ms, its "
                    + "model calls %,d ms in all (%.2f)%n", games, p.calls(), 100 * p.prefixShare(),
                    100 * p.prefixShareAfterFirst(), wall, callMillis, p.toJson().get("wallToCallsRatio"));
            return p;
        } finally {
            delete(dir);
        }
    }
}
