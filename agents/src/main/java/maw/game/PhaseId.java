package maw.game;

/** A phase of a game: day 1, night 1, day 2... Timers carry it so that a late timer cannot end a newer phase. */
public record PhaseId(Phase phase, int number) {

    @Override
    public String toString() {
        return phase.wire() + " " + number;
    }
}
