package maw.aiwolf.tcp;

/** A planted violation, never used: a gateway's half of a cycle with the GameMaster, and a reach into the command line. */
public final class PlantedCycle {
    maw.agents.gamemaster.PlantedCycle other;
    maw.cli.Main main;
}
