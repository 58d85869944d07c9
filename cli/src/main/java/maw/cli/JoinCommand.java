package maw.cli;

import java.time.Duration;
import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
import maw.app.RemoteSeat;
import maw.app.SeatAccounts;
import maw.config.MawConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maw join}: a person at this terminal takes a seat at a GameMaster's table. */
@Command(name = "join", mixinStandardHelpOptions = true,
        header = "Take a seat at a GameMaster's table yourself, at this terminal.",
        description = {"Join a running GameMaster (./maw gm, a game with --open-seats, or the docker",
            "compose game) as a person: what happens at the table appears as it happens;",
            "type to talk, /vote NAME to vote, /help for the rest. Without a terminal",
            "(lines piped in) the same commands are read line by line; /wait day 2 holds",
            "the next line until then, so a game can be scripted."})
final class JoinCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    SeatOptions seat;

    @Mixin
    ServerOptions server;

    @Override
    @SuppressWarnings("try") // the seat is held open while the person plays at the terminal
    public Integer call() throws Exception {
        Duration[] patience = seat.patience(); // checked before anything connects
        MawConfig settings = config.load(server.flags());
        try (AgentNetwork network = AgentNetwork.open(settings, System.out::println);
                HumanTerminal terminal = HumanTerminal.system()) {
            SeatAccounts a = seat.accounts(network, "maw join");
            try (RemoteSeat joined = RemoteSeat.join(network, a, seat.name(), 0, terminal::seat, patience, null)) {
                terminal.say("Joining " + a.master() + " as " + seat.name() + " on " + network.describe() + " ...");
                terminal.run(); // until the Player says the game is over for this seat, or the person quits
            }
            return 0;
        }
    }
}
