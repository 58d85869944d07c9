package maw.cli;

import java.time.Duration;
import maw.app.AgentNetwork;
import maw.app.SeatAccounts;
import maw.config.ConfigException;
import picocli.CommandLine.Option;

/** The options of a seat joining a GameMaster in another process: {@code maw player} and {@code maw join}. */
public final class SeatOptions {

    @Option(names = "--name", required = true, description = "the seat's name at the table")
    String name;

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

    /** The seat's name as given, trimmed. */
    String name() {
        return name.strip();
    }

    /** The seat's accounts on this network (created where it can create accounts). */
    SeatAccounts accounts(AgentNetwork network, String command) {
        return SeatAccounts.of(network, name, gm, password, command);
    }
}
