package maw.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.agents.bot.RuleBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.maw.MawTables;
import maw.agents.player.PlayerAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.game.maw.GameOptions;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.Transport;

/**
 * {@code maw bench flood}: a game of rule bots over ejabberd in which one seat's account (a second session of it, as a
 * misbehaving client would be) sends N messages as fast as it can as soon as the first day begins: a third valid
 * votes for the day to the GameMaster, a third junk to the GameMaster, a third chat lines to the Village. Measured
 * against the same game without the flood, in the same run: the other seats' acts that were never answered (must be
 * 0), connections dropped, what the GameMaster and the Village dropped as over the limit, and the heap in use before
 * the flood and once it has been taken in.
 */
public final class FloodBench {

    /** One game's figures. */
    public record Run(boolean flooded, long wallMillis, int othersActsSent, int othersActsUnanswered,
            long floodSent, long floodMillis, long gameMasterReceived, long gameMasterRateLimited,
            long villageRateLimited, long connectionLosses, long heapBeforeBytes, long heapAfterBytes, String winner) {

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("wallMillis", wallMillis);
            m.put("othersActsSent", othersActsSent);
            m.put("othersActsLost", othersActsUnanswered);
            m.put("floodSent", floodSent);
            m.put("floodMillis", floodMillis);
            m.put("gameMasterReceived", gameMasterReceived);
            m.put("gameMasterRateLimited", gameMasterRateLimited);
            m.put("villageRateLimited", villageRateLimited);
            m.put("connectionLosses", connectionLosses);
            m.put("heapBeforeBytes", heapBeforeBytes);
            m.put("heapAfterBytes", heapAfterBytes);
            m.put("winner", winner);
            return m;
        }
    }

    /** The run without the flood and the run with it. */
    public record Result(int players, int messages, Run baseline, Run flood) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("messages", messages);
            m.put("baseline", baseline.toJson());
            m.put("flood", flood.toJson());
            m.put("wallRatioFloodToBaseline", Figures.round((double) flood.wallMillis / Math.max(1,
                    baseline.wallMillis)));
            m.put("heapGrowthFloodBytes", flood.heapAfterBytes - flood.heapBeforeBytes);
            m.put("heapGrowthBaselineBytes", baseline.heapAfterBytes - baseline.heapBeforeBytes);
            m.put("heapAfterRatioFloodToBaseline", Figures.round((double) flood.heapAfterBytes
                    / Math.max(1, baseline.heapAfterBytes)));
            return m;
        }
    }

    private final Transport transport;
    private final Consumer<Map<String, String>> provision;
    private final PrintStream out;
    private final Duration phase;

    /**
     * @param transport the server to play on
     * @param provision creates accounts on it
     * @param phase     how long each day and night lasts (the flood must meet a game still being played)
     */
    public FloodBench(Transport transport, Consumer<Map<String, String>> provision, PrintStream out, Duration phase) {
        this.transport = transport;
        this.provision = provision;
        this.out = out;
        this.phase = phase;
    }

    public Result run(int players, int messages, long seed) throws Exception {
        String tag = Long.toString(System.currentTimeMillis() % 1_000_000L, 36);
        out.printf("the game without a flood ...%n");
        Run baseline = play("bench-fb" + tag + "-", players, 0, seed);
        report(baseline);
        out.printf("the same game; one seat sends %d messages as the first day begins ...%n", messages);
        Run flood = play("bench-ff" + tag + "-", players, messages, seed);
        report(flood);
        return new Result(players, messages, baseline, flood);
    }

    private void report(Run r) {
        out.printf("  %d ms, %s win; other seats' acts: %d sent, %d never answered; connections dropped: %d%n",
                r.wallMillis, r.winner, r.othersActsSent, r.othersActsUnanswered, r.connectionLosses);
        if (r.flooded) {
            out.printf("  flood: %d messages in %d ms; the GameMaster received %d and dropped %d over the limit, "
                    + "the Village dropped %d%n", r.floodSent, r.floodMillis, r.gameMasterReceived,
                    r.gameMasterRateLimited, r.villageRateLimited);
        }
        out.printf("  heap in use: %d MB before, %d MB after%n", r.heapBeforeBytes >> 20, r.heapAfterBytes >> 20);
    }

    private Run play(String prefix, int players, int messages, long seed) throws Exception {
        GameOptions options = GameOptions.defaults().withTimers(phase, phase).withEndWhenAllVoted(false);
        // Bots that play at random: the game lasts its timers (a table of readers agrees fast and may end the game
        // before the flood is out), and the flood meets every phase.
        GameTable.SeatFiller random = GameTable.ruleBots(RuleBotAgent.Style.RANDOM, RuleBotAgent.Style.RANDOM);
        GameTable table = GameTable.on(Network.of(transport, provision), new GameTable.Spec(prefix,
                GameTable.defaultNames(players), Collections.nCopies(players, random), 1, seed,
                MawTables.ruleset(options), null));
        Map<String, String> accounts = table.accounts();
        CompletableFuture<Void> firstDay = new CompletableFuture<>();
        GameListener listener = new GameListener() {
            @Override
            public void deadline(int round, PhaseId id, long deadlineMillis) {
                if (id.phase() == Phase.DAY) {
                    firstDay.complete(null);
                }
            }
        };
        CompletableFuture<GameTable.Result> game = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                game.complete(table.play(listener, null, Duration.ofMinutes(5)));
            } catch (Throwable e) {
                game.completeExceptionally(e);
            }
        });
        table.allStarted().get(2, TimeUnit.MINUTES);
        firstDay.get(2, TimeUnit.MINUTES);
        long heapBefore = GameBench.liveHeap();
        Jid flooder = table.player(0);
        long sent = 0;
        long floodMillis = 0;
        List<Agent> all = table.agents(); // the table forgets its agents once they have stopped
        Agent gameMaster = agent(all, table.gameMaster());
        Agent village = agent(all, table.village());
        if (messages > 0) {
            // A second session of the seat's account: the seat's own Player goes on playing beside it.
            Agent client = new Agent(flooder.withResource("flood"), accounts.get(flooder.local()));
            client.start(transport);
            try {
                long t0 = System.nanoTime();
                // Only while the game is played: after it, the server would bounce the flood back to this client.
                for (int i = 0; i < messages && !game.isDone(); i++) {
                    client.send(floodMessage(i, table));
                    sent++;
                }
                floodMillis = (System.nanoTime() - t0) / 1_000_000;
                // Until the GameMaster has taken in what reached it (its count stops moving).
                long seen = -1;
                while (gameMaster.receivedCount() != seen) {
                    seen = gameMaster.receivedCount();
                    Thread.sleep(500);
                }
            } finally {
                client.stop();
            }
        } else {
            Thread.sleep(1000);
        }
        long heapAfter = GameBench.liveHeap();
        GameTable.Result r = game.get(5, TimeUnit.MINUTES);
        int othersSent = 0;
        int othersUnanswered = 0;
        long losses = 0;
        for (Agent a : all) {
            losses += a.connectionLosses();
            if (a instanceof PlayerAgent p && !a.jid().sameBare(flooder)) {
                othersSent += p.actsSent();
                othersUnanswered += p.actsUnanswered();
            }
        }
        return new Run(messages > 0, r.wallMillis(), othersSent, othersUnanswered, sent, floodMillis,
                gameMaster.receivedCount(), gameMaster.rateLimitedCount(),
                village.rateLimitedCount(), losses, heapBefore, heapAfter,
                String.valueOf(r.rounds().get(0).winner()));
    }

    private static Agent agent(List<Agent> agents, Jid jid) {
        return agents.stream().filter(a -> a.jid().sameBare(jid)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no agent " + jid + " at the table"));
    }

    /** The i-th message of the flood: a valid vote, junk, or a chat line, in turn. */
    private static Message floodMessage(int i, GameTable table) {
        String name = GameTable.defaultNames(table.gameMasterConfig().players()).get(1);
        return switch (i % 3) {
            case 0 -> Message.builder().to(table.gameMaster()).performative(Performative.REQUEST)
                    .ontology(GameAgent.ONTOLOGY).replyWith("flood-" + i)
                    .body(new Catalog.Vote(table.gameId(), 1, Phase.DAY, 1, name)).build();
            case 1 -> Message.builder().to(table.gameMaster()).performative(Performative.REQUEST)
                    .rawBody("{\"type\":\"vote\",\"junk\":" + i).build();
            default -> Message.builder().to(table.village()).performative(Performative.REQUEST)
                    .ontology(GameAgent.ONTOLOGY).body(new Catalog.Chat(table.gameId(), 1, Phase.DAY, 1,
                            "flood line " + i)).build();
        };
    }
}
