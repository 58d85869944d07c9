package maw.agents.gamemaster;

import java.io.PrintStream;
import java.util.Map;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.Text;
import maw.agents.chatroom.ChatRoomAgent;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.Jid;

/** The game as it happens, for the person running it: phases, chat, votes, deaths, roles at the end, scores. */
public final class ConsoleView implements GameListener, ChatRoomAgent.Listener {

    private final PrintStream out;
    private final String prefix;
    /** How the round's rule set tells its events (MAW's until a round says which rule set it plays). */
    private volatile Narrator narrator = Narrator.of("maw");

    public ConsoleView(PrintStream out, String prefix) {
        this.out = out;
        this.prefix = prefix == null ? "" : prefix;
    }

    private void say(String text) {
        synchronized (out) {
            out.println(prefix + Text.inert(text));
        }
    }

    @Override
    public void opened(GameConfig config, Jid gameMaster, String rules, Object options, boolean resumed) {
        narrator = Narrator.of(rules); // a resumed game's rounds do not start again
    }

    @Override
    public void joined(String name, Jid jid, int waiting, int needed) {
        say("lobby: " + name + " joined (" + waiting + "/" + needed + ")");
    }

    @Override
    public void left(String name, String why) {
        say("lobby: " + name + " lost the seat (" + why + ")");
    }

    @Override
    public void roundStarted(int round, int rounds, long seed, String rules, Object options,
            GameConfig config, Jid gameMaster, Map<String, Jid> seats, GameView state) {
        narrator = Narrator.of(rules);
        say("");
        say("=== Round " + round + " of " + rounds + ": " + String.join(", ", state.players()) + " ===");
    }

    @Override
    public void event(int round, GameEvent any, GameView view) {
        for (String line : narrator.lines(round, any, view)) {
            say(line);
        }
    }

    @Override
    public void refused(int round, String who, String what, RefusalCode code, String reason) {
        if (code == RefusalCode.PHASE_OVER) {
            // An act that crossed the end of its phase on the way (a majority ended the day as it was sent): no fault.
            say("  (" + who + "'s " + what + " came after its phase had ended)");
            return;
        }
        say("  (refused " + what + " from " + who + ": " + reason + " [" + code + "])");
    }

    @Override
    public void scores(int round, Map<String, Integer> totals, boolean last) {
        say((last ? "Final leaderboard: " : "Leaderboard: ") + totals.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
    }

    @Override
    public void line(Room room, String game, int round, String phase, Catalog.Line line) {
        say("  [" + room.title() + "] " + Text.said(line.from(), line.text()));
    }
}
