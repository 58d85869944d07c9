package maw.base;

import java.util.Locale;

/** Where a game is: before the deal, in a day, in a night, or over. */
public enum Phase {
    LOBBY, DAY, NIGHT, OVER;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return wire();
    }
}
