package maw.aiwolf.nlp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.gamemaster.GameListener;
import maw.agents.table.GameTable;
import maw.agents.table.Network;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.link.AgentLobby;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;

/** NLP contest games whose seats are WebSocket agents and, for the seats they leave empty, MAW's own seats. */
public final class NlpGames {

    private NlpGames() {}

    /**
     * Plays game {@code gameId} (the agents' {@code game_id}) of the agents on {@code links} and, in the other seats,
     * {@code others} (one filler per seat left). With a local transport the accounts are registered on it; else
     * {@code provision} creates them.
     */
    public static GameTable.Result play(NlpServer server, List<AgentLink> links, List<GameTable.SeatFiller> others,
            AiwolfOptions options, String gameId, long seed, Transport transport, String prefix, Path out,
            GameListener listener, Consumer<Map<String, String>> provision) throws Exception {
        return play(server, links, others, options, gameId, seed, transport, prefix, out, listener, provision, null);
    }

    /** The same; {@code table} is given the game's table before it plays (a web monitor watches it, say). */
    public static GameTable.Result play(NlpServer server, List<AgentLink> links, List<GameTable.SeatFiller> others,
            AiwolfOptions options, String gameId, long seed, Transport transport, String prefix, Path out,
            GameListener listener, Consumer<Map<String, String>> provision, Consumer<GameTable> table)
            throws Exception {
        int seats = options.settings().players();
        if (!options.settings().natural() || links.size() + others.size() < seats) {
            throw new IllegalArgumentException("an NLP game of " + seats + " seats, " + links.size() + " agents and "
                    + others.size() + " other seats");
        }
        List<String> names = new ArrayList<>();
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (AgentLink l : links) {
            names.add(l.name());
            fillers.add(server.seat(l, options, gameId));
        }
        names.addAll(AgentLobby.otherNames(links, seats));
        fillers.addAll(others.subList(0, seats - links.size()));
        // The table's accounts are made on the transport for this game (on one process's, forgotten after it: the
        // next game's are new).
        GameTable game = GameTable.on(Network.of(transport, provision), new GameTable.Spec(prefix, names, fillers, 1,
                seed, new AiwolfVariant().ruleset(options), out), gameId);
        if (table != null) {
            table.accept(game);
        }
        return game.play(listener, null, timeout(options));
    }

    /** The longest a game may take with every step running out its timer, plus a margin. */
    public static Duration timeout(AiwolfOptions options) {
        return new AiwolfVariant().timeout(options, 1);
    }
}
