package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.player.PlayerAgent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import maw.testing.Agents;
import maw.testing.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A seat whose GameMaster falls silent asks whether it is there, tells the person it waits for it to come back, is
 * glad when it does, and gives up with a clear word after the longer limit.
 */
class SilentGameMasterTest {

    private final LocalTransport local = new LocalTransport();
    private final Agents agents = new Agents(local);
    private final List<String> seen = new CopyOnWriteArrayList<>();
    private final Jid gmJid = Jid.of("gm", "localhost");
    private final Jid playerJid = Jid.of("player", "localhost");

    @AfterEach
    void stop() {
        agents.close();
    }

    private ScriptedSeat seated() throws Exception {
        for (String n : new String[] {"gm", "player", "ui"}) {
            local.register(n, "pw");
        }
        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, "pw", "gm", gmJid));
        agents.start(new UserInterfaceAgent(Jid.of("ui", "localhost"), "pw", "Zed", playerJid,
                (kind, text) -> seen.add(kind + ": " + text)));
        return gm;
    }

    private void join(ScriptedSeat gm) throws InterruptedException {
        Message join = gm.next("join_lobby");
        gm.send(join.createReply().performative(Performative.AGREE).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.Joined("g", "Zed", 1, 3)).build());
    }

    @Test
    void aSilentGameMasterIsAskedAndWaitedForAndWelcomedBack() throws Exception {
        ScriptedSeat gm = seated();
        agents.start(new PlayerAgent(playerJid, "pw", gmJid, Jid.of("ui", "localhost"))
                .patience(Duration.ofSeconds(1), Duration.ofSeconds(60)));
        join(gm);
        Message ping = gm.next("ping");
        assertThat(ping.is(Performative.QUERY_IF)).isTrue();
        Await.until("the person is told", () -> seen.stream().anyMatch(l -> l.startsWith("silence: ")
                && l.contains("does not answer")));
        gm.send(ping.createReply().performative(Performative.INFORM).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.Pong("g", 0, maw.base.Phase.LOBBY, 0)).build());
        Await.until("the person is told it is back", () -> seen.contains("silence: The GameMaster is back."));
    }

    @Test
    void aSeatGivesUpAfterTheLongerLimitAndSaysWhy() throws Exception {
        ScriptedSeat gm = seated();
        PlayerAgent player = agents.start(new PlayerAgent(playerJid, "pw", gmJid, Jid.of("ui", "localhost"))
                .patience(Duration.ofSeconds(1), Duration.ofSeconds(3)));
        join(gm);
        assertThat(player.finished()).failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("has said nothing for 3 s");
        Await.until("the person is told", () -> seen.stream().anyMatch(l -> l.startsWith("over: This seat gives up")));
    }
}
