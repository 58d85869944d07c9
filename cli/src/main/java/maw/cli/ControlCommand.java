package maw.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import maw.agents.WatchCatalog;
import maw.app.AgentNetwork;
import maw.app.GameControl;
import maw.config.ConfigException;
import maw.runtime.Jid;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maw control}: pause, step or resume a game whose GameMaster runs anywhere on the server. */
@Command(name = "control", mixinStandardHelpOptions = true,
        header = "Pause, step or resume a running game (the host's control of ./maw gm).",
        description = {"Asks a GameMaster, with its watch token, to pause its game (the phase clock stops; acts wait",
            "to be judged; the rooms take no line), to step it (run until the next phase, or with --unit step the",
            "next AIWolf step, begins, then pause), to resume it, or to say where its clock stands (status).",
            "The web monitor's god view has the same buttons, and Step, Break, Slow and Go for each agent."})
final class ControlCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Parameters(index = "0", paramLabel = "ACTION", description = "pause, step, resume or status")
    String action;

    @Option(names = "--gm", required = true, paramLabel = "GM", description = "the GameMaster's address (name@domain)")
    String gm;

    @Option(names = "--token", hidden = true, description = "refused: a token on the command line is readable by "
            + "every user of the machine")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "a file holding the GameMaster's watch token "
            + "(./maw gm writes watch.token in its game's directory); -: standard input (default: MAW_WATCH_TOKEN)")
    Path tokenFile;

    @Option(names = "--unit", defaultValue = "phase", description = "how far a step runs: phase (the next day or "
            + "night) or step (the next AIWolf talk turn, re-vote or whisper turn) (default: ${DEFAULT-VALUE})")
    String unit;

    @Override
    public Integer call() throws Exception {
        WatchCatalog.ClockAction what = word(WatchCatalog.ClockAction.class, action, "ACTION",
                "pause, step, resume or status");
        WatchCatalog.StepUnit how = word(WatchCatalog.StepUnit.class, unit, "--unit", "phase or step");
        Jid master;
        try {
            master = Jid.parse(gm);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + gm + "' for --gm: " + e.getMessage());
        }
        if (master.local() == null) {
            throw new ConfigException("invalid value '" + gm + "' for --gm: a GameMaster's address is name@domain");
        }
        String watchToken = Tokens.read(token, tokenFile, "MAW_WATCH_TOKEN");
        if (watchToken == null) {
            throw new ConfigException("control needs the GameMaster's watch token: --token-file FILE (./maw gm "
                    + "writes watch.token in its game's directory), --token-file - (standard input) or "
                    + "MAW_WATCH_TOKEN");
        }
        try (AgentNetwork network = AgentNetwork.open(config.load(), System.out::println)) {
            System.out.println(GameControl.describe(GameControl.ask(network, master, watchToken, what,
                    what == WatchCatalog.ClockAction.STEP ? how : null)));
        }
        return 0;
    }

    private static <E extends Enum<E>> E word(Class<E> type, String given, String option, String valid) {
        E e = maw.agents.Catalog.word(type, given);
        if (e == null) {
            throw new ConfigException("invalid value '" + given + "' for " + option + ": " + valid);
        }
        return e;
    }
}
