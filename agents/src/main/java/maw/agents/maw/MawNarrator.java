package maw.agents.maw;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import maw.agents.Text;
import maw.agents.gamemaster.Narrator;
import maw.base.Phase;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.maw.Event;
import maw.game.maw.GameState;

/** MAW's game as its moderator sees it: phases, votes, deaths, whispers, the secrets, roles and scores at the end. */
public final class MawNarrator implements Narrator {

    @Override
    public List<String> rules() {
        return List.of("maw");
    }

    @Override
    public List<String> lines(int round, GameEvent any, GameView view) {
        if (!(any instanceof Event event) || !(view instanceof GameState after)) {
            return List.of();
        }
        return switch (event) {
            case Event.RoleAssigned r -> r.role().isWerewolf() && after.werewolves().indexOf(r.player()) == 0
                    ? List.of("the werewolves are " + String.join(", ", after.werewolves()) + " (only they know)")
                    : List.of();
            case Event.Whispered w -> List.of("  (" + w.from() + " whispers to " + w.to() + ": "
                    + Text.quoted(w.text()) + ")");
            case Event.PhaseBegan p -> {
                String length = after.options().byTurns() ? pace(after) : p.duration().toSeconds() + " s";
                yield p.phase().phase() == Phase.DAY
                        ? List.of("", "Day " + p.phase().number() + " begins (" + length + ")."
                                + (p.murdered() != null ? " " + p.murdered() + " was murdered in the night." : "")
                                + " Living: " + String.join(", ", p.living()))
                        : List.of("Night " + p.phase().number() + " falls (" + length + ").");
            }
            case Event.TurnBegan t -> List.of("  -- " + (t.voting() ? "voting round: " + t.player() + " votes"
                    : t.player() + "'s turn (talk round " + t.talkRound() + " of " + t.talkRounds() + ")")
                    + ", up to " + t.length().toSeconds() + " s");
            case Event.VoteCast v -> List.of("  " + v.voter() + (v.phase().phase() == Phase.NIGHT ? " (werewolf)" : "")
                    + " votes for " + v.target() + "   [" + tally(v.tally()) + "]");
            case Event.Executed x -> List.of("  >> the village executes " + x.player()
                    + (x.byMajority() ? " by majority" : " (most votes; " + (x.ended() == null ? "the day is over"
                            : x.ended()) + ")"));
            case Event.NoExecution n -> List.of("  >> nobody is executed: " + n.reason());
            case Event.RoleRevealed r -> List.of("  (the werewolves learn that " + r.player() + " was a "
                    + r.role().wire() + ")");
            case Event.Murdered m -> List.of("  >> the werewolves murder " + m.player());
            case Event.NoMurder n -> List.of("  >> no murder: " + n.reason());
            case Event.Divined d -> List.of("  (the seer " + d.seer() + " learns that " + d.target() + " is a "
                    + d.role().wire() + ")");
            case Event.GameOver g -> List.of("", "Round " + round + " over after " + g.days() + " day(s): "
                    + (g.winner() == null ? "a draw" : "the " + g.winner().wire() + " win") + " (" + g.reason() + ").",
                    "  roles:  " + g.roles().entrySet().stream().map(e -> e.getKey() + " " + e.getValue().wire())
                            .collect(Collectors.joining(", ")),
                    "  scores: " + g.scores().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")));
        };
    }

    /** A phase at a pace of turns, in words: its talk rounds, its voting round, a turn's longest. */
    private static String pace(GameState s) {
        int talk = s.talkSteps() / Math.max(1, s.turnOrder().size());
        return (talk == 0 ? "" : talk + " talk round" + (talk == 1 ? "" : "s") + ", then ") + "a voting round, in "
                + "turns of up to " + s.options().turnSeconds().toSeconds() + " s";
    }

    private static String tally(Map<String, Integer> tally) {
        return tally.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
