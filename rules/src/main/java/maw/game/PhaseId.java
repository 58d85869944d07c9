package maw.game;

import maw.base.Phase;

/**
 * A phase of a game: day 1, night 1, day 2... and, in rule sets that take a phase in steps (AIWolf's talk turns,
 * re-votes, whisper turns), the step within it (0 in MAW). Timers and acts carry it, so that a late timer cannot end a
 * newer phase or step and a late act is never counted in one.
 */
public record PhaseId(Phase phase, int number, int step) {

    public PhaseId(Phase phase, int number) {
        this(phase, number, 0);
    }

    /** Whether {@code other} is the same phase (day 2, say), whatever the step of each. */
    public boolean sameAs(PhaseId other) {
        return other != null && phase == other.phase && number == other.number;
    }

    /** The same phase at another step. */
    public PhaseId atStep(int s) {
        return new PhaseId(phase, number, s);
    }

    @Override
    public String toString() {
        return phase.wire() + " " + number + (step == 0 ? "" : " step " + step);
    }
}
