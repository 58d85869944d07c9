package maw.base;

import java.util.Locale;

/** The two sides of the game: the side a role wins with. */
public enum Team {
    VILLAGERS, WEREWOLVES;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wire();
    }
}
