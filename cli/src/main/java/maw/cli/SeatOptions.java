package maw.cli;

import java.time.Duration;
import maw.app.AgentNetwork;
import maw.app.SeatAccounts;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options of a seat joining a GameMaster in another process: {@code maw player} and {@code maw join}. */
public final class SeatOptions {

    @Option(names = "--name", required = true, description = "the seat's name at the table")
    String name;

    @Mixin
    TableOptions table;

    /** The seat's patience with a silent GameMaster, checked. */
    Duration[] patience() {
        return table.patience();
    }

    /** The seat's name as given, trimmed. */
    String name() {
        return name.strip();
    }

    /** The seat's accounts on this network (created where it can create accounts). */
    SeatAccounts accounts(AgentNetwork network, String command) {
        return SeatAccounts.of(network, name, table.gm, table.password, command);
    }
}
