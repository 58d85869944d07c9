package maw.agents.typing;

import maw.base.SeatView;

/**
 * How a person types under a rule set whose talk is not free text (AIWolf's protocol, the NLP contest's turns): a
 * rule set's part of the terminal, beside the usual commands of {@link HumanCommands}.
 */
public interface Typing {

    /** A line typed as is (not a command): the talk it makes, or why it cannot. */
    HumanCommands.Command line(String text, SeatView v);

    /** The command {@code word} with {@code arg}, or null when it is not one of the rule set's. */
    HumanCommands.Command command(String word, String arg, SeatView v);

    /** The help for the rule set's lines and commands. */
    String help();

    /** What the seat's step asks of the person, in words; null when it asks nothing. */
    String turn(SeatView v);

    /** What the seat's step asks of the person in the words of {@code typing} (null: none, or it asks nothing). */
    static String turnOf(SeatView v, Typing typing) {
        return typing == null || v == null ? null : typing.turn(v);
    }
}
