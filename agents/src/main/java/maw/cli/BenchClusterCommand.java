package maw.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
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
            "over the nodes, in games a second. Targets: a spread game at most 1.3 times its time at one node."})
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

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Checks.range(rounds, 10, 1_000_000, "--rounds");
        Checks.range(games, 1, 1000, "--games");
        Checks.range(atOnce, 1, 1000, "--at-once");
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
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                out.put("server", network.describe());
                BenchCommand.printJson(out);
            }
            return r.lostOneNode() + r.lostSpread() == 0 ? 0 : 1;
        }
    }
}
