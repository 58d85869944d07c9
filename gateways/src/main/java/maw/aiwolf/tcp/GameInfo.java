package maw.aiwolf.tcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfSettings;
import maw.aiwolf.link.SeatLog;
import maw.base.Role;

/**
 * One seat's {@link SeatLog} in the official TCP server's words: its {@code gameInfo} for the agent (players by agent
 * number, the latest votes and results), and the talk and whispers not sent to the agent yet (the difference the
 * server puts in {@code talkHistory} and {@code whisperHistory}). It also counts what the server counts and the log
 * does not: each living agent's talks and whispers left today.
 */
public final class GameInfo {

    private final SeatLog log;
    private final AiwolfSettings settings;
    private final Map<Integer, Integer> remainTalk = new TreeMap<>();
    private final Map<Integer, Integer> remainWhisper = new TreeMap<>();

    /** The seat of {@code me} (a name of {@code players}, in agent order) in a game under {@code settings}. */
    public GameInfo(List<String> players, String me, AiwolfSettings settings) {
        this.log = new SeatLog(players, me);
        this.settings = settings;
        newDay();
    }

    public Role role() {
        return log.role();
    }

    /** Takes an event the seat heard. */
    public void hear(AiwolfEvent e) {
        log.hear(e);
        switch (e) {
            case AiwolfEvent.Dealt d -> newDay();
            case AiwolfEvent.DayBegan d -> newDay();
            case AiwolfEvent.Turn t -> {
                Map<Integer, Integer> remain = t.whisper() ? remainWhisper : remainTalk;
                for (AiwolfEvent.Utterance u : t.utterances()) {
                    if (!u.text().equals("Skip") && !u.text().equals("Over")) {
                        remain.computeIfPresent(log.n(u.agent()), (k, v) -> Math.max(0, v - 1));
                    }
                }
            }
            case AiwolfEvent.Executed x -> {
                remainTalk.remove(log.n(x.player()));
                remainWhisper.remove(log.n(x.player()));
            }
            default -> { }
        }
    }

    /** A new day: every living agent's talks, and a werewolf's pack's whispers, counted afresh. */
    private void newDay() {
        remainTalk.clear();
        remainWhisper.clear();
        log.living().forEach(p -> remainTalk.put(log.n(p), settings.maxTalk()));
        if (log.role() == Role.WEREWOLF) {
            log.knownRoles().forEach((p, r) -> {
                if (r == Role.WEREWOLF && log.alive(p)) {
                    remainWhisper.put(log.n(p), settings.maxWhisper());
                }
            });
        }
    }

    /** Whether today's vote was told already: a vote asked now is a re-vote of a tie. */
    public boolean votedToday() {
        return log.today().votes() != null;
    }

    /** The bodyguard's guard of tonight (the seat knows its own act). */
    public void guarded(String target) {
        log.guarded(target);
    }

    /** The talks not yet sent to the agent, marked sent. */
    public ArrayNode talkHistory() {
        return talks(log.unsentTalks());
    }

    /** The whispers not yet sent to the agent (a werewolf's), marked sent. */
    public ArrayNode whisperHistory() {
        return talks(log.unsentWhispers());
    }

    /** The official {@code gameInfo} for this agent now; at the end, with every role. */
    public ObjectNode gameInfo() {
        ObjectNode g = Packets.NODES.objectNode();
        SeatLog.News today = log.today();
        g.put("agent", log.n(log.me()));
        g.set("attackVoteList", votes(today.attackVotes()));
        g.put("attackedAgent", log.n(log.attacked()));
        g.put("cursedFox", -1);
        g.put("day", log.day());
        AiwolfEvent.Divined d = log.lastDivined();
        g.set("divineResult", d == null ? NullNode.getInstance()
                : Packets.judge(log.n(log.me()), d.day() + 1, d.species().name(), log.n(d.target())));
        g.put("executedAgent", log.n(log.executedByMorning()));
        ArrayNode existing = g.putArray("existingRoleList");
        TreeSet<String> roles = new TreeSet<>();
        for (Role r : Role.values()) {
            if (settings.composition().count(r) > 0) {
                roles.add(r.name());
            }
        }
        roles.forEach(existing::add);
        g.put("guardedAgent", log.n(log.guarded()));
        ArrayNode dead = g.putArray("lastDeadAgentList");
        if (log.attacked() != null) {
            dead.add(log.n(log.attacked()));
        }
        g.set("latestAttackVoteList", votes(today.attackVotes()));
        g.put("latestExecutedAgent", log.n(log.lastExecuted()));
        g.set("latestVoteList", votes(today.votes()));
        AiwolfEvent.Identified i = log.lastIdentified();
        g.set("mediumResult", i == null ? NullNode.getInstance()
                : Packets.judge(log.n(log.me()), i.day(), i.species().name(), log.n(i.target())));
        g.set("remainTalkMap", Packets.byAgent(remainTalk));
        g.set("remainWhisperMap", Packets.byAgent(remainWhisper));
        Map<Integer, String> roleMap = new TreeMap<>();
        log.knownRoles().forEach((p, r) -> roleMap.put(log.n(p), r.name()));
        log.everyRole().forEach((p, r) -> roleMap.put(log.n(p), r.name()));
        g.set("roleMap", Packets.byAgent(roleMap));
        Map<Integer, String> status = new TreeMap<>();
        log.players().forEach(p -> status.put(log.n(p), log.alive(p) ? "ALIVE" : "DEAD"));
        g.set("statusMap", Packets.byAgent(status));
        g.set("talkList", talks(log.talks()));
        g.set("voteList", votes(today.votes()));
        g.set("whisperList", talks(log.role() == Role.WEREWOLF ? log.whispers() : List.of()));
        return g;
    }

    private ArrayNode talks(List<AiwolfEvent.Utterance> utterances) {
        ArrayNode a = Packets.array();
        utterances.forEach(u -> a.add(Packets.talk(log.n(u.agent()), u.day(), u.idx(), u.text(), u.turn())));
        return a;
    }

    /** A vote list: the ballots by voter's agent number. */
    private ArrayNode votes(AiwolfEvent.Votes v) {
        ArrayNode a = Packets.array();
        if (v != null) {
            v.ballots().entrySet().stream().sorted(Map.Entry.comparingByKey((x, y) -> log.n(x) - log.n(y)))
                    .forEach(b -> a.add(Packets.vote(log.n(b.getKey()), v.day(), log.n(b.getValue()))));
        }
        return a;
    }
}
