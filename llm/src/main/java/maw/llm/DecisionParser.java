package maw.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import maw.base.Act;

/**
 * Turns a model's answer into a {@link Act}, or says precisely why it cannot. Models wrap JSON in prose or code
 * fences, invent actions and vote for people who are not there; each of those is a distinct, countable
 * {@link Problem} so the caller can retry with a reminder and report what went wrong.
 */
public final class DecisionParser {

    /** Why an answer was not a usable decision. */
    public enum Problem {
        /** No JSON object anywhere in the answer. */
        NOT_JSON,
        /** JSON, but {@code action} is missing or not one of speak, vote, listen. */
        UNKNOWN_ACTION,
        /** A vote whose target is missing or not a valid target. */
        INVALID_TARGET,
        /** A speak with no message. */
        EMPTY_MESSAGE,
        /** A speak whose message is longer than allowed. */
        MESSAGE_TOO_LONG,
        /** A talk that is not a sentence of the game's protocol. */
        INVALID_TALK
    }

    /** The outcome of parsing: a decision, or a problem with a human-readable detail. */
    public record Result(Act decision, Problem problem, String detail, boolean wrappedInProse) {
        public boolean ok() {
            return decision != null;
        }

        static Result of(Act d, boolean wrapped) {
            return new Result(d, null, null, wrapped);
        }

        static Result fail(Problem p, String detail) {
            return new Result(null, p, detail, false);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Collection<String> validTargets;
    private final int maxMessageLength;
    private final Collection<String> allowedActions;
    private TalkWriter talk;
    private List<String> agents = List.of();
    private boolean natural;

    /**
     * @param validTargets     names a vote may name (compared ignoring case and surrounding space)
     * @param maxMessageLength the longest message a speak may carry, in characters
     */
    public DecisionParser(Collection<String> validTargets, int maxMessageLength) {
        this(validTargets, maxMessageLength, List.of("speak", "vote", "listen"));
    }

    /**
     * @param allowedActions the actions this turn allows (an action outside it is an unknown action)
     */
    public DecisionParser(Collection<String> validTargets, int maxMessageLength, Collection<String> allowedActions) {
        this.validTargets = Objects.requireNonNull(validTargets, "validTargets");
        if (maxMessageLength < 1) {
            throw new IllegalArgumentException("maxMessageLength must be positive, got " + maxMessageLength);
        }
        this.maxMessageLength = maxMessageLength;
        this.allowedActions = Objects.requireNonNull(allowedActions, "allowedActions");
    }

    /** Talk answers are protocol text, written and checked by {@code writer} ({@code agents}: agent order). */
    public DecisionParser talk(TalkWriter writer, List<String> agentOrder) {
        this.talk = writer;
        this.agents = agentOrder == null ? List.of() : List.copyOf(agentOrder);
        return this;
    }

    /**
     * Talk answers are natural language ({@link TalkWriter#writeNatural}); a message longer than the longest is cut
     * at a word's end, as the contest's server cuts it, rather than sent back.
     */
    public DecisionParser natural(TalkWriter writer, List<String> agentOrder) {
        talk(writer, agentOrder);
        this.natural = true;
        return this;
    }

    /** {@code text} cut to at most {@code max} characters, at a space where there is one in its second half. */
    static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        String head = text.substring(0, max);
        int space = head.lastIndexOf(' ');
        return (space > max / 2 ? head.substring(0, space) : head).strip();
    }

    public Result parse(String answer) {
        if (answer == null || answer.isBlank()) {
            return Result.fail(Problem.NOT_JSON, "the answer is empty");
        }
        String trimmed = answer.strip();
        JsonNode node = readObject(trimmed).orElse(null);
        boolean wrapped = false;
        if (node == null) {
            node = firstObjectIn(trimmed).orElse(null);
            wrapped = node != null;
        }
        if (node == null) {
            return Result.fail(Problem.NOT_JSON, "no JSON object in the answer");
        }
        JsonNode actionNode = node.get("action");
        String action = actionNode != null && actionNode.isTextual()
                ? actionNode.asText().strip().toLowerCase(Locale.ROOT) : null;
        if (action == null) {
            return Result.fail(Problem.UNKNOWN_ACTION, "the answer has no \"action\"");
        }
        if (!allowedActions.contains(action)) {
            return Result.fail(Problem.UNKNOWN_ACTION, "unknown action \"" + actionNode.asText() + "\" (expected "
                    + String.join(", ", allowedActions) + ")");
        }
        return switch (action) {
            case "listen" -> Result.of(new Act.Listen(), wrapped);
            case "speak" -> speak(node, wrapped);
            case "vote" -> target(node, wrapped, Act.Kind.VOTE);
            case "divine" -> target(node, wrapped, Act.Kind.DIVINE);
            case "whisper" -> whisper(node, wrapped);
            case "guard" -> target(node, wrapped, Act.Kind.GUARD);
            case "talk" -> talk(node, wrapped);
            default -> Result.fail(Problem.UNKNOWN_ACTION, "unknown action \"" + actionNode.asText() + "\"");
        };
    }

    private Result speak(JsonNode node, boolean wrapped) {
        Object message = message(node, "speak");
        return message instanceof Result r ? r : Result.of(new Act.Speak((String) message), wrapped);
    }

    /** The message of a speak or whisper, or the failed {@link Result}. */
    private Object message(JsonNode node, String what) {
        JsonNode m = node.get("message");
        String message = m != null && m.isTextual() ? m.asText().strip() : "";
        if (message.isEmpty()) {
            return Result.fail(Problem.EMPTY_MESSAGE, what + " without a message");
        }
        if (message.length() > maxMessageLength) {
            return Result.fail(Problem.MESSAGE_TOO_LONG,
                    "message of " + message.length() + " characters; at most " + maxMessageLength);
        }
        return message;
    }

    /** A talk: protocol text, or a sentence written from fields; checked by the game's writer. */
    private Result talk(JsonNode node, boolean wrapped) {
        if (talk == null) {
            return Result.fail(Problem.UNKNOWN_ACTION, "this game has no talk turns");
        }
        JsonNode m = node.get("message");
        String text = m != null && m.isTextual() ? m.asText().strip() : null;
        Map<String, String> fields = new LinkedHashMap<>();
        for (String f : List.of("verb", "target", "role", "species")) {
            JsonNode v = node.get(f);
            if (v != null && (v.isTextual() || v.isNumber())) {
                fields.put(f, v.asText().strip());
            }
        }
        if ((text == null || text.isEmpty()) && fields.isEmpty()) {
            return Result.fail(Problem.EMPTY_MESSAGE, natural ? "talk without a message (what you say, or Skip, or "
                    + "Over)" : "talk without a message (a protocol sentence, or Skip, or Over)");
        }
        if (natural) {
            try {
                return Result.of(new Act.Talk(cut(talk.writeNatural(text, fields, agents), maxMessageLength)),
                        wrapped);
            } catch (IllegalArgumentException e) {
                return Result.fail(Problem.INVALID_TALK, e.getMessage());
            }
        }
        if (text != null && text.length() > maxMessageLength) {
            return Result.fail(Problem.MESSAGE_TOO_LONG,
                    "message of " + text.length() + " characters; at most " + maxMessageLength);
        }
        try {
            return Result.of(new Act.Talk(talk.write(text, fields, agents)), wrapped);
        } catch (IllegalArgumentException e) {
            return Result.fail(Problem.INVALID_TALK, e.getMessage());
        }
    }

    private Result whisper(JsonNode node, boolean wrapped) {
        Result to = target(node, wrapped, Act.Kind.WHISPER);
        if (!to.ok()) {
            return to;
        }
        Object message = message(node, "whisper");
        return message instanceof Result r ? r
                : Result.of(new Act.Whisper(((Act.Whisper) to.decision()).target(), (String) message), wrapped);
    }

    private Result target(JsonNode node, boolean wrapped, Act.Kind kind) {
        JsonNode t = node.get("target");
        String target = t != null && t.isTextual() ? t.asText().strip() : "";
        if (target.isEmpty()) {
            return Result.fail(Problem.INVALID_TARGET, kind.wire() + " without a target");
        }
        for (String valid : validTargets) {
            if (valid.equalsIgnoreCase(target)) {
                return Result.of(switch (kind) {
                    case DIVINE -> new Act.Divine(valid);
                    case WHISPER -> new Act.Whisper(valid, null);
                    case GUARD -> new Act.Guard(valid);
                    default -> new Act.Vote(valid);
                }, wrapped);
            }
        }
        return Result.fail(Problem.INVALID_TARGET,
                "\"" + target + "\" is not a valid target (valid: " + String.join(", ", validTargets) + ")");
    }

    private static Optional<JsonNode> readObject(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The first balanced {...} in the text that parses as a JSON object (skipping braces inside strings). */
    private static Optional<JsonNode> firstObjectIn(String text) {
        for (int start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
            int depth = 0;
            boolean inString = false;
            for (int i = start; i < text.length(); i++) {
                char c = text.charAt(i);
                if (inString) {
                    if (c == '\\') {
                        i++;
                    } else if (c == '"') {
                        inString = false;
                    }
                } else if (c == '"') {
                    inString = true;
                } else if (c == '{') {
                    depth++;
                } else if (c == '}' && --depth == 0) {
                    Optional<JsonNode> node = readObject(text.substring(start, i + 1));
                    if (node.isPresent()) {
                        return node;
                    }
                    break;
                }
            }
        }
        return Optional.empty();
    }
}
