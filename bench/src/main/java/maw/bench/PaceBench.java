package maw.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import maw.agents.Catalog;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.maw.MawTables;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.agents.table.Network;
import maw.base.Phase;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Room;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.game.maw.Pace;
import maw.llm.LlmSettings;
import maw.llm.ModelClients;
import maw.llm.PromptTemplates;
import maw.llm.standin.CostProfile;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Transport;

/**
 * {@code maw bench llm --paces}: six model seats on one model server that costs what a real model costs (the
 * stand-in's {@link CostProfile}), at each pace, slot count and profile asked for. Each game is told in model time:
 * a profile run {@code speed} times faster has every timer of the game (days, nights, turns, the model's time limit)
 * shortened alike, so that what is measured (shares, orders, ratios) is the same game's, and times are given back in
 * the profile's seconds. What it measures: from a seat's turn (its question) to its decision, median and 95th
 * percentile; the share of the living seats that acted each day (a line, a vote, a whisper, a question); the days
 * that ended by a vote (an execution) and, at a pace of turns, those whose voting round every living seat voted in;
 * the prompt tokens a call read again (those its slot's cache did not hold) after its seat's first call of a phase;
 * the most calls that waited ahead of one at the server's queue; how each game ended.
 */
public final class PaceBench {

    /** One table to play: the model server's profile and slots, the pace, the time scale, the day cap. */
    public record Setup(CostProfile profile, int slots, Pace pace, double speed, int dayCap, Duration daySeconds,
            Duration nightSeconds) {
        String label() {
            return profile.name() + " " + pace.wire() + " " + slots + " slot" + (slots == 1 ? "" : "s");
        }
    }

    /** One day of a game: its living, those who acted, those whose vote stood at its end, how it ended. */
    public record Day(int day, int living, int acted, int voted, String end) {}

    /** What one table measured (times in the profile's seconds). */
    public record Run(Setup setup, String winner, int days, boolean overByRules, double wallSeconds,
            double decisionMedian, double decisionP95, int decisions, int withdrawn, double leastActedShare,
            double actedShare, int daysByVote, int daysAllVoted, double rereadMean, double rereadP95,
            double rereadFirst, int mostAhead, long calls, long cancelledCalls, List<Day> dayList) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("profile", setup.profile().name());
            m.put("pace", setup.pace().wire());
            m.put("slots", setup.slots());
            m.put("speed", setup.speed());
            m.put("dayCap", setup.dayCap());
            m.put("winner", winner);
            m.put("days", days);
            m.put("overByRules", overByRules);
            m.put("wallSeconds", Figures.round(wallSeconds));
            m.put("decisionMedianSeconds", Figures.round(decisionMedian));
            m.put("decisionP95Seconds", Figures.round(decisionP95));
            m.put("decisions", decisions);
            m.put("withdrawn", withdrawn);
            m.put("leastActedShare", Figures.round(leastActedShare));
            m.put("actedShare", Figures.round(actedShare));
            m.put("daysByVote", daysByVote);
            m.put("daysAllVoted", daysAllVoted);
            m.put("rereadShareMean", Figures.round(rereadMean));
            m.put("rereadShareP95", Figures.round(rereadP95));
            m.put("rereadShareFirstOfPhase", Figures.round(rereadFirst));
            m.put("mostCallsAhead", mostAhead);
            m.put("calls", calls);
            m.put("cancelledCalls", cancelledCalls);
            List<Map<String, Object>> ds = new ArrayList<>();
            for (Day d : dayList) {
                ds.add(Map.of("day", d.day(), "living", d.living(), "acted", d.acted(), "voted", d.voted(), "end",
                        d.end()));
            }
            m.put("perDay", ds);
            return m;
        }
    }

    private final Transport transport;
    private final Consumer<Map<String, String>> provision;
    private final Path prompts;
    private final PrintStream out;

    public PaceBench(Transport transport, Consumer<Map<String, String>> provision, Path prompts, PrintStream out) {
        this.transport = transport;
        this.provision = provision;
        this.prompts = prompts;
        this.out = out;
    }

    /** Plays one table of six model seats as {@code s} says. */
    public Run play(Setup s, long seed, String prefix) throws Exception {
        PromptTemplates templates = new PromptTemplates(prompts);
        templates.check();
        double k = s.speed();
        Duration llmTimeout = scaled(Duration.ofSeconds(300), k);
        try (OllamaStandIn model = new OllamaStandIn().cost(s.profile()).slots(s.slots()).speed(k)) {
            LlmSettings settings = LlmSettings.ollamaDefaults().withBaseUrl(model.baseUrl()).withSlots(s.slots())
                    .withTimeout(llmTimeout);
            GameOptions options = GameOptions.defaults().withTimers(scaled(s.daySeconds(), k),
                    scaled(s.nightSeconds(), k)).withDayCap(s.dayCap())
                    .withPace(s.pace(), GameOptions.DEFAULT_TALK_ROUNDS, llmTimeout);
            Ledger ledger = new Ledger();
            GameTable.SeatFiller filler = ModelInterfaceAgent.filler(settings, templates, scaled(Duration.ofSeconds(3),
                    k), null, false);
            List<GameTable.SeatFiller> fillers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                fillers.add(filler);
            }
            GameTable table = GameTable.on(Network.of(transport, provision), new GameTable.Spec(prefix,
                    GameTable.defaultNames(6), fillers, 1, seed, MawTables.ruleset(options), null));
            out.printf("  %s: playing ...%n", s.label());
            Listeners listeners = new Listeners(ledger);
            GameTable.Result r = table.play(listeners, listeners,
                    new maw.agents.maw.MawVariant().timeout(options, 1));
            List<Long> millis = new ArrayList<>();
            int withdrawn = 0;
            for (GameTable.SeatSummary seat : r.seats()) {
                if (seat.report().get("decisionMillis") instanceof List<?> l) {
                    l.forEach(x -> millis.add(((Number) x).longValue()));
                }
                withdrawn += ((Number) seat.report().getOrDefault("withdrawn", 0)).intValue();
            }
            millis.sort(null);
            Reread re = reread(model.served());
            Map<String, Object> queue = ModelClients.queues().get(model.baseUrl());
            int ahead = queue == null ? 0 : ((Number) queue.getOrDefault("mostAhead", 0)).intValue();
            long cancelled = model.served().stream().filter(c -> c.served().cancelled()).count();
            List<Day> days = ledger.days();
            double least = days.stream().mapToDouble(d -> (double) d.acted() / Math.max(1, d.living())).min()
                    .orElse(0);
            double share = days.stream().mapToDouble(d -> (double) d.acted() / Math.max(1, d.living())).average()
                    .orElse(0);
            String winner = r.rounds().getFirst().winner();
            Run run = new Run(s, winner, r.rounds().getFirst().days(), winner != null && !"draw".equals(winner),
                    r.playMillis() * k / 1000.0, percentile(millis, 50) * k / 1000.0,
                    percentile(millis, 95) * k / 1000.0, millis.size(), withdrawn, least, share,
                    (int) days.stream().filter(d -> d.end().startsWith("executed")).count(),
                    (int) days.stream().filter(d -> d.voted() == d.living()).count(), re.mean(), re.p95(),
                    re.first(), ahead, model.served().size(), cancelled, days);
            out.printf("    %s after %d day(s) in %.0f s (model time); a decision %.1f s (p95 %.1f s), %d withdrawn; "
                    + "living seats that acted each day: %.0f%% at least, %.0f%% in all; %d of %d days ended by a "
                    + "vote, %d with every living seat's vote; a prompt re-read %.0f%% (p95 %.0f%%) after a seat's "
                    + "first call of a phase; at most %d call(s) ahead in the queue; %d calls, %d cancelled%n",
                    run.winner(), run.days(), run.wallSeconds(), run.decisionMedian(), run.decisionP95(),
                    run.withdrawn(), 100 * least, 100 * share, run.daysByVote(), days.size(), run.daysAllVoted(),
                    100 * re.mean(), 100 * re.p95(), ahead, run.calls(), cancelled);
            return run;
        }
    }

    private static Duration scaled(Duration d, double k) {
        return Duration.ofMillis(Math.max(1, Math.round(d.toMillis() / k)));
    }

    static long percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }

    /** The share of a prompt a call read again, its seat's first call of each phase apart, and those first calls. */
    record Reread(double mean, double p95, double first) {}

    /**
     * A call's seat and phase are read from its guiding prompt (the system message: "You are NAME" and the phase,
     * the same through a phase), so that a seat's first call of each phase is set apart: the one that reads its new
     * guiding prompt whole.
     */
    static Reread reread(List<OllamaStandIn.Call> served) {
        Set<String> seen = new HashSet<>();
        List<Double> later = new ArrayList<>();
        List<Double> first = new ArrayList<>();
        for (OllamaStandIn.Call c : served) {
            OllamaStandIn.Served s = c.served();
            if (s.cancelled() || s.promptTokens() == 0) {
                continue;
            }
            double share = (double) s.readTokens() / s.promptTokens();
            (seen.add(c.system()) ? first : later).add(share);
        }
        later.sort(null);
        double mean = later.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double p95 = later.isEmpty() ? 0 : later.get(Math.max(0, (int) Math.ceil(0.95 * later.size()) - 1));
        return new Reread(mean, p95, first.stream().mapToDouble(Double::doubleValue).average().orElse(0));
    }

    /** The days of a game as the GameMaster and the rooms tell them: who lived, who acted, who voted, the end. */
    static final class Ledger implements GameListener, ChatRoomAgent.Listener {
        private final Map<Integer, Set<String>> living = new TreeMap<>();
        private final Map<Integer, Set<String>> acted = new HashMap<>();
        private final Map<Integer, Set<String>> voted = new HashMap<>();
        private final Map<Integer, String> end = new HashMap<>();

        @Override
        public synchronized void event(int round, GameEvent event, GameView after) {
            switch (event) {
                case Event.PhaseBegan p when p.phase().phase() == Phase.DAY ->
                        living.put(p.phase().number(), new HashSet<>(p.living()));
                case Event.VoteCast v when v.phase().phase() == Phase.DAY -> {
                    acted.computeIfAbsent(v.phase().number(), d -> new HashSet<>()).add(v.voter());
                    voted.computeIfAbsent(v.phase().number(), d -> new HashSet<>()).add(v.voter());
                }
                case Event.Whispered w -> acted.computeIfAbsent(w.phase().number(), d -> new HashSet<>())
                        .add(w.from());
                case Event.Divined d -> acted.computeIfAbsent(d.day(), x -> new HashSet<>()).add(d.seer());
                case Event.Executed x -> end.put(x.day(), x.byMajority() ? "executed by a majority"
                        : "executed, the most votes");
                case Event.NoExecution n -> end.put(n.day(), "nobody executed: " + n.reason());
                default -> { }
            }
        }

        @Override
        public synchronized void line(Room room, String game, int round, String phase, Catalog.Line line) {
            if (room.equals(Room.VILLAGE) && phase.startsWith("day ")) {
                int day = Integer.parseInt(phase.substring(4).split(" ")[0]);
                acted.computeIfAbsent(day, d -> new HashSet<>()).add(line.from());
            }
        }

        synchronized List<Day> days() {
            List<Day> out = new ArrayList<>();
            living.forEach((day, alive) -> {
                Set<String> a = new HashSet<>(acted.getOrDefault(day, Set.of()));
                a.retainAll(alive);
                Set<String> v = new HashSet<>(voted.getOrDefault(day, Set.of()));
                v.retainAll(alive);
                out.add(new Day(day, alive.size(), a.size(), v.size(), end.getOrDefault(day, "the game ended")));
            });
            return out;
        }
    }
}
