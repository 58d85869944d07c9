package maw.aiwolf.nlp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfGame;
import maw.aiwolf.game.Composition;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.game.NlpRegulation;
import maw.base.Role;
import maw.fixtures.wire.NlpSchema;
import org.junit.jupiter.api.Test;

/**
 * The NLP server's packets as its wire shows them (docs/AIWOLF.md): the keys and their order, the
 * setting, each seat's info (its own role, the pack, the day before's results to their roles, every role at FINISH),
 * and the talk history as the difference since the last packet.
 */
class NlpPacketsTest {

    private static final List<String> NAMES = List.of("Mio", "Misaki", "Mizuki", "Yumi", "Zen");

    private static List<String> keys(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** Every seat hears only what it is told (the herald's rule): its deal, the pack's whispers, its own results. */
    private static void tell(Map<String, NlpInfo> seats, AiwolfGame g, List<AiwolfEvent> events) {
        for (AiwolfEvent e : events) {
            seats.forEach((name, info) -> {
                boolean hears = switch (e) {
                    case AiwolfEvent.Dealt d -> d.player().equals(name);
                    case AiwolfEvent.Turn t -> t.audience() == null || t.audience().contains(name);
                    case AiwolfEvent.Votes v -> v.audience() == null || v.audience().isEmpty() && !v.attack()
                            || v.audience().contains(name);
                    case AiwolfEvent.Divined d -> d.seer().equals(name);
                    case AiwolfEvent.Identified i -> i.medium().equals(name);
                    case AiwolfEvent.Guarded gd -> gd.bodyguard().equals(name);
                    case AiwolfEvent.Attack a -> a.audience() == null || a.audience().contains(name);
                    default -> true;
                };
                if (hears) {
                    info.hear(e);
                }
            });
        }
    }

    @Test
    void theSettingNamesTheLimitsAsTheServerDoes() {
        ObjectNode s = NlpPackets.setting(Composition.of(13), NlpRegulation.contest(13), Duration.ofSeconds(60),
                Duration.ofSeconds(120));
        assertThat(keys(s)).containsExactly("agent_count", "role_num_map", "vote_visibility",
                "talk", "whisper", "vote", "attack_vote", "timeout");
        assertThat(s.path("agent_count").asInt()).isEqualTo(13);
        assertThat(keys(s.path("role_num_map"))).containsExactly("BODYGUARD", "MEDIUM", "POSSESSED", "SEER",
                "VILLAGER", "WEREWOLF");
        assertThat(s.path("role_num_map").path("VILLAGER").asInt()).isEqualTo(6);
        assertThat(s.path("role_num_map").path("WEREWOLF").asInt()).isEqualTo(3);
        JsonNode talk = s.path("talk");
        assertThat(keys(talk)).containsExactly("max_count", "max_length", "max_skip");
        assertThat(talk.path("max_count").path("per_agent").asInt()).isEqualTo(4);
        assertThat(talk.path("max_count").path("per_day").asInt()).isEqualTo(52);
        assertThat(talk.path("max_length").path("base_length").asInt()).isEqualTo(50);
        assertThat(talk.path("max_length").path("mention_length").asInt()).isEqualTo(50);
        assertThat(s.path("vote").toString()).isEqualTo("{\"max_count\":1,\"allow_self_vote\":true}");
        assertThat(s.path("attack_vote").toString())
                .isEqualTo("{\"max_count\":1,\"allow_self_vote\":true,\"allow_no_target\":false}");
        assertThat(s.path("timeout").toString()).isEqualTo("{\"action\":60000,\"response\":120000}");
        // An agent reads back the limits it talks under.
        NlTalk read = NlpPackets.talkLimits(talk);
        assertThat(read).isEqualTo(NlpRegulation.contest(13).talk());
        assertThat(NlpPackets.talkLimits(NlpPackets.setting(Composition.of(5), NlpRegulation.contest(5),
                Duration.ofSeconds(60), Duration.ofSeconds(120)).path("talk")).cuts()).isFalse();
    }

    @Test
    void eachSeatsInfoAndTalkHistoryAreWhatTheServerSends() {
        AiwolfGame g = AiwolfGame.deal(NlpRegulation.settings(5), NAMES, 11);
        NlpRegulation nlp = NlpRegulation.contest(5);
        Map<String, NlpInfo> seats = new LinkedHashMap<>();
        NAMES.forEach(n -> seats.put(n, new NlpInfo("01M8TEST", NAMES, n, nlp)));
        tell(seats, g, g.drain());
        String wolf = NAMES.stream().filter(n -> g.role(n) == Role.WEREWOLF).findFirst().orElseThrow();
        String seer = NAMES.stream().filter(n -> g.role(n) == Role.SEER).findFirst().orElseThrow();
        // INITIALIZE: info with the profile, and the setting.
        ObjectNode init = NlpPackets.packet(NlpPackets.Request.INITIALIZE, seats.get(seer).info(
                NlpPackets.Request.INITIALIZE, "A calm seer."), NlpPackets.setting(Composition.of(5), nlp,
                Duration.ofSeconds(60), Duration.ofSeconds(120)), null, null);
        assertThat(keys(init)).containsExactly("request", "info", "setting");
        assertThat(NlpSchema.violations(init)).isEmpty();
        assertThat(keys(init.path("info"))).containsExactly("game_id", "day", "agent", "profile", "status_map",
                "role_map");
        assertThat(init.path("info").path("role_map").toString()).isEqualTo("{\"" + seer + "\":\"SEER\"}");
        assertThat(keys(init.path("info").path("status_map"))).isSorted().hasSize(5);
        // The first speaker of day 0 is asked with an empty history and its remaining counts (after this request).
        String first = g.speaker();
        NlpInfo firstInfo = seats.get(first);
        firstInfo.asked(false);
        ObjectNode talk = NlpPackets.packet(NlpPackets.Request.TALK, firstInfo.info(NlpPackets.Request.TALK, null),
                null, firstInfo.talkHistory(), null);
        assertThat(keys(talk)).containsExactly("request", "info", "talk_history");
        assertThat(NlpSchema.violations(talk)).isEmpty();
        assertThat(keys(talk.path("info"))).containsExactly("game_id", "day", "agent", "remain_count", "remain_skip",
                "status_map", "role_map");
        assertThat(talk.path("info").path("remain_count").asInt()).isEqualTo(3);
        assertThat(talk.path("info").path("remain_skip").asInt()).isZero();
        assertThat(talk.path("talk_history")).isEmpty();
        g.talk(first, "Hello, I am " + first + ".");
        tell(seats, g, g.drain());
        // The next speaker sees that talk, once.
        String second = g.speaker();
        seats.get(second).asked(false);
        JsonNode history = seats.get(second).talkHistory();
        assertThat(history).hasSize(1);
        // Not stamped by a GameMaster here: "time" is when the packet was made (Unix milliseconds).
        long time = history.get(0).path("time").asLong();
        assertThat(time).isBetween(System.currentTimeMillis() - 60_000, System.currentTimeMillis());
        assertThat(history.get(0).toString()).isEqualTo("{\"idx\":0,\"day\":0,\"turn\":0,\"agent\":\"" + first
                + "\",\"text\":\"Hello, I am " + first + ".\",\"skip\":false,\"over\":false,\"time\":" + time
                + "}");
        assertThat(NlpSchema.violations(NlpPackets.packet(NlpPackets.Request.TALK, seats.get(second).info(
                NlpPackets.Request.TALK, null), null, (com.fasterxml.jackson.databind.node.ArrayNode) history, null)))
                .isEmpty();
        assertThat(seats.get(second).talkHistory()).isEmpty();
        // Play on to day 1: the seer is told the divination of night 0, the others are not; the wolf knows its role.
        while (g.day() == 0) {
            if (g.speaker() != null) {
                g.talk(g.speaker(), "Over");
            } else if (!g.awaiting().isEmpty()) {
                g.divine(seer, wolf);
            } else {
                g.timeout();
            }
            tell(seats, g, g.drain());
        }
        ObjectNode seerInfo = seats.get(seer).info(NlpPackets.Request.DAILY_INITIALIZE, null);
        assertThat(seerInfo.path("day").asInt()).isEqualTo(1);
        assertThat(seerInfo.path("divine_result").toString()).isEqualTo("{\"day\":0,\"agent\":\"" + seer
                + "\",\"target\":\"" + wolf + "\",\"result\":\"WEREWOLF\"}");
        assertThat(keys(seerInfo).indexOf("divine_result")).isLessThan(keys(seerInfo).indexOf("status_map"));
        String villager = NAMES.stream().filter(n -> g.role(n) == Role.VILLAGER).findFirst().orElseThrow();
        assertThat(seats.get(villager).info(NlpPackets.Request.DAILY_INITIALIZE, null).has("divine_result"))
                .isFalse();
        // At the end, every role, to everyone.
        while (!g.isOver()) {
            if (g.speaker() != null) {
                g.talk(g.speaker(), "Over");
            } else if (g.stage() == AiwolfGame.Stage.VOTE) {
                List<String> living = g.living();
                living.forEach(p -> g.vote(p, living.contains(wolf) ? wolf : living.getFirst()));
            } else {
                g.timeout();
            }
            tell(seats, g, g.drain());
        }
        ObjectNode finish = seats.get(villager).info(NlpPackets.Request.FINISH, null);
        assertThat(NlpSchema.violations(NlpPackets.packet(NlpPackets.Request.FINISH, finish, null, null, null)))
                .isEmpty();
        assertThat(finish.path("role_map").size()).isEqualTo(5);
        assertThat(finish.path("role_map").path(wolf).asText()).isEqualTo("WEREWOLF");
        assertThat(finish.path("status_map").path(wolf).asText()).isEqualTo("DEAD");
        assertThat(finish.path("executed_agent").asText()).isEqualTo(wolf);
    }

    /** The schema's facts catch what the contest's Python agents refuse (so that a conforming packet means one). */
    @Test
    void theSchemaFactsRefuseWhatTheContestsAgentsRefuse() throws Exception {
        JsonNode ok = maw.runtime.Json.MAPPER.readTree("{\"request\":\"TALK\",\"info\":{\"game_id\":\"g\","
                + "\"day\":0,\"agent\":\"A\",\"status_map\":{\"A\":\"ALIVE\"},\"role_map\":{\"A\":\"SEER\"}},"
                + "\"talk_history\":[{\"idx\":0,\"day\":0,\"turn\":0,\"agent\":\"A\",\"text\":\"hi\","
                + "\"skip\":false,\"over\":false,\"time\":1764547200000}]}");
        assertThat(NlpSchema.violations(ok)).isEmpty();
        ObjectNode noTime = ok.deepCopy();
        ((ObjectNode) noTime.path("talk_history").get(0)).remove("time");
        assertThat(NlpSchema.violations(noTime)).containsExactly("$.talk_history[0]: Talk requires \"time\"");
        ObjectNode extra = NlpPackets.setting(Composition.of(5), NlpRegulation.contest(5), Duration.ofSeconds(60),
                Duration.ofSeconds(120));
        assertThat(NlpSchema.violations(NlpPackets.packet(NlpPackets.Request.INITIALIZE, (ObjectNode) ok.get("info"),
                extra, null, null))).isEmpty();
        extra.put("talk_on_first_day", true);
        assertThat(NlpSchema.violations(NlpPackets.packet(NlpPackets.Request.INITIALIZE, (ObjectNode) ok.get("info"),
                extra, null, null))).containsExactly("$.setting: Setting has no property \"talk_on_first_day\"");
        ObjectNode fox = ok.deepCopy();
        ((ObjectNode) fox.path("info").path("role_map")).put("A", "FOX");
        fox.put("request", "TALK_NOW");
        assertThat(NlpSchema.violations(fox)).hasSize(2);
    }

    /** The nine-player track deals the contest's village and its limits (default_9, default_en_9). */
    @Test
    void theNinePlayerGameIsTheContests() {
        AiwolfGame g = AiwolfGame.deal(NlpRegulation.settings(9), List.of("A", "B", "C", "D", "E", "F", "G", "H",
                "I"), 3);
        Map<Role, Long> dealt = new java.util.EnumMap<>(Role.class);
        List.of("A", "B", "C", "D", "E", "F", "G", "H", "I").forEach(p -> dealt.merge(g.role(p), 1L, Long::sum));
        assertThat(dealt).containsExactlyInAnyOrderEntriesOf(Map.of(Role.VILLAGER, 3L, Role.SEER, 1L, Role.MEDIUM, 1L,
                Role.BODYGUARD, 1L, Role.WEREWOLF, 2L, Role.POSSESSED, 1L));
        NlpRegulation nine = NlpRegulation.contest(9);
        assertThat(nine.talk()).isEqualTo(new maw.aiwolf.game.NlTalk(4, 52, 0, null, null, 50, 50, false, false));
        assertThat(nine.whisper()).isEqualTo(new maw.aiwolf.game.NlTalk(4, 12, 0, null, null, 50, 50, false, false));
        assertThat(nine.voteVisibility()).isTrue();
        NlpRegulation.Named en = NlpRegulation.named("default_en_9");
        assertThat(en.players()).isEqualTo(9);
        assertThat(en.regulation().talk().baseLength()).isEqualTo(125);
        assertThat(en.regulation().talk().mentionLength()).isEqualTo(125);
        assertThat(NlpRegulation.named("default_en_5").regulation().whisper().perAgent()).isZero();
        assertThat(NlpRegulation.named("default_13").regulation().talk().perDay()).isEqualTo(52);
        assertThat(NlpRegulation.NAMES).allSatisfy(n -> assertThat(NlpRegulation.named(n).name()).isEqualTo(n));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NlpRegulation.named("freeform_en_7"))
                .hasMessageContaining("unknown AIWolf NLP configuration 'freeform_en_7' (known: default_5");
        ObjectNode s = NlpPackets.setting(NlpRegulation.settings("default_en_9").composition(), en.regulation(),
                Duration.ofSeconds(60), Duration.ofSeconds(120));
        assertThat(s.path("role_num_map").toString()).isEqualTo("{\"BODYGUARD\":1,\"MEDIUM\":1,\"POSSESSED\":1,"
                + "\"SEER\":1,\"VILLAGER\":3,\"WEREWOLF\":2}");
        assertThat(s.path("talk").path("max_length").path("count_spaces").asBoolean(true)).isFalse();
        assertThat(s.path("vote_visibility").asBoolean()).isTrue();
    }

    @Test
    void requestsThatExpectAnAnswerAreTheOnesTheServerWaitsFor() {
        assertThat(java.util.Arrays.stream(NlpPackets.Request.values()).filter(NlpPackets.Request::answered))
                .containsExactly(NlpPackets.Request.NAME, NlpPackets.Request.TALK, NlpPackets.Request.WHISPER,
                        NlpPackets.Request.VOTE, NlpPackets.Request.DIVINE, NlpPackets.Request.GUARD,
                        NlpPackets.Request.ATTACK);
        assertThat(NlpPackets.Request.of("TALK_PHASE_START")).isEqualTo(NlpPackets.Request.TALK_PHASE_START);
        assertThat(NlpPackets.Request.of("TALK_NOW")).isNull();
        assertThat(java.util.Arrays.stream(NlpPackets.Request.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(maw.fixtures.wire.NlpSchema.REQUESTS);
        assertThat(NlpPackets.packet(NlpPackets.Request.NAME, null, null, null, null).toString())
                .isEqualTo("{\"request\":\"NAME\"}");
    }
}
