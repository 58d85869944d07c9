package maw.agents.gamemaster;

/** A planted violation, never used: half of a cycle between the GameMaster and a gateway (maw.aiwolf.tcp's half). */
public final class PlantedCycle {
    maw.aiwolf.tcp.PlantedCycle other;
}
