package maw.aiwolf.tcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.protocol.Words.AgentId;
import maw.base.Role;
import maw.base.Species;

/**
 * One of our seats as a TCP agent of an AIWolf server (the official one, or ours): it answers {@code NAME} and
 * {@code ROLE}, follows each game from the packets (the roles, the day's talk and whispers, votes, executions,
 * divinations and readings, deaths) and answers {@code TALK}, {@code WHISPER}, {@code VOTE}, {@code DIVINE},
 * {@code GUARD} and {@code ATTACK} with the mind it was given, in the server's words ({@code {"agentIdx":N}}). It never
 * answers the requests that expect no answer. It plays every game the server runs on the connection, until the
 * server closes it.
 */
public final class AiwolfClient {

    /**
     * A mind for a game: from our agent name ({@code Agent[03]}), the table (Agent[01]... in order), and how long the
     * server gives an answer.
     */
    public interface Minds {
        AiwolfPlayer mind(String me, List<String> agents, long seed, Duration timeLimit);
    }

    /** What a connection played. */
    public record Played(String name, int games, int requests, List<String> winners) {}

    private final String name;
    private final String roleRequest;
    private final Minds minds;
    private final long seed;
    private final Consumer<String> log;

    private AiwolfPlayer mind;
    private List<String> agents = List.of();
    private String me;
    private int day;
    private final Set<String> heard = new HashSet<>();
    private int games;
    private int timeLimitMillis = -1;
    private Duration timeLimit;
    private int requests;
    private final List<String> winners = new ArrayList<>();

    /**
     * @param name        the agent's name (NAME)
     * @param roleRequest the role it asks for (ROLE), or null for none
     * @param minds       what plays each game ({@link AiwolfBots#rules} for our rule agent)
     * @param log         where to tell what happens (a line per game)
     */
    public AiwolfClient(String name, String roleRequest, Minds minds, long seed, Consumer<String> log) {
        this.name = name;
        this.roleRequest = roleRequest;
        this.minds = minds;
        this.seed = seed;
        this.log = log == null ? line -> { } : log;
    }

    /** Our rule-based AIWolf agent. */
    public static Minds rules() {
        return (me, agents, seed, limit) -> AiwolfBots.rules(me, agents, seed);
    }

    /** Connects and plays until the server closes the connection. */
    public Played play(String host, int port, Duration connectTimeout) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
            socket.setTcpNoDelay(true);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            OutputStream out = socket.getOutputStream();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                String answer = answer(line);
                if (answer != null) {
                    out.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
        }
        return new Played(name, games, requests, List.copyOf(winners));
    }

    /** The answer to one packet, or null for none. */
    String answer(String line) throws IOException {
        JsonNode p = Packets.JSON.readTree(line);
        String request = p.path("request").asText();
        requests++;
        JsonNode info = p.get("gameInfo");
        switch (request) {
            case "NAME" -> {
                return name;
            }
            case "ROLE" -> {
                return roleRequest == null ? "none" : roleRequest;
            }
            case "INITIALIZE" -> {
                JsonNode setting = p.get("gameSetting");
                timeLimitMillis = setting != null && setting.has("timeLimit") ? setting.get("timeLimit").asInt(-1) : -1;
                initialize(info);
                return null;
            }
            case "FINISH" -> {
                finish(info);
                return null;
            }
            default -> { }
        }
        if (mind == null) {
            return request.equals("VOTE") || request.equals("DIVINE") || request.equals("GUARD")
                    || request.equals("ATTACK") ? Packets.agentIdx(1) : request.equals("TALK")
                    || request.equals("WHISPER") ? "Over" : null;
        }
        if (info != null && !info.isNull()) {
            follow(info, request.equals("DAILY_INITIALIZE"));
        }
        histories(p.get("talkHistory"), false);
        histories(p.get("whisperHistory"), true);
        return switch (request) {
            case "TALK" -> orElse(mind.talk(), "Skip");
            case "WHISPER" -> orElse(mind.whisper(), "Skip");
            case "VOTE" -> idx(mind.vote());
            case "DIVINE" -> idx(mind.divine());
            case "GUARD" -> idx(mind.guard());
            case "ATTACK" -> idx(mind.attack());
            default -> null; // DAILY_INITIALIZE, DAILY_FINISH and anything unknown: no answer
        };
    }

    private static String orElse(String text, String otherwise) {
        return text == null || text.isBlank() ? otherwise : text;
    }

    private String idx(String agent) {
        int n = agents.indexOf(agent) + 1;
        return Packets.agentIdx(n <= 0 ? 1 : n);
    }

    private String agent(int n) {
        return n >= 1 && n <= agents.size() ? agents.get(n - 1) : null;
    }

    private void initialize(JsonNode info) {
        int players = info.path("statusMap").size();
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= players; i++) {
            names.add(new AgentId(i).toString());
        }
        agents = List.copyOf(names);
        me = agent(info.path("agent").asInt());
        day = 0;
        heard.clear();
        timeLimit = Duration.ofMillis(Math.max(1, timeLimitMillis == -1 ? 1000 : timeLimitMillis));
        mind = minds.mind(me, agents, seed ^ games, timeLimit.multipliedBy(8).dividedBy(10));
        Role role = Packets.role(info.path("roleMap").path(String.valueOf(info.path("agent").asInt())).asText());
        List<String> pack = new ArrayList<>();
        if (role == Role.WEREWOLF) {
            info.path("roleMap").properties().forEach(e -> {
                if (e.getValue().asText().equals("WEREWOLF")) {
                    pack.add(agent(Integer.parseInt(e.getKey())));
                }
            });
        }
        mind.hear(new AiwolfEvent.Dealt(me, role == null ? Role.VILLAGER : role, pack));
    }

    private void finish(JsonNode info) {
        games++;
        String winner = "?";
        if (info != null && !info.isNull()) {
            winner = Packets.winner(info.path("statusMap"), info.path("roleMap"));
        }
        winners.add(winner);
        log.accept(name + " (" + me + "): game " + games + " over, " + winner + " side wins");
        mind = null;
    }

    /** What a full {@code gameInfo} tells that the mind has not heard yet. */
    private void follow(JsonNode info, boolean dayStart) {
        int d = info.path("day").asInt();
        int executed = info.path("latestExecutedAgent").asInt(-1);
        if (executed > 0 && heard.add("execute " + executed)) {
            mind.hear(new AiwolfEvent.Executed(dayStart ? d - 1 : d, agent(executed)));
        }
        int yesterday = info.path("executedAgent").asInt(-1);
        if (yesterday > 0 && heard.add("execute " + yesterday)) {
            mind.hear(new AiwolfEvent.Executed(d - 1, agent(yesterday)));
        }
        votes(info.path("latestVoteList"), false);
        votes(info.path("latestAttackVoteList"), true);
        JsonNode divine = info.get("divineResult");
        if (divine != null && divine.isObject() && heard.add("divine " + divine.path("day").asInt())) {
            mind.hear(new AiwolfEvent.Divined(divine.path("day").asInt() - 1, me, agent(divine.path("target").asInt()),
                    species(divine.path("result").asText())));
        }
        if (dayStart && d > day) {
            day = d;
            List<String> living = new ArrayList<>();
            info.path("statusMap").properties().forEach(e -> {
                if (e.getValue().asText().equals("ALIVE")) {
                    living.add(agent(Integer.parseInt(e.getKey())));
                }
            });
            JsonNode dead = info.path("lastDeadAgentList");
            String attacked = dead.isArray() && !dead.isEmpty() ? agent(dead.get(0).asInt()) : null;
            mind.hear(new AiwolfEvent.DayBegan(d, attacked, living));
        }
        JsonNode medium = info.get("mediumResult");
        if (medium != null && medium.isObject() && heard.add("medium " + medium.path("day").asInt())) {
            mind.hear(new AiwolfEvent.Identified(medium.path("day").asInt(), me, agent(medium.path("target").asInt()),
                    species(medium.path("result").asText())));
        }
    }

    private void votes(JsonNode list, boolean attack) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        Map<String, String> ballots = new LinkedHashMap<>();
        int d = list.get(0).path("day").asInt();
        list.forEach(v -> ballots.put(agent(v.path("agent").asInt()), agent(v.path("target").asInt())));
        if (heard.add((attack ? "attack " : "vote ") + d + " " + ballots)) {
            mind.hear(new AiwolfEvent.Votes(d, 0, attack, ballots, null));
        }
    }

    private static Species species(String s) {
        return "WEREWOLF".equals(s) ? Species.WEREWOLF : Species.HUMAN;
    }

    /** Talks or whispers the server sent since the last packet, as the turns the mind hears. */
    private void histories(JsonNode list, boolean whisper) {
        if (list == null || !list.isArray() || list.isEmpty()) {
            return;
        }
        Map<Integer, List<AiwolfEvent.Utterance>> turns = new LinkedHashMap<>();
        int d = day;
        for (JsonNode t : list) {
            d = t.path("day").asInt();
            turns.computeIfAbsent(t.path("turn").asInt(), k -> new ArrayList<>()).add(new AiwolfEvent.Utterance(d,
                    t.path("idx").asInt(), t.path("turn").asInt(), agent(t.path("agent").asInt()),
                    t.path("text").asText()));
        }
        for (var e : turns.entrySet()) {
            mind.hear(new AiwolfEvent.Turn(d, e.getKey(), whisper, e.getValue(), null));
        }
    }
}
