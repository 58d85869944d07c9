package maw.runtime;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * Which messages a behaviour takes from its agent's mailbox. Templates compare the sender by <b>bare</b> JID (a reply
 * from any resource of the agent matches), metadata fields exactly, the thread, and the body's {@code type}; they
 * combine with {@link #and}, {@link #or} and {@link #not}.
 */
public sealed interface Template {

    boolean matches(Message m);

    default Template and(Template other) {
        return new And(this, other);
    }

    default Template or(Template other) {
        return new Or(this, other);
    }

    default Template not() {
        return new Not(this);
    }

    static Template any() {
        return Any.INSTANCE;
    }

    static Template sender(Jid jid) {
        return new Sender(jid.bare());
    }

    static Template sender(String jid) {
        return sender(Jid.parse(jid));
    }

    static Template to(Jid jid) {
        return new To(jid.bare());
    }

    static Template thread(String thread) {
        return new Thread(thread);
    }

    static Template metadata(String key, String value) {
        return new Metadata(key, value);
    }

    static Template performative(Performative p) {
        return new PerformativeIs(p);
    }

    static Template conversationId(String id) {
        return metadata(Message.CONVERSATION_ID, id);
    }

    static Template inReplyTo(String id) {
        return metadata(Message.IN_REPLY_TO, id);
    }

    static Template ontology(String ontology) {
        return metadata(Message.ONTOLOGY, ontology);
    }

    static Template protocol(String protocol) {
        return metadata(Message.PROTOCOL, protocol);
    }

    /** Matches JSON object bodies whose {@code type} field equals {@code type}. */
    static Template bodyType(String type) {
        return new BodyType(type);
    }

    /** An escape hatch for conditions the vocabulary above does not cover; {@code description} shows in logs. */
    static Template where(String description, Predicate<Message> condition) {
        return new Where(description, condition);
    }

    /** Builds the conjunction of several conditions, the way SPADE's {@code Template(sender=..., metadata=...)} does. */
    static Template allOf(Template... parts) {
        Template t = any();
        for (Template p : parts) {
            t = t == Any.INSTANCE ? p : t.and(p);
        }
        return t;
    }

    enum Any implements Template {
        INSTANCE;

        @Override
        public boolean matches(Message m) {
            return true;
        }

        @Override
        public String toString() {
            return "any";
        }
    }

    record Sender(Jid jid) implements Template {
        @Override
        public boolean matches(Message m) {
            return jid.sameBare(m.sender());
        }
    }

    record To(Jid jid) implements Template {
        @Override
        public boolean matches(Message m) {
            return jid.sameBare(m.to());
        }
    }

    record Thread(String thread) implements Template {
        @Override
        public boolean matches(Message m) {
            return Objects.equals(thread, m.thread());
        }
    }

    record Metadata(String key, String value) implements Template {
        @Override
        public boolean matches(Message m) {
            return Objects.equals(value, m.metadata(key));
        }
    }

    record PerformativeIs(Performative performative) implements Template {
        @Override
        public boolean matches(Message m) {
            return m.is(performative);
        }
    }

    record BodyType(String type) implements Template {
        @Override
        public boolean matches(Message m) {
            return type.equals(m.bodyType());
        }
    }

    record Where(String description, Predicate<Message> condition) implements Template {
        @Override
        public boolean matches(Message m) {
            return condition.test(m);
        }

        @Override
        public String toString() {
            return description;
        }
    }

    record And(Template left, Template right) implements Template {
        @Override
        public boolean matches(Message m) {
            return left.matches(m) && right.matches(m);
        }

        @Override
        public String toString() {
            return "(" + left + " & " + right + ")";
        }
    }

    record Or(Template left, Template right) implements Template {
        @Override
        public boolean matches(Message m) {
            return left.matches(m) || right.matches(m);
        }

        @Override
        public String toString() {
            return "(" + left + " | " + right + ")";
        }
    }

    record Not(Template inner) implements Template {
        @Override
        public boolean matches(Message m) {
            return !inner.matches(m);
        }

        @Override
        public String toString() {
            return "~" + inner;
        }
    }
}
