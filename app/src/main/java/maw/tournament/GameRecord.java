package maw.tournament;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.RoundSummary;
import maw.base.Act;
import maw.game.Command;
import maw.game.GameView;
import maw.base.Phase;
import maw.game.RefusalCode;
import maw.runtime.Jid;

/**
 * One game of a tournament as its results file keeps it (a JSON line): its number and seed, the seats' entrants and
 * roles, the winner and the days, who was executed and murdered, each seat's acts ({@code talk}, {@code speak},
 * {@code whisper}, {@code vote}, {@code attack} (a werewolf's vote by night), {@code divine}, {@code guard}, and
 * {@code vote_hit}: day votes of the villagers' side that named a werewolf), each model seat's calls, tokens and
 * retries, each seat's refused acts, the steps that ran out, the game's wall time, and where it is journaled: the
 * table's journal ({@code journal}, relative to the tournament's directory) and its round there.
 */
public record GameRecord(int game, long seed, int round, String rules, Map<String, String> seats,
        Map<String, String> roles, String winner, int days, List<String> executed, List<String> murdered,
        Map<String, Map<String, Integer>> acts, Map<String, Map<String, Object>> model,
        Map<String, Integer> refusals, int timeouts, long wallMillis, String journal,
        Map<String, Map<String, Long>> endpoints) {

    /** A game's record without a pool of model servers (and lines written before pools were kept). */
    public GameRecord(int game, long seed, int round, String rules, Map<String, String> seats,
            Map<String, String> roles, String winner, int days, List<String> executed, List<String> murdered,
            Map<String, Map<String, Integer>> acts, Map<String, Map<String, Object>> model,
            Map<String, Integer> refusals, int timeouts, long wallMillis, String journal) {
        this(game, seed, round, rules, seats, roles, winner, days, executed, murdered, acts, model, refusals, timeouts,
                wallMillis, journal, null);
    }

    /**
     * Each server of a model pool the game's seats asked: its calls, errors and time in calls during the game (null:
     * none; a pool shared by several seats counted once).
     */
    public Map<String, Map<String, Long>> endpoints() {
        return endpoints == null ? Map.of() : endpoints;
    }

    /** Whether {@code role} plays on the werewolves' side. */
    public static boolean wolfSide(String role) {
        return role.equals("werewolf") || role.equals("possessed");
    }

    /** The side that won: {@code villagers}, {@code werewolves}, or null (no winner). */
    public String winningSide() {
        return winner == null ? null : winner.startsWith("villager") ? "villagers" : winner.startsWith("werewol")
                ? "werewolves" : null;
    }

    /**
     * What a table's GameMaster tells, gathered round by round (each round one of the tournament's games) into the
     * records' counts; each record is handed on as its round ends. A model seat's calls and tokens are what its agent
     * reports at the round's end less what it reported at the round before's.
     */
    public static final class Collector implements GameListener {
        private final Map<Integer, Schedule.Game> games;
        private final String rules;
        private final Map<String, String> seats;
        private final String journal;
        private final Supplier<Map<String, Map<String, Object>>> reports;
        private final Consumer<GameRecord> ended;
        private final Map<Integer, Map<String, Map<String, Integer>>> acts = new ConcurrentHashMap<>();
        private final Map<Integer, Map<String, Integer>> refusals = new ConcurrentHashMap<>();
        private final Map<Integer, AtomicInteger> timeouts = new ConcurrentHashMap<>();
        private final Map<Integer, Long> startedAt = new ConcurrentHashMap<>();
        private Map<String, Map<String, Object>> reportedBefore = Map.of();

        /**
         * @param games   the table's rounds: round number (from 1) to the scheduled game it plays
         * @param seats   seat name to entrant
         * @param journal the table's journal directory, relative to the tournament's
         * @param reports the seats' reports now ({@link maw.agents.table.GameTable#seatReports})
         * @param ended   where each game's record goes when its round ends
         */
        public Collector(Map<Integer, Schedule.Game> games, String rules, Map<String, String> seats, String journal,
                Supplier<Map<String, Map<String, Object>>> reports,
                Consumer<GameRecord> ended) {
            this.games = Map.copyOf(games);
            this.rules = rules;
            this.seats = Map.copyOf(seats);
            this.journal = journal;
            this.reports = reports;
            this.ended = ended;
        }

        @Override
        public void roundStarted(int round, int rounds, long seed, String rules, Object options,
                GameConfig config, Jid gameMaster, Map<String, Jid> seats,
                GameView state) {
            startedAt.put(round, System.nanoTime());
        }

        @Override
        public void command(int round, Command c) {
            switch (c) {
                case Command.Perform p -> {
                    String kind = switch (p.act()) {
                        case Act.Vote v -> p.phase().phase() == Phase.NIGHT ? "attack" : "vote";
                        case Act.Talk t -> "talk";
                        case Act.Divine d -> "divine";
                        case Act.Guard g -> "guard";
                        case Act.Whisper w -> "whisper";
                        case Act.Pass x -> "pass";
                        case Act.Speak x -> "speak";
                        case Act.Listen x -> "listen";
                    };
                    count(round, p.actor(), kind);
                    Map<String, String> roles = games.containsKey(round) ? games.get(round).roles() : Map.of();
                    if (p.act() instanceof Act.Vote v && p.phase().phase() != Phase.NIGHT
                            && !wolfSide(roles.getOrDefault(p.actor(), "")) && "werewolf".equals(roles.get(v.target()))) {
                        count(round, p.actor(), "vote_hit");
                    }
                }
                case Command.Timeout t -> timeouts.computeIfAbsent(round, k -> new AtomicInteger()).incrementAndGet();
                default -> { }
            }
        }

        private void count(int round, String seat, String kind) {
            acts.computeIfAbsent(round, k -> new ConcurrentHashMap<>())
                    .computeIfAbsent(seat, k -> new ConcurrentHashMap<>()).merge(kind, 1, Integer::sum);
        }

        @Override
        public void refused(int round, String who, String what, RefusalCode code, String reason) {
            refusals.computeIfAbsent(round, k -> new ConcurrentHashMap<>()).merge(who, 1, Integer::sum);
        }

        @Override
        public void roundEnded(RoundSummary r) {
            Schedule.Game g = games.get(r.round());
            if (g == null) {
                return;
            }
            Map<String, Map<String, Integer>> a = new TreeMap<>();
            acts.getOrDefault(r.round(), Map.of()).forEach((seat, m) -> a.put(seat, new TreeMap<>(m)));
            Map<String, Map<String, Object>> now = reports.get();
            Map<String, Map<String, Object>> model = new TreeMap<>();
            now.forEach((seat, report) -> {
                if (report != null && report.containsKey("calls")) {
                    Map<String, Object> before = reportedBefore.getOrDefault(seat, Map.of());
                    Map<String, Object> m = new TreeMap<>();
                    for (String k : List.of("calls", "promptTokens", "outputTokens", "callMillis", "retries",
                            "gaveUp")) {
                        if (report.get(k) instanceof Number n) {
                            long was = before.get(k) instanceof Number b ? b.longValue() : 0;
                            m.put(k, n.longValue() - was);
                        }
                    }
                    if (report.containsKey("model")) {
                        m.put("model", report.get("model"));
                    }
                    model.put(seat, m);
                }
            });
            // The servers of the seats' model pools: what each did for the table's seats during this round.
            Map<String, Map<String, Long>> duringGame = new TreeMap<>();
            now.forEach((seat, report) -> {
                if (report != null && report.get("endpoints") instanceof Map<?, ?> pool) {
                    Map<String, Object> before = reportedBefore.getOrDefault(seat, Map.of());
                    Map<?, ?> was = before.get("endpoints") instanceof Map<?, ?> w ? w : Map.of();
                    pool.forEach((url, v) -> {
                        Map<?, ?> e = v instanceof Map<?, ?> m ? m : Map.of();
                        Map<?, ?> old = was.get(url) instanceof Map<?, ?> m ? m : Map.of();
                        Map<String, Long> sum = duringGame.computeIfAbsent(String.valueOf(url), k -> new TreeMap<>());
                        for (String k : List.of("calls", "errors", "callMillis")) {
                            long d = (e.get(k) instanceof Number n ? n.longValue() : 0L)
                                    - (old.get(k) instanceof Number n ? n.longValue() : 0L);
                            sum.merge(k, d, Long::sum);
                        }
                    });
                }
            });
            reportedBefore = now;
            Long t0 = startedAt.get(r.round());
            long wall = t0 == null ? 0 : (System.nanoTime() - t0) / 1_000_000;
            ended.accept(new GameRecord(g.number(), g.seed(), r.round(), rules, seats, new TreeMap<>(r.roles()),
                    r.winner(), r.days(), r.executed(), r.murdered(), a, model,
                    new TreeMap<>(refusals.getOrDefault(r.round(), Map.of())),
                    timeouts.getOrDefault(r.round(), new AtomicInteger()).get(), wall, journal,
                    duringGame.isEmpty() ? null : duringGame));
        }
    }
}
