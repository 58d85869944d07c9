package maw.game;

import java.util.List;
import maw.base.Act;

/**
 * What the GameMaster asks of a rule set, whatever the rule set: deal and begin, a player's act, a timer that ran out.
 * Recorded in the journal, the commands of a round replay it exactly.
 */
public sealed interface Command {

    /** Deal the roles to these players and begin the first phase. */
    record Start(List<String> players) implements Command {}

    /**
     * A player's act, stamped with the phase it was made for ({@code phase} null only in journals written before acts
     * were stamped). The GameMaster refuses an act whose phase is over before it reaches the rules.
     */
    record Perform(String actor, PhaseId phase, Act act) implements Command {}

    /** The phase's timer ran out. */
    record Timeout(PhaseId phase) implements Command {}
}
