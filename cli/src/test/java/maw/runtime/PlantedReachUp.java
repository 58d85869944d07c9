package maw.runtime;

/** A planted violation, never used: the runtime knowing the catalog (ArchitectureTest shows its rules fail). */
final class PlantedReachUp {
    maw.agents.Catalog catalog;
}
