package maw.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.app.AgentNetwork;
import maw.app.TournamentDirector;
import maw.app.TournamentWorker;
import maw.app.Tournaments;
import maw.runtime.Jid;
import maw.tournament.Tournament;
import maw.bench.ClusterBench;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.runtime.xmpp.XmppTransport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw bench cluster}: what spreading agents over an ejabberd cluster's nodes costs (docs/SCALING.md). */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        header = "What spreading agents over the nodes of an ejabberd cluster costs, against one node.",
        description = {"On the private cluster (xmpp.cluster.*, started if need be): request/reply between two agents",
            "at one node against two agents at two nodes; a six-player game of rule bots with every agent at one",
            "node against the same game spread over the nodes; games started together at one node and spread",
            "over the nodes, in games a second; a tournament of rule-bot games by 1, 2 and 3 workers (director and",
            "workers in this process, their agents spread over the nodes), in games a second.",
            "Targets: a spread game at most 1.3 times its time at one node."})
final class BenchClusterCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--nodes", description = "the cluster's nodes (default: the xmpp.cluster.nodes setting)")
    Integer nodes;

    @Option(names = "--rounds", defaultValue = "2000", description = "request/reply round trips (default: "
            + "${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--games", defaultValue = "10", description = "games at one node and spread, one after another "
            + "(default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--at-once", defaultValue = "20", description = "games started together, at one node and spread "
            + "(default: ${DEFAULT-VALUE})")
    int atOnce;

    @Option(names = "--seed", defaultValue = "1", description = "the first game's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--worker-games", defaultValue = "30", description = "games of each tournament played by 1, 2 "
            + "and 3 workers (default: ${DEFAULT-VALUE}; 0: none)")
    int workerGames;

    @Option(names = "--worker-tables", defaultValue = "2", description = "tables of each worker (default: "
            + "${DEFAULT-VALUE})")
    int workerTables;

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Checks.range(rounds, 10, 1_000_000, "--rounds");
        Checks.range(games, 1, 1000, "--games");
        Checks.range(atOnce, 1, 1000, "--at-once");
        Checks.range(workerGames, 0, 100_000, "--worker-games");
        Checks.range(workerTables, 1, 100, "--worker-tables");
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>();
        flags.put("xmpp.server", new MawConfig.Value("cluster", "bench cluster"));
        flags.put("transport", new MawConfig.Value("xmpp", "bench cluster"));
        if (nodes != null) {
            if (nodes < 2 || nodes > 16) {
                throw new ConfigException("invalid value '" + nodes + "' for --nodes: expected 2 to 16");
            }
            flags.put("xmpp.cluster.nodes", new MawConfig.Value(Integer.toString(nodes), "--nodes"));
        }
        MawConfig config = options.load(flags);
        try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
            System.out.println("bench cluster on " + network.describe());
            ClusterBench.Result r = new ClusterBench((XmppTransport) network.transport(), network::provision,
                    System.out).run(rounds, games, atOnce, seed);
            System.out.printf("%nrequest/reply: %.0f us at one node, %.0f us across two nodes (%.2f times)%n",
                    r.oneNodeMedianMicros(), r.twoNodesMedianMicros(), r.twoNodesMedianMicros()
                            / r.oneNodeMedianMicros());
            System.out.printf("a six-player game: %d ms playing at one node, %d ms spread over %d nodes (%.2f times; "
                    + "target <= 1.3)%n", r.oneNodeGameMillis(), r.spreadGameMillis(), r.nodes(),
                    (double) r.spreadGameMillis() / Math.max(1, r.oneNodeGameMillis()));
            System.out.printf("%d games at once: %.2f games a second at one node, %.2f spread (%d and %d lost)%n",
                    r.atOnce(), r.oneNodeGamesPerSecond(), r.spreadGamesPerSecond(), r.lostOneNode(),
                    r.lostSpread());
            Map<String, Object> rates = new LinkedHashMap<>();
            if (workerGames > 0) {
                for (int k = 1; k <= 3; k++) {
                    double perSecond = workers(k, network, config);
                    rates.put("tournamentGamesPerSecondWorkers" + k, Math.round(perSecond * 100) / 100.0);
                }
                System.out.printf("a tournament of %d games by workers of %d tables: %s games a second with 1, 2 and 3 "
                        + "workers%n", workerGames, workerTables, rates.values());
            }
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                out.putAll(rates);
                out.put("workerGames", workerGames);
                out.put("workerTables", workerTables);
                out.put("server", network.describe());
                BenchCommand.printJson(out);
            }
            return r.lostOneNode() + r.lostSpread() == 0 ? 0 : 1;
        }
    }

    /**
     * A tournament of {@link #workerGames} rule-bot games handed by a director to {@code k} workers of
     * {@link #workerTables} tables each, all in this process on the cluster (each agent at the node its name picks):
     * games a second from the director's start until its last result.
     */
    private double workers(int k, AgentNetwork network, MawConfig config) throws Exception {
        Path dir = Files.createTempDirectory("maw-bench-workers-");
        String director = "bench-director-" + Long.toString(System.nanoTime() % 1_000_000, 36);
        List<String> args = new ArrayList<>(List.of("--workers", "--director", director, "--games",
                Integer.toString(workerGames), "--seats", "rule:6", "--out", dir.resolve("t").toString(), "--seed",
                Long.toString(seed)));
        options.sets.forEach((key, v) -> args.addAll(List.of("--set", key + "=" + v)));
        args.addAll(List.of("--set", "xmpp.server=cluster", "--set", "transport=xmpp"));
        if (nodes != null) {
            args.addAll(List.of("--set", "xmpp.cluster.nodes=" + nodes));
        }
        Tournaments.Request request = TournamentCommand.forWorker(args, seed, dir.resolve("t"));
        Tournaments.Request fresh = new Tournaments.Request(request.settings(), request.plan(), request.seatEntrant(),
                request.ruleset(), request.variant(), request.games(), request.seed(), request.parallel(),
                request.dir(), false, args, null, 0, request.lobby());
        System.out.printf("a tournament of %d games by %d worker(s) of %d table(s) ...%n", workerGames, k,
                workerTables);
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        List<TournamentWorker> workers = new ArrayList<>();
        String domain = network.transport().domain();
        Path keyFile = dir.resolve("t").resolve(TournamentDirector.KEY_FILE);
        maw.app.WorkerKey key = maw.app.WorkerKey.forDirector(keyFile);
        for (int i = 0; i < k; i++) {
            String name = director + "-w" + i;
            network.provision(Map.of(name, "bench-worker-pw"));
            Path base = dir.resolve(name);
            TournamentWorker w = new TournamentWorker(Jid.of(name, domain), "bench-worker-pw", workerTables,
                    Jid.of(director, domain), key, award -> Tournaments.forWorker(TournamentCommand.forWorker(award.args(),
                            award.seed(), base.resolve(award.tournament())), network, name, quiet), quiet);
            workers.add(w);
        }
        long t0 = System.nanoTime();
        CompletableFuture<Object> played = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                played.complete(TournamentDirector.run(fresh, director, keyFile,
                        TournamentDirector.DEFAULT_AWARD_DEADLINE, quiet));
            } catch (Throwable e) {
                played.completeExceptionally(e);
            }
        });
        for (TournamentWorker w : workers) {
            w.start(network.transport());
        }
        try {
            played.get(30, TimeUnit.MINUTES);
        } finally {
            workers.forEach(TournamentWorker::stop);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        int counted = Tournament.results(dir.resolve("t")).size();
        System.out.printf(Locale.ROOT, "  %d games counted in %.1f s: %.2f games a second%n", counted, seconds,
                counted / seconds);
        return counted / seconds;
    }
}
