package maw.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
import maw.bench.McpBench;
import maw.config.ConfigException;
import maw.config.MawConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw bench mcp}: what a tool call adds to a seat's act. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        header = "What an MCP tool call adds to a seat's act, against a seat played over XMPP.",
        description = {"One table on ejabberd in one run: two seats that listen, a seat played directly over XMPP",
            "(the baseline) and a seat played over Streamable HTTP through maw mcp's server by an MCP host in a",
            "process of its own, with the Java MCP SDK's client and with a bare HTTP client. They change the seats'",
            "votes in turns through one long day, each act timed from the call to the GameMaster's acceptance;",
            "then calls that reach no table, and one HTTP exchange with nothing behind it. Reports medians and",
            "90th percentiles, what the MCP call adds at the median (goal: under 2 ms), and the ratios."})
final class BenchMcpCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--acts", defaultValue = "400", description = "timed acts of each seat (default: ${DEFAULT-VALUE})")
    int acts;

    @Option(names = "--warmup", defaultValue = "50", description = "acts of each seat before the timing (default: "
            + "${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--gap-ms", defaultValue = "50", description = "the pause after each act or call, so each meets "
            + "the table at rest as in a game (default: ${DEFAULT-VALUE})")
    int gapMillis;

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Checks.range(acts, 10, 100_000, "--acts");
        Checks.range(warmup, 0, 10_000, "--warmup");
        Checks.range(gapMillis, 10, 10_000, "--gap-ms");
        MawConfig config = options.load();
        try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
            if (!network.crossesProcesses() || !network.canProvision()) {
                throw new ConfigException("bench mcp needs an ejabberd it can create accounts on (transport xmpp)");
            }
            System.out.println("bench mcp on " + network.describe());
            McpBench.Result r = new McpBench(network, System.out).run(acts, warmup,
                    java.time.Duration.ofMillis(gapMillis));
            System.out.printf("%na vote from the call to the GameMaster's acceptance, %d each way:%n", r.acts());
            System.out.printf("  the seat over XMPP:                    median %.2f ms, 90th percentile %.2f ms%n",
                    r.xmpp().median(), r.xmpp().p90());
            System.out.printf("  through MCP, the Java SDK's client:    median %.2f ms, 90th percentile %.2f ms%n",
                    r.sdk().median(), r.sdk().p90());
            System.out.printf("  through MCP, a bare HTTP client:       median %.2f ms, 90th percentile %.2f ms%n",
                    r.bare().median(), r.bare().p90());
            System.out.printf("a call that reaches no table (status), median: %.2f ms through the SDK's client, %.2f ms "
                    + "by the bare client;%n  one HTTP exchange with nothing behind it: %.2f ms%n",
                    r.statusSdkMillis(), r.statusBareMillis(), r.exchangeMillis());
            System.out.printf("what the tool call adds at the median: %.2f ms through the SDK's client (goal: under 2 ms; "
                    + "ratio %.2f), %.2f ms through the bare one (ratio %.2f)%n", r.addedMedianMillis(), r.ratio(),
                    r.bareAddedMedianMillis(), r.bareRatio());
            if (r.refused() > 0) {
                System.out.printf("acts not accepted: %d%n", r.refused());
            }
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                out.put("server", network.describe());
                BenchCommand.printJson(out);
            }
            return r.refused() == 0 ? 0 : 1;
        }
    }
}
