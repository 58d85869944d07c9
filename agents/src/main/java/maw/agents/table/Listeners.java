package maw.agents.table;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.Catalog;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.RoundSummary;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.Jid;

/** Several watchers of one game as one: the console and the journal, say. */
public final class Listeners implements GameListener, ChatRoomAgent.Listener {

    private final List<Object> all;

    public Listeners(Object... listeners) {
        this.all = List.of(listeners);
    }

    private void each(Consumer<GameListener> f) {
        all.stream().filter(GameListener.class::isInstance).map(GameListener.class::cast)
                .forEach(f);
    }

    @Override
    public void opened(GameConfig config, Jid gameMaster, String rules, Object options, boolean resumed) {
        each(l -> l.opened(config, gameMaster, rules, options, resumed));
    }

    @Override
    public void joined(String name, Jid jid, int waiting, int needed) {
        each(l -> l.joined(name, jid, waiting, needed));
    }

    @Override
    public void joined(String name, Jid jid, int waiting, int needed, boolean person) {
        each(l -> l.joined(name, jid, waiting, needed, person));
    }

    @Override
    public void joined(String name, Jid jid, int waiting, int needed, boolean person, boolean news) {
        each(l -> l.joined(name, jid, waiting, needed, person, news));
    }

    @Override
    public void chatClient(String name) {
        each(l -> l.chatClient(name));
    }

    @Override
    public void left(String name, String why) {
        each(l -> l.left(name, why));
    }

    @Override
    public void roundStarted(int round, int rounds, long seed, String rules, Object options,
            GameConfig config, Jid gameMaster, Map<String, Jid> seats, GameView state) {
        each(l -> l.roundStarted(round, rounds, seed, rules, options, config, gameMaster, seats, state));
    }

    @Override
    public void deadline(int round, PhaseId phase, long deadlineMillis) {
        each(l -> l.deadline(round, phase, deadlineMillis));
    }

    @Override
    public void moreTime(int round, PhaseId phase, String player) {
        each(l -> l.moreTime(round, phase, player));
    }

    @Override
    public void clock(int round, PhaseId phase, boolean paused, long leftMillis) {
        each(l -> l.clock(round, phase, paused, leftMillis));
    }

    @Override
    public void command(int round, Command command) {
        each(l -> l.command(round, command));
    }

    @Override
    public void event(int round, GameEvent event, GameView after) {
        each(l -> l.event(round, event, after));
    }

    @Override
    public void refused(int round, String who, String what, RefusalCode code, String reason) {
        each(l -> l.refused(round, who, what, code, reason));
    }

    @Override
    public void scores(int round, Map<String, Integer> totals, boolean last) {
        each(l -> l.scores(round, totals, last));
    }

    @Override
    public void roundEnded(RoundSummary summary) {
        each(l -> l.roundEnded(summary));
    }

    @Override
    public void line(Room room, String game, int round, String phase, Catalog.Line line) {
        all.stream().filter(ChatRoomAgent.Listener.class::isInstance).map(ChatRoomAgent.Listener.class::cast)
                .forEach(l -> l.line(room, game, round, phase, line));
    }
}
