package maw.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
import maw.app.Seats;
import maw.app.mcp.McpHttpServer;
import maw.app.mcp.McpSeatServer;
import maw.config.ConfigException;
import maw.config.MawConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw mcp}: an MCP host's agent takes a seat at a GameMaster's table. */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        header = "Let an MCP host's agent play a seat: MAW as a Model Context Protocol server.",
        description = {"Serves the Model Context Protocol, on standard input and output as a desktop host starts",
            "it (--transport stdio), or over Streamable HTTP for hosts elsewhere (--transport http, at",
            "http://127.0.0.1:PORT/mcp, every host showing a seat token of its own as",
            "Authorization: Bearer TOKEN). The session's agent joins a running GameMaster (./maw gm, a",
            "game with --open-seats) with join_table, then plays with next_turn and the act tools",
            "(speak, vote, whisper, divine, guard, pass), each answered with what the rules made of it.",
            "Over stdio, standard output carries the protocol alone; what the server says goes to",
            "standard error and var/log/maw.log. docs/MCP.md tells how to add MAW to a host."})
final class McpCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    TableOptions table;

    @Option(names = "--name", description = "over stdio, seat the session at once under this name (default: the "
            + "host's join_table names it)")
    String name;

    @Option(names = "--transport", defaultValue = "stdio", description = "how hosts reach the server: stdio or http "
            + "(Streamable HTTP) (default: ${DEFAULT-VALUE})")
    String transport;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "with http, the address to listen on; "
            + "another than loopback needs --token-file (default: ${DEFAULT-VALUE})")
    String bind;

    @Option(names = "--http-port", defaultValue = "8765", description = "with http, the port (default: "
            + "${DEFAULT-VALUE}; 0: any)")
    int httpPort;

    @Option(names = "--token-file", paramLabel = "FILE", description = "with http, the seat tokens the server takes, "
            + "one a line (default: any token a host chooses, of 16 to 256 visible characters, each its own seat)")
    Path tokenFile;

    @Option(names = "--seats", defaultValue = "8", description = "with http, how many seats (tokens) the server "
            + "holds at most (default: ${DEFAULT-VALUE})")
    int seats;

    @Mixin
    ServerOptions server;

    @Override
    public Integer call() throws Exception {
        boolean http = switch (transport) {
            case "stdio" -> false;
            case "http" -> true;
            default -> throw new ConfigException("invalid value '" + transport + "' for --transport: expected stdio "
                    + "or http");
        };
        java.time.Duration[] patience = table.patience(); // checked before anything connects
        List<String> tokens = http ? tokens() : null;
        if (http) {
            Checks.port(httpPort, "--http-port");
            Checks.range(seats, 1, 1000, "--seats");
            if (name != null) {
                throw new ConfigException("--name seats a stdio session; over http each host's join_table names its "
                        + "seat");
            }
            boolean loopback;
            try {
                loopback = java.net.InetAddress.getByName(bind).isLoopbackAddress();
            } catch (java.net.UnknownHostException e) {
                throw new ConfigException("invalid value '" + bind + "' for --bind: no such address");
            }
            if (tokens == null && !loopback) {
                throw new ConfigException("invalid value '" + bind + "' for --bind: a server bound to another "
                        + "address than loopback seats only the tokens of a --token-file");
            }
        }
        MawConfig settings = config.load(server.flags());
        McpSeatServer.Table seat = new McpSeatServer.Table(null, table.gm, table.password, patience,
                Seats.templates(settings));
        if (http) {
            return serveHttp(settings, seat, tokens);
        }
        // Standard output is the protocol's: every word of the server's own goes to standard error.
        java.io.PrintStream protocol = System.out;
        System.setOut(System.err);
        try (AgentNetwork network = AgentNetwork.open(settings, System.err::println)) {
            McpSeatServer.serveStdio(seat.on(network), name == null ? null : name.strip(), System.in, protocol);
            return 0;
        }
    }

    private int serveHttp(MawConfig settings, McpSeatServer.Table seat, List<String> tokens) throws Exception {
        try (AgentNetwork network = AgentNetwork.open(settings, System.err::println)) {
            McpHttpServer s;
            try {
                s = McpHttpServer.start(seat.on(network), new McpHttpServer.Options(bind, httpPort, tokens, seats));
            } catch (IOException e) {
                throw new ConfigException("invalid value '" + httpPort + "' for --http-port: " + e.getMessage());
            }
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "mcp-stop"));
            System.out.println("MCP server (Streamable HTTP) at " + s.endpoint() + ": each host shows its seat token "
                    + "as Authorization: Bearer TOKEN" + (tokens == null ? " (one it chooses, 16 to 256 characters)"
                    : " (one of the " + tokens.size() + " in " + tokenFile + ")") + "; up to " + seats + " seats. "
                    + "Ctrl-C stops it.");
            System.out.flush();
            s.join();
            return 0;
        }
    }

    /** The tokens of --token-file (null: none given). */
    private List<String> tokens() {
        if (tokenFile == null) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(tokenFile, StandardCharsets.UTF_8).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new ConfigException("invalid value '" + tokenFile + "' for --token-file: " + e.getMessage());
        }
        if (lines.isEmpty()) {
            throw new ConfigException("invalid value '" + tokenFile + "' for --token-file: it holds no token");
        }
        for (String t : lines) {
            String bad = McpHttpServer.shape(t);
            if (bad != null) {
                throw new ConfigException("invalid value '" + tokenFile + "' for --token-file: " + bad + " (one a "
                        + "line)");
            }
        }
        return lines;
    }
}
