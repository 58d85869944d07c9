package maw.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.MessageCensus;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;
import maw.runtime.xmpp.XmppTransport;
import maw.web.WebMonitor;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;

/**
 * {@code maw bench game}: 6-player games of rule bots whose phases end as soon as every living player has acted.
 * (1) games one after another on the in-JVM transport and (2) over ejabberd, in one run; (3) many games at once on
 * one ejabberd: all must finish, none may be stuck; the heap held per agent while they play, measured against the
 * heap a bare Smack connection holds, measured in the same run.
 */
public final class GameBench {

    /** Phases end when everyone has voted; the timers only end phases a silent seat would otherwise hold up. */
    static final GameOptions OPTIONS = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20)).withEndWhenAllVoted(true);

    /** Everything one run measured. */
    public record Result(int players, int localGames, double localGamesPerSecond, long localGameMillisMedian,
            int xmppGames, double xmppGamesPerSecond, long xmppGameMillisMedian, long xmppStartMillisMedian,
            long xmppPlayMillisMedian, long xmppStopMillisMedian, long messagesPerGame, int concurrentGames,
            int concurrentFinished, int concurrentStuck, long concurrentWallMillis, int concurrentAgents,
            long heapPerAgentBytes, long heapPerRawConnectionBytes, long watchedPlayMillisMedian,
            long pageMillisMedian, long pageMillisP99, int pageRequests, long concurrentLoginMillis,
            long concurrentLoginRetries, Map<String, Double> messageKindsPerGame, long concurrentPlayMillis,
            long concurrentAgentsCpuMillis, long concurrentServerCpuMillis, Map<String, Double> bodyCharsPerGame,
            double concurrentWaitsRanOutPerGame) {

        /** Games a second while they all played at once (their logins aside). */
        public double concurrentGamesPerSecond() {
            return concurrentFinished * 1000.0 / Math.max(1, concurrentPlayMillis);
        }

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("players", players);
            m.put("localGames", localGames);
            m.put("localGamesPerSecond", Figures.round(localGamesPerSecond));
            m.put("localGameMillisMedian", localGameMillisMedian);
            m.put("xmppGames", xmppGames);
            m.put("xmppGamesPerSecond", Figures.round(xmppGamesPerSecond));
            m.put("xmppGameMillisMedian", xmppGameMillisMedian);
            m.put("xmppStartMillisMedian", xmppStartMillisMedian);
            m.put("xmppPlayMillisMedian", xmppPlayMillisMedian);
            m.put("xmppStopMillisMedian", xmppStopMillisMedian);
            m.put("xmppToLocalRatio", Figures.round((double) xmppGameMillisMedian / Math.max(1, localGameMillisMedian)));
            m.put("watchedPlayMillisMedian", watchedPlayMillisMedian);
            m.put("pageDuringConcurrentGamesMillisMedian", pageMillisMedian);
            m.put("pageDuringConcurrentGamesMillisP99", pageMillisP99);
            m.put("pageRequests", pageRequests);
            m.put("watchedToUnwatchedPlayRatio", Figures.round((double) watchedPlayMillisMedian
                    / Math.max(1, xmppPlayMillisMedian)));
            m.put("messagesPerGame", messagesPerGame);
            m.put("messageKindsPerGame", messageKindsPerGame);
            m.put("bodyCharsPerGame", Figures.round(bodyCharsPerGame.values().stream().mapToDouble(Double::doubleValue)
                    .sum()));
            m.put("bodyCharKindsPerGame", bodyCharsPerGame);
            m.put("concurrentWaitsRanOutPerGame", Figures.round(concurrentWaitsRanOutPerGame));
            m.put("concurrentGames", concurrentGames);
            m.put("concurrentFinished", concurrentFinished);
            m.put("concurrentStuck", concurrentStuck);
            m.put("concurrentWallMillis", concurrentWallMillis);
            m.put("concurrentAgents", concurrentAgents);
            m.put("concurrentLoginMillis", concurrentLoginMillis);
            m.put("concurrentLoginRetries", concurrentLoginRetries);
            m.put("concurrentPlayMillis", concurrentPlayMillis);
            m.put("concurrentGamesPerSecond", Figures.round(concurrentGamesPerSecond()));
            m.put("concurrentAgentsCpuMillisPerGame", concurrentAgentsCpuMillis / Math.max(1, concurrentFinished));
            m.put("concurrentServerCpuMillisPerGame", concurrentServerCpuMillis < 0 ? -1
                    : concurrentServerCpuMillis / Math.max(1, concurrentFinished));
            m.put("heapPerAgentBytes", heapPerAgentBytes);
            m.put("heapPerRawConnectionBytes", heapPerRawConnectionBytes);
            m.put("heapRatioAgentToRawConnection", Figures.round((double) heapPerAgentBytes
                    / Math.max(1, heapPerRawConnectionBytes)));
            return m;
        }
    }

    private final XmppTransport xmpp;
    private final Consumer<Map<String, String>> provision;
    private final Supplier<Optional<Duration>> serverCpu;
    private final PrintStream out;

    /**
     * @param xmpp      the server to play on
     * @param provision creates accounts on it
     * @param serverCpu the CPU time the server has used so far, where it can be read
     */
    public GameBench(Transport xmpp, Consumer<Map<String, String>> provision, Supplier<Optional<Duration>> serverCpu,
            PrintStream out) {
        if (!(xmpp instanceof XmppTransport x)) {
            throw new IllegalArgumentException("bench game measures games over XMPP, not over " + xmpp.name());
        }
        this.xmpp = x;
        this.provision = provision;
        this.serverCpu = serverCpu;
        this.out = out;
    }

    public Result run(int players, int localGames, int xmppGames, int concurrent, long seed) throws Exception {
        out.printf("warming up: 10 games on the in-JVM transport ...%n");
        for (int i = 0; i < 10; i++) {
            playLocal(players, seed + i);
        }
        out.printf("%d games one after another on the in-JVM transport ...%n", localGames);
        long[] local = new long[localGames];
        long localMessages = 0;
        MessageCensus census = MessageCensus.start();
        for (int i = 0; i < localGames; i++) {
            GameTable.Result r = playLocal(players, seed + 100 + i);
            local[i] = r.wallMillis();
            localMessages += r.messages();
        }
        Map<String, Double> kinds = new LinkedHashMap<>();
        census.stop().forEach((kind, n) -> kinds.put(kind, Figures.round((double) n / localGames)));
        out.printf("where a game's %d messages go (sender, performative, type; a game's mean):%n",
                localMessages / localGames);
        kinds.entrySet().stream().limit(12).forEach(e -> out.printf("  %7.1f  %s%n", e.getValue(), e.getKey()));
        double localPerSecond = localGames / (Arrays.stream(local).sum() / 1000.0);

        out.printf("%d games one after another over ejabberd (after 2 to warm up) ...%n", xmppGames);
        for (int i = 0; i < 2; i++) {
            playXmpp("warm" + i + "-", players, seed + i);
        }
        long[] wall = new long[xmppGames];
        long[] start = new long[xmppGames];
        long[] play = new long[xmppGames];
        long[] stop = new long[xmppGames];
        MessageCensus written = MessageCensus.start();
        for (int i = 0; i < xmppGames; i++) {
            GameTable.Result r = playXmpp("seq" + i + "-", players, seed + 200 + i);
            wall[i] = r.wallMillis();
            start[i] = r.startMillis();
            play[i] = r.playMillis();
            stop[i] = r.stopMillis();
            out.printf("  game %d: %d ms (%d connecting, %d playing, %d leaving), %s%n", i + 1, r.wallMillis(),
                    r.startMillis(), r.playMillis(), r.stopMillis(), r.rounds().get(0).winner());
        }
        written.stop();

        Map<String, Double> chars = new LinkedHashMap<>();
        written.bodyChars().forEach((kind, n) -> chars.put(kind, Figures.round((double) n / xmppGames)));
        out.printf("their bodies' text, %.0f characters a game; the most (sender, performative, type; a game's mean):%n",
                chars.values().stream().mapToDouble(Double::doubleValue).sum());
        chars.entrySet().stream().limit(6).forEach(e -> out.printf("  %9.0f  %s%n", e.getValue(), e.getKey()));
        // Games per second of play: the accounts created between games are not part of a game.
        double xmppPerSecond = xmppGames / (Arrays.stream(wall).sum() / 1000.0);

        out.printf("the same %d games with the web monitor watching (god view, a page open) ...%n", xmppGames);
        long[] watched = new long[xmppGames];
        for (int i = 0; i < xmppGames; i++) {
            watched[i] = playXmppWatched("web" + i + "-", players, seed + 200 + i);
            out.printf("  game %d: %d ms playing, watched%n", i + 1, watched[i]);
        }

        // Before the games at once, whose thousands of agents leave garbage behind that a later measure would count.
        out.printf("heap of bare Smack connections, for comparison ...%n");
        long rawHeap = rawConnectionHeap(200);

        out.printf("%d games at once on one ejabberd ...%n", concurrent);
        Concurrent c = concurrent(players, concurrent, seed + 1000);

        return new Result(players, localGames, localPerSecond, median(local), xmppGames, xmppPerSecond, median(wall),
                median(start), median(play), median(stop), localMessages / localGames, concurrent, c.finished,
                c.stuck, c.wallMillis, c.agents, c.heapPerAgent, rawHeap, median(watched), c.pageMillisMedian,
                c.pageMillisP99, c.pageRequests, c.loginMillis, c.loginRetries, kinds, c.playMillis,
                c.agentsCpuMillis, c.serverCpuMillis, chars, c.waitsRanOutPerGame);
    }

    private GameTable.Result playLocal(int players, long seed) throws Exception {
        GameTable table = GameTable.on(Network.local(new LocalTransport(xmpp.domain())), MawTables.bots("", players, 1,
                seed, OPTIONS, null));
        return table.play(null, null, Duration.ofMinutes(2));
    }

    private GameTable.Result playXmpp(String prefix, int players, long seed) throws Exception {
        GameTable table = GameTable.on(Network.of(xmpp, provision), MawTables.bots("bench-" + prefix, players, 1, seed,
                OPTIONS, null));
        return table.play(null, null, Duration.ofMinutes(2));
    }

    /**
     * A game over ejabberd with the web monitor watching it (and a page following the god view's stream): the game
     * begins once the monitor watches (a start gate), so that it watches the whole game, and the monitor stops after.
     * Its playing time, from the first join to the last leaderboard, without the time the game was held at the gate.
     */
    private long playXmppWatched(String prefix, int players, long seed) throws Exception {
        GameTable table = GameTable.on(Network.of(xmpp, provision), MawTables.bots("bench-" + prefix, players, 1, seed,
                OPTIONS, null));
        String web = "bench-" + prefix + "web";
        provision.accept(Map.of(web, "pw-web"));
        CompletableFuture<Void> gate = new CompletableFuture<>();
        table.startGate(gate);
        CompletableFuture<GameTable.Result> played = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                played.complete(table.play(null, null, Duration.ofMinutes(2)));
            } catch (Throwable e) {
                played.completeExceptionally(e);
            }
        });
        WebMonitor monitor = null;
        Thread page = null;
        try {
            table.allStarted().get(1, TimeUnit.MINUTES);
            long held = System.nanoTime();
            monitor = new WebMonitor(Jid.of(web, xmpp.domain()), "pw-web", table.gameMaster(), table.watchToken(),
                    "127.0.0.1", 0);
            monitor.start(xmpp);
            HttpClient http = HttpClient.newHttpClient();
            URI events = URI.create("http://127.0.0.1:" + monitor.port() + "/events?token=" + table.watchToken());
            CompletableFuture<Void> open = new CompletableFuture<>();
            page = Thread.ofVirtual().start(() -> {
                try {
                    http.send(HttpRequest.newBuilder(events).header("Accept", "text/event-stream").build(), info -> {
                        open.complete(null);
                        return HttpResponse.BodySubscribers.discarding();
                    });
                } catch (Exception e) {
                    open.complete(null); // the stream ends when the monitor stops
                }
            });
            open.get(30, TimeUnit.SECONDS);
            held = (System.nanoTime() - held) / 1_000_000;
            gate.complete(null);
            return played.get(2, TimeUnit.MINUTES).playMillis() - held;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        } finally {
            gate.complete(null);
            if (monitor != null) {
                monitor.stop();
            }
            if (page != null) {
                page.interrupt();
            }
        }
    }

    private record Concurrent(int finished, int stuck, long wallMillis, long playMillis, int agents,
            long heapPerAgent, long pageMillisMedian, long pageMillisP99, int pageRequests, long loginMillis,
            long loginRetries, long agentsCpuMillis, long serverCpuMillis, double waitsRanOutPerGame) {}

    /**
     * {@code games} tables started at the same instant, every agent logging in at once (the transport lets
     * xmpp.login-concurrency through at a time); the games are held at a start gate until all agents are in, so that
     * the login time and the heap per agent are those of everyone connected, then they all play at once.
     */
    private Concurrent concurrent(int players, int games, long seed) throws Exception {
        List<GameTable> tables = new ArrayList<>();
        Network.Batch accounts = Network.batch(Network.of(xmpp, provision));
        CompletableFuture<Void> gate = new CompletableFuture<>();
        for (int g = 0; g < games; g++) {
            GameTable t = GameTable.on(accounts, MawTables.bots("bench-c" + g + "-", players, 1, seed + g, OPTIONS,
                    null));
            t.startGate(gate);
            tables.add(t);
        }
        accounts.make();
        long before = liveHeap();
        long retries0 = xmpp.loginRetries();
        long in0 = xmpp.loggedIn();
        long t0 = System.nanoTime();
        List<CompletableFuture<GameTable.Result>> results = new ArrayList<>();
        for (GameTable t : tables) {
            CompletableFuture<GameTable.Result> f = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    // The game's own time counts from when its agents are in, which includes the wait at the gate.
                    f.complete(t.play(null, null, Duration.ofMinutes(45)));
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            results.add(f);
        }
        int agents = games * (3 + 2 * players);
        CompletableFuture<Void> allIn = CompletableFuture.allOf(tables.stream().map(GameTable::allStarted)
                .toArray(CompletableFuture[]::new));
        // A storm of logins takes minutes on a small machine: say how far it is every 10 s.
        waitWithProgress(allIn, t0, () -> String.format("%d of %d agents logged in, %d logins tried again",
                xmpp.loggedIn() - in0, agents, xmpp.loginRetries() - retries0));
        long loginMillis = (System.nanoTime() - t0) / 1_000_000;
        long during = liveHeap();
        out.printf("  all %d agents logged in (%d ms, %d logins tried again); live heap %d MB over the %d MB before%n",
                agents, loginMillis, xmpp.loginRetries() - retries0, during >> 20, before >> 20);
        // The web monitor of one of the games, its page asked for the table every 50 ms while the games play.
        PageWatch page = PageWatch.start(tables.getLast(), xmpp, provision);
        long cpu0 = processCpuNanos();
        long ranOut0 = MessageCensus.waitsRanOut();
        Optional<Duration> serverCpu0 = serverCpu.get();
        long p0 = System.nanoTime();
        gate.complete(null);
        CompletableFuture<Void> allOver = CompletableFuture.allOf(results.stream()
                .map(f -> f.handle((r, e) -> null)).toArray(CompletableFuture[]::new));
        try {
            waitWithProgress(allOver, p0, () -> String.format("%d of %d games over",
                    results.stream().filter(CompletableFuture::isDone).count(), games));
        } catch (TimeoutException e) {
            // counted below as stuck
        }
        int finished = 0;
        int stuck = 0;
        for (CompletableFuture<GameTable.Result> f : results) {
            try {
                f.get(1, TimeUnit.SECONDS);
                finished++;
            } catch (Exception e) {
                stuck++;
                out.printf("  a game did not finish: %s%n", e.getCause() != null ? e.getCause() : e);
            }
        }
        long wall = (System.nanoTime() - t0) / 1_000_000;
        long playMillis = (System.nanoTime() - p0) / 1_000_000;
        // The CPU the games took while they played (this process's agents, and the server's), the logins aside.
        long agentsCpu = (processCpuNanos() - cpu0) / 1_000_000;
        double ranOut = (double) (MessageCensus.waitsRanOut() - ranOut0) / Math.max(1, finished);
        Optional<Duration> serverCpu1 = serverCpu.get();
        long serverCpuMillis = serverCpu0.isPresent() && serverCpu1.isPresent()
                ? serverCpu1.get().minus(serverCpu0.get()).toMillis() : -1;
        List<Long> sorted = page.stop();
        long pageMedian = sorted.isEmpty() ? -1 : sorted.get(sorted.size() / 2);
        long pageP99 = sorted.isEmpty() ? -1 : sorted.get((int) Math.min(sorted.size() - 1, sorted.size() * 0.99));
        out.printf("  %d finished, %d stuck, %d ms playing (%d ms in all); the monitor's page answered %d times: median"
                + " %d ms, 99th percentile %d ms%n", finished, stuck, playMillis, wall, sorted.size(), pageMedian,
                pageP99);
        out.printf("  CPU while they played: %d ms in the agents' process, %s; the agents' timed waits that ran out "
                + "(a timer fell due, or a look found nothing): %.0f a game%n", agentsCpu, serverCpuMillis < 0
                ? "the server's not readable" : serverCpuMillis + " ms in the server's", ranOut);
        return new Concurrent(finished, stuck, wall, playMillis, agents, Math.max(0, during - before) / agents,
                pageMedian, pageP99, sorted.size(), loginMillis, xmpp.loginRetries() - retries0, agentsCpu,
                serverCpuMillis, ranOut);
    }

    /** A game's web monitor, its page asked for the table every 50 ms: how long each answer took. */
    private record PageWatch(WebMonitor monitor, AtomicBoolean polling, Thread poller, List<Long> millis) {

        static PageWatch start(GameTable watched, XmppTransport xmpp, Consumer<Map<String, String>> provision)
                throws maw.runtime.TransportException {
            String web = "bench-c-web";
            provision.accept(Map.of(web, "pw-web"));
            WebMonitor monitor = new WebMonitor(Jid.of(web, xmpp.domain()), "pw-web",
                    watched.gameMaster(), watched.watchToken(), "127.0.0.1", 0);
            monitor.start(xmpp);
            List<Long> pageMillis = new CopyOnWriteArrayList<>();
            AtomicBoolean polling = new AtomicBoolean(true);
            HttpClient http = HttpClient.newHttpClient();
            Thread poller = Thread.ofVirtual().start(() -> {
                while (polling.get()) {
                    long p0 = System.nanoTime();
                    try {
                        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                + monitor.port() + "/state?token=" + watched.watchToken())).build(),
                                HttpResponse.BodyHandlers.ofString());
                        pageMillis.add((System.nanoTime() - p0) / 1_000_000);
                        Thread.sleep(50);
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            return new PageWatch(monitor, polling, poller, pageMillis);
        }

        /** Stops asking and the monitor; the answers' times, shortest first. */
        List<Long> stop() throws InterruptedException {
            polling.set(false);
            poller.join();
            monitor.stop();
            return millis.stream().sorted().toList();
        }
    }

    /** The CPU time this process has used so far, as the operating system counts it. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Waits for {@code done}, a line of progress every 10 s; gives up after 30 minutes. */
    private void waitWithProgress(CompletableFuture<?> done, long since, Supplier<String> progress)
            throws Exception {
        long shown = System.nanoTime();
        while (true) {
            try {
                done.get(1, TimeUnit.SECONDS);
                return;
            } catch (TimeoutException e) {
                if (System.nanoTime() - since > TimeUnit.MINUTES.toNanos(30)) {
                    throw e;
                }
                if (System.nanoTime() - shown > TimeUnit.SECONDS.toNanos(10)) {
                    shown = System.nanoTime();
                    out.printf("  %ds: %s%n", TimeUnit.NANOSECONDS.toSeconds(shown - since), progress.get());
                }
            }
        }
    }

    /** Heap held by {@code n} bare Smack connections logged in with the agents' settings. */
    private long rawConnectionHeap(int n) throws Exception {
        Map<String, String> accounts = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            accounts.put("bench-raw-" + i, "pw-raw");
        }
        provision.accept(accounts);
        long before = liveHeap();
        List<XMPPTCPConnection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                XMPPTCPConnection c = new XMPPTCPConnection(xmpp.configurationFor(
                        Jid.of("bench-raw-" + i, xmpp.domain()), "pw-raw"));
                c.setUseStreamManagement(true);
                c.connect();
                c.login();
                connections.add(c);
            }
            return Math.max(0, liveHeap() - before) / n;
        } finally {
            connections.forEach(XMPPTCPConnection::instantShutdown);
        }
    }

    /** Heap in use after a full collection: what is really held. */
    static long liveHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static long median(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
