package maw.agents;

import java.util.List;
import java.util.Map;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameMasterAgent;
import maw.game.Command;
import maw.game.Event;
import maw.game.GameState;
import maw.game.Room;

/** Several watchers of one game as one: the console and the journal, say. */
public final class Listeners implements GameMasterAgent.Listener, ChatRoomAgent.Listener {

    private final List<Object> all;

    public Listeners(Object... listeners) {
        this.all = List.of(listeners);
    }

    private void each(java.util.function.Consumer<GameMasterAgent.Listener> f) {
        all.stream().filter(GameMasterAgent.Listener.class::isInstance).map(GameMasterAgent.Listener.class::cast)
                .forEach(f);
    }

    @Override
    public void joined(String name, int waiting, int needed) {
        each(l -> l.joined(name, waiting, needed));
    }

    @Override
    public void left(String name, String why) {
        each(l -> l.left(name, why));
    }

    @Override
    public void roundStarted(int round, int rounds, long seed, GameState state) {
        each(l -> l.roundStarted(round, rounds, seed, state));
    }

    @Override
    public void command(int round, Command command) {
        each(l -> l.command(round, command));
    }

    @Override
    public void event(int round, Event event, GameState after) {
        each(l -> l.event(round, event, after));
    }

    @Override
    public void refused(int round, String who, String what, String reason) {
        each(l -> l.refused(round, who, what, reason));
    }

    @Override
    public void scores(int round, Map<String, Integer> totals, boolean last) {
        each(l -> l.scores(round, totals, last));
    }

    @Override
    public void line(Room room, String game, int round, String phase, Catalog.Line line) {
        all.stream().filter(ChatRoomAgent.Listener.class::isInstance).map(ChatRoomAgent.Listener.class::cast)
                .forEach(l -> l.line(room, game, round, phase, line));
    }
}
