package maw.game;

import java.util.List;

/** The rules' answer to a command: accepted, with the new state and what to announce, or refused, with why. */
public sealed interface Outcome {

    record Accepted(GameState state, List<Event> events) implements Outcome {}

    record Refused(String reason) implements Outcome {}
}
