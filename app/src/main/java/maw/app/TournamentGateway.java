package maw.app;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.link.Gateway;
import maw.config.ConfigException;
import maw.config.SeatPlan;

/**
 * A tournament's door for outside agents (its {@code outside} seat groups): under {@code --rules aiwolf} the AIWolf
 * server's TCP protocol, under {@code --rules aiwolf-nlp} the NLP contest's WebSocket protocol, as {@code ./maw aiwolf
 * serve} and {@code ./maw aiwolf-nlp serve} speak them. It waits for the groups' agents (by team, when a group names
 * one), and fills each outside seat with the same agent in every game; the agents stay connected from the first game
 * to the last.
 */
public final class TournamentGateway implements AutoCloseable {

    private final Gateway.Opened gateway;

    private TournamentGateway(Gateway.Opened gateway) {
        this.gateway = gateway;
    }

    /** Listens on {@code bind}:{@code port} (0: any free port) with the protocol of the rule set. */
    public static TournamentGateway open(Ruleset<?, ?, ?> ruleset, String bind, int port) {
        Gateway.Plugin plugin = Gateway.Plugin.of(ruleset.label()).orElseThrow(() -> new ConfigException(
                "outside seats play under --rules " + Variant.names(Variant.all().stream()
                        .filter(v -> v.gatewayPort() > 0).toList()) + " (a rule set with a gateway for outside "
                        + "agents), not under " + ruleset.label()));
        try {
            return new TournamentGateway(plugin.openGateway(ruleset.options(), bind, port));
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("invalid value '" + port + "' for --gateway-port: the gateway could not listen "
                    + "on " + bind + ":" + port + " (" + e.getMessage() + ")");
        }
    }

    /** Where outside agents connect. */
    public String address() {
        return gateway.address();
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
                address(), String.join(", ", groups.stream().map(g -> g.count() + " of "
                        + (g.overrides().containsKey("team") ? "team " + g.overrides().get("team") : "any team"))
                        .toList()));
        List<AgentLink> came = new ArrayList<>(gateway.server().gather(wanted, lobby));
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
                            + address() + " came " + (names.isEmpty() ? "none" : String.join(", ", names))
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
        return gateway.seat().apply(link);
    }

    /** Each agent's request figures (asked, answered, timeouts...). */
    public Map<String, Map<String, Object>> stats() {
        return gateway.server().stats();
    }

    @Override
    public void close() {
        gateway.close(); // closing the connections is the AIWolf servers' way to say the games are over
    }
}
