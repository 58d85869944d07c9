package maw.agents.player;

/** A planted violation, never used: a seat reaching into one rule set (ArchitectureTest shows its rule fails). */
final class PlantedRuleSet {
    maw.aiwolf.log.AiwolfNarration narration;
}
