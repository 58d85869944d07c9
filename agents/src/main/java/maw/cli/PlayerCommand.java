package maw.cli;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.player.PlayerAgent;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.runtime.Agent;
import maw.runtime.Jid;
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
        java.time.Duration[] patience = seat.patience(); // checked before anything connects
        MawConfig settings = config.load(llm.flags());
        SeatPlan plan = Seats.plan(settings.with(Map.of(), "--bot"), bot, 1, 0);
        List<GameTable.SeatFiller> fillers = Seats.fillers(settings, plan, null, null, System.out::println,
                maw.agents.ruleset.Variant.named(rules, "--rules").bots());
        try (AgentNetwork network = AgentNetwork.open(settings, System.out::println)) {
            SeatAccounts a = seat.accounts(network, "maw player");
            Agent ui = fillers.get(0).create(new GameTable.Seat(seat.name(), a.ui(), a.password(), a.player(), seed));
            PlayerAgent player = new PlayerAgent(a.player(), a.password(), a.master(), a.ui())
                    .patience(patience[0], patience[1]).tap(line -> System.out.println("  " + line));
            ui.start(network.transport());
            player.start(network.transport());
            Jid master = a.master();
            System.out.printf("%s (%s) joins %s on %s%n", seat.name(), Seats.describe(settings, plan), master,
                    network.describe());
            try {
                Map<String, Integer> scores = player.finished().get();
                System.out.println("final scores: " + scores);
            } catch (java.util.concurrent.ExecutionException e) {
                System.err.println("maw player: " + e.getCause().getMessage());
                return 1;
            } finally {
                player.stop();
                ui.stop();
            }
            return 0;
        }
    }
}
