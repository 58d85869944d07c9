package maw.agents.player;

import java.util.List;
import java.util.stream.Collectors;
import maw.agents.Text;
import maw.base.Act;
import maw.base.Phase;

/**
 * Why a seat cannot do an act now, in a person's words, judged against what the GameMaster's last turn lets it do
 * (the seat keeps no copy of the rules): the words change with what people need told, not with what the seat knows.
 */
final class WhyNot {

    private WhyNot() {
    }

    /**
     * The reason {@code action} cannot be done now; null if it can.
     *
     * @param othersTurn the player whose turn is under way while this seat has none (a pace of turns), else null
     * @param acts the acts the seat's view lets it make now (null: none told this round yet)
     * @param roomOpen whether the seat reads a room now, and it is open
     */
    static String problemWith(Act action, boolean alive, String othersTurn, List<Act.Kind> acts, Phase phase,
            boolean roomOpen) {
        if (!alive) {
            return "You are dead: you can watch, but no longer speak or vote.";
        }
        Act.Kind kind = action.kind();
        if (othersTurn != null) {
            return "It is " + Text.inert(othersTurn) + "'s turn: one player acts at a time, and yours comes.";
        }
        if (acts == null || !acts.contains(kind)) {
            if (action instanceof Act.Speak) {
                return asleepOrClosed(phase);
            }
            return phase == Phase.NIGHT && kind == Act.Kind.VOTE
                    ? "The village sleeps: votes are cast during the day."
                    : "You cannot " + action.kind() + " now" + (acts == null || acts.isEmpty() ? "."
                            : " (you may: " + acts.stream().map(Act.Kind::wire)
                                    .collect(Collectors.joining(", ")) + ").");
        }
        return switch (action) {
            case Act.Speak sp when sp.text() == null || sp.text().isBlank() ->
                    "There is nothing to say in an empty message.";
            case Act.Speak sp when !roomOpen -> asleepOrClosed(phase);
            case Act.Whisper w when w.text() == null || w.text().isBlank() ->
                    "There is nothing to whisper in an empty message.";
            case Act.Talk t when t.text() == null || t.text().isBlank() ->
                    "There is nothing to say in an empty talk (say Skip to pass, Over when done for the day).";
            default -> null;
        };
    }

    private static String asleepOrClosed(Phase phase) {
        return phase == Phase.NIGHT ? "The village sleeps: nobody hears you tonight." : "No room is open now.";
    }
}
