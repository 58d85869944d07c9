package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.agents.bot.RuleBotAgent;
import maw.agents.maw.MawTables;
import maw.agents.player.PlayerAgent;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/** Open seats: a table keeps seats for players from elsewhere, and fills those nobody took once the wait is over. */
class OpenSeatsTest {

    private static final GameOptions FAST = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(20), Duration.ofSeconds(20)).withEndWhenAllVoted(true);

    private static GameTable table(String prefix, Duration wait) throws java.io.IOException {
        TestXmpp xmpp = TestXmpp.get();
        GameTable.Spec spec = MawTables.bots(prefix + TestXmpp.password(prefix).substring(0, 4) + "-", 4, 1, 5,
                FAST, null).withOpenSeats(2, wait, GameTable.ruleBots());
        GameTable table = new GameTable(spec, xmpp.domain());
        xmpp.server().register(table.accounts());
        return table;
    }

    @Test
    void seatsNobodyTakesAreFilledWhenTheWaitIsOver() throws Exception {
        GameTable table = table("open-empty", Duration.ofMillis(500));
        GameTable.Result r = table.play(TestXmpp.get().transport(), null, null, Duration.ofMinutes(2));
        maw.testing.Rounds.followTheRules(r.rounds().get(0), 6);
        assertThat(r.seats()).hasSize(6).allSatisfy(s -> assertThat(s.kind()).isEqualTo("rule"));
        assertThat(r.seats()).extracting(GameTable.SeatSummary::name).doesNotHaveDuplicates();
    }

    @Test
    void aPlayerFromElsewhereTakesAnOpenSeatAndTheRestIsFilled() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        GameTable table = table("open-join", Duration.ofSeconds(5));
        Jid player = xmpp.account("open-zed-player");
        Jid ui = xmpp.account("open-zed-ui");
        xmpp.server().register(Map.of(player.local(), TestXmpp.password(player), ui.local(), TestXmpp.password(ui)));
        Thread joiner = Thread.ofVirtual().start(() -> {
            try {
                table.allStarted().join();
                new RuleBotAgent(ui, TestXmpp.password(ui), "Zed", 9).start(xmpp.transport());
                new PlayerAgent(player, TestXmpp.password(player), table.gameMaster(), ui).start(xmpp.transport());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long t0 = System.nanoTime();
        GameTable.Result r = table.play(xmpp.transport(), null, null, Duration.ofMinutes(2));
        joiner.join();
        assertThat(r.rounds().get(0).roles()).hasSize(6).containsKey("Zed");
        assertThat(r.seats()).filteredOn(s -> s.name().equals("Zed")).singleElement()
                .satisfies(s -> assertThat(s.kind()).isEqualTo("remote"));
        assertThat(r.seats()).filteredOn(s -> s.kind().equals("rule")).hasSize(5);
        // The second open seat waited its full time before a bot took it.
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofSeconds(5));
        List<String> names = r.seats().stream().map(GameTable.SeatSummary::name).toList();
        assertThat(names).doesNotHaveDuplicates();
    }
}
