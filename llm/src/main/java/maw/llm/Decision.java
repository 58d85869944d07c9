package maw.llm;

/**
 * What a seat decided to do with its turn, as the guiding prompt asks the model to answer:
 * {@code {"action":"speak"|"vote"|"divine"|"listen", "message"?, "target"?}}.
 */
public sealed interface Decision {

    /** Say something in the current room. */
    record Speak(String message) implements Decision {}

    /** Vote for a player (by name). */
    record Vote(String target) implements Decision {}

    /** As the seer, ask a player's role. */
    record Divine(String target) implements Decision {}

    /** Do nothing this turn. */
    record Listen() implements Decision {}
}
