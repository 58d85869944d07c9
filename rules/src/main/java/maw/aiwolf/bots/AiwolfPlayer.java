package maw.aiwolf.bots;

import maw.aiwolf.game.AiwolfEvent;

/**
 * A seat's mind in an AIWolf game: it hears the events it may learn and answers what the game asks of it. Names are
 * the game's player names; talk and whispers are protocol text (a player's agent number is its place in the game's
 * player list, from 1).
 */
public interface AiwolfPlayer {

    /** An event this seat may learn (its own role first). */
    void hear(AiwolfEvent event);

    String talk();

    String whisper();

    String vote();

    String divine();

    String guard();

    String attack();
}
