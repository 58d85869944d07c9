package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.GameMasterAgent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Await;
import org.junit.jupiter.api.Test;

/**
 * The host of a game pauses it, steps it and resumes it, and breaks an agent at its messages, over the real ejabberd:
 * the phase clock stands while paused and the acts wait; a step runs to the next phase and pauses there; only a
 * god-view watcher may do any of it.
 */
class PauseTest {

    @Test
    void aPausedGameHoldsItsActsAStepRunsToTheNextPhaseAndABreakHoldsAnAgentAtItsNextMessage() throws Exception {
        try (BotTable t = new BotTable("pause", "g-pause", List.of("Ann", "Bob", "Cid", "Dan"),
                List.of("host", "thief")).start()) {
            Jid gm = t.gm;
            GameMasterAgent<?, ?, ?> master = t.master;
            ScriptedSeat host = t.scripted("host");
            ScriptedSeat thief = t.scripted("thief");
            assertThat(host.ask(gm, new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, master.watchToken()))
                    .is(Performative.AGREE)).isTrue();
            Message stranger = thief.ask(gm, control(WatchCatalog.ClockAction.PAUSE, null));
            assertThat(stranger.is(Performative.REFUSE)).isTrue();
            assertThat(stranger.json().get("code").asText()).isEqualTo("not_yours");
            Message guess = thief.ask(gm, new WatchCatalog.Control(null, WatchCatalog.ClockAction.PAUSE, null, "guess"));
            assertThat(guess.json().get("code").asText()).isEqualTo("not_yours");
            // The token alone (./maw control's way) is enough to ask where the clock stands.
            assertThat(clock(thief.ask(gm, new WatchCatalog.Control(null, WatchCatalog.ClockAction.STATUS, null,
                    master.watchToken()))).get("paused").asBoolean()).isFalse();
            // Paused in the lobby: the game deals and its first phase begins with the clock stopped.
            JsonNode paused = clock(host.ask(gm, control(WatchCatalog.ClockAction.PAUSE, null)));
            assertThat(paused.get("paused").asBoolean()).isTrue();
            assertThat(paused.get("phase").asText()).isEqualTo("lobby");
            Jid annPlayer = t.player("Ann");
            t.seatBots();
            JsonNode day = Await.value("every seat's vote is held on day 1", Duration.ofSeconds(30),
                    Duration.ofMillis(100), () -> {
                        JsonNode c = clock(host.ask(gm, control(WatchCatalog.ClockAction.STATUS, null)));
                        return c.get("phase").asText().equals("day") && c.get("held").asInt() >= 4 ? c : null;
                    });
            assertThat(day.get("paused").asBoolean()).isTrue();
            assertThat(day.get("day").asInt()).isEqualTo(1);
            assertThat(day.get("left_ms").asLong()).as("the clock stands at the phase's whole length")
                    .isEqualTo(8000);
            assertThat(clock(host.ask(gm, control(WatchCatalog.ClockAction.STATUS, null))).get("left_ms").asLong())
                    .isEqualTo(8000);
            // Ann's Player is stopped at its next message in or out.
            JsonNode broken = Await.value("Ann's Player obeys the host", Duration.ofSeconds(15),
                    Duration.ofMillis(50), () -> {
                        Message m = host.ask(annPlayer, new WatchCatalog.Debug(WatchCatalog.DebugAction.BREAK, null));
                        return m.is(Performative.INFORM) ? m.json().get("inside") : null;
                    });
            assertThat(broken.path("breaks").path("mode").asText()).isEqualTo("break");
            Message nosy = thief.ask(annPlayer, new WatchCatalog.Debug(WatchCatalog.DebugAction.GO, null));
            assertThat(nosy.json().get("code").asText()).isEqualTo("not_yours");
            // One step: the held votes are judged, day 1 ends, and the game pauses as night 1 begins.
            JsonNode stepping = clock(host.ask(gm, control(WatchCatalog.ClockAction.STEP,
                    WatchCatalog.StepUnit.PHASE)));
            assertThat(stepping.get("paused").asBoolean()).isFalse();
            assertThat(stepping.get("stepping").asText()).isEqualTo("phase");
            Message stopped = host.next(m -> "watched".equals(m.bodyType())
                    && "clock".equals(m.json().path("body").path("type").asText())
                    && m.json().path("body").path("paused").asBoolean()
                    && "night".equals(m.json().path("body").path("phase").asText()));
            JsonNode night = stopped.json().get("body");
            assertThat(night.get("paused").asBoolean()).isTrue();
            assertThat(night.get("phase").asText()).isEqualTo("night");
            assertThat(night.get("day").asInt()).isEqualTo(1);
            JsonNode held = Await.value("Ann's Player is held at a message", Duration.ofSeconds(15),
                    Duration.ofMillis(50), () -> {
                        JsonNode b = inside(host, annPlayer).path("breaks");
                        return b.has("held") ? b : null;
                    });
            assertThat(held.path("held").path("direction").asText()).isIn("in", "out");
            long passed = held.path("passed").asLong();
            host.ask(annPlayer, new WatchCatalog.Debug(WatchCatalog.DebugAction.STEP, null));
            Await.until("a step lets one message through", Duration.ofSeconds(15),
                    () -> inside(host, annPlayer).path("breaks").path("passed").asLong() == passed + 1);
            JsonNode going = host.ask(annPlayer, new WatchCatalog.Debug(WatchCatalog.DebugAction.GO, null)).json()
                    .get("inside");
            assertThat(going.path("breaks").path("mode").asText()).isEqualTo("go");
            assertThat(clock(host.ask(gm, control(WatchCatalog.ClockAction.RESUME, null))).get("paused").asBoolean())
                    .isFalse();
            assertThat(master.finished().get(2, TimeUnit.MINUTES)).hasSize(1);
        }
    }

    private static WatchCatalog.Control control(WatchCatalog.ClockAction action, WatchCatalog.StepUnit unit) {
        return new WatchCatalog.Control(null, action, unit);
    }

    private static JsonNode clock(Message m) {
        assertThat(m.is(Performative.AGREE)).as("the GameMaster agrees: %s", m.body()).isTrue();
        assertThat(m.bodyType()).isEqualTo("clock");
        return m.json();
    }

    private static JsonNode inside(ScriptedSeat who, Jid of) {
        try {
            return who.ask(of, new WatchCatalog.Inspect(WatchCatalog.InsidePart.SUMMARY)).json().path("inside");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
