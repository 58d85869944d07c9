package maw.aiwolf.nlp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.game.NlpRegulation;
import maw.base.Role;
import maw.base.Species;
import maw.runtime.Json;

/**
 * What one seat of an NLP game knows, as the AIWolf NLP server's {@code info} for that agent: kept from the events the
 * seat hears (it is told nothing it should not know). On day d the results are day d-1's (the execution, the attack,
 * the seer's and the medium's results, the votes where they are visible), as the server shows the day before; the
 * talk and whisper histories are the difference since the last packet, started again at each INITIALIZE and
 * DAILY_INITIALIZE; during a conversation the seat's {@code remain_count} and {@code remain_skip}.
 */
public final class NlpInfo {

    private final String gameId;
    private final String me;
    private final NlpRegulation nlp;
    private Role role;
    private final Map<String, String> roles = new TreeMap<>();
    private final Map<String, String> status = new TreeMap<>();
    private final Map<String, Role> finalRoles = new TreeMap<>();
    private int day;
    private final List<ObjectNode> talks = new ArrayList<>();
    private final List<ObjectNode> whispers = new ArrayList<>();
    private int talksSent;
    private int whispersSent;
    // The day before's, shown today; and today's, shown tomorrow.
    private String executed;
    private String attacked;
    private ObjectNode divineResult;
    private ObjectNode mediumResult;
    private ArrayNode votes;
    private ArrayNode attackVotes;
    private String executedToday;
    private ObjectNode divinedToday;
    private ArrayNode votesToday;
    private ArrayNode attackVotesToday;
    // The conversation under way: how often this seat was asked, and its Skips left.
    private String conversation;
    private int asked;
    private int skipsLeft;

    /** The seat of {@code me} among {@code players} in game {@code gameId}. */
    public NlpInfo(String gameId, List<String> players, String me, NlpRegulation nlp) {
        this.gameId = gameId;
        this.me = me;
        this.nlp = nlp;
        players.forEach(p -> status.put(p, "ALIVE"));
    }

    public String me() {
        return me;
    }

    public Role role() {
        return role;
    }

    public int day() {
        return day;
    }

    /** The living, by name. */
    public List<String> living() {
        return status.entrySet().stream().filter(e -> e.getValue().equals("ALIVE")).map(Map.Entry::getKey).toList();
    }

    /** Takes an event the seat heard. */
    public void hear(AiwolfEvent e) {
        switch (e) {
            case AiwolfEvent.Dealt d -> {
                role = d.role();
                roles.put(me, d.role().name());
                d.pack().forEach(p -> roles.put(p, Role.WEREWOLF.name()));
            }
            case AiwolfEvent.Turn t -> {
                for (AiwolfEvent.Utterance u : t.utterances()) {
                    (t.whisper() ? whispers : talks).add(NlpPackets.talk(u));
                    if (u.agent().equals(me) && u.text().equals("Skip") && skipsLeft > 0) {
                        skipsLeft--;
                    } else if (u.agent().equals(me) && !u.text().equals("Over")) {
                        skipsLeft = limits(t.whisper()).maxSkip();
                    }
                }
            }
            case AiwolfEvent.Votes v -> {
                ArrayNode list = Json.MAPPER.createArrayNode();
                new TreeMap<>(v.ballots()).forEach((voter, target) -> list.addObject().put("day", v.day())
                        .put("agent", voter).put("target", target));
                if (v.attack()) {
                    attackVotesToday = list;
                } else {
                    votesToday = list;
                }
            }
            case AiwolfEvent.Executed x -> {
                status.put(x.player(), "DEAD");
                executedToday = x.player();
            }
            case AiwolfEvent.Divined d when d.seer().equals(me) -> divinedToday = judge(d.day(), me, d.target(),
                    d.species());
            case AiwolfEvent.Identified i when i.medium().equals(me) ->
                    // The server names the executed agent as both the judge's agent and its target.
                    mediumResult = judge(i.day() - 1, i.target(), i.target(), i.species());
            case AiwolfEvent.DayBegan d -> {
                day = d.day();
                executed = executedToday;
                attacked = d.attacked();
                divineResult = divinedToday;
                votes = votesToday;
                attackVotes = attackVotesToday;
                executedToday = null;
                divinedToday = null;
                votesToday = null;
                attackVotesToday = null;
                if (d.attacked() != null) {
                    status.put(d.attacked(), "DEAD");
                }
                if (role != Role.MEDIUM) {
                    mediumResult = null;
                }
                talks.clear();
                whispers.clear();
                talksSent = 0;
                whispersSent = 0;
            }
            case AiwolfEvent.Over o -> {
                finalRoles.putAll(o.roles());
                if (executedToday != null || votesToday != null || divinedToday != null) {
                    // The game ended in the night section (by the execution): the server moves to the next day
                    // before FINISH, which then shows that day's results.
                    day++;
                    executed = executedToday;
                    attacked = null;
                    divineResult = divinedToday;
                    votes = votesToday;
                    attackVotes = attackVotesToday;
                }
            }
            default -> { }
        }
    }

    private NlTalk limits(boolean whisper) {
        return whisper ? nlp.whisper() : nlp.talk();
    }

    private static ObjectNode judge(int day, String agent, String target, Species species) {
        return Json.MAPPER.createObjectNode().put("day", day).put("agent", agent).put("target", target)
                .put("result", species.name());
    }

    /**
     * The seat is asked to talk or whisper: its counts for the conversation under way. A conversation is the day's
     * talk or a run of whispers; a new day, or a switch between talk and whispers, starts another (day 0's morning
     * whispers, its talk, its evening whispers). The server counts the request before asking, and so does this.
     */
    public void asked(boolean whisper) {
        String key = day + (whisper ? "w" : "t");
        if (!key.equals(conversation)) {
            conversation = key;
            asked = 0;
            skipsLeft = limits(whisper).maxSkip();
        }
        asked++;
    }

    /** The history not sent yet, and from now on sent. */
    public ArrayNode talkHistory() {
        ArrayNode out = Json.MAPPER.createArrayNode();
        talks.subList(talksSent, talks.size()).forEach(out::add);
        talksSent = talks.size();
        return out;
    }

    /** The whispers not sent yet (a werewolf's), and from now on sent. */
    public ArrayNode whisperHistory() {
        ArrayNode out = Json.MAPPER.createArrayNode();
        whispers.subList(whispersSent, whispers.size()).forEach(out::add);
        whispersSent = whispers.size();
        return out;
    }

    /** Before a packet of request {@code r}: INITIALIZE and DAILY_INITIALIZE start the histories again. */
    public void startHistoriesIf(NlpPackets.Request r) {
        if (r == NlpPackets.Request.INITIALIZE || r == NlpPackets.Request.DAILY_INITIALIZE) {
            startHistories();
        }
    }

    /**
     * The histories start again, as the server's do at INITIALIZE and DAILY_INITIALIZE: the next request carries the
     * day's talk from its first (none on a new day; all of it to an agent that reconnected).
     */
    public void startHistories() {
        talksSent = 0;
        whispersSent = 0;
    }

    /**
     * The {@code info} of a packet: {@code profile} on INITIALIZE only, the remaining counts during a talk or whisper
     * request, every role on FINISH; keys in the order the server writes them (game_id, day, agent, profile, the
     * results, remain_count, remain_length, remain_skip, status_map, role_map).
     */
    public ObjectNode info(NlpPackets.Request request, String profile) {
        ObjectNode i = Json.MAPPER.createObjectNode();
        i.put("game_id", gameId);
        i.put("day", day);
        i.put("agent", me);
        if (request == NlpPackets.Request.INITIALIZE && profile != null) {
            i.put("profile", profile);
        }
        if (mediumResult != null && role == Role.MEDIUM) {
            i.set("medium_result", mediumResult);
        }
        if (divineResult != null && role == Role.SEER) {
            i.set("divine_result", divineResult);
        }
        if (executed != null) {
            i.put("executed_agent", executed);
        }
        if (attacked != null) {
            i.put("attacked_agent", attacked);
        }
        if (nlp.voteVisibility() && votes != null && !votes.isEmpty()) {
            i.set("vote_list", votes);
        }
        if (nlp.voteVisibility() && role == Role.WEREWOLF && attackVotes != null && !attackVotes.isEmpty()) {
            i.set("attack_vote_list", attackVotes);
        }
        if (request == NlpPackets.Request.TALK || request == NlpPackets.Request.WHISPER) {
            NlTalk limits = limits(request == NlpPackets.Request.WHISPER);
            i.put("remain_count", Math.max(0, limits.perAgent() - asked));
            if (limits.perAgentLength() != null) {
                i.put("remain_length", limits.perAgentLength());
            }
            i.put("remain_skip", skipsLeft);
        }
        // As the server writes them (seen on the wire): the remaining counts before the maps.
        ObjectNode s = i.putObject("status_map");
        status.forEach(s::put);
        ObjectNode r = i.putObject("role_map");
        if (request == NlpPackets.Request.FINISH && !finalRoles.isEmpty()) {
            finalRoles.forEach((p, role) -> r.put(p, role.name()));
        } else {
            roles.forEach(r::put);
        }
        return i;
    }
}
