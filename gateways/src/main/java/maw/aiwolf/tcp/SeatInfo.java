package maw.aiwolf.tcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfSettings;
import maw.base.Role;

/**
 * What one seat of a game knows, as the official server's {@code gameInfo} for that agent: kept from the events the
 * seat hears (it is told nothing it should not know), with the talks and whispers not sent to the agent yet (the
 * difference the official server puts in {@code talkHistory} and {@code whisperHistory}).
 */
public final class SeatInfo {

    private final List<String> players;
    private final int me;
    private final AiwolfSettings settings;
    private Role role;
    private final Map<Integer, String> roleMap = new TreeMap<>();
    private final Map<Integer, Boolean> alive = new TreeMap<>();
    private int day;
    private final List<ObjectNode> talks = new ArrayList<>();
    private final List<ObjectNode> whispers = new ArrayList<>();
    private int talksSent;
    private int whispersSent;
    private final Map<Integer, Integer> remainTalk = new TreeMap<>();
    private final Map<Integer, Integer> remainWhisper = new TreeMap<>();
    private List<ObjectNode> votes = List.of();
    private List<ObjectNode> attackVotes = List.of();
    private int executed = -1;
    private int latestExecuted = -1;
    private int attacked = -1;
    private final List<Integer> lastDead = new ArrayList<>();
    private int guarded = -1;
    private ObjectNode divineResult;
    private ObjectNode mediumResult;

    /** The seat of {@code me} (a name of {@code players}, in agent order) in a game under {@code settings}. */
    public SeatInfo(List<String> players, String me, AiwolfSettings settings) {
        this.players = List.copyOf(players);
        this.me = players.indexOf(me) + 1;
        this.settings = settings;
        for (int i = 1; i <= players.size(); i++) {
            alive.put(i, true);
        }
        newDay(0);
    }

    public int agent() {
        return me;
    }

    public int day() {
        return day;
    }

    public Role role() {
        return role;
    }

    public boolean alive() {
        return alive.getOrDefault(me, false);
    }

    /** The agent number of a player (-1: nobody). */
    public int n(String player) {
        return player == null ? -1 : players.indexOf(player) + 1;
    }

    private void newDay(int d) {
        day = d;
        talks.clear();
        whispers.clear();
        talksSent = 0;
        whispersSent = 0;
        votes = List.of();
        attackVotes = List.of();
        remainTalk.clear();
        remainWhisper.clear();
        alive.forEach((a, living) -> {
            if (living) {
                remainTalk.put(a, settings.maxTalk());
            }
        });
        if (role == Role.WEREWOLF) {
            roleMap.forEach((a, r) -> {
                if (r.equals("WEREWOLF") && alive.get(a)) {
                    remainWhisper.put(a, settings.maxWhisper());
                }
            });
        }
    }

    /** Takes an event the seat heard. */
    public void hear(AiwolfEvent e) {
        switch (e) {
            case AiwolfEvent.Dealt d -> {
                role = d.role();
                roleMap.put(me, d.role().name());
                for (String p : d.pack()) {
                    roleMap.put(n(p), Role.WEREWOLF.name());
                }
                newDay(0);
            }
            case AiwolfEvent.DayBegan d -> {
                lastDead.clear();
                attacked = -1;
                if (d.attacked() != null) {
                    alive.put(n(d.attacked()), false);
                    lastDead.add(n(d.attacked()));
                    attacked = n(d.attacked());
                }
                executed = latestExecuted;
                newDay(d.day());
            }
            case AiwolfEvent.Turn t -> {
                for (AiwolfEvent.Utterance u : t.utterances()) {
                    (t.whisper() ? whispers : talks).add(Packets.talk(n(u.agent()), u.day(), u.idx(), u.text(),
                            u.turn()));
                    Map<Integer, Integer> remain = t.whisper() ? remainWhisper : remainTalk;
                    if (!u.text().equals("Skip") && !u.text().equals("Over")) {
                        remain.computeIfPresent(n(u.agent()), (k, v) -> Math.max(0, v - 1));
                    }
                }
            }
            case AiwolfEvent.Votes v -> {
                List<ObjectNode> list = new ArrayList<>();
                v.ballots().entrySet().stream().sorted(Map.Entry.comparingByKey((a, b) -> n(a) - n(b)))
                        .forEach(b -> list.add(Packets.vote(n(b.getKey()), v.day(), n(b.getValue()))));
                if (v.attack()) {
                    attackVotes = list;
                } else {
                    votes = list;
                }
            }
            case AiwolfEvent.Executed x -> {
                alive.put(n(x.player()), false);
                latestExecuted = n(x.player());
                remainTalk.remove(n(x.player()));
                remainWhisper.remove(n(x.player()));
            }
            case AiwolfEvent.Divined d -> divineResult = Packets.judge(me, d.day() + 1, d.species().name(),
                    n(d.target()));
            case AiwolfEvent.Identified i -> mediumResult = Packets.judge(me, i.day(), i.species().name(),
                    n(i.target()));
            case AiwolfEvent.Guarded g -> guarded = n(g.target());
            case AiwolfEvent.Over o -> o.roles().forEach((p, r) -> roleMap.put(n(p), r.name()));
            default -> { }
        }
    }

    /** The bodyguard's guard of tonight (the seat knows its own act). */
    public void guarded(String target) {
        guarded = n(target);
    }

    /** The talks not yet sent to the agent, marked sent. */
    public ArrayNode talkHistory() {
        ArrayNode a = Packets.array();
        talks.subList(talksSent, talks.size()).forEach(a::add);
        talksSent = talks.size();
        return a;
    }

    /** The whispers not yet sent to the agent (a werewolf's), marked sent. */
    public ArrayNode whisperHistory() {
        ArrayNode a = Packets.array();
        whispers.subList(whispersSent, whispers.size()).forEach(a::add);
        whispersSent = whispers.size();
        return a;
    }

    /** The official {@code gameInfo} for this agent now; at the end ({@code finish}), with every role. */
    public ObjectNode gameInfo() {
        ObjectNode g = Packets.NODES.objectNode();
        g.put("agent", me);
        g.set("attackVoteList", list(attackVotes));
        g.put("attackedAgent", attacked);
        g.put("cursedFox", -1);
        g.put("day", day);
        g.set("divineResult", divineResult == null ? Packets.NODES.nullNode() : divineResult);
        g.put("executedAgent", executed);
        ArrayNode existing = g.putArray("existingRoleList");
        TreeSet<String> roles = new TreeSet<>();
        for (Role r : Role.values()) {
            if (settings.composition().count(r) > 0) {
                roles.add(r.name());
            }
        }
        roles.forEach(existing::add);
        g.put("guardedAgent", guarded);
        ArrayNode dead = g.putArray("lastDeadAgentList");
        lastDead.forEach(dead::add);
        g.set("latestAttackVoteList", list(attackVotes));
        g.put("latestExecutedAgent", latestExecuted);
        g.set("latestVoteList", list(votes));
        g.set("mediumResult", mediumResult == null ? Packets.NODES.nullNode() : mediumResult);
        g.set("remainTalkMap", Packets.byAgent(remainTalk));
        g.set("remainWhisperMap", Packets.byAgent(remainWhisper));
        Map<Integer, String> rm = new LinkedHashMap<>(roleMap);
        g.set("roleMap", Packets.byAgent(rm));
        Map<Integer, String> status = new TreeMap<>();
        alive.forEach((a, l) -> status.put(a, l ? "ALIVE" : "DEAD"));
        g.set("statusMap", Packets.byAgent(status));
        g.set("talkList", list(talks));
        g.set("voteList", list(votes));
        g.set("whisperList", list(role == Role.WEREWOLF ? whispers : List.of()));
        return g;
    }

    private static ArrayNode list(List<ObjectNode> items) {
        ArrayNode a = Packets.array();
        items.forEach(a::add);
        return a;
    }
}
