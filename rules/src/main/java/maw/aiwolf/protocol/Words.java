package maw.aiwolf.protocol;

import java.util.Locale;

/** The words of the protocol: agents, ANY, the omitted subject, roles, species and talk references. */
public final class Words {

    private Words() {}

    /** Who a sentence is about or by: an agent, ANY, or omitted (UNSPEC). */
    public sealed interface Subject permits AgentId, Any, Unspec {}

    /** Whom a sentence names: an agent or ANY. */
    public sealed interface Target permits AgentId, Any {}

    /** An agent, written {@code Agent[03]} (read also as {@code Agent[3]} and {@code Agent3}). */
    public record AgentId(int index) implements Subject, Target {
        public AgentId {
            if (index < 0 || index > MAX_AGENT) {
                throw new IllegalArgumentException("an agent number is 0 to " + MAX_AGENT + ": " + index);
            }
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "Agent[%02d]", index);
        }
    }

    /** The highest agent number the parser reads. */
    public static final int MAX_AGENT = 9999;
    /** The highest day number the parser reads. */
    public static final int MAX_DAY = 9999;
    /** The highest talk id the parser reads. */
    public static final int MAX_TALK_ID = 999_999;

    /** ANY: any agent; as a subject or target it stands for every possible one, joined by OR. */
    public enum Any implements Subject, Target {
        ANY
    }

    /** The omitted subject: the speaker at the top, else as the rules for nested sentences say. */
    public enum Unspec implements Subject {
        UNSPEC
    }

    /** A role word. */
    public enum RoleWord {
        VILLAGER, SEER, MEDIUM, BODYGUARD, WEREWOLF, POSSESSED, ANY
    }

    /** A species word. */
    public enum SpeciesWord {
        HUMAN, WEREWOLF, ANY
    }

    /** Whether a referenced utterance was a talk or a whisper. */
    public enum TalkKind {
        TALK, WHISPER
    }

    /** A talk number: {@code TALK day1 ID:3}, {@code WHISPER day0 ID:12}. */
    public record TalkRef(TalkKind kind, int day, int id) {
        public TalkRef {
            if (kind == null || day < 0 || day > MAX_DAY || id < 0 || id > MAX_TALK_ID) {
                throw new IllegalArgumentException("a talk number: TALK or WHISPER, day 0-" + MAX_DAY + ", id 0-"
                        + MAX_TALK_ID);
            }
        }

        @Override
        public String toString() {
            return kind + " day" + day + " ID:" + id;
        }
    }
}
