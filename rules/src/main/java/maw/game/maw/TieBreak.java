package maw.game.maw;

/** What a tie at the end of the day does: nobody is executed, or one of the tied is, at random. */
public enum TieBreak { NONE, RANDOM }
