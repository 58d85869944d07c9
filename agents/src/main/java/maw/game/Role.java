package maw.game;

import java.util.Locale;

/**
 * The roles of both rule sets: MAW deals villagers and werewolves (and a seer when asked); the AIWolf regulation adds
 * medium, bodyguard and possessed.
 */
public enum Role {
    VILLAGER(Team.VILLAGERS),
    SEER(Team.VILLAGERS),
    MEDIUM(Team.VILLAGERS),
    BODYGUARD(Team.VILLAGERS),
    WEREWOLF(Team.WEREWOLVES),
    POSSESSED(Team.WEREWOLVES);

    private final Team team;

    Role(Team team) {
        this.team = team;
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
