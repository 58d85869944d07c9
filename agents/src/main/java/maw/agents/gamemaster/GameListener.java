package maw.agents.gamemaster;

import java.util.Map;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.runtime.Jid;

/** What the GameMaster tells whoever watches (the console, the journal). */
public interface GameListener {
    /** The GameMaster opened its table ({@code resumed}: again, after a crash, from its journal). */
    default void opened(GameConfig config, Jid gameMaster, String rules, Object options, boolean resumed) {}

    default void joined(String name, Jid jid, int waiting, int needed) {}

    /** The same, {@code person} saying whether a person plays the seat (they said so when they joined). */
    default void joined(String name, Jid jid, int waiting, int needed, boolean person) {
        joined(name, jid, waiting, needed);
    }

    /** The same, {@code news} saying whether the seat takes the game's news as envelopes (it asked so). */
    default void joined(String name, Jid jid, int waiting, int needed, boolean person, boolean news) {
        joined(name, jid, waiting, needed, person);
    }

    /** The seat just joined is a person at an ordinary chat client (the GameMaster speaks to it in plain words). */
    default void chatClient(String name) {}

    default void left(String name, String why) {}

    /**
     * A round was dealt from {@code seed} under a rule set and its options: enough to replay it. {@code seats}
     * are the players' addresses, {@code config} the GameMaster's settings: enough to resume it.
     */
    default void roundStarted(int round, int rounds, long seed, String rules, Object options, GameConfig config,
            Jid gameMaster, Map<String, Jid> seats, GameView state) {}

    default void command(int round, Command command) {}

    default void event(int round, GameEvent event, GameView after) {}

    /** {@code player}, a person, was given more time in {@code phase} (its new end is told as a {@link #deadline}). */
    default void moreTime(int round, PhaseId phase, String player) {}

    /** A phase began and ends at {@code deadlineMillis} (wall clock, milliseconds since the epoch). */
    default void deadline(int round, PhaseId phase, long deadlineMillis) {}

    /**
     * The host paused the game ({@code paused}, with {@code leftMillis} of the phase left) or let it go on, in
     * {@code phase} (null: the lobby).
     */
    default void clock(int round, PhaseId phase, boolean paused, long leftMillis) {}

    default void refused(int round, String who, String what, RefusalCode code, String reason) {}

    default void scores(int round, Map<String, Integer> totals, boolean last) {}

    /** A round ended: what it was (called before {@link #scores} of that round). */
    default void roundEnded(RoundSummary summary) {}
}
