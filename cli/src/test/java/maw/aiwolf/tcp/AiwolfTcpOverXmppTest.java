package maw.aiwolf.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.player.PlayerAgent;
import maw.agents.table.GameTable;
import maw.aiwolf.link.AgentLink;
import maw.runtime.Jid;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/**
 * A table of every kind over the real ejabberd: TCP agents, one of our rule seats, and an open seat taken by a
 * Player joining over XMPP from elsewhere (as ./maw player --rules aiwolf does).
 */
class AiwolfTcpOverXmppTest {

    @Test
    void tcpAgentsOurSeatsAndAPlayerFromElsewherePlayOneGame() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        try (AiwolfServer server = new AiwolfServer(InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(1))) {
            List<CompletableFuture<AiwolfClient.Played>> clients = AiwolfTcpTest.connect(server.port(), 3, "tcp");
            List<AgentLink> links = new ArrayList<>();
            while (links.size() < 3) {
                links = server.gather(3, Duration.ofSeconds(5));
            }
            String prefix = "tcpx" + TestXmpp.password("tcpx").substring(0, 4) + "-";
            Jid gm = Jid.of(prefix + "gamemaster", xmpp.domain());
            // The player from elsewhere: its own accounts, a Player and an AIWolf bot behind it.
            Jid player = Jid.of(prefix + "far-player", xmpp.domain());
            Jid ui = Jid.of(prefix + "far-ui", xmpp.domain());
            xmpp.server().register(java.util.Map.of(player.local(), "pw", ui.local(), "pw"));
            AiwolfBotAgent bot = new AiwolfBotAgent(ui, "pw", "Zoe", 4, AiwolfBotAgent.Style.RULES, player);
            PlayerAgent far = new PlayerAgent(player, "pw", gm, ui);
            List<AgentLink> tcp = List.copyOf(links);
            CompletableFuture<GameTable.Result> game = new CompletableFuture<>();
            java.util.concurrent.CountDownLatch opened = new java.util.concurrent.CountDownLatch(1);
            maw.agents.gamemaster.GameListener lobby = new maw.agents.gamemaster.GameListener() {
                @Override
                public void opened(maw.agents.gamemaster.GameConfig config, Jid gameMaster, String rules,
                        Object options, boolean resumed) {
                    opened.countDown();
                }
            };
            Thread.ofVirtual().start(() -> {
                try {
                    game.complete(TcpGames.play(server, tcp,
                            List.of(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES)), 1, Duration.ofSeconds(30),
                            AiwolfTcpTest.options(5), 21, xmpp.transport(), prefix, null, lobby,
                            accounts -> {
                                try {
                                    xmpp.server().register(accounts);
                                } catch (java.io.IOException e) {
                                    throw new java.io.UncheckedIOException(e);
                                }
                            }));
                } catch (Throwable e) {
                    game.completeExceptionally(e);
                }
            });
            // The far player joins once the table's GameMaster has opened its lobby.
            assertThat(opened.await(30, TimeUnit.SECONDS)).as("the GameMaster opened its lobby").isTrue();
            bot.start(xmpp.transport());
            far.start(xmpp.transport());
            try {
                GameTable.Result r = game.get(2, TimeUnit.MINUTES);
                assertThat(r.rounds().getFirst().roles()).containsKeys("tcp1", "tcp2", "tcp3", "Alice", "Zoe");
                assertThat(far.finished().get(10, TimeUnit.SECONDS)).containsKey("Zoe");
            } finally {
                far.stop();
                bot.stop();
            }
            server.finish();
            for (CompletableFuture<AiwolfClient.Played> c : clients) {
                assertThat(c.get(10, TimeUnit.SECONDS).games()).isEqualTo(1);
            }
        }
    }
}
