package maw.aiwolf.game;

import java.time.Duration;
import java.util.Objects;

/**
 * An AIWolf game's options under the GameMaster: the server settings (the village and its limits) and how long each
 * step may take in wall-clock time (a talk or whisper turn, a vote, a re-vote, a night's acts), as the official
 * server's {@code timeLimit} bounds each request. A step ends as soon as everyone it awaits has answered.
 *
 * @param settings the village and its limits
 * @param step     the longest a step may take
 */
public record AiwolfOptions(AiwolfSettings settings, Duration step) {

    public AiwolfOptions {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(step, "step");
        if (step.isNegative() || step.isZero()) {
            throw new IllegalArgumentException("a step lasts more than 0 s");
        }
    }

    /** The official defaults for a village of {@code players} (the regulation's for 5 and 15), steps of {@code step}. */
    public static AiwolfOptions of(int players, Duration step) {
        return new AiwolfOptions(AiwolfSettings.defaults(Composition.of(players)), step);
    }
}
