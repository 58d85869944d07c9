package maw.game;

import java.util.List;

/** A rule set's answer to a command: accepted, with the new state and what to announce, or refused, with why. */
public sealed interface Outcome<S, E> {

    record Accepted<S, E>(S state, List<E> events) implements Outcome<S, E> {}

    record Refused<S, E>(RefusalCode code, String reason) implements Outcome<S, E> {}
}
