package maw.aiwolf.nlp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.Composition;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.game.NlpRegulation;
import maw.base.Role;
import maw.runtime.Json;

/**
 * The AIWolf NLP server's WebSocket packets (docs/AIWOLF.md), as its server writes them: one JSON
 * object a frame, {@code request} first, then {@code info}, {@code setting}, {@code talk_history} and {@code
 * whisper_history}, absent keys left out; maps with their keys sorted (as Go writes them). The agent answers the
 * requests that expect an answer with plain text.
 */
public final class NlpPackets {

    private NlpPackets() {}

    /** The server's requests; {@link #answered} says which expect a text answer. */
    public enum Request {
        NAME, INITIALIZE, DAILY_INITIALIZE, TALK, WHISPER, DAILY_FINISH, VOTE, DIVINE, GUARD, ATTACK, FINISH,
        /** Group chat (the contest's speak-anytime mode): a phase's start, a line taken, a phase's end. */
        TALK_PHASE_START, TALK_PHASE_END, TALK_BROADCAST, WHISPER_PHASE_START, WHISPER_PHASE_END, WHISPER_BROADCAST;

        /** Whether it is one of group chat's. */
        public boolean chat() {
            return name().contains("_PHASE_") || name().endsWith("_BROADCAST");
        }

        /** Whether the agent must answer it (the others must not be answered: that is a protocol error). */
        public boolean answered() {
            return switch (this) {
                case NAME, TALK, WHISPER, VOTE, DIVINE, GUARD, ATTACK -> true;
                default -> false;
            };
        }

        /** The request a frame names, or null for one this side does not know. */
        public static Request of(String name) {
            for (Request r : values()) {
                if (r.name().equals(name)) {
                    return r;
                }
            }
            return null;
        }
    }

    /** A packet: {@code info}, {@code setting} and the histories may be null (then left out). */
    public static ObjectNode packet(Request request, ObjectNode info, ObjectNode setting, ArrayNode talkHistory,
            ArrayNode whisperHistory) {
        ObjectNode p = Json.MAPPER.createObjectNode();
        p.put("request", request.name());
        if (info != null) {
            p.set("info", info);
        }
        if (setting != null) {
            p.set("setting", setting);
        }
        if (talkHistory != null) {
            p.set("talk_history", talkHistory);
        }
        if (whisperHistory != null) {
            p.set("whisper_history", whisperHistory);
        }
        return p;
    }

    /**
     * A talk or whisper as the server lists it: {@code time} is when the GameMaster took the line (Unix milliseconds),
     * now for a line nobody stamped.
     */
    public static ObjectNode talk(AiwolfEvent.Utterance u) {
        ObjectNode t = Json.MAPPER.createObjectNode();
        t.put("idx", u.idx());
        t.put("day", u.day());
        t.put("turn", u.turn());
        t.put("agent", u.agent());
        t.put("text", u.text());
        t.put("skip", u.text().equals("Skip"));
        t.put("over", u.text().equals("Over"));
        t.put("time", u.time() > 0 ? u.time() : System.currentTimeMillis());
        return t;
    }

    /** The game's {@code setting}: the village, the talk limits, the votes, and the time limits in milliseconds. */
    public static ObjectNode setting(Composition village, NlpRegulation nlp, Duration action, Duration response) {
        ObjectNode s = Json.MAPPER.createObjectNode();
        s.put("agent_count", village.players());
        ObjectNode roles = s.putObject("role_num_map");
        Map<String, Integer> sorted = new TreeMap<>();
        for (Role r : Role.values()) {
            sorted.put(r.name(), village.count(r));
        }
        sorted.forEach(roles::put);
        s.put("vote_visibility", nlp.voteVisibility());
        s.set("talk", talkSetting(nlp.talk()));
        s.set("whisper", talkSetting(nlp.whisper()));
        s.putObject("vote").put("max_count", nlp.voteRounds()).put("allow_self_vote", nlp.allowSelfVote());
        s.putObject("attack_vote").put("max_count", nlp.attackRounds()).put("allow_self_vote", nlp.allowSelfAttack())
                .put("allow_no_target", nlp.allowNoTarget());
        s.putObject("timeout").put("action", action.toMillis()).put("response", response.toMillis());
        return s;
    }

    private static ObjectNode talkSetting(NlTalk t) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.putObject("max_count").put("per_agent", t.perAgent()).put("per_day", t.perDay());
        ObjectNode length = n.putObject("max_length");
        length.put("count_in_word", t.countInWord());
        length.put("count_spaces", t.countSpaces());
        putLength(length, "per_talk", t.perTalk());
        putLength(length, "per_agent", t.perAgentLength());
        putLength(length, "base_length", t.baseLength());
        putLength(length, "mention_length", t.mentionLength());
        if (t.durationMillis() != null) {
            n.put("duration", t.durationMillis()); // group chat: the phase's time
        }
        n.put("max_skip", t.maxSkip());
        return n;
    }

    private static void putLength(ObjectNode n, String key, Integer value) {
        if (value != null) {
            n.put(key, value);
        }
    }

    /**
     * The limits a {@code setting} names (for an agent that reads them: what it may say). Unknown or missing lengths
     * are no limit.
     */
    public static NlTalk talkLimits(JsonNode talkSetting) {
        JsonNode count = talkSetting.path("max_count");
        JsonNode length = talkSetting.path("max_length");
        return new NlTalk(count.path("per_agent").asInt(0), count.path("per_day").asInt(0),
                talkSetting.path("max_skip").asInt(0), length(length, "per_talk"), length(length, "per_agent"),
                length(length, "base_length"), length(length, "mention_length"),
                length.path("count_in_word").asBoolean(false), length.path("count_spaces").asBoolean(true),
                talkSetting.path("duration").canConvertToLong() && talkSetting.path("duration").asLong() > 0
                        ? talkSetting.path("duration").asLong() : null);
    }

    private static Integer length(JsonNode n, String key) {
        return n.hasNonNull(key) && n.get(key).asInt(-1) >= 0 ? n.get(key).asInt() : null;
    }

    /** An empty list (a history with nothing new). */
    public static ArrayNode array() {
        return Json.MAPPER.createArrayNode();
    }
}
