package maw.aiwolf.game;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import maw.base.Role;

/**
 * An AIWolf game's options under the GameMaster: the server settings (the village and its limits) and how long each
 * step may take in wall-clock time (a talk or whisper turn, a vote, a re-vote, a night's acts), as the official
 * server's {@code timeLimit} bounds each request. A step ends as soon as everyone it awaits has answered.
 *
 * @param settings     the village and its limits
 * @param step         the longest a step may take
 * @param roleRequests the roles players asked for (the official server's ROLE request): honoured while the village
 *                     has them, in the order of the players
 */
public record AiwolfOptions(AiwolfSettings settings, Duration step, Map<String, Role> roleRequests) {

    public AiwolfOptions {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(step, "step");
        if (step.isNegative() || step.isZero()) {
            throw new IllegalArgumentException("a step lasts more than 0 s");
        }
        roleRequests = roleRequests == null ? Map.of() : Map.copyOf(roleRequests);
    }

    public AiwolfOptions(AiwolfSettings settings, Duration step) {
        this(settings, step, Map.of());
    }

    /** The same options with these role requests. */
    public AiwolfOptions withRoleRequests(Map<String, Role> requests) {
        return new AiwolfOptions(settings, step, requests);
    }

    /** The AIWolf NLP contest's game for 5, 9 or 13 players ({@link NlpRegulation#settings}), steps of {@code step}. */
    public static AiwolfOptions natural(int players, Duration step) {
        return new AiwolfOptions(NlpRegulation.settings(players), step);
    }

    /** The AIWolf NLP contest's configuration named {@code name} ({@link NlpRegulation#named}), steps of {@code step}. */
    public static AiwolfOptions natural(String name, Duration step) {
        return new AiwolfOptions(NlpRegulation.settings(name), step);
    }

    /** The AIWolf NLP contest's configuration {@code named}, steps of {@code step}. */
    public static AiwolfOptions natural(NlpRegulation.Named named, Duration step) {
        return new AiwolfOptions(named.settings(), step);
    }

    /** The official defaults for a village of {@code players} (the regulation's for 5 and 15), steps of {@code step}. */
    public static AiwolfOptions of(int players, Duration step) {
        return new AiwolfOptions(AiwolfSettings.defaults(Composition.of(players)), step);
    }
}
