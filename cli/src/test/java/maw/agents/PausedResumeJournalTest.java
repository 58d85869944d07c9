package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Recovery;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.base.Phase;
import maw.game.maw.GameOptions;
import maw.game.maw.MawRules;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game its host paused is journaled as paused: a GameMaster that comes back from the journal finds the phase with
 * the time that was left, not a deadline long past.
 */
class PausedResumeJournalTest {

    @TempDir
    Path dir;

    @Test
    void theJournalOfAGamePausedInItsFirstDayGivesBackThatDayAndItsWholeTime() throws Exception {
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(8), Duration.ofSeconds(8))
                .withEndWhenAllVoted(true).withDayCap(4);
        GameTable table = new GameTable(MawTables.bots("", 4, 1, 9, options, null), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("host", "pw");
        CompletableFuture<Void> gate = new CompletableFuture<>();
        table.startGate(gate);
        Path file = dir.resolve("game.jsonl");
        ScriptedSeat host = new ScriptedSeat(Jid.of("host", "localhost"), "pw", "host", table.gameMaster());
        host.start(local);
        try (Journal journal = new Journal(file, table.gameId())) {
            CompletableFuture<GameTable.Result> game = maw.testing.Tables.playing(table, local, new Listeners(journal),
                    Duration.ofMinutes(2));
            table.allStarted().get(10, TimeUnit.SECONDS);
            Jid gm = table.gameMaster();
            assertThat(host.ask(gm, new WatchCatalog.Watch(null, WatchCatalog.WatchView.GOD, table.watchToken()))
                    .is(Performative.AGREE)).isTrue();
            assertThat(host.ask(gm, new WatchCatalog.Control(null, WatchCatalog.ClockAction.PAUSE, null))
                    .is(Performative.AGREE)).isTrue();
            gate.complete(null);
            Message stopped = host.next(m -> "watched".equals(m.bodyType())
                    && "clock".equals(m.json().path("body").path("type").asText())
                    && "day".equals(m.json().path("body").path("phase").asText()));
            assertThat(stopped.json().path("body").path("paused").asBoolean()).isTrue();

            Recovery<?, ?> back = Recovery.read(file, new MawRules());
            assertThat(back.round()).isEqualTo(1);
            assertThat(back.state().phase().phase()).isEqualTo(Phase.DAY);
            assertThat(back.pausedLeftMillis()).as("the day's whole time, kept while paused").isEqualTo(8000L);

            JsonNode going = host.ask(gm, new WatchCatalog.Control(null, WatchCatalog.ClockAction.RESUME, null))
                    .json();
            assertThat(going.path("paused").asBoolean()).isFalse();
            game.get(2, TimeUnit.MINUTES);
            assertThat(Recovery.read(file, new MawRules()).pausedLeftMillis()).as("let go, then played to its end")
                    .isNull();
        } finally {
            host.stop();
        }
    }
}
