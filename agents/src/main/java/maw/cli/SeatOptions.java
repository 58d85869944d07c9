package maw.cli;

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

    /** The seat's name as given, trimmed. */
    String name() {
        return name.strip();
    }

    /** The seat's accounts on this network (created where it can create accounts). */
    SeatAccounts accounts(AgentNetwork network, String command) {
        return SeatAccounts.of(network, name, gm, password, command);
    }
}
