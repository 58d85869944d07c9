package maw.base;

import java.util.Locale;

/**
 * The roles of every rule set, each with the species a divination shows and the side it wins with: MAW deals
 * villagers and werewolves (and a seer when asked); the AIWolf regulation adds medium, bodyguard and possessed.
 */
public enum Role {
    VILLAGER(Species.HUMAN, Team.VILLAGERS),
    SEER(Species.HUMAN, Team.VILLAGERS),
    MEDIUM(Species.HUMAN, Team.VILLAGERS),
    BODYGUARD(Species.HUMAN, Team.VILLAGERS),
    WEREWOLF(Species.WEREWOLF, Team.WEREWOLVES),
    /** A human who wins with the werewolves: divined and identified as human. */
    POSSESSED(Species.HUMAN, Team.WEREWOLVES);

    private final Species species;
    private final Team team;

    Role(Species species, Team team) {
        this.species = species;
        this.team = team;
    }

    /** What a divination or a medium's reading shows. */
    public Species species() {
        return species;
    }

    /** The side this role wins with. */
    public Team team() {
        return team;
    }

    /** Werewolves hunt at night and know each other; the possessed sides with them but is human. */
    public boolean isWerewolf() {
        return this == WEREWOLF;
    }

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wire();
    }

    public static Role fromWire(String s) {
        return valueOf(s.strip().toUpperCase(Locale.ROOT));
    }
}
