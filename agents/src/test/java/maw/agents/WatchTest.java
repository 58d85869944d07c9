package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.game.GameOptions;
import maw.game.Room;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Masters;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/**
 * Watching a game from another agent over the real ejabberd, as the web monitor will: the public view shows what every
 * player is told and nothing else (no roles, no pack news), the god view shows everything but only with the
 * GameMaster's token.
 */
class WatchTest {

    @Test
    void thePublicViewShowsWhatEveryoneIsToldAndTheGodViewEverythingWithItsToken() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "watch" + TestXmpp.password("watch").substring(0, 4) + "-";
        Jid gm = Jid.of(prefix + "gm", xmpp.domain());
        Jid village = Jid.of(prefix + "village", xmpp.domain());
        Jid hideout = Jid.of(prefix + "hideout", xmpp.domain());
        Map<String, String> accounts = new LinkedHashMap<>();
        for (Jid j : List.of(gm, village, hideout)) {
            accounts.put(j.local(), "pw");
        }
        List<String> names = List.of("Ann", "Bob", "Cid", "Dan");
        for (String n : names) {
            accounts.put(prefix + "player-" + n.toLowerCase(), "pw");
            accounts.put(prefix + "ui-" + n.toLowerCase(), "pw");
        }
        for (String w : List.of("public", "god", "thief")) {
            accounts.put(prefix + w, "pw");
        }
        xmpp.server().register(accounts);
        GameMasterAgent<?, ?, ?> master = Masters.maw(gm, "pw", new GameConfig("g-watch", 4, 1, 5,
                village, hideout, Duration.ofSeconds(10), Duration.ofSeconds(10)), GameOptions.defaults()
                .withTimers(Duration.ofSeconds(8), Duration.ofSeconds(8)).withEndWhenAllVoted(true).withDayCap(4), null);
        List<Agent> agents = new ArrayList<>(List.of(master,
                new ChatRoomAgent(village, "pw", Room.VILLAGE, gm, null, null),
                new ChatRoomAgent(hideout, "pw", Room.HIDEOUT, gm, null, null)));
        ScriptedSeat pub = new ScriptedSeat(Jid.of(prefix + "public", xmpp.domain()), "pw", "public", gm);
        ScriptedSeat god = new ScriptedSeat(Jid.of(prefix + "god", xmpp.domain()), "pw", "god", gm);
        ScriptedSeat thief = new ScriptedSeat(Jid.of(prefix + "thief", xmpp.domain()), "pw", "thief", gm);
        agents.addAll(List.of(pub, god, thief));
        try {
            for (Agent a : agents) {
                a.start(xmpp.transport());
            }
            Message refused = thief.ask(gm, new WatchCatalog.Watch("g-watch", WatchCatalog.WatchView.GOD, "guess"));
            assertThat(refused.is(Performative.REFUSE)).isTrue();
            assertThat(refused.json().get("reason").asText()).contains("needs the token");
            assertThat(pub.ask(gm, new WatchCatalog.Watch("g-watch", WatchCatalog.WatchView.PUBLIC, null))
                    .is(Performative.AGREE)).isTrue();
            Message agreed = god.ask(gm, new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, master.watchToken()));
            assertThat(agreed.bodyType()).isEqualTo("watching");
            assertThat(master.watchers()).isEqualTo(2);
            List<PlayerAgent> players = new ArrayList<>();
            for (String n : names) {
                Jid ui = Jid.of(prefix + "ui-" + n.toLowerCase(), xmpp.domain());
                Jid player = Jid.of(prefix + "player-" + n.toLowerCase(), xmpp.domain());
                RuleBotAgent bot = new RuleBotAgent(ui, "pw", n, 3, player);
                PlayerAgent p = new PlayerAgent(player, "pw", gm, ui);
                bot.start(xmpp.transport());
                p.start(xmpp.transport());
                agents.add(bot);
                agents.add(p);
                players.add(p);
            }
            // The inside of the agents: the god view's watcher, vouched for by the GameMaster (to the seats, and by
            // each seat to its interface agent), sees it; the public view's watcher and a stranger do not.
            Jid annPlayer = Jid.of(prefix + "player-ann", xmpp.domain());
            Jid annUi = Jid.of(prefix + "ui-ann", xmpp.domain());
            com.fasterxml.jackson.databind.JsonNode gmInside = inside(god, gm, WatchCatalog.InsidePart.SUMMARY);
            assertThat(gmInside.path("kind").asText()).isEqualTo("GameMasterAgent");
            assertThat(gmInside.path("links").path("Ann").asText()).startsWith(annPlayer.toString());
            assertThat(gmInside.path("links").path("village").asText()).isEqualTo(village.toString());
            com.fasterxml.jackson.databind.JsonNode seat = inside(god, annPlayer, WatchCatalog.InsidePart.DETAIL);
            assertThat(seat.path("kind").asText()).isEqualTo("PlayerAgent");
            assertThat(seat.path("links").path("interface").asText()).isEqualTo(annUi.toString());
            assertThat(seat.path("fsm").path("states").size()).isPositive();
            assertThat(seat.path("messages").toString()).contains("join_lobby");
            com.fasterxml.jackson.databind.JsonNode bot = inside(god, annUi, WatchCatalog.InsidePart.SENT);
            assertThat(bot.toString()).contains("\"from\":\"" + annUi.local() + "\"");
            Message nosy = pub.ask(annPlayer, new WatchCatalog.Inspect(WatchCatalog.InsidePart.DETAIL));
            assertThat(nosy.is(Performative.REFUSE)).isTrue();
            assertThat(nosy.json().get("code").asText()).isEqualTo("not_yours");
            assertThat(pub.ask(gm, new WatchCatalog.Inspect(null)).is(Performative.REFUSE)).isTrue();
            // A stranger cannot name itself an inspector: only the session that seated the player may.
            Message forged = thief.ask(annPlayer, new WatchCatalog.Inspectors("g-watch",
                    List.of(thief.session().toString())));
            assertThat(forged.is(Performative.REFUSE)).isTrue();
            assertThat(forged.json().get("code").asText()).isEqualTo("not_yours");
            assertThat(thief.ask(annPlayer, new WatchCatalog.Inspect(null)).is(Performative.REFUSE)).isTrue();
            assertThat(thief.ask(annUi, new WatchCatalog.Inspectors("g-watch", List.of(thief.session().toString())))
                    .is(Performative.REFUSE)).isTrue();
            // The inside's talk stays out of the trace it reports.
            assertThat(inside(god, annPlayer, WatchCatalog.InsidePart.DETAIL).path("messages").toString())
                    .doesNotContain("\"inspect\"").doesNotContain("\"inside\"");
            assertThat(master.finished().get(2, TimeUnit.MINUTES)).hasSize(1);
            List<String> publicTypes = watchedTypes(pub);
            List<String> godTypes = watchedTypes(god);
            assertThat(publicTypes).contains("joined", "start_game", "phase_change", "vote_cast", "end_game",
                    "scores").doesNotContain("assign_role", "night_result", "kill");
            assertThat(godTypes).contains("joined", "start_game", "assign_role", "phase_change", "end_game",
                    "scores");
            assertThat(godTypes.stream().filter("assign_role"::equals)).hasSize(4);
            assertThat(godTypes.size()).isGreaterThan(publicTypes.size());
        } finally {
            for (Agent a : agents) {
                a.stop();
            }
        }
    }

    /** The inside {@code of} shows {@code who}, once the vouching has reached it. */
    private static com.fasterxml.jackson.databind.JsonNode inside(ScriptedSeat who, Jid of, WatchCatalog.InsidePart part) {
        return maw.testing.Await.value(of + " shows its inside", Duration.ofSeconds(15), Duration.ofMillis(50), () -> {
            Message m = who.ask(of, new WatchCatalog.Inspect(part));
            return m.is(Performative.INFORM) && "inside".equals(m.bodyType()) ? m.json().get("inside") : null;
        });
    }

    /** The types of the bodies a watcher was shown, in order. */
    private static List<String> watchedTypes(ScriptedSeat watcher) throws InterruptedException {
        List<String> out = new ArrayList<>();
        while (true) {
            Message m;
            try {
                m = watcher.next(x -> "watched".equals(x.bodyType()));
            } catch (AssertionError timeout) {
                break;
            }
            String type = m.json().get("body").get("type").asText();
            out.add(type);
            if (type.equals("scores")) {
                break;
            }
        }
        return out;
    }
}
