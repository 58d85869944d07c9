package maw.aiwolf.tcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import maw.aiwolf.game.AiwolfSettings;
import maw.base.Role;

/**
 * The packets of the official AIWolf server 0.6.x (docs/AIWOLF.md), written as it writes them: one JSON object a line,
 * the five top-level keys sorted and always present, nulls written out, {@code gameInfo} and {@code gameSetting} keys
 * sorted ({@code roleNumMap} in the order the official server writes it).
 */
public final class Packets {

    private Packets() {}

    static final ObjectMapper JSON = new ObjectMapper();
    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The requests, as the wire names them. */
    public enum Request {
        NAME, ROLE, INITIALIZE, DAILY_INITIALIZE, TALK, WHISPER, DAILY_FINISH, VOTE, DIVINE, GUARD, ATTACK, FINISH;

        /** Whether the agent answers it. */
        public boolean answered() {
            return switch (this) {
                case INITIALIZE, DAILY_INITIALIZE, DAILY_FINISH, FINISH -> false;
                default -> true;
            };
        }

        /** Whether the answer is {@code {"agentIdx":N}}. */
        public boolean namesAnAgent() {
            return switch (this) {
                case VOTE, DIVINE, GUARD, ATTACK -> true;
                default -> false;
            };
        }
    }

    /** The role names of {@code roleNumMap}, in the order the official server writes them. */
    static final List<String> ROLE_NUM_ORDER = List.of("FREEMASON", "SEER", "VILLAGER", "POSSESSED", "ANY", "FOX",
            "BODYGUARD", "MEDIUM", "WEREWOLF");

    /** One packet line (without the line end). */
    public static String line(Request request, JsonNode gameInfo, JsonNode gameSetting, JsonNode talkHistory,
            JsonNode whisperHistory) {
        ObjectNode p = NODES.objectNode();
        p.set("gameInfo", orNull(gameInfo));
        p.set("gameSetting", orNull(gameSetting));
        p.put("request", request.name());
        p.set("talkHistory", orNull(talkHistory));
        p.set("whisperHistory", orNull(whisperHistory));
        try {
            return JSON.writeValueAsString(p);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode orNull(JsonNode n) {
        return n == null ? NODES.nullNode() : n;
    }

    /** {@code gameSetting} for a game under {@code s}, as the official server writes it. */
    public static ObjectNode gameSetting(AiwolfSettings s, long randomSeed) {
        ObjectNode g = NODES.objectNode();
        g.put("enableNoAttack", s.enableNoAttack());
        g.put("enableNoExecution", s.enableNoExecution());
        g.put("enableRoleRequest", s.enableRoleRequest());
        g.put("maxAttackRevote", s.maxAttackRevote());
        g.put("maxRevote", s.maxRevote());
        g.put("maxSkip", s.maxSkip());
        g.put("maxTalk", s.maxTalk());
        g.put("maxTalkTurn", s.maxTalkTurn());
        g.put("maxWhisper", s.maxWhisper());
        g.put("maxWhisperTurn", s.maxWhisperTurn());
        g.put("playerNum", s.players());
        g.put("randomSeed", randomSeed);
        ObjectNode roles = g.putObject("roleNumMap");
        for (String r : ROLE_NUM_ORDER) {
            Role role = role(r);
            roles.put(r, role == null ? 0 : s.composition().count(role));
        }
        g.put("talkOnFirstDay", s.talkOnFirstDay());
        g.put("timeLimit", s.timeLimitMillis());
        g.put("validateUtterance", s.validateUtterance());
        g.put("votableInFirstDay", s.votableInFirstDay());
        g.put("voteVisible", s.voteVisible());
        g.put("whisperBeforeRevote", s.whisperBeforeRevote());
        return g;
    }

    /** The role with this wire name, or null (FOX, FREEMASON, ANY: not dealt by the regulation). */
    public static Role role(String name) {
        for (Role r : Role.values()) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        return null;
    }

    /** A talk or whisper: {@code {agent,day,idx,text,turn}}. */
    public static ObjectNode talk(int agent, int day, int idx, String text, int turn) {
        ObjectNode t = NODES.objectNode();
        t.put("agent", agent);
        t.put("day", day);
        t.put("idx", idx);
        t.put("text", text);
        t.put("turn", turn);
        return t;
    }

    /** A vote: {@code {agent,day,target}}. */
    public static ObjectNode vote(int agent, int day, int target) {
        ObjectNode v = NODES.objectNode();
        v.put("agent", agent);
        v.put("day", day);
        v.put("target", target);
        return v;
    }

    /** A divination or medium result: {@code {agent,day,result,target}}. */
    public static ObjectNode judge(int agent, int day, String result, int target) {
        ObjectNode j = NODES.objectNode();
        j.put("agent", agent);
        j.put("day", day);
        j.put("result", result);
        j.put("target", target);
        return j;
    }

    /** A map keyed by agent numbers as strings, in agent order. */
    public static ObjectNode byAgent(Map<Integer, ?> values) {
        ObjectNode m = NODES.objectNode();
        values.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            if (e.getValue() instanceof Integer i) {
                m.put(String.valueOf(e.getKey()), i);
            } else {
                m.put(String.valueOf(e.getKey()), String.valueOf(e.getValue()));
            }
        });
        return m;
    }

    /** {@code {"agentIdx":N}}, as the official server's strict pattern wants it. */
    public static String agentIdx(int n) {
        return "{\"agentIdx\":" + n + "}";
    }

    /** N of an {@code {"agentIdx":N}} answer (spaces tolerated), or null when the line is not one. */
    public static Integer parseAgentIdx(String line) {
        if (line == null) {
            return null;
        }
        try {
            JsonNode n = JSON.readTree(line);
            JsonNode idx = n == null ? null : n.get("agentIdx");
            return idx != null && idx.canConvertToInt() && idx.isIntegralNumber() ? idx.asInt() : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** An empty array node. */
    static ArrayNode array() {
        return NODES.arrayNode();
    }
}
