package maw.game;

import java.util.Locale;

/**
 * What a player does through the GameMaster, judged by the rules. Speech is said in a room and judged there; it is
 * named here ({@link Kind#SPEAK}) because the rules say who may speak when.
 */
public sealed interface Act {

    Kind kind();

    /** The player the act names (whom a vote is for, whom a whisper goes to). */
    String target();

    /** The kinds of act, in every rule set: one vocabulary from the rules to the seats. */
    enum Kind {
        SPEAK, VOTE, DIVINE, WHISPER, TALK, GUARD, PASS;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        @Override
        public String toString() {
            return wire();
        }

        /** The kind with this wire name, or null. */
        public static Kind fromWire(String s) {
            for (Kind k : values()) {
                if (k.wire().equals(s)) {
                    return k;
                }
            }
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

    /** The seer asks one player's role. */
    record Divine(String target) implements Act {
        @Override
        public Kind kind() {
            return Kind.DIVINE;
        }
    }

    /**
     * A turn's utterance in a rule set where talk goes through the GameMaster (AIWolf): protocol text, by day to
     * everyone, by night (a werewolf's whisper) to the pack.
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
}
