package maw.agents.bot;

/** A planted violation, never used: half of a cycle between two agent kinds (see maw.agents.human.PlantedCycle). */
public final class PlantedCycle {
    maw.agents.human.PlantedCycle other;
}
