package maw.aiwolf.game;

/** A planted violation, never used: AIWolf's rules reaching into the runtime (ArchitectureTest shows its rule fails). */
final class PlantedImpurity {
    maw.runtime.Json json;
}
