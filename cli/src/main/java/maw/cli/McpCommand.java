package maw.cli;

import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
import maw.app.mcp.McpSeatServer;
import maw.config.ConfigException;
import maw.config.MawConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw mcp}: an MCP host's agent takes a seat at a GameMaster's table. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        header = "Let an MCP host's agent play a seat: MAW as a Model Context Protocol server.",
        description = {"Serves the Model Context Protocol on standard input and output, as a desktop host",
            "starts it: the session's agent joins a running GameMaster (./maw gm, a game with",
            "--open-seats) with join_table, then plays with next_turn and the act tools (speak,",
            "vote, whisper, divine, guard, pass), each answered with what the rules made of it.",
            "Standard output carries the protocol alone; what the server says goes to standard error",
            "and var/log/maw.log. docs/MCP.md tells how to add MAW to a host."})
final class McpCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    TableOptions table;

    @Option(names = "--name", description = "seat the session at once under this name (default: the host's "
            + "join_table names it)")
    String name;

    @Option(names = "--transport", defaultValue = "stdio", description = "how hosts reach the server: stdio "
            + "(default: ${DEFAULT-VALUE})")
    String transport;

    @Mixin
    ServerOptions server;

    @Override
    public Integer call() throws Exception {
        if (!transport.equals("stdio")) {
            throw new ConfigException("invalid value '" + transport + "' for --transport: expected stdio");
        }
        java.time.Duration[] patience = table.patience(); // checked before anything connects
        MawConfig settings = config.load(server.flags());
        // Standard output is the protocol's: every word of the server's own goes to standard error.
        java.io.PrintStream protocol = System.out;
        System.setOut(System.err);
        try (AgentNetwork network = AgentNetwork.open(settings, System.err::println)) {
            McpSeatServer.serveStdio(new McpSeatServer.Table(network, table.gm, table.password, patience),
                    name == null ? null : name.strip(), System.in, protocol);
            return 0;
        }
    }
}
