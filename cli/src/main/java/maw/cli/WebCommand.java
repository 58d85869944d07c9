package maw.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
import maw.app.Monitors;
import maw.config.ConfigException;
import maw.runtime.Jid;
import maw.web.WebMonitor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw web}: the web monitor of a game whose GameMaster runs in another process. */
@Command(name = "web", mixinStandardHelpOptions = true,
        header = "Watch a game in the browser: the table live, from a GameMaster running anywhere on the server.",
        description = {"Starts the web monitor: an agent that watches the game at its GameMaster over XMPP, and a page",
            "on 127.0.0.1:PORT that shows the table as it happens. The public view shows what every player is told;",
            "with --token (the watch token ./maw gm printed) the page's god view (?token=...) shows roles, the pack's",
            "news and whispers, and the inside of every agent of the game (asked over XMPP wherever it runs). On the",
            "project's own ejabberd, people may take a seat from the page while the lobby is open. Runs until",
            "interrupted."})
final class WebCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = {"--gm", "--game"}, paramLabel = "GM", description = "the GameMaster's address (name@domain) of "
            + "a game to watch live")
    String gm;

    @Option(names = "--replay", paramLabel = "GAME_DIR", description = "step through a finished game from its journal "
            + "(GAME_DIR/game.jsonl) instead")
    Path replay;

    @Option(names = "--token", hidden = true, description = "refused: a token on the command line is readable by "
            + "every user of the machine")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "a file holding the GameMaster's watch token, "
            + "for the god view (./maw gm writes watch.token in its game's directory); -: standard input (default: "
            + "MAW_WATCH_TOKEN; none: the public view)")
    Path tokenFile;

    @Option(names = "--port", defaultValue = "7070", description = "the page's port on 127.0.0.1 (default: "
            + "${DEFAULT-VALUE}; 0: any free one)")
    int port;

    @Option(names = "--seconds", description = "stop after this long (default: run until interrupted)")
    Double seconds;

    @Override
    public Integer call() throws Exception {
        if ((gm == null) == (replay == null)) {
            throw new ConfigException("give --gm (a game to watch live) or --replay (a finished game), one of them");
        }
        Checks.port(port);
        String watchToken = Tokens.read(token, tokenFile, "MAW_WATCH_TOKEN");
        if (replay != null) {
            return replay();
        }
        Jid master;
        try {
            master = Jid.parse(gm);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + gm + "' for --gm: " + e.getMessage());
        }
        try (AgentNetwork network = AgentNetwork.open(config.load(), System.out::println)) {
            WebMonitor monitor = Monitors.start(network, master, watchToken, port, System.out::println);
            Monitors.offerSeats(network, monitor, master, System.out::println);
            try {
                if (seconds != null) {
                    Thread.sleep(Math.round(seconds * 1000));
                } else {
                    Thread.currentThread().join();
                }
            } finally {
                monitor.stop();
            }
        }
        return 0;
    }

    private int replay() throws Exception {
        // The journal holds every role: the one who has it may see the god view; the token keeps the address apart.
        String godToken = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        try (Monitors.ReplayPage page = Monitors.replay(replay, godToken, port, "--replay")) {
            System.out.printf("replay of %s (%d messages): %s   (god view: %s)%n", page.journal(), page.messages(),
                    page.address(), page.godView());
            page.stay(seconds == null ? null : java.time.Duration.ofMillis(Math.round(seconds * 1000)));
        }
        return 0;
    }
}
