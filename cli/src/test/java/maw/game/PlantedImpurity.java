package maw.game;

/** A planted violation, never used: MAW's rules reaching into the runtime (ArchitectureTest shows its rule fails). */
final class PlantedImpurity {
    maw.runtime.Json json;
}
