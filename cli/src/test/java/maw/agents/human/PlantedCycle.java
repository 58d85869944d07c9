package maw.agents.human;

/** A planted violation, never used: the other half of a cycle between two agent kinds. */
public final class PlantedCycle {
    maw.agents.bot.PlantedCycle other;
}
