package maw.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.runtime.xmpp.XmppSettings;
import maw.runtime.xmpp.XmppTransport;

/**
 * {@code maw bench cluster}: what spreading agents over the nodes of an ejabberd cluster costs, on one machine. (1)
 * The runtime's request/reply between two agents at one node against two agents at two nodes. (2) A six-player game
 * of rule bots with every agent at one node against the same game with its agents spread over all nodes (each agent
 * at the node its name picks). (3) Games at once: {@code atOnce} games started together at one node, and the same
 * spread over the nodes: games a second until the last is over. Every figure of a run is against its baseline of the
 * same run (one node).
 */
public final class ClusterBench {

    /** What one run measured. */
    public record Result(int nodes, double oneNodeMedianMicros, double oneNodeP99Micros, double twoNodesMedianMicros,
            double twoNodesP99Micros, int games, long oneNodeGameMillis, long spreadGameMillis, int atOnce,
            double oneNodeGamesPerSecond, double spreadGamesPerSecond, int lostOneNode, int lostSpread) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("nodes", nodes);
            m.put("requestReplyOneNodeMedianMicros", Figures.round(oneNodeMedianMicros));
            m.put("requestReplyOneNodeP99Micros", Figures.round(oneNodeP99Micros));
            m.put("requestReplyTwoNodesMedianMicros", Figures.round(twoNodesMedianMicros));
            m.put("requestReplyTwoNodesP99Micros", Figures.round(twoNodesP99Micros));
            m.put("requestReplyRatio", Figures.round(twoNodesMedianMicros / oneNodeMedianMicros));
            m.put("games", games);
            m.put("gamePlayMillisOneNode", oneNodeGameMillis);
            m.put("gamePlayMillisSpread", spreadGameMillis);
            m.put("gameRatio", Figures.round((double) spreadGameMillis / Math.max(1, oneNodeGameMillis)));
            m.put("atOnce", atOnce);
            m.put("gamesPerSecondOneNode", Figures.round(oneNodeGamesPerSecond));
            m.put("gamesPerSecondSpread", Figures.round(spreadGamesPerSecond));
            m.put("lostOneNode", lostOneNode);
            m.put("lostSpread", lostSpread);
            return m;
        }
    }

    private final XmppTransport cluster;
    private final Consumer<Map<String, String>> provision;
    private final PrintStream out;

    /**
     * @param cluster   the transport of the cluster (its settings name every node)
     * @param provision creates accounts (once: the cluster knows them on every node)
     */
    public ClusterBench(XmppTransport cluster, Consumer<Map<String, String>> provision, PrintStream out) {
        if (cluster.settings().nodes().size() < 2) {
            throw new IllegalArgumentException("bench cluster needs a cluster of at least two nodes");
        }
        this.cluster = cluster;
        this.provision = provision;
        this.out = out;
    }

    /** A transport whose agents all log in at node {@code k} (0-based) of the cluster. */
    private XmppTransport atNode(int k) {
        XmppSettings s = cluster.settings();
        return new XmppTransport(new XmppSettings(List.of(s.nodes().get(k)), s.domain(), s.tls(), s.trustCert(),
                s.connectTimeout(), s.reconnectDelay()));
    }

    public Result run(int rounds, int games, int atOnce, long seed) throws Exception {
        int nodes = cluster.settings().nodes().size();
        String password = "bench-cluster-pw";
        Map<String, String> accounts = new LinkedHashMap<>();
        for (String a : List.of("bench-cl-a", "bench-cl-b", "bench-cl-c", "bench-cl-d")) {
            accounts.put(a, password);
        }
        provision.accept(accounts);
        XmppTransport first = atNode(0);
        XmppTransport second = atNode(1);
        TransportBench rr = new TransportBench(first, password, new PrintStream(PrintStream.nullOutputStream()));
        out.printf("request/reply: %d round trips, two agents at one node, then at two nodes ...%n", rounds);
        long[] one = rr.agentRoundTrips(first, first, "bench-cl-a", "bench-cl-b", rounds / 5, rounds);
        long[] two = rr.agentRoundTrips(first, second, "bench-cl-c", "bench-cl-d", rounds / 5, rounds);
        double oneMedian = TransportBench.percentile(one, 50) / 1000.0;
        double twoMedian = TransportBench.percentile(two, 50) / 1000.0;
        out.printf(Locale.ROOT, "  one node: median %.0f us, p99 %.0f us; two nodes: median %.0f us, p99 %.0f us "
                + "(%.2f times)%n", oneMedian, TransportBench.percentile(one, 99) / 1000.0, twoMedian,
                TransportBench.percentile(two, 99) / 1000.0, twoMedian / oneMedian);

        out.printf("%d six-player games one after another, alternately at one node and spread over %d nodes "
                + "(after 2 of each to warm up) ...%n", games, nodes);
        for (int i = 0; i < 2; i++) {
            game(first, "bench-cl-w1-" + i + "-", seed + i);
            game(cluster, "bench-cl-w3-" + i + "-", seed + i);
        }
        long[] oneGame = new long[games];
        long[] spreadGame = new long[games];
        for (int i = 0; i < games; i++) {
            oneGame[i] = game(first, "bench-cl-g1-" + i + "-", seed + 100 + i).playMillis();
            spreadGame[i] = game(cluster, "bench-cl-g3-" + i + "-", seed + 100 + i).playMillis();
            out.printf("  game %d: %d ms playing at one node, %d ms spread%n", i + 1, oneGame[i], spreadGame[i]);
        }
        long oneMedianGame = GameBench.median(oneGame);
        long spreadMedianGame = GameBench.median(spreadGame);

        out.printf("%d games at once at one node ...%n", atOnce);
        AtOnce oneAtOnce = atOnce(first, "bench-cl-o1-", atOnce, seed + 1000);
        out.printf("%d games at once spread over %d nodes ...%n", atOnce, nodes);
        AtOnce spreadAtOnce = atOnce(cluster, "bench-cl-o3-", atOnce, seed + 1000);
        first.close();
        second.close();
        return new Result(nodes, oneMedian, TransportBench.percentile(one, 99) / 1000.0, twoMedian,
                TransportBench.percentile(two, 99) / 1000.0, games, oneMedianGame, spreadMedianGame, atOnce,
                oneAtOnce.perSecond, spreadAtOnce.perSecond, oneAtOnce.lost, spreadAtOnce.lost);
    }

    private GameTable.Result game(XmppTransport transport, String prefix, long seed) throws Exception {
        GameTable table = GameTable.on(Network.of(transport, provision), MawTables.bots(prefix, 6, 1, seed,
                GameBench.OPTIONS, null));
        return table.play(null, null, Duration.ofMinutes(2));
    }

    private record AtOnce(double perSecond, int lost) {}

    /**
     * {@code n} games whose tables start together and hold their games until every agent is in; then games a second
     * from the gate's opening until the last is over.
     */
    private AtOnce atOnce(XmppTransport transport, String prefix, int n, long seed) throws Exception {
        List<GameTable> tables = new ArrayList<>();
        Network.Batch accounts = Network.batch(Network.of(transport, provision));
        CompletableFuture<Void> gate = new CompletableFuture<>();
        for (int i = 0; i < n; i++) {
            GameTable t = GameTable.on(accounts, MawTables.bots(prefix + i + "-", 6, 1, seed + i, GameBench.OPTIONS,
                    null));
            t.startGate(gate);
            tables.add(t);
        }
        accounts.make();
        List<CompletableFuture<GameTable.Result>> played = new ArrayList<>();
        for (GameTable t : tables) {
            CompletableFuture<GameTable.Result> f = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    f.complete(t.play(null, null, Duration.ofMinutes(5)));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            played.add(f);
        }
        for (GameTable t : tables) {
            t.allStarted().get(5, TimeUnit.MINUTES);
        }
        long t0 = System.nanoTime();
        gate.complete(null);
        int lost = 0;
        for (CompletableFuture<GameTable.Result> f : played) {
            try {
                GameTable.Result r = f.get(5, TimeUnit.MINUTES);
                if (r.rounds().isEmpty() || r.rounds().get(0).winner() == null) {
                    lost++;
                }
            } catch (Exception e) {
                lost++;
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double perSecond = (n - lost) / seconds;
        out.printf(Locale.ROOT, "  %d of %d over in %.1f s: %.2f games a second%n", n - lost, n, seconds, perSecond);
        return new AtOnce(perSecond, lost);
    }
}
