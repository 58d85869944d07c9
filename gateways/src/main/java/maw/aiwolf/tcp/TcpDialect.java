package maw.aiwolf.tcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.aiwolf.client.ClientGame;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.protocol.Words.AgentId;
import maw.base.Role;

/**
 * The official AIWolf server's packets (0.6.x) as a client reads them: {@code gameInfo} with agents as numbers
 * ({@code Agent[03]} to the mind), the day's last execution and yesterday's, the latest votes, the divination and the
 * reading of the day, the dead of the night, the talk and whisper histories; a target is answered {@code {"agentIdx":N}}
 * and a talk with nothing to say is {@code Skip}.
 */
public final class TcpDialect implements ClientGame.Dialect {


    @Override
    public JsonNode info(JsonNode packet) {
        return packet.get("gameInfo");
    }

    @Override
    public ClientGame.Deal deal(JsonNode packet, String followed) {
        JsonNode info = info(packet);
        if (info == null || !info.isObject()) {
            return null;
        }
        JsonNode setting = packet.get("gameSetting");
        int timeLimit = setting != null && setting.has("timeLimit") ? setting.get("timeLimit").asInt(-1) : -1;
        int players = info.path("statusMap").size();
        List<String> agents = new ArrayList<>();
        for (int i = 1; i <= players; i++) {
            agents.add(new AgentId(i).toString());
        }
        String me = agent(agents, info.path("agent").asInt());
        Role role = Packets.role(info.path("roleMap").path(String.valueOf(info.path("agent").asInt())).asText());
        List<String> pack = new ArrayList<>();
        if (role == Role.WEREWOLF) {
            info.path("roleMap").properties().forEach(e -> {
                if (e.getValue().asText().equals("WEREWOLF")) {
                    pack.add(agent(agents, Integer.parseInt(e.getKey())));
                }
            });
        }
        Duration limit = Duration.ofMillis(Math.max(1, timeLimit == -1 ? 1000 : timeLimit));
        return new ClientGame.Deal("", me, List.copyOf(agents), role, pack, limit.multipliedBy(8).dividedBy(10), null);
    }

    private static String agent(List<String> agents, int n) {
        return n >= 1 && n <= agents.size() ? agents.get(n - 1) : null;
    }

    @Override
    public List<ClientGame.Told> follow(JsonNode info, boolean dayStart, ClientGame.Deal game) {
        List<String> agents = game.agents();
        List<ClientGame.Told> out = new ArrayList<>();
        int d = info.path("day").asInt();
        int executed = info.path("latestExecutedAgent").asInt(-1);
        if (executed > 0) {
            out.add(new ClientGame.Told("execute " + executed,
                    new AiwolfEvent.Executed(dayStart ? d - 1 : d, agent(agents, executed))));
        }
        int yesterday = info.path("executedAgent").asInt(-1);
        if (yesterday > 0) {
            out.add(new ClientGame.Told("execute " + yesterday,
                    new AiwolfEvent.Executed(d - 1, agent(agents, yesterday))));
        }
        ClientGame.votes(info.path("latestVoteList"), false, n -> agent(agents, n.asInt()), out);
        ClientGame.votes(info.path("latestAttackVoteList"), true, n -> agent(agents, n.asInt()), out);
        JsonNode divine = info.get("divineResult");
        if (divine != null && divine.isObject()) {
            out.add(new ClientGame.Told("divine " + divine.path("day").asInt(), new AiwolfEvent.Divined(
                    divine.path("day").asInt() - 1, game.me(), agent(agents, divine.path("target").asInt()),
                    ClientGame.species(divine.path("result").asText()))));
        }
        if (dayStart) {
            List<String> living = new ArrayList<>();
            info.path("statusMap").properties().forEach(e -> {
                if (e.getValue().asText().equals("ALIVE")) {
                    living.add(agent(agents, Integer.parseInt(e.getKey())));
                }
            });
            JsonNode dead = info.path("lastDeadAgentList");
            String attacked = dead.isArray() && !dead.isEmpty() ? agent(agents, dead.get(0).asInt()) : null;
            out.add(new ClientGame.Told("day " + d, new AiwolfEvent.DayBegan(d, attacked, living)));
        }
        JsonNode medium = info.get("mediumResult");
        if (medium != null && medium.isObject()) {
            out.add(new ClientGame.Told("medium " + medium.path("day").asInt(), new AiwolfEvent.Identified(
                    medium.path("day").asInt(), game.me(), agent(agents, medium.path("target").asInt()),
                    ClientGame.species(medium.path("result").asText()))));
        }
        return out;
    }

    @Override
    public List<AiwolfEvent.Utterance> history(JsonNode packet, boolean whisper, int day, ClientGame.Deal game) {
        JsonNode list = packet.get(whisper ? "whisperHistory" : "talkHistory");
        List<AiwolfEvent.Utterance> out = new ArrayList<>();
        if (list != null && list.isArray()) {
            for (JsonNode t : list) {
                out.add(new AiwolfEvent.Utterance(t.path("day").asInt(day), t.path("idx").asInt(),
                        t.path("turn").asInt(), agent(game.agents(), t.path("agent").asInt()), t.path("text").asText()));
            }
        }
        return out;
    }

    @Override
    public String winner(JsonNode info) {
        return ClientGame.winner(info.path("statusMap"), info.path("roleMap"));
    }

    @Override
    public String unfollowed(String request, JsonNode info) {
        return switch (request) {
            case "VOTE", "DIVINE", "GUARD", "ATTACK" -> Packets.agentIdx(1);
            case "TALK", "WHISPER" -> "Over";
            default -> null;
        };
    }

    @Override
    public String nothingToSay() {
        return "Skip";
    }

    @Override
    public String target(String request, String choice, JsonNode info, ClientGame.Deal game) {
        int n = game.agents().indexOf(choice) + 1;
        return Packets.agentIdx(n <= 0 ? 1 : n);
    }
}
