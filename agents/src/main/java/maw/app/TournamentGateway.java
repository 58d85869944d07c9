package maw.app;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.table.GameTable;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.nlp.NlpServer;
import maw.aiwolf.tcp.AgentLink;
import maw.aiwolf.tcp.AiwolfServer;
import maw.config.ConfigException;
import maw.config.SeatPlan;
import maw.runtime.Agent;

/**
 * A tournament's door for outside agents (its {@code outside} seat groups): under {@code --rules aiwolf} the AIWolf
 * server's TCP protocol, under {@code --rules aiwolf-nlp} the NLP contest's WebSocket protocol, as {@code ./maw aiwolf
 * serve} and {@code ./maw aiwolf-nlp serve} speak them. It waits for the groups' agents (by team, when a group names
 * one), and fills each outside seat with the same agent in every game; the agents stay connected from the first game
 * to the last.
 */
public final class TournamentGateway implements AutoCloseable {

    private final AiwolfServer tcp;
    private final NlpServer nlp;
    private final AiwolfOptions options;
    private final String address;

    private TournamentGateway(AiwolfServer tcp, NlpServer nlp, AiwolfOptions options, String address) {
        this.tcp = tcp;
        this.nlp = nlp;
        this.options = options;
        this.address = address;
    }

    /** Listens on {@code bind}:{@code port} (0: any free port) with the protocol of the rule set. */
    public static TournamentGateway open(Ruleset<?, ?, ?> ruleset, String bind, int port) {
        if (!(ruleset.options() instanceof AiwolfOptions o)) {
            throw new ConfigException("outside seats play under --rules aiwolf (the AIWolf server's TCP protocol) or "
                    + "--rules aiwolf-nlp (the NLP contest's WebSocket protocol), not under MAW's own rules");
        }
        // An agent's answer, and (NLP) the probe of a late one, fit in a step of the GameMaster's.
        Duration step = o.step();
        try {
            if (o.settings().natural()) {
                Duration action = Duration.ofMillis(step.toMillis() * 7 / 10);
                Duration response = Duration.ofMillis(step.toMillis() * 2 / 10);
                NlpServer server = new NlpServer(bind, port, action, response, null);
                return new TournamentGateway(null, server, o, "ws://" + bind + ":" + server.port() + "/ws");
            }
            AiwolfServer server = new AiwolfServer(InetAddress.getByName(bind), port,
                    Duration.ofMillis(step.toMillis() * 9 / 10));
            return new TournamentGateway(server, null, o, bind + ":" + server.port() + " (AIWolf TCP)");
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("invalid value '" + port + "' for --gateway-port: the gateway could not listen "
                    + "on " + bind + ":" + port + " (" + e.getMessage() + ")");
        }
    }

    /** Where outside agents connect. */
    public String address() {
        return address;
    }

    /**
     * Waits up to {@code lobby} for the agents of {@code groups} (outside groups, in seat order) and returns one filler
     * per outside seat, in that order.
     *
     * @throws ConfigException when the agents that came are too few, or not of the teams asked for
     */
    public List<GameTable.SeatFiller> seat(List<SeatPlan.Group> groups, Duration lobby, PrintStream out)
            throws InterruptedException {
        int wanted = groups.stream().mapToInt(SeatPlan.Group::count).sum();
        out.printf("outside agents: waiting up to %d s for %d agent(s) at %s: %s%n", lobby.toSeconds(), wanted,
                address, String.join(", ", groups.stream().map(g -> g.count() + " of "
                        + (g.overrides().containsKey("team") ? "team " + g.overrides().get("team") : "any team"))
                        .toList()));
        List<AgentLink> came = new ArrayList<>(tcp != null ? tcp.gather(wanted, lobby) : nlp.gather(wanted, lobby));
        List<String> names = came.stream().map(AgentLink::name).toList();
        // Groups naming a team take that team's agents first; the others, whoever is left.
        Map<SeatPlan.Group, List<AgentLink>> taken = new LinkedHashMap<>();
        for (SeatPlan.Group g : groups) {
            taken.put(g, new ArrayList<>());
        }
        for (boolean named : new boolean[] {true, false}) {
            for (SeatPlan.Group g : groups) {
                String team = g.overrides().get("team");
                if ((team != null) != named) {
                    continue;
                }
                for (var it = came.iterator(); it.hasNext() && taken.get(g).size() < g.count(); ) {
                    AgentLink l = it.next();
                    if (team == null || l.name().replaceFirst("\\s*\\d+$", "").equals(team)) {
                        taken.get(g).add(l);
                        it.remove();
                    }
                }
                if (taken.get(g).size() < g.count()) {
                    throw new ConfigException("the outside group '" + g.label() + "' needs " + g.count() + " agent(s)"
                            + (team == null ? "" : " of team " + team) + "; within " + lobby.toSeconds() + " s at "
                            + address + " came " + (names.isEmpty() ? "none" : String.join(", ", names))
                            + " (--lobby-seconds waits longer)");
                }
            }
        }
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (SeatPlan.Group g : groups) {
            for (AgentLink l : taken.get(g)) {
                out.printf("outside agent %s plays for %s%n", l.name(), g.label().replaceFirst(":\\d+$", ""));
                fillers.add(filler(l));
            }
        }
        return fillers;
    }

    private GameTable.SeatFiller filler(AgentLink link) {
        return new GameTable.SeatFiller() {
            @Override
            public Agent create(GameTable.Seat s) {
                if (tcp != null) {
                    return tcp.seat(link, options, s.seed()).create(s);
                }
                // The table's game id is the game_id for every agent at it (and the ULIDs after it for the later
                // rounds of a table of many).
                return nlp.seat(link, options, s.game()).create(s);
            }

            @Override
            public String kind() {
                return tcp != null ? "aiwolf-tcp" : "aiwolf-nlp";
            }
        };
    }

    /** Each agent's request figures (asked, answered, timeouts...). */
    public Map<String, Map<String, Object>> stats() {
        return tcp != null ? tcp.stats() : nlp.stats();
    }

    @Override
    public void close() {
        if (tcp != null) {
            tcp.finish(); // closing the connections is the AIWolf server's way to say the games are over
        } else {
            nlp.close();
        }
    }
}
