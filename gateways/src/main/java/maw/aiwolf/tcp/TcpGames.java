package maw.aiwolf.tcp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.gamemaster.GameListener;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.link.AgentLobby;
import maw.base.Role;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** AIWolf games whose seats are TCP agents (and, for the seats they leave empty, MAW's own seats). */
public final class TcpGames {

    private static final Logger LOG = LoggerFactory.getLogger(TcpGames.class);

    private TcpGames() {}

    /**
     * Plays one game: the agents on {@code links} and, in the other seats, {@code others} (one filler per seat left).
     * With a local transport the accounts are registered on it; else {@code provision} creates them.
     */
    public static GameTable.Result play(AiwolfServer server, List<AgentLink> links, List<GameTable.SeatFiller> others,
            AiwolfOptions options, long seed, Transport transport, String prefix, Path out,
            GameListener listener, Consumer<Map<String, String>> provision) throws Exception {
        return play(server, links, others, 0, null, options, seed, transport, prefix, out, listener, provision);
    }

    /**
     * The same, with {@code open} seats kept for players who join over XMPP from elsewhere ({@code maw join},
     * {@code maw player}) within {@code openWait}; those left empty are filled by the last of {@code others}.
     */
    public static GameTable.Result play(AiwolfServer server, List<AgentLink> links, List<GameTable.SeatFiller> others,
            int open, Duration openWait, AiwolfOptions options, long seed, Transport transport, String prefix,
            Path out, GameListener listener, Consumer<Map<String, String>> provision) throws Exception {
        int seats = options.settings().players() - open;
        if (links.size() + others.size() < seats || (open > 0 && others.isEmpty())) {
            throw new IllegalArgumentException(seats + " seats, " + links.size() + " agents and " + others.size()
                    + " other seats");
        }
        if (options.settings().enableRoleRequest()) {
            // Per game, before the deal, as the official server does: each agent may ask for a role.
            Map<String, Role> requests = new LinkedHashMap<>();
            for (AgentLink l : links) {
                String answer = l.ask(Packets.line(Packets.Request.ROLE, null, null, null, null), server.timeLimit(),
                        "ROLE");
                Role wanted = answer == null ? null
                        : Packets.role(answer.strip().toUpperCase(Locale.ROOT));
                if (wanted != null) {
                    requests.put(l.name(), wanted);
                }
            }
            options = options.withRoleRequests(requests);
        }
        List<String> names = new ArrayList<>();
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (AgentLink l : links) {
            names.add(l.name());
            fillers.add(server.seat(l, options, seed));
        }
        names.addAll(AgentLobby.otherNames(links, seats));
        fillers.addAll(others.subList(0, seats - links.size()));
        GameTable.Spec spec = new GameTable.Spec(prefix, names, fillers, 1, seed, new AiwolfVariant().ruleset(options), out);
        if (open > 0) {
            spec = spec.withOpenSeats(open, openWait, others.getLast());
        }
        // The table's accounts are made on the transport for this game (on one process's, forgotten after it: the
        // next game's are new).
        GameTable table = GameTable.on(Network.of(transport, provision), spec);
        if (open > 0) {
            LOG.info("{} seat(s) open at GameMaster {} for players joining over XMPP", open, table.gameMaster());
        }
        return table.play(listener, null, timeout(options));
    }

    /** Longest a game may take with every step running out its timer, plus a margin. */
    public static Duration timeout(AiwolfOptions options) {
        return new AiwolfVariant().timeout(options, 1);
    }
}
