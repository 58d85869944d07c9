package maw.tournament;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.table.GameTable;
import maw.game.Act;
import maw.game.Command;
import maw.game.Phase;
import maw.game.RefusalCode;

/**
 * One game of a tournament as its results file keeps it (a JSON line): its number and seed, the seats' entrants and
 * roles, the winner and the days, who was executed and murdered, each seat's acts ({@code talk}, {@code speak},
 * {@code whisper}, {@code vote}, {@code attack} (a werewolf's vote by night), {@code divine}, {@code guard}, and
 * {@code vote_hit}: day votes of the villagers' side that named a werewolf), each model seat's calls, tokens and
 * retries, each seat's refused acts, the steps that ran out, and the game's wall time.
 */
public record GameRecord(int game, long seed, String gameId, String rules, Map<String, String> seats,
        Map<String, String> roles, String winner, int days, List<String> executed, List<String> murdered,
        Map<String, Map<String, Integer>> acts, Map<String, Map<String, Object>> model,
        Map<String, Integer> refusals, int timeouts, long wallMillis, String journal) {

    /** Whether {@code role} plays on the werewolves' side. */
    public static boolean wolfSide(String role) {
        return role.equals("werewolf") || role.equals("possessed");
    }

    /** The side that won: {@code villagers}, {@code werewolves}, or null (no winner). */
    public String winningSide() {
        return winner == null ? null : winner.startsWith("villager") ? "villagers" : winner.startsWith("werewol")
                ? "werewolves" : null;
    }

    /** What a game's GameMaster tells, gathered into the record's counts. */
    public static final class Collector implements GameMasterAgent.Listener {
        private final Map<String, String> roles;
        private final Map<String, Map<String, Integer>> acts = new ConcurrentHashMap<>();
        private final Map<String, Integer> refusals = new ConcurrentHashMap<>();
        private final AtomicInteger timeouts = new AtomicInteger();

        /** @param roles the deal the schedule foresaw (seat to role) */
        public Collector(Map<String, String> roles) {
            this.roles = Map.copyOf(roles);
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
                        default -> p.act().getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
                    };
                    count(p.actor(), kind);
                    if (p.act() instanceof Act.Vote v && p.phase().phase() != Phase.NIGHT
                            && !wolfSide(roles.getOrDefault(p.actor(), "")) && "werewolf".equals(roles.get(v.target()))) {
                        count(p.actor(), "vote_hit");
                    }
                }
                case Command.Timeout t -> timeouts.incrementAndGet();
                default -> { }
            }
        }

        private void count(String seat, String kind) {
            acts.computeIfAbsent(seat, k -> new ConcurrentHashMap<>()).merge(kind, 1, Integer::sum);
        }

        @Override
        public void refused(int round, String who, String what, RefusalCode code, String reason) {
            refusals.merge(who, 1, Integer::sum);
        }

        /** The record of the game {@code result} played. */
        public GameRecord record(int game, long seed, String rules, Map<String, String> seats, GameTable.Result result,
                String journal) {
            GameMasterAgent.RoundSummary r = result.rounds().isEmpty() ? null : result.rounds().getFirst();
            Map<String, Map<String, Integer>> a = new TreeMap<>();
            acts.forEach((seat, m) -> a.put(seat, new TreeMap<>(m)));
            Map<String, Map<String, Object>> model = new TreeMap<>();
            for (GameTable.SeatSummary s : result.seats()) {
                if (s.report() != null && s.report().containsKey("calls")) {
                    Map<String, Object> m = new TreeMap<>();
                    for (String k : List.of("model", "calls", "promptTokens", "outputTokens", "callMillis", "retries",
                            "gaveUp")) {
                        if (s.report().containsKey(k)) {
                            m.put(k, s.report().get(k));
                        }
                    }
                    model.put(s.name(), m);
                }
            }
            return new GameRecord(game, seed, result.gameId(), rules, seats, r == null ? roles : new TreeMap<>(
                    r.roles()), r == null ? null : r.winner(), r == null ? 0 : r.days(), r == null ? List.of()
                    : r.executed(), r == null ? List.of() : r.murdered(), a, model, new TreeMap<>(refusals),
                    timeouts.get(), result.wallMillis(), journal);
        }
    }
}
