package maw.llm;

import java.util.Locale;

/**
 * What a seat does with its turn: the one action type of MAW's seats, whether a rule bot, a language model or a person
 * at a terminal decided it, and what the Player forwards. The guiding prompt asks a model for it as
 * {@code {"action":"speak"|"vote"|"divine"|"whisper"|"talk"|"guard"|"listen", "message"?, "target"?}}.
 */
public sealed interface Action {

    Kind kind();

    /** The kinds of action, with their wire names. */
    enum Kind {
        SPEAK, VOTE, DIVINE, WHISPER, TALK, GUARD, LISTEN;

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
    }

    /** Say something in the current room. */
    record Speak(String message) implements Action {
        @Override
        public Kind kind() {
            return Kind.SPEAK;
        }
    }

    /** Vote for a player (by name). */
    record Vote(String target) implements Action {
        @Override
        public Kind kind() {
            return Kind.VOTE;
        }
    }

    /** As the seer, ask a player's role. */
    record Divine(String target) implements Action {
        @Override
        public Kind kind() {
            return Kind.DIVINE;
        }
    }

    /** Whisper to one living player: only they hear it. */
    record Whisper(String target, String message) implements Action {
        @Override
        public Kind kind() {
            return Kind.WHISPER;
        }
    }

    /**
     * Say one utterance of a talk turn (AIWolf): protocol text such as {@code VOTE Agent[03]}; by night, a werewolf's
     * whisper to the pack.
     */
    record Talk(String message) implements Action {
        @Override
        public Kind kind() {
            return Kind.TALK;
        }
    }

    /** As the bodyguard, protect a player from tonight's attack. */
    record Guard(String target) implements Action {
        @Override
        public Kind kind() {
            return Kind.GUARD;
        }
    }

    /** Do nothing this turn. */
    record Listen() implements Action {
        @Override
        public Kind kind() {
            return Kind.LISTEN;
        }
    }
}
