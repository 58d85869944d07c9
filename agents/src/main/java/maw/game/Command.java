package maw.game;

import java.util.List;

/** What can happen to a game: the inputs of the rules. Recorded in the journal, they replay a game exactly. */
public sealed interface Command {

    /** Deal the roles to these players and begin the first day. */
    record Start(List<String> players) implements Command {}

    /** A vote by day for an execution, by night (werewolves only) for a victim. A later vote replaces an earlier. */
    record Vote(String voter, String target) implements Command {}

    /** The seer asks one player's role (once a day, by day). */
    record Divine(String seer, String target) implements Command {}

    /** The phase's timer ran out. */
    record Timeout(PhaseId phase) implements Command {}
}
