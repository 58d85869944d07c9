package maw.runtime;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A FIPA-ACL message with a JSON body, as SPADE carries it over XMPP: receiver, sender, body, thread and a map of
 * string metadata. The FIPA parameters (performative, conversation-id, reply-with, in-reply-to, ontology, language,
 * protocol) live in the metadata under their FIPA names, which is where SPADE agents read and write them.
 *
 * <p>Messages are immutable; {@link #toBuilder()} and {@link #createReply()} make new ones.
 */
public final class Message {

    public static final String PERFORMATIVE = "performative";
    public static final String CONVERSATION_ID = "conversation-id";
    public static final String REPLY_WITH = "reply-with";
    public static final String IN_REPLY_TO = "in-reply-to";
    public static final String ONTOLOGY = "ontology";
    public static final String LANGUAGE = "language";
    public static final String PROTOCOL = "protocol";

    /** The {@code type} each record class writes as its type id ("" for none): the same for every record of it. */
    private static final Map<Class<?>, String> TYPES = new ConcurrentHashMap<>();

    /** Whether a class writes its {@code type} as a type id of its class (a supertype says so), not as a field. */
    private static final ClassValue<Boolean> TYPE_ID = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                if (typeId(k)) {
                    return true;
                }
            }
            return false;
        }

        private static boolean typeId(Class<?> k) {
            JsonTypeInfo info = k.getDeclaredAnnotation(JsonTypeInfo.class);
            if (info != null) {
                return info.use() == JsonTypeInfo.Id.NAME && info.include() == JsonTypeInfo.As.PROPERTY
                        && info.property().equals("type");
            }
            for (Class<?> i : k.getInterfaces()) {
                if (typeId(i)) {
                    return true;
                }
            }
            return false;
        }
    };

    private final Jid to;
    private final Jid sender;
    private volatile String body;
    private final String thread;
    private final Map<String, String> metadata;
    private final Instant storedAt;
    private final Object original;
    private volatile JsonNode json;
    private volatile long arrivedNanos;

    private Message(Builder b) {
        this.to = b.to;
        this.sender = b.sender;
        this.body = b.body;
        this.thread = b.thread;
        this.metadata = Collections.unmodifiableMap(new LinkedHashMap<>(b.metadata));
        this.json = b.json;
        this.storedAt = b.storedAt;
        this.original = b.original;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Shorthand for a message to {@code to} with a performative and a body object serialised as JSON. */
    public static Message of(Jid to, Performative performative, Object body) {
        return builder().to(to).performative(performative).body(body).build();
    }

    public Jid to() {
        return to;
    }

    public Jid sender() {
        return sender;
    }

    /**
     * The body as it travels: JSON text (may be null for a message without a body). A body given as a record is
     * written when it is first asked for: a message delivered in the process may never need its text.
     */
    public String body() {
        String b = body;
        if (b == null && original != null) {
            b = Json.write(original);
            body = b;
        }
        return b;
    }

    /** The body's text if it has been written already (for the wire), without writing it; else null. */
    String writtenBody() {
        return body;
    }

    public String thread() {
        return thread;
    }

    /**
     * When the server stored this message because its receiver was away (XEP-0203 delayed delivery), or null for a
     * message delivered as it was sent.
     */
    public Instant storedAt() {
        return storedAt;
    }

    /**
     * When the transport took this message in ({@link System#nanoTime()}, before anything of the runtime's own work on
     * it), or 0 for a message that was not received: for measuring where a message's time goes.
     */
    public long arrivedNanos() {
        return arrivedNanos;
    }

    /** Marks when the transport took this message in (see {@link #arrivedNanos()}); set by the transport. */
    public void arrived(long nanos) {
        this.arrivedNanos = nanos;
    }

    public Map<String, String> metadata() {
        return metadata;
    }

    public String metadata(String key) {
        return metadata.get(key);
    }

    /** A person's words from a chat client: no FIPA-ACL metadata, and a body that is not a JSON object. */
    public boolean isPlainText() {
        return metadata(PERFORMATIVE) == null && body() != null && !body().isBlank()
                && !body().stripLeading().startsWith("{");
    }

    /** The performative, if the metadata carries one that FIPA defines. */
    public Optional<Performative> performative() {
        return Performative.fromWire(metadata.get(PERFORMATIVE));
    }

    /** The performative, or an exception for a message that has none (only validated messages reach behaviours). */
    public Performative requirePerformative() {
        return performative().orElseThrow(() -> new IllegalStateException("message has no performative: " + this));
    }

    public boolean is(Performative p) {
        return performative().map(p::equals).orElse(false);
    }

    public String conversationId() {
        return metadata.get(CONVERSATION_ID);
    }

    public String replyWith() {
        return metadata.get(REPLY_WITH);
    }

    public String inReplyTo() {
        return metadata.get(IN_REPLY_TO);
    }

    public String ontology() {
        return metadata.get(ONTOLOGY);
    }

    public String language() {
        return metadata.get(LANGUAGE);
    }

    public String protocol() {
        return metadata.get(PROTOCOL);
    }

    /**
     * The record the body is written from ({@link Builder#body(Object)} with a record), or null when the body came as
     * text, a JSON tree or another object: what arrived over the network always comes as text. Only a transport that
     * delivers in the same process keeps it, so that a receiver there may take the record instead of reading the text
     * back; the text is the same record written by {@link Json#MAPPER}, so both say the same. The record is shared
     * with the sender: neither may change it (nor a list it holds).
     */
    public Object original() {
        return original;
    }

    /** The body parsed as JSON; {@link MissingNode} when there is no body or it is not JSON. */
    public JsonNode json() {
        JsonNode node = json;
        if (node == null) {
            node = parseOrMissing(body());
            json = node;
        }
        return node;
    }

    /** Remembers the parsed body so it is parsed once per message (the agent parses it when checking it). */
    void cacheJson(JsonNode node) {
        this.json = node;
    }

    /** The {@code type} field of a JSON object body (the catalog's message kind), or null. */
    public String bodyType() {
        if (json == null && original != null && TYPE_ID.get(original.getClass())) {
            // The type id the record's class writes, known without writing or reading this one.
            String type = TYPES.computeIfAbsent(original.getClass(), c -> {
                JsonNode t = Json.MAPPER.valueToTree(original).get("type");
                return t != null && t.isTextual() ? t.asText() : "";
            });
            return type.isEmpty() ? null : type;
        }
        JsonNode t = json().get("type");
        return t != null && t.isTextual() ? t.asText() : null;
    }

    /** The body mapped to a record or class by Jackson. */
    public <T> T bodyAs(Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(json(), type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("body does not fit " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * A reply addressed the way JADE's {@code createReply()} does it: to the sender, same thread, conversation-id,
     * protocol, ontology and language; {@code in-reply-to} set to this message's {@code reply-with}; the same
     * performative until the caller sets another; no body.
     */
    public Message.Builder createReply() {
        Builder b = builder().to(sender).thread(thread);
        for (String key : new String[] {PERFORMATIVE, CONVERSATION_ID, PROTOCOL, ONTOLOGY, LANGUAGE}) {
            String v = metadata.get(key);
            if (v != null) {
                b.metadata(key, v);
            }
        }
        if (replyWith() != null) {
            b.metadata(IN_REPLY_TO, replyWith());
        }
        return b;
    }

    public Builder toBuilder() {
        Builder b = builder().to(to).sender(sender).thread(thread);
        b.body = body;
        b.json = json;
        b.original = original;
        b.metadata.putAll(metadata);
        b.storedAt = storedAt;
        return b;
    }

    private static JsonNode parseOrMissing(String text) {
        if (text == null || text.isBlank()) {
            return MissingNode.getInstance();
        }
        try {
            return Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return MissingNode.getInstance();
        }
    }

    @Override
    public String toString() {
        String text = body();
        String shown = text == null ? "" : text.length() > 200 ? text.substring(0, 200) + "..." : text;
        return "Message[" + metadata.getOrDefault(PERFORMATIVE, "?") + " " + sender + " -> " + to
                + (thread != null ? " thread=" + thread : "") + " " + shown + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Message m && Objects.equals(to, m.to) && Objects.equals(sender, m.sender)
                && Objects.equals(body(), m.body()) && Objects.equals(thread, m.thread) && metadata.equals(m.metadata);
    }

    @Override
    public int hashCode() {
        return Objects.hash(to, sender, body(), thread, metadata);
    }

    /** Builds a {@link Message}; metadata keeps the order in which it is set. */
    public static final class Builder {
        private Jid to;
        private Jid sender;
        private String body;
        private JsonNode json;
        private Object original;
        private String thread;
        private Instant storedAt;
        private final Map<String, String> metadata = new LinkedHashMap<>();

        private Builder() {}

        public Builder to(Jid to) {
            this.to = to;
            return this;
        }

        public Builder to(String to) {
            return to(Jid.parse(to));
        }

        public Builder sender(Jid sender) {
            this.sender = sender;
            return this;
        }

        /** The body exactly as given (JSON text is expected; anything else is answered not-understood). */
        public Builder rawBody(String body) {
            this.body = body;
            this.json = null;
            this.original = null;
            return this;
        }

        /** The body as JSON: a {@link JsonNode}, a record, a map, or a string holding JSON text. */
        public Builder body(Object value) {
            if (value == null) {
                return rawBody(null);
            }
            if (value instanceof String s) {
                return rawBody(s);
            }
            if (value instanceof JsonNode node) {
                this.body = Json.write(node);
                this.json = node;
                this.original = null;
                return this;
            }
            this.json = null;
            if (value instanceof Record) {
                // Written when first read, straight from the record (a tree first would cost a second pass).
                this.body = null;
                this.original = value;
            } else {
                // A map or another object may change after this call: written now.
                this.body = Json.write(value);
                this.original = null;
            }
            return this;
        }

        /** When the server stored the message for its receiver (set by transports on receipt). */
        public Builder storedAt(Instant at) {
            this.storedAt = at;
            return this;
        }

        public Builder thread(String thread) {
            this.thread = thread;
            return this;
        }

        /** Sets one metadata field; a null value removes it. All values are strings on the wire. */
        public Builder metadata(String key, String value) {
            if (value == null) {
                metadata.remove(key);
            } else {
                metadata.put(key, value);
            }
            return this;
        }

        public Builder performative(Performative p) {
            return metadata(PERFORMATIVE, p == null ? null : p.wire());
        }

        public Builder conversationId(String id) {
            return metadata(CONVERSATION_ID, id);
        }

        public Builder replyWith(String id) {
            return metadata(REPLY_WITH, id);
        }

        public Builder inReplyTo(String id) {
            return metadata(IN_REPLY_TO, id);
        }

        public Builder ontology(String ontology) {
            return metadata(ONTOLOGY, ontology);
        }

        public Builder language(String language) {
            return metadata(LANGUAGE, language);
        }

        public Builder protocol(String protocol) {
            return metadata(PROTOCOL, protocol);
        }

        public Message build() {
            return new Message(this);
        }
    }
}
