package maw.base;

/** A planted violation, never used: the vocabulary reaching into the rules (ArchitectureTest shows its rule fails). */
final class PlantedDependency {
    maw.game.PhaseId phase;
}
