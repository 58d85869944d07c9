package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import maw.agents.gamemaster.GameListener;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.base.Phase;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.xmpp.PrivateEjabberd;
import maw.runtime.xmpp.XmppTransport;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A game over a real ejabberd cluster of three nodes on this machine (each on a loopback address of its own, joined
 * by ejabberd's join_cluster), its agents spread over the nodes; the node of the GameMaster is killed (kill -9)
 * mid-game: its agents log in again at the others and the game finishes by the rules.
 */
class ClusterGameTest {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterGameTest.class);

    private static PrivateEjabberd cluster;

    @BeforeAll
    static void start() throws IOException {
        Path home = TestXmpp.home().resolve("cli/target/xmpp-cluster-test");
        cluster = PrivateEjabberd.cluster(TestXmpp.home().resolve("xmpp-config/maw-xmpp"), home,
                TestXmpp.freePort(), TestXmpp.freePort(), TestXmpp.freePort(), "localhost", 3, "127.0.0.2",
                line -> LOG.info("{}", line));
        cluster.stop();
        deleteRecursively(home);
        cluster.start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    void aGameSpreadOverThreeNodesFinishesWhenTheGameMastersNodeIsKilled() throws Exception {
        assertThat(cluster.isRunning()).isTrue();
        XmppTransport transport = new XmppTransport(cluster.clientSettings());
        // Phases that run their whole time; the GameMaster is held at day 1's start while the nodes are looked at and
        // its node killed.
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(5), Duration.ofSeconds(2))
                .withEndWhenAllVoted(false);
        GameTable table = new GameTable(MawTables.spec("cl-", GameTable.defaultNames(6),
                java.util.Collections.nCopies(6, GameTable.ruleBots()), 1, 5, options, null), "localhost");
        cluster.register(table.accounts());
        Set<Integer> nodes = new TreeSet<>();
        table.accounts().keySet().forEach(a -> nodes.add(transport.firstNode(Jid.of(a, "localhost"))));
        assertThat(nodes).as("the table's agents log in at every node").containsExactly(0, 1, 2);

        int gmNode = transport.firstNode(table.gameMaster());
        Path pidFile = Path.of(cluster.home().toString(), "node" + (gmNode + 1), "ejabberd.pid");
        List<Phase> phases = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<String> killed = new CompletableFuture<>();
        List<String> before = new java.util.concurrent.CopyOnWriteArrayList<>();
        GameListener killOnDayOne = new GameListener() {
            @Override
            public void event(int round, maw.game.GameEvent event, maw.game.GameView after) {
                if (event instanceof Event.PhaseBegan p) {
                    phases.add(p.phase().phase());
                    if (p.phase().phase() == Phase.DAY && p.phase().number() == 1 && !killed.isDone()) {
                        // Held here, on the GameMaster's own thread, until the node is killed: on a busy machine
                        // the status calls take seconds each, and a game let go on would be over before the kill.
                        try {
                            // Every node holds some of the table's agents (a node that has just joined may take a
                            // moment to show the sessions the others hold).
                            long until = System.nanoTime() + 30_000_000_000L;
                            List<String> lines;
                            do {
                                lines = cluster.status();
                                LOG.info("status mid-game: {}", lines);
                            } while (!lines.stream().allMatch(l -> l.matches(".* [1-9][0-9]* connected here.*"))
                                    && System.nanoTime() < until);
                            before.addAll(lines);
                        } catch (IOException e) {
                            before.add(e.toString());
                        }
                        killed.complete(kill(pidFile));
                    }
                }
            }
        };
        GameTable.Result r = table.play(transport, new Listeners(killOnDayOne), new Listeners(),
                Duration.ofMinutes(3));
        assertThat(killed.get(10, TimeUnit.SECONDS)).as("node %d's ejabberd killed", gmNode + 1).isEqualTo("killed");
        assertThat(r.rounds()).hasSize(1);
        maw.testing.Rounds.followTheRules(r.rounds().get(0), 6);
        assertThat(phases).contains(Phase.NIGHT);
        // Mid-game, before the kill, every node held some of the table's agents and saw the other two.
        assertThat(before).hasSize(3).allSatisfy(line -> assertThat(line).containsPattern(" [1-9][0-9]* connected here")
                .contains("maw@127.0.0.2").contains("maw@127.0.0.3").contains("maw@127.0.0.4"));
        // After it, the killed node is stopped and gone from the cluster the others see.
        String gone = "maw@127.0.0." + (gmNode + 2);
        List<String> after = cluster.status();
        assertThat(cluster.isRunning()).isFalse();
        assertThat(after).hasSize(3);
        for (int k = 0; k < 3; k++) {
            if (k == gmNode) {
                assertThat(after.get(k)).endsWith(": stopped");
            } else {
                assertThat(after.get(k)).contains("running").contains("cluster: ").doesNotContain(gone + " ")
                        .doesNotEndWith(gone);
            }
        }
    }

    private static String kill(Path pidFile) {
        try {
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            return "killed";
        } catch (IOException | NumberFormatException e) {
            return "could not kill: " + e;
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
