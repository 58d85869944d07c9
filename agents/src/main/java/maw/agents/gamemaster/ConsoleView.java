package maw.agents.gamemaster;

import java.io.PrintStream;
import java.util.Map;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.Text;
import maw.agents.chatroom.ChatRoomAgent;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfNews;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.log.AiwolfNarration;
import maw.game.Event;
import maw.game.GameEvent;
import maw.game.GameState;
import maw.game.GameView;
import maw.base.Phase;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.Jid;

/** The game as it happens, for the person running it: phases, chat, votes, deaths, roles at the end, scores. */
public final class ConsoleView implements GameListener, ChatRoomAgent.Listener {

    private final PrintStream out;
    private final String prefix;

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
        say("");
        say("=== Round " + round + " of " + rounds + ": " + String.join(", ", state.players()) + " ===");
    }

    @Override
    public void event(int round, GameEvent any, GameView view) {
        if (any instanceof AiwolfNews news && view instanceof AiwolfState after) {
            aiwolf(round, news, after);
            return;
        }
        if (!(any instanceof Event event) || !(view instanceof GameState after)) {
            return;
        }
        switch (event) {
            case Event.RoleAssigned r -> {
                if (r.role().isWerewolf() && after.werewolves().indexOf(r.player()) == 0) {
                    say("the werewolves are " + String.join(", ", after.werewolves()) + " (only they know)");
                }
            }
            case Event.Whispered w -> say("  (" + w.from() + " whispers to " + w.to() + ": " + Text.quoted(w.text()) + ")");
            case Event.PhaseBegan p -> {
                String length = after.options().byTurns() ? pace(after) : p.duration().toSeconds() + " s";
                if (p.phase().phase() == Phase.DAY) {
                    say("");
                    say("Day " + p.phase().number() + " begins (" + length + ")."
                            + (p.murdered() != null ? " " + p.murdered() + " was murdered in the night." : "")
                            + " Living: " + String.join(", ", p.living()));
                } else {
                    say("Night " + p.phase().number() + " falls (" + length + ").");
                }
            }
            case Event.TurnBegan t -> say("  -- " + (t.voting() ? "voting round: " + t.player() + " votes"
                    : t.player() + "'s turn (talk round " + t.talkRound() + " of " + t.talkRounds() + ")")
                    + ", up to " + t.length().toSeconds() + " s");
            case Event.VoteCast v -> say("  " + v.voter() + (v.phase().phase() == Phase.NIGHT ? " (werewolf)" : "")
                    + " votes for " + v.target() + "   [" + tally(v.tally()) + "]");
            case Event.Executed x -> say("  >> the village executes " + x.player()
                    + (x.byMajority() ? " by majority" : " (most votes)"));
            case Event.NoExecution n -> say("  >> nobody is executed: " + n.reason());
            case Event.RoleRevealed r -> say("  (the werewolves learn that " + r.player() + " was a " + r.role().wire()
                    + ")");
            case Event.Murdered m -> say("  >> the werewolves murder " + m.player());
            case Event.NoMurder n -> say("  >> no murder: " + n.reason());
            case Event.Divined d -> say("  (the seer " + d.seer() + " learns that " + d.target() + " is a "
                    + d.role().wire() + ")");
            case Event.GameOver g -> {
                say("");
                say("Round " + round + " over after " + g.days() + " day(s): "
                        + (g.winner() == null ? "a draw" : "the " + g.winner().wire() + " win") + " (" + g.reason()
                        + ").");
                say("  roles:  " + g.roles().entrySet().stream().map(e -> e.getKey() + " " + e.getValue().wire())
                        .collect(Collectors.joining(", ")));
                say("  scores: " + g.scores().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")));
            }
        }
    }

    /** A phase at a pace of turns, in words: its talk rounds, its voting round, a turn's longest. */
    private static String pace(GameState s) {
        int talk = s.talkSteps() / Math.max(1, s.turnOrder().size());
        return (talk == 0 ? "" : talk + " talk round" + (talk == 1 ? "" : "s") + ", then ") + "a voting round, in "
                + "turns of up to " + s.options().turnSeconds().toSeconds() + " s";
    }

    /** An AIWolf game as the moderator sees it: each talk as protocol text with its gloss. */
    private void aiwolf(int round, AiwolfNews news, AiwolfState after) {
        if (!(news instanceof AiwolfNews.Told told)) {
            return;
        }
        if (told.event() instanceof AiwolfEvent.Dealt d
                && d.player().equals(after.players().getFirst())) {
            say("");
        }
        if (told.event() instanceof AiwolfEvent.DayBegan) {
            say("");
        }
        for (String line : new AiwolfNarration(after.players()).lines(told.event(), false)) {
            say(line);
        }
        if (told.event() instanceof AiwolfEvent.Over && after.result() != null) {
            say("Round " + round + " over after " + after.result().days() + " day(s). Scores: " + after.result()
                    .scores().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", ")));
        }
    }

    @Override
    public void refused(int round, String who, String what, RefusalCode code, String reason) {
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

    private static String tally(Map<String, Integer> tally) {
        return tally.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
