package maw.game.maw;

import java.util.Locale;

/**
 * What ends a phase of MAW's game. By the clock (the design's): a phase lasts its time, every living seat acts when it
 * will, and the day's votes are counted when it runs out. By turns: a phase is rounds in which every living seat is
 * asked once, in an order that turns with the days, and a day closes with a voting round in which each is asked for
 * its vote alone; the slowest seat (a language model on a laptop) is waited for, up to a turn's length.
 */
public enum Pace {
    CLOCK, TURNS;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The pace a setting or flag names ({@code clock}, {@code turns}), or null for another word. */
    public static Pace parse(String s) {
        if (s == null) {
            return null;
        }
        return switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "clock" -> CLOCK;
            case "turns" -> TURNS;
            default -> null;
        };
    }

    @Override
    public String toString() {
        return wire();
    }
}
