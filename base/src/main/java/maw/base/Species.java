package maw.base;

import java.util.Locale;

/** What a divination or a medium's reading shows: the species, not the role (the possessed shows human). */
public enum Species {
    HUMAN, WEREWOLF;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wire();
    }
}
