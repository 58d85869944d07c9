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
        assertThat(keys(s)).containsExactly("agent_count", "role_num_map", "vote_visibility", "talk_on_first_day",
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
        assertThat(history.get(0).toString()).isEqualTo("{\"idx\":0,\"day\":0,\"turn\":0,\"agent\":\"" + first
                + "\",\"text\":\"Hello, I am " + first + ".\",\"skip\":false,\"over\":false}");
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
        assertThat(finish.path("role_map").size()).isEqualTo(5);
        assertThat(finish.path("role_map").path(wolf).asText()).isEqualTo("WEREWOLF");
        assertThat(finish.path("status_map").path(wolf).asText()).isEqualTo("DEAD");
        assertThat(finish.path("executed_agent").asText()).isEqualTo(wolf);
    }

    @Test
    void requestsThatExpectAnAnswerAreTheOnesTheServerWaitsFor() {
        assertThat(java.util.Arrays.stream(NlpPackets.Request.values()).filter(NlpPackets.Request::answered))
                .containsExactly(NlpPackets.Request.NAME, NlpPackets.Request.TALK, NlpPackets.Request.WHISPER,
                        NlpPackets.Request.VOTE, NlpPackets.Request.DIVINE, NlpPackets.Request.GUARD,
                        NlpPackets.Request.ATTACK);
        assertThat(NlpPackets.Request.of("TALK_PHASE_START")).isNull();
        assertThat(NlpPackets.packet(NlpPackets.Request.NAME, null, null, null, null).toString())
                .isEqualTo("{\"request\":\"NAME\"}");
    }
}
