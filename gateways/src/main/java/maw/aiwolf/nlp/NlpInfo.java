package maw.aiwolf.nlp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.game.NlpRegulation;
import maw.aiwolf.link.SeatLog;
import maw.base.Role;
import maw.base.Species;
import maw.runtime.Json;

/**
 * One seat's {@link SeatLog} in the AIWolf NLP server's words: its {@code info} for the agent (players by name). On day
 * d the results are day d-1's (the execution, the attack, the seer's result, the votes where they are visible), as the
 * server shows the day before; the talk and whisper histories are the difference since the last packet, started again
 * at each INITIALIZE and DAILY_INITIALIZE. It also counts what the server counts and the log does not: during a
 * conversation the seat's {@code remain_count} and {@code remain_skip}.
 */
public final class NlpInfo {

    private final String gameId;
    private final NlpRegulation nlp;
    private final SeatLog log;
    /** The game ended in the night section: the server moved to the next day before FINISH, with that day's news. */
    private boolean endedAtNight;
    // The conversation under way: how often this seat was asked, and its Skips left.
    private String conversation;
    private int asked;
    private int skipsLeft;
    /** In a group-chat phase, the lines the seat may still say (null: no such phase). */
    private Integer chatRemain;

    /** The seat of {@code me} among {@code players} in game {@code gameId}. */
    public NlpInfo(String gameId, List<String> players, String me, NlpRegulation nlp) {
        this.gameId = gameId;
        this.nlp = nlp;
        this.log = new SeatLog(players, me);
    }

    public String me() {
        return log.me();
    }

    public Role role() {
        return log.role();
    }

    public int day() {
        return log.day() + (endedAtNight ? 1 : 0);
    }

    /** The living, by name. */
    public List<String> living() {
        return log.living().stream().sorted().toList();
    }

    /** Takes an event the seat heard. */
    public void hear(AiwolfEvent e) {
        if (e instanceof AiwolfEvent.Over && log.today().any()) {
            endedAtNight = true;
        }
        log.hear(e);
        if (e instanceof AiwolfEvent.Turn t) {
            for (AiwolfEvent.Utterance u : t.utterances()) {
                if (u.agent().equals(log.me()) && u.text().equals("Skip") && skipsLeft > 0) {
                    skipsLeft--;
                } else if (u.agent().equals(log.me()) && !u.text().equals("Over")) {
                    skipsLeft = limits(t.whisper()).maxSkip();
                }
            }
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
        String key = day() + (whisper ? "w" : "t");
        if (!key.equals(conversation)) {
            conversation = key;
            asked = 0;
            skipsLeft = limits(whisper).maxSkip();
        }
        asked++;
    }

    /** A group-chat phase's count of the seat's lines left (null: the phase is over). */
    public void chatting(Integer remain) {
        chatRemain = remain;
    }

    /** The history not sent yet, and from now on sent. */
    public ArrayNode talkHistory() {
        return talks(log.unsentTalks());
    }

    /** The whispers not sent yet (a werewolf's), and from now on sent. */
    public ArrayNode whisperHistory() {
        return talks(log.unsentWhispers());
    }

    private static ArrayNode talks(List<AiwolfEvent.Utterance> utterances) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        utterances.forEach(u -> out.add(NlpPackets.talk(u)));
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
        log.resend();
    }

    /**
     * The {@code info} of a packet: {@code profile} on INITIALIZE only, the remaining counts during a talk or whisper
     * request, every role on FINISH; keys in the order the server writes them (game_id, day, agent, profile, the
     * results, remain_count, remain_length, remain_skip, status_map, role_map).
     */
    public ObjectNode info(NlpPackets.Request request, String profile) {
        Role role = log.role();
        SeatLog.News shown = endedAtNight ? log.today() : log.yesterday();
        ObjectNode i = Json.MAPPER.createObjectNode();
        i.put("game_id", gameId);
        i.put("day", day());
        i.put("agent", log.me());
        if (request == NlpPackets.Request.INITIALIZE && profile != null) {
            i.put("profile", profile);
        }
        AiwolfEvent.Identified identified = log.lastIdentified();
        if (identified != null && role == Role.MEDIUM) {
            // The server names the executed agent as both the judge's agent and its target.
            i.set("medium_result", judge(identified.day() - 1, identified.target(), identified.target(),
                    identified.species()));
        }
        AiwolfEvent.Divined divined = shown.divined();
        if (divined != null && role == Role.SEER) {
            i.set("divine_result", judge(divined.day(), log.me(), divined.target(), divined.species()));
        }
        if (shown.executed() != null) {
            i.put("executed_agent", shown.executed());
        }
        if (!endedAtNight && log.attacked() != null) {
            i.put("attacked_agent", log.attacked());
        }
        if (nlp.voteVisibility() && shown.votes() != null && !shown.votes().ballots().isEmpty()) {
            i.set("vote_list", votes(shown.votes()));
        }
        if (nlp.voteVisibility() && role == Role.WEREWOLF && shown.attackVotes() != null
                && !shown.attackVotes().ballots().isEmpty()) {
            i.set("attack_vote_list", votes(shown.attackVotes()));
        }
        if (request == NlpPackets.Request.TALK || request == NlpPackets.Request.WHISPER) {
            NlTalk limits = limits(request == NlpPackets.Request.WHISPER);
            i.put("remain_count", Math.max(0, limits.perAgent() - asked));
            if (limits.perAgentLength() != null) {
                i.put("remain_length", limits.perAgentLength());
            }
            i.put("remain_skip", skipsLeft);
        } else if (request.chat() && chatRemain != null && request != NlpPackets.Request.TALK_PHASE_END
                && request != NlpPackets.Request.WHISPER_PHASE_END) {
            i.put("remain_count", chatRemain);
            i.put("remain_skip", 0);
        }
        // As the server writes them (seen on the wire): the remaining counts before the maps.
        ObjectNode s = i.putObject("status_map");
        new TreeMap<>(log.players().stream().collect(java.util.stream.Collectors.toMap(p -> p,
                p -> log.alive(p) ? "ALIVE" : "DEAD"))).forEach(s::put);
        ObjectNode r = i.putObject("role_map");
        Map<String, Role> roles = request == NlpPackets.Request.FINISH && !log.everyRole().isEmpty()
                ? log.everyRole() : log.knownRoles();
        new TreeMap<>(roles).forEach((p, x) -> r.put(p, x.name()));
        return i;
    }

    /** A vote list: the ballots by voter's name. */
    private static ArrayNode votes(AiwolfEvent.Votes v) {
        ArrayNode list = Json.MAPPER.createArrayNode();
        new TreeMap<>(v.ballots()).forEach((voter, target) -> list.addObject().put("day", v.day())
                .put("agent", voter).put("target", target));
        return list;
    }
}
