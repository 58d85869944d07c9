package maw.aiwolf.nlp;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.client.ClientGame;
import maw.base.Role;
import maw.runtime.Json;

/**
 * The NLP contest's packets as a client reads them: {@code info} with agents by their in-game names, the game's id (a
 * reconnection tells the same game again), the execution, the votes, the divination and the reading, the night's
 * victim, the talk and whisper histories since the last packet, the talk's limits in the {@code setting}; a target is
 * answered by name, always a living agent it may name, and a talk with nothing to say is {@code Over}. A careless
 * dialect answers as the contest's sample agent was seen to at a real table: it divines, guards and attacks itself,
 * and votes for itself every other time.
 */
final class NlpDialect implements ClientGame.Dialect {

    private final boolean careless;
    private int votes;

    NlpDialect(boolean careless) {
        this.careless = careless;
    }


    @Override
    public JsonNode info(JsonNode packet) {
        return packet.get("info");
    }

    @Override
    public ClientGame.Deal deal(JsonNode packet, String followed) {
        JsonNode info = info(packet);
        if (info == null || !info.isObject()) {
            return null;
        }
        String id = info.path("game_id").asText("");
        if (id.equals(followed)) {
            return null; // told the game again after a reconnection
        }
        String me = info.path("agent").asText();
        List<String> agents = new ArrayList<>();
        info.path("status_map").properties().forEach(e -> agents.add(e.getKey()));
        JsonNode setting = packet.get("setting");
        long actionMillis = setting == null ? 60_000 : setting.path("timeout").path("action").asLong(60_000);
        // A margin for the answer's way back and the server's own work: 80% of the time, at most 2 s less.
        Duration limit = Duration.ofMillis(Math.max(100, Math.min(actionMillis * 8 / 10, actionMillis - 2000)));
        Role role = role(info.path("role_map").path(me).asText());
        List<String> pack = new ArrayList<>();
        if (role == Role.WEREWOLF) {
            info.path("role_map").properties().forEach(e -> {
                if (e.getValue().asText().equals("WEREWOLF")) {
                    pack.add(e.getKey());
                }
            });
        }
        return new ClientGame.Deal(id, me, List.copyOf(agents), role, pack, limit,
                setting == null ? null : talk(setting.path("talk")));
    }

    /** The talk's limits as the setting tells them ({@code -1}: none). */
    static NlTalk talk(JsonNode t) {
        if (t == null || !t.isObject()) {
            return null;
        }
        JsonNode len = t.path("max_length");
        return new NlTalk(Math.max(0, t.path("max_count").path("per_agent").asInt(0)),
                Math.max(0, t.path("max_count").path("per_day").asInt(0)), Math.max(0, t.path("max_skip").asInt(0)),
                length(len.get("per_talk")), length(len.get("per_agent")), length(len.get("base_length")),
                length(len.get("mention_length")), len.path("count_in_word").asBoolean(false),
                len.path("count_spaces").asBoolean(true), t.path("duration").isIntegralNumber()
                        && t.path("duration").asLong() > 0 ? t.path("duration").asLong() : null);
    }

    private static Integer length(JsonNode n) {
        return n == null || !n.isNumber() || n.asInt() < 0 ? null : n.asInt();
    }

    private static Role role(String s) {
        try {
            return s == null || s.isEmpty() ? null : Role.valueOf(s);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    @Override
    public List<ClientGame.Told> follow(JsonNode info, boolean dayStart, ClientGame.Deal game) {
        List<ClientGame.Told> out = new ArrayList<>();
        int d = info.path("day").asInt();
        String executed = text(info.get("executed_agent"));
        if (executed != null) {
            out.add(new ClientGame.Told("execute " + executed,
                    new AiwolfEvent.Executed(Math.max(0, dayStart ? d - 1 : d), executed)));
        }
        ClientGame.votes(info.get("vote_list"), false, JsonNode::asText, out);
        ClientGame.votes(info.get("attack_vote_list"), true, JsonNode::asText, out);
        JsonNode divine = info.get("divine_result");
        if (divine != null && divine.isObject()) {
            out.add(new ClientGame.Told("divine " + divine.path("day").asInt() + " " + divine.path("target").asText(),
                    new AiwolfEvent.Divined(divine.path("day").asInt(), game.me(), divine.path("target").asText(),
                            ClientGame.species(divine.path("result").asText()))));
        }
        if (dayStart) {
            List<String> living = new ArrayList<>();
            info.path("status_map").properties().forEach(e -> {
                if (e.getValue().asText().equals("ALIVE")) {
                    living.add(e.getKey());
                }
            });
            String attacked = text(info.get("attacked_agent"));
            out.add(new ClientGame.Told("day " + d, new AiwolfEvent.DayBegan(d,
                    attacked != null && !living.contains(attacked) ? attacked : null, living)));
        }
        JsonNode medium = info.get("medium_result");
        if (medium != null && medium.isObject()) {
            out.add(new ClientGame.Told("medium " + medium.path("day").asInt(), new AiwolfEvent.Identified(
                    medium.path("day").asInt() + 1, game.me(), medium.path("target").asText(),
                    ClientGame.species(medium.path("result").asText()))));
        }
        return out;
    }

    private static String text(JsonNode n) {
        return n == null || !n.isTextual() || n.asText().isEmpty() ? null : n.asText();
    }

    @Override
    public List<AiwolfEvent.Utterance> history(JsonNode packet, boolean whisper, int day, ClientGame.Deal game) {
        JsonNode list = packet.get(whisper ? "whisper_history" : "talk_history");
        JsonNode broadcast = packet.get(whisper ? "new_whisper" : "new_talk"); // group chat: the line just taken
        if (broadcast != null && broadcast.isObject()) {
            list = Json.MAPPER.createArrayNode().add(broadcast);
        }
        List<AiwolfEvent.Utterance> out = new ArrayList<>();
        if (list != null && list.isArray()) {
            int d = day;
            for (JsonNode t : list) {
                d = t.path("day").asInt(d);
                out.add(new AiwolfEvent.Utterance(d, t.path("idx").asInt(), t.path("turn").asInt(),
                        t.path("agent").asText(), t.path("text").asText(), Math.max(0, t.path("time").asLong(0))));
            }
        }
        return out;
    }

    @Override
    public String winner(JsonNode info) {
        return ClientGame.winner(info.path("status_map"), info.path("role_map"));
    }

    @Override
    public String unfollowed(String request, JsonNode info) {
        // A request of a game it was not told of: an answer that does no harm, where one is expected.
        return switch (request) {
            case "TALK", "WHISPER" -> "Over";
            case "VOTE", "DIVINE", "GUARD", "ATTACK" -> info != null && info.has("agent") ? anyOther(info) : null;
            default -> null;
        };
    }

    @Override
    public String nothingToSay() {
        return "Over";
    }

    @Override
    public String target(String request, String choice, JsonNode info, ClientGame.Deal game) {
        if (careless && (!request.equals("VOTE") || votes++ % 2 == 0)) {
            return game.me();
        }
        return living(choice, info, request.equals("ATTACK"), game.me());
    }

    /** The mind's choice if it names a living agent other than us (a werewolf's attack: not a werewolf), else one. */
    private static String living(String choice, JsonNode info, boolean humansOnly, String me) {
        List<String> alive = new ArrayList<>();
        info.path("status_map").properties().forEach(e -> {
            String who = e.getKey();
            boolean wolf = info.path("role_map").path(who).asText().equals("WEREWOLF");
            if (e.getValue().asText().equals("ALIVE") && !who.equals(me) && !(humansOnly && wolf)) {
                alive.add(who);
            }
        });
        if (choice != null && alive.contains(choice)) {
            return choice;
        }
        return alive.isEmpty() ? choice == null ? me : choice : alive.getFirst();
    }

    private static String anyOther(JsonNode info) {
        String me = info.path("agent").asText();
        for (var e : info.path("status_map").properties()) {
            if (e.getValue().asText().equals("ALIVE") && !e.getKey().equals(me)) {
                return e.getKey();
            }
        }
        return me;
    }
}
