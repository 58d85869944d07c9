package maw.game;

import java.util.Locale;

/** The two sides of the game. */
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
