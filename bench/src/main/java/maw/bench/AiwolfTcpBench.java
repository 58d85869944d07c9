package maw.bench;

import java.io.PrintStream;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.ForwardingPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.aiwolf.tcp.AiwolfClient;
import maw.aiwolf.tcp.AiwolfServer;
import maw.aiwolf.tcp.TcpGames;
import maw.runtime.local.LocalTransport;

/**
 * {@code maw bench aiwolf-tcp}: AIWolf games with every seat a TCP agent (our rule agent, over loopback, at our
 * server), against the same games with the seats in the process, one after another in one run: games per second, and
 * the median round trip of a request (packet out, answer in); then the same TCP games with agents that answer as the
 * official sample agents were seen to at a real table (votes, guards and attacks naming themselves, divinations of the
 * dead or of themselves): each such answer takes the regulation's default at once, so their games go as fast.
 */
public final class AiwolfTcpBench {

    /** One village's figures. */
    public record Row(int players, int games, double inProcessGamesPerSecond, double tcpGamesPerSecond,
            double medianRoundTripMicros, double p99RoundTripMicros, long requests, double carelessGamesPerSecond,
            double requestsPerSecond, double carelessRequestsPerSecond) {

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("games", games);
            m.put("inProcessGamesPerSecond", Figures.round(inProcessGamesPerSecond));
            m.put("tcpGamesPerSecond", Figures.round(tcpGamesPerSecond));
            m.put("inProcessToTcpRatio", Figures.round(inProcessGamesPerSecond / tcpGamesPerSecond));
            m.put("medianRoundTripMicros", Figures.round(medianRoundTripMicros));
            m.put("p99RoundTripMicros", Figures.round(p99RoundTripMicros));
            m.put("requests", requests);
            m.put("carelessTcpGamesPerSecond", Figures.round(carelessGamesPerSecond));
            m.put("requestsPerSecond", Figures.round(requestsPerSecond));
            m.put("carelessRequestsPerSecond", Figures.round(carelessRequestsPerSecond));
            m.put("carelessToWellBehavedRatio", Figures.round(carelessRequestsPerSecond / requestsPerSecond));
            return m;
        }
    }

    private final PrintStream out;

    public AiwolfTcpBench(PrintStream out) {
        this.out = out;
    }

    public List<Row> run(int games, long seed) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (int players : new int[] {5, 15}) {
            AiwolfOptions options = AiwolfOptions.of(players, Duration.ofSeconds(5));
            inProcess(players, 2, seed - 10, options); // warm up
            long t0 = System.nanoTime();
            inProcess(players, games, seed, options);
            double local = games / ((System.nanoTime() - t0) / 1e9);
            List<Long> trips = new ArrayList<>();
            double tcp = tcp(players, games, seed, options, AiwolfClient.rules(), trips);
            List<Long> carelessTrips = new ArrayList<>();
            double careless = tcp(players, games, seed, options, careless(), carelessTrips);
            long requests = trips.size();
            // The careless agents' games may differ in length: the server's pace is the requests it answers a second.
            double requestRate = trips.size() * tcp / games;
            double carelessRequestRate = carelessTrips.size() * careless / games;
            trips.sort(null);
            double median = trips.isEmpty() ? 0 : trips.get(trips.size() / 2) / 1000.0;
            double p99 = trips.isEmpty() ? 0 : trips.get((int) Math.min(trips.size() - 1, trips.size() * 0.99)) / 1000.0;
            Row r = new Row(players, games, local, tcp, median, p99, requests, careless, requestRate,
                    carelessRequestRate);
            out.printf(Locale.ROOT, "  %2d players: %.2f games/s every seat a TCP agent, %.2f in process (ratio %.2f); "
                    + "a request's round trip: median %.0f us, 99th percentile %.0f us (%,d requests, %.0f a second); "
                    + "agents answering carelessly: %.2f games/s, %.0f requests a second (%.2f of the well-behaved's)%n",
                    players, tcp, local, local / tcp, median, p99, requests, requestRate, careless,
                    carelessRequestRate, carelessRequestRate / requestRate);
            rows.add(r);
        }
        return rows;
    }

    /** Games per second of {@code games} games at our server, every seat one of {@code minds} over TCP. */
    private static double tcp(int players, int games, long seed, AiwolfOptions options, AiwolfClient.Minds minds,
            List<Long> trips) throws Exception {
        try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
            List<CompletableFuture<AiwolfClient.Played>> clients = new ArrayList<>();
            for (int i = 1; i <= players; i++) {
                String name = "tcp" + i;
                long s = seed + i;
                CompletableFuture<AiwolfClient.Played> f = new CompletableFuture<>();
                Thread.ofVirtual().start(() -> {
                    try {
                        f.complete(new AiwolfClient(name, null, minds, s, null).play("127.0.0.1", server.port(),
                                Duration.ofSeconds(5)));
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                });
                clients.add(f);
            }
            List<AgentLink> links = new ArrayList<>();
            while (links.size() < players) {
                links = server.gather(players, Duration.ofSeconds(10));
            }
            TcpGames.play(server, links, List.of(), options, seed - 10, new LocalTransport(), "", null, null,
                    null); // warm up
            List<Long> before = new ArrayList<>();
            links.forEach(l -> before.add((long) l.roundTrips().size()));
            long t1 = System.nanoTime();
            for (int g = 0; g < games; g++) {
                TcpGames.play(server, links, List.of(), options, seed + g, new LocalTransport(), "", null, null, null);
            }
            double rate = games / ((System.nanoTime() - t1) / 1e9);
            for (int i = 0; i < links.size(); i++) {
                List<Long> all = links.get(i).roundTrips();
                trips.addAll(all.subList((int) (long) before.get(i), all.size()));
            }
            server.finish();
            for (CompletableFuture<AiwolfClient.Played> c : clients) {
                c.get(10, TimeUnit.SECONDS);
            }
            return rate;
        }
    }

    /**
     * Our rule agent, but answering as the official sample agents were seen to at a real table: every vote, guard and
     * attack names itself, and the divinations alternate between a dead agent (none dead yet: itself) and itself.
     * None of these answers is valid; each takes the regulation's default.
     */
    public static AiwolfClient.Minds careless() {
        return (me, agents, seed, limit) -> new ForwardingPlayer(
                AiwolfBots.rules(me, agents, seed)) {
            private final Set<String> dead = new LinkedHashSet<>();
            private int divinations;

            @Override
            public void hear(AiwolfEvent e) {
                if (e instanceof AiwolfEvent.DayBegan d) {
                    agents.stream().filter(a -> !d.living().contains(a)).forEach(dead::add);
                }
                super.hear(e);
            }

            @Override
            public String vote() {
                super.vote();
                return me;
            }

            @Override
            public String divine() {
                super.divine();
                return ++divinations % 2 == 1 && !dead.isEmpty() ? dead.iterator().next() : me;
            }

            @Override
            public String guard() {
                super.guard();
                return me;
            }

            @Override
            public String attack() {
                super.attack();
                return me;
            }
        };
    }

    private static void inProcess(int players, int games, long seed, AiwolfOptions options) throws Exception {
        for (int g = 0; g < games; g++) {
            List<GameTable.SeatFiller> fillers = new ArrayList<>();
            for (int i = 0; i < players; i++) {
                fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            }
            List<String> names = new ArrayList<>();
            for (int i = 1; i <= players; i++) {
                names.add("tcp" + i);
            }
            GameTable table = GameTable.on(Network.local(new LocalTransport()), new GameTable.Spec("", names, fillers,
                    1, seed + g, new AiwolfVariant().ruleset(options), null));
            table.play(null, null, TcpGames.timeout(options));
        }
    }

    public static List<Map<String, Object>> toJson(List<Row> rows) {
        return rows.stream().map(Row::toJson).toList();
    }
}
