package maw.agents.gamemaster;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.game.GameEvent;
import maw.game.GameView;

/**
 * How one rule set's events become catalog messages: the part of announcing that knows the rule set. The GameMaster
 * does the rest (rooms, timers, turns, the lobby, scores) for any rule set.
 *
 * @param <S> the rule set's state
 * @param <E> its events
 */
public interface Herald<S extends GameView, E extends GameEvent> {

    /** One message to the named players. */
    record Notice(Set<String> to, Catalog.Body body) {}

    /**
     * What an announcement needs besides the event: the game, the round, the current phase's deadline, and when the
     * GameMaster took the step that made the event (Unix milliseconds; 0 when it is not known, as in a replay).
     */
    record Context(String game, int round, long deadlineMillis, long nowMillis) {

        /** A context of the step taken now. */
        public Context(String game, int round, long deadlineMillis) {
            this(game, round, deadlineMillis, System.currentTimeMillis());
        }
    }

    /** The messages {@code event} makes, each to exactly the players allowed to learn it. */
    List<Notice> announce(E event, S after, Context context);

    /**
     * What {@code event} tells the seats that take their news in envelopes ({@code news}), each to exactly the players
     * allowed to learn it: the messages {@link #announce} made of it ({@code announced}), unless the rule set tells
     * such seats its events as they are.
     */
    default List<Notice> tell(E event, S after, Context context, List<Notice> announced) {
        return announced;
    }

    /** What {@link #recap} tells a seat that takes envelopes: the same ({@code recapped}) unless the rule set says. */
    default List<Notice> recapTold(S state, String player, Context context, List<Notice> recapped) {
        return recapped;
    }

    /**
     * What a seat must be told again to take up the round where it is, after the GameMaster was resumed: its role,
     * and the current phase (a seat whose Player also restarted knows nothing else).
     */
    List<Notice> recap(S state, String player, Context context);

    /**
     * What a watcher who comes mid-round is told of where the round stands, after its {@code start_game}: in the god
     * view every seat's recap but the phase (the roles, the pack), then the phase; in the public view the phase alone.
     */
    default List<WatchCatalog.Watched> watcherRecap(S state, Context context, boolean god) {
        List<String> players = state.players();
        List<WatchCatalog.Watched> out = new ArrayList<>();
        Catalog.Body phase = null;
        java.util.Set<Catalog.Body> told = new java.util.HashSet<>();
        for (String p : players) {
            for (Notice n : recap(state, p, context)) {
                if (n.body() instanceof Catalog.PhaseChange) {
                    phase = n.body();
                } else if (god && told.add(n.body())) { // what each seat is told alike (whose turn it is), once
                    out.add(new WatchCatalog.Watched(context.game(), context.round(), n.to().stream().sorted().toList(),
                            n.body()));
                }
            }
        }
        if (phase != null) {
            out.add(new WatchCatalog.Watched(context.game(), context.round(), players, phase));
        }
        return out;
    }

    /** Who the village executed in this game, in order (for the round's summary). */
    List<String> executed(S state);

    /** Who died by night, in order. */
    List<String> murdered(S state);
}
