package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;

/**
 * Stepping an AIWolf game one step at a time: from a talk turn, a step of unit {@code step} stops at the next turn of
 * the same day; a step of unit {@code phase} runs to the night.
 */
class AiwolfStepTest {

    @Test
    void aStepOfAnAiwolfGameStopsAtItsNextTalkTurnAndAPhaseStepAtTheNight() throws Exception {
        GameTable table = new GameTable(new GameTable.Spec("", List.of("Ann", "Bob", "Cid", "Dan", "Eve"),
                Collections.nCopies(5, AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES)), 1, 7,
                new AiwolfVariant().ruleset(AiwolfOptions.of(5, Duration.ofSeconds(15))), null), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("host", "pw");
        CompletableFuture<Void> gate = new CompletableFuture<>();
        table.startGate(gate);
        ScriptedSeat host = new ScriptedSeat(Jid.of("host", "localhost"), "pw", "host", table.gameMaster());
        host.start(local);
        try {
            CompletableFuture<GameTable.Result> game = maw.testing.Tables.playing(table, local, null,
                    Duration.ofMinutes(2));
            table.allStarted().get(10, TimeUnit.SECONDS);
            Jid gm = table.gameMaster();
            assertThat(host.ask(gm, new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, table.watchToken()))
                    .is(Performative.AGREE)).isTrue();
            assertThat(clock(host.ask(gm, control(WatchCatalog.ClockAction.PAUSE, null))).get("phase").asText())
                    .isEqualTo("lobby");
            gate.complete(null);
            // Day 0 begins paused; step until the game stands in a talk turn of a day.
            JsonNode at = paused(host);
            while (!(at.get("phase").asText().equals("day") && at.path("step").asInt() >= 1)) {
                clock(host.ask(gm, control(WatchCatalog.ClockAction.STEP, WatchCatalog.StepUnit.STEP)));
                at = paused(host);
            }
            clock(host.ask(gm, control(WatchCatalog.ClockAction.STEP, WatchCatalog.StepUnit.STEP)));
            JsonNode next = paused(host);
            assertThat(next.get("phase").asText()).isEqualTo("day");
            assertThat(next.get("day").asInt()).isEqualTo(at.get("day").asInt());
            assertThat(next.path("step").asInt()).as("the next step of the same day").isGreaterThan(
                    at.path("step").asInt());
            clock(host.ask(gm, control(WatchCatalog.ClockAction.STEP, WatchCatalog.StepUnit.PHASE)));
            JsonNode night = paused(host);
            assertThat(night.get("phase").asText()).isEqualTo("night");
            assertThat(night.get("day").asInt()).isEqualTo(at.get("day").asInt());
            clock(host.ask(gm, control(WatchCatalog.ClockAction.RESUME, null)));
            assertThat(game.get(2, TimeUnit.MINUTES).rounds()).hasSize(1);
        } finally {
            host.stop();
        }
    }

    private static WatchCatalog.Control control(WatchCatalog.ClockAction action, WatchCatalog.StepUnit unit) {
        return new WatchCatalog.Control(null, action, unit);
    }

    private static JsonNode clock(Message m) {
        assertThat(m.is(Performative.AGREE)).as("the GameMaster agrees: %s", m.body()).isTrue();
        return m.json();
    }

    /** The next pause the watcher is told of: where the game stands. */
    private static JsonNode paused(ScriptedSeat host) throws InterruptedException {
        return host.next(m -> "watched".equals(m.bodyType())
                && "clock".equals(m.json().path("body").path("type").asText())
                && m.json().path("body").path("paused").asBoolean()
                && !"lobby".equals(m.json().path("body").path("phase").asText())).json().get("body");
    }
}
