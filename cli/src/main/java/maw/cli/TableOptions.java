package maw.cli;

import java.time.Duration;
import maw.config.ConfigException;
import picocli.CommandLine.Option;

/**
 * The options of a seat's way to a GameMaster in another process, whoever names the seat ({@code maw player},
 * {@code maw join}, {@code maw mcp}): which GameMaster, the accounts' password, and the patience with its silence.
 */
public final class TableOptions {

    @Option(names = "--gm", defaultValue = "gamemaster",
            description = "the GameMaster's account or address (default: ${DEFAULT-VALUE})")
    String gm;

    @Option(names = "--password", description = "password of the seat's accounts on an external server")
    String password;

    @Option(names = "--gm-silence", paramLabel = "SECONDS", defaultValue = "20",
            description = "after this long without a word from the GameMaster the seat asks whether it is there, and "
                    + "says so when it does not answer (default: ${DEFAULT-VALUE})")
    double gmSilence;

    @Option(names = "--gm-give-up", paramLabel = "SECONDS", defaultValue = "600",
            description = "after this long without a word from the GameMaster the seat gives up and exits; meanwhile "
                    + "it waits for the GameMaster to come back (./maw gm --resume) (default: ${DEFAULT-VALUE})")
    double gmGiveUp;

    /** The seat's patience with a silent GameMaster, checked. */
    Duration[] patience() {
        if (!(gmSilence >= 1) || gmSilence > 86_400) {
            throw new ConfigException("invalid value '" + gmSilence + "' for --gm-silence: expected 1 to "
                    + "86400 seconds");
        }
        if (!(gmGiveUp > gmSilence) || gmGiveUp > 7 * 86_400) {
            throw new ConfigException("invalid value '" + gmGiveUp + "' for --gm-give-up: expected more "
                    + "than --gm-silence (" + gmSilence + ") and at most 604800 seconds");
        }
        return new Duration[] {Duration.ofMillis(Math.round(gmSilence * 1000)),
            Duration.ofMillis(Math.round(gmGiveUp * 1000))};
    }
}
