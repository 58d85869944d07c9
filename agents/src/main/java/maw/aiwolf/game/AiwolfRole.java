package maw.aiwolf.game;

/**
 * The roles of the AIWolf regulation (GAT2017), with the species a divination shows and the side that wins with them.
 */
public enum AiwolfRole {
    VILLAGER(Species.HUMAN, Side.VILLAGERS),
    SEER(Species.HUMAN, Side.VILLAGERS),
    MEDIUM(Species.HUMAN, Side.VILLAGERS),
    BODYGUARD(Species.HUMAN, Side.VILLAGERS),
    WEREWOLF(Species.WEREWOLF, Side.WEREWOLVES),
    /** A human who wins with the werewolves: divined and identified as human. */
    POSSESSED(Species.HUMAN, Side.WEREWOLVES);

    /** What a divination or a medium's reading shows. */
    public enum Species { HUMAN, WEREWOLF }

    /** The side that wins together. */
    public enum Side { VILLAGERS, WEREWOLVES }

    private final Species species;
    private final Side side;

    AiwolfRole(Species species, Side side) {
        this.species = species;
        this.side = side;
    }

    public Species species() {
        return species;
    }

    public Side side() {
        return side;
    }
}
