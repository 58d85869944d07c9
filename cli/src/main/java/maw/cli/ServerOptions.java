package maw.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import maw.config.MawConfig;
import picocli.CommandLine.Option;

/** Where a seat's table is when it is not this machine's private ejabberd ({@code maw join}, {@code maw mcp}). */
public final class ServerOptions {

    @Option(names = "--server", paramLabel = "HOST",
            description = "the XMPP server of the table (default: this machine's private ejabberd)")
    String server;

    @Option(names = "--port", paramLabel = "P", description = "its client port (setting xmpp.port)")
    String port;

    /** The settings these options stand for, as command-line flags. */
    Map<String, MawConfig.Value> flags() {
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>();
        if (server != null) {
            flags.put("xmpp.server", new MawConfig.Value("external", "--server"));
            flags.put("xmpp.host", new MawConfig.Value(server, "--server"));
        }
        if (port != null) {
            flags.put("xmpp.port", new MawConfig.Value(port, "--port"));
        }
        return flags;
    }
}
