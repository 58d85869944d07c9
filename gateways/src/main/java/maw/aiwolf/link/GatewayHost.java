package maw.aiwolf.link;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.Journal;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;

/**
 * Hosting outside agents game after game, the loop both AIWolf servers share ({@code maw aiwolf serve}, {@code maw
 * aiwolf-nlp serve}): gather the agents that came within the lobby time, make the game's directory and journal, play
 * the game at a MAW table with MAW's seats in the places left empty, and say who won; at the end, the agents' request
 * figures. The command line only parses its flags and calls this.
 */
public final class GatewayHost {

    /** One game with the agents that came: MAW's seats fill the rest. */
    public interface Game {
        GameTable.Result play(List<AgentLink> agents, String gameId, Path dir, GameListener listener)
                throws Exception;
    }

    /**
     * What to host: {@code games} games of {@code players} seats, {@code open} of them kept for people, each waiting up
     * to {@code lobby} for agents; game directories under {@code gamesDir}, named by the time, {@code tag} and the id.
     */
    public record Plan(String protocol, int games, int players, int open, Duration lobby, Path gamesDir, String tag) {}

    private GatewayHost() {}

    /** Hosts the plan's games at {@code gateway}, telling {@code out} what happens. */
    public static void host(Gateway gateway, Plan plan, Game game, PrintStream out) throws Exception {
        String lobby = new DecimalFormat("0.#").format(plan.lobby().toMillis() / 1000.0);
        for (int g = 0; g < plan.games(); g++) {
            out.printf("waiting up to %s s for agents ...%n", lobby);
            List<AgentLink> links = gateway.gather(plan.players() - plan.open(), plan.lobby());
            out.printf("game %d: %d agent(s) over %s (%s), %d of our seats%s%n", g + 1, links.size(),
                    plan.protocol(), String.join(", ", links.stream().map(AgentLink::name).toList()),
                    plan.players() - plan.open() - links.size(), plan.open() == 0 ? "" : ", " + plan.open() + " open");
            String id = GameTable.newGameId();
            Path dir = plan.gamesDir().resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern(
                    "yyyyMMdd-HHmmss")) + "-" + plan.tag() + id);
            Files.createDirectories(dir);
            try (Journal journal = new Journal(dir.resolve("game.jsonl"), id)) {
                GameTable.Result r = game.play(links, id, dir, new Listeners(new ConsoleView(out, ""), journal));
                out.printf("game %d: the %s win; journal %s%n", g + 1, r.rounds().getFirst().winner(), dir);
            }
        }
        out.println("agents: " + gateway.stats());
    }
}
