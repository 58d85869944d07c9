package maw.aiwolf.bots;

/** A planted violation, never used: an AIWolf bot reaching into the agents (ArchitectureTest shows its rule fails). */
final class PlantedImpurity {
    maw.agents.Catalog.Ready ready;
}
