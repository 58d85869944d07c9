package maw.base;

import java.util.Locale;

/**
 * What a seat does with its turn: the one act type of MAW, whether a rule bot, a language model or a person at a
 * terminal decided it, what the Player forwards and what the rules judge. Speech is said in a room and judged there,
 * and listening is no act at all; both are named here because a seat may choose them. A rule set says which kinds a
 * turn allows (the catalog's {@code your_turn}); a model is asked for
 * {@code {"action":"speak"|"vote"|"divine"|"whisper"|"talk"|"guard"|"listen", "message"?, "target"?}}.
 */
public sealed interface Act {

    Kind kind();

    /** The player the act names (whom a vote is for, whom a whisper goes to), or null. */
    String target();

    /** The text the act carries (a speech, a talk, a whisper), or null. */
    default String text() {
        return null;
    }

    /** The kinds of act, in every rule set, with their wire names. */
    enum Kind {
        SPEAK, VOTE, DIVINE, WHISPER, TALK, GUARD, PASS, LISTEN;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        @Override
        public String toString() {
            return wire();
        }

        /** The kind with this wire name (any case, surrounding space ignored), or null. */
        public static Kind fromWire(String s) {
            if (s == null) {
                return null;
            }
            String w = s.strip().toLowerCase(Locale.ROOT);
            for (Kind k : values()) {
                if (k.wire().equals(w)) {
                    return k;
                }
            }
            return null;
        }

        /** Whether an act of this kind names a player. */
        public boolean targeted() {
            return this == VOTE || this == DIVINE || this == WHISPER || this == GUARD;
        }
    }

    /** Say something in the room the seat is in (the Village by day, the Hideout by night). */
    record Speak(String text) implements Act {
        @Override
        public Kind kind() {
            return Kind.SPEAK;
        }

        @Override
        public String target() {
            return null;
        }
    }

    /** By day a vote for an execution; by night (a werewolf's) a vote for a victim. A later vote replaces an earlier. */
    record Vote(String target) implements Act {
        @Override
        public Kind kind() {
            return Kind.VOTE;
        }
    }

    /** The seer asks one player's role (MAW) or species (AIWolf). */
    record Divine(String target) implements Act {
        @Override
        public Kind kind() {
            return Kind.DIVINE;
        }
    }

    /**
     * A turn's utterance in a rule set where talk goes through the GameMaster (AIWolf): protocol text such as
     * {@code VOTE Agent[03]} or natural language, by day to everyone, by night (a werewolf's whisper) to the pack.
     */
    record Talk(String text) implements Act {
        @Override
        public Kind kind() {
            return Kind.TALK;
        }

        @Override
        public String target() {
            return null;
        }
    }

    /** The bodyguard protects one player from tonight's attack. */
    record Guard(String target) implements Act {
        @Override
        public Kind kind() {
            return Kind.GUARD;
        }
    }

    /**
     * The player gives up what the step awaits from it, in a rule set that asks each seat once a step (AIWolf, where
     * a turn lists {@link Kind#PASS}): the regulation's default applies at once, as for an answer that is not valid
     * (no divination, no guard, an attack vote dropped, a vote for a random other player, a Skip), and the step ends as
     * soon as every seat it waits for has acted or passed.
     */
    record Pass() implements Act {
        @Override
        public Kind kind() {
            return Kind.PASS;
        }

        @Override
        public String target() {
            return null;
        }
    }

    /** A private word to one living player: only the recipient (and the journal) learns it. */
    record Whisper(String target, String text) implements Act {
        @Override
        public Kind kind() {
            return Kind.WHISPER;
        }
    }

    /** Do nothing this turn: wait for what the others do. */
    record Listen() implements Act {
        @Override
        public Kind kind() {
            return Kind.LISTEN;
        }

        @Override
        public String target() {
            return null;
        }
    }
}
