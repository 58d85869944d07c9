package maw.game;

import java.util.List;
import java.util.Map;
import java.util.Set;
import maw.base.Act;

/**
 * What the rules await from one player now: the acts it may make, whom each may name, and what it has already done
 * this phase (whom it voted for). A player with no acts is not awaited (asleep, or dead).
 */
public record Turn(Set<Act.Kind> acts, Map<Act.Kind, List<String>> targets, Map<Act.Kind, String> done) {

    public static final Turn NONE = new Turn(Set.of(), Map.of(), Map.of());

    public Turn {
        acts = Set.copyOf(acts);
        targets = Map.copyOf(targets);
        done = Map.copyOf(done);
    }

    public boolean allows(Act.Kind kind) {
        return acts.contains(kind);
    }

    public List<String> targets(Act.Kind kind) {
        return targets.getOrDefault(kind, List.of());
    }
}
