package maw.cli;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.app.AgentNetwork;
import maw.app.RemoteSeat;
import maw.app.SeatAccounts;
import maw.app.Seats;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw player}: one seat (a Player and the agent behind it) joining a GameMaster over XMPP. */
@Command(header = "Take one seat at a GameMaster's table, filled by a rule bot or a language model.", name = "player",
        mixinStandardHelpOptions = true,
        description = "Take one seat at a GameMaster's table over XMPP, filled by a rule bot or a language model; prints "
                + "the game as the seat sees it.")
final class PlayerCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    SeatOptions seat;

    @Option(names = "--bot", defaultValue = "rule",
            description = "what fills the seat: rule or llm (default: ${DEFAULT-VALUE})")
    String bot;

    @Option(names = "--rules", defaultValue = "maw", description = "the rules the GameMaster plays: maw, aiwolf or "
            + "aiwolf-nlp (a rule bot then plays that rule set's way) (default: ${DEFAULT-VALUE})")
    String rules;

    @Mixin
    LlmOptions llm;

    @Option(names = "--seed", defaultValue = "0", description = "seed of the bot's choices (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() throws Exception {
        Duration[] patience = seat.patience(); // checked before anything connects
        MawConfig settings = config.load(llm.flags());
        SeatPlan plan = Seats.plan(settings.with(Map.of(), "--bot"), bot, 1, 0);
        List<GameTable.SeatFiller> fillers = Seats.fillers(settings, plan, null, null, System.out::println,
                Variant.named(rules, "--rules").bots());
        try (AgentNetwork network = AgentNetwork.open(settings, System.out::println)) {
            SeatAccounts a = seat.accounts(network, "maw player");
            try (RemoteSeat joined = RemoteSeat.join(network, a, seat.name(), seed, fillers.get(0)::create, patience,
                    line -> System.out.println("  " + line))) {
                System.out.printf("%s (%s) joins %s on %s%n", seat.name(), Seats.describe(settings, plan), a.master(),
                        network.describe());
                System.out.println("final scores: " + joined.finished().get().entrySet().stream()
                        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                        .map(e -> e.getKey() + " " + e.getValue() + (e.getValue() == 1 ? " point" : " points"))
                        .collect(java.util.stream.Collectors.joining(", ")));
            } catch (ExecutionException e) {
                System.err.println("maw player: " + e.getCause().getMessage());
                return 1;
            }
            return 0;
        }
    }
}
