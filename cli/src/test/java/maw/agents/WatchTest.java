package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.junit.jupiter.api.Test;

/**
 * Watching a game from another agent over the real ejabberd, as the web monitor will: the public view shows what every
 * player is told and nothing else (no roles, no pack news), the god view shows everything but only with the
 * GameMaster's token.
 */
class WatchTest {

    @Test
    void thePublicViewShowsWhatEveryoneIsToldAndTheGodViewEverythingWithItsToken() throws Exception {
        try (BotTable t = new BotTable("watch", "g-watch", List.of("Ann", "Bob", "Cid", "Dan"),
                List.of("public", "god", "thief")).start()) {
            Jid gm = t.gm;
            Jid village = t.jid("village");
            GameMasterAgent<?, ?, ?> master = t.master;
            ScriptedSeat pub = t.scripted("public");
            ScriptedSeat god = t.scripted("god");
            ScriptedSeat thief = t.scripted("thief");
            Message refused = thief.ask(gm, new WatchCatalog.Watch("g-watch", WatchCatalog.WatchView.GOD, "guess"));
            assertThat(refused.is(Performative.REFUSE)).isTrue();
            assertThat(refused.json().get("reason").asText()).contains("needs the token");
            assertThat(pub.ask(gm, new WatchCatalog.Watch("g-watch", WatchCatalog.WatchView.PUBLIC, null))
                    .is(Performative.AGREE)).isTrue();
            Message agreed = god.ask(gm, new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, master.watchToken()));
            assertThat(agreed.bodyType()).isEqualTo("watching");
            assertThat(master.watchers()).isEqualTo(2);
            // Paused from the lobby on (the god view's host may): the seats' insides are looked at while the game is
            // on, however fast its bots would play it.
            assertThat(god.ask(gm, new WatchCatalog.Control(null, WatchCatalog.ClockAction.PAUSE, null))
                    .is(Performative.AGREE)).isTrue();
            t.seatBots();
            maw.testing.Await.until("the four are seated", () -> master.lobby().size() == 4);
            // The inside of the agents: the god view's watcher, vouched for by the GameMaster (to the seats, and by
            // each seat to its interface agent), sees it; the public view's watcher and a stranger do not.
            Jid annPlayer = t.player("Ann");
            Jid annUi = t.ui("Ann");
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
            assertThat(god.ask(gm, new WatchCatalog.Control(null, WatchCatalog.ClockAction.RESUME, null))
                    .is(Performative.AGREE)).isTrue();
            assertThat(master.finished().get(2, TimeUnit.MINUTES)).hasSize(1);
            List<String> publicTypes = watchedTypes(pub);
            List<String> godTypes = watchedTypes(god);
            assertThat(publicTypes).contains("joined", "start_game", "phase_change", "vote_cast", "end_game",
                    "scores").doesNotContain("assign_role", "night_result", "kill");
            assertThat(godTypes).contains("joined", "start_game", "assign_role", "phase_change", "end_game",
                    "scores");
            assertThat(godTypes.stream().filter("assign_role"::equals)).hasSize(4);
            assertThat(godTypes.size()).isGreaterThan(publicTypes.size());
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
