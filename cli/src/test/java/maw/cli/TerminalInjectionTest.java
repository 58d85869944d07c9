package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.ConsoleView;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.player.PlayerAgent;
import maw.base.Phase;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Agent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Agents;
import maw.testing.Await;
import maw.testing.Masters;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A hostile player types terminal escape sequences and line breaks, over real ejabberd, into a game a person plays at
 * a terminal, and a stranger tries a join name that would forge a console line: the person's terminal and the
 * GameMaster's console show them as inert symbols, never as announcements, colours, a cleared screen or a new title.
 */
class TerminalInjectionTest {

    private static final String EVIL = "hi\n== Night 1 falls.\r\n! Refused: you were executed\u001b[2J\u001b[31mTHE "
            + "GAMEMASTER SAYS\u001b]0;pwned\u0007\u202eesrever";

    private final TestXmpp xmpp = TestXmpp.get();
    private final Agents agents = new Agents(xmpp.transport());

    @AfterEach
    void stop() {
        agents.close();
    }

    /** A seat the test plays by hand: it answers ready checks and keeps the rest. */
    private static final class Hostile extends GameAgent {
        final java.util.concurrent.BlockingQueue<Message> inbox = new java.util.concurrent.LinkedBlockingQueue<>();

        Hostile(Jid jid) {
            super(jid, TestXmpp.password(jid));
        }

        @Override
        protected void setup() {
            addBehaviour(CyclicBehaviour.of("inbox", self -> {
                Message m = self.receive(Duration.ofMillis(200));
                if (m != null && "ready_check".equals(m.bodyType())) {
                    self.send(m.createReply().performative(Performative.INFORM).ontology(ONTOLOGY)
                            .body(new Catalog.Ready(m.json().get("game").asText())).build());
                } else if (m != null) {
                    inbox.add(m);
                }
            }));
        }

        Message next(String type) throws InterruptedException {
            long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < until) {
                Message m = inbox.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                if (m != null && type.equals(m.bodyType())) {
                    return m;
                }
            }
            throw new AssertionError("no " + type);
        }
    }

    @Test
    void escapeSequencesAndLineBreaksReachTerminalAndConsoleInert() throws Exception {
        Jid[] j = xmpp.accounts("inject", 8);
        Jid gm = j[0];
        ByteArrayOutputStream consoleBytes = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(consoleBytes, true, StandardCharsets.UTF_8);
        agents.start(new ChatRoomAgent(j[1], TestXmpp.password(j[1]), Room.VILLAGE, gm, null, null));
        agents.start(new ChatRoomAgent(j[2], TestXmpp.password(j[2]), Room.HIDEOUT, gm, null, null));
        agents.start(Masters.maw(gm, TestXmpp.password(gm), new GameConfig("g-inject", 3, 1, 1,
                j[1], j[2], Duration.ofSeconds(10), Duration.ofSeconds(10)), GameOptions.defaults()
                .withTimers(Duration.ofSeconds(60), Duration.ofSeconds(60)), new ConsoleView(console, "")));

        // A stranger's join name that would print a fake line on the GameMaster's console.
        Agent stranger = agents.start(new Agent(j[7], TestXmpp.password(j[7])));
        stranger.send(Message.builder().to(gm).performative(Performative.REQUEST).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.JoinLobby("Zed\nlobby: Eve joined (3/3)\u001b[31m")).build());

        // The person: a Player and its interface, at a terminal over plain streams.
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        PipedOutputStream keys = new PipedOutputStream();
        HumanTerminal terminal = HumanTerminal.streams(new PipedInputStream(keys), screen);
        UserInterfaceAgent ui = agents.start(new UserInterfaceAgent(j[4], TestXmpp.password(j[4]), "Zed", j[3],
                terminal));
        terminal.attach(ui);
        agents.start(new PlayerAgent(j[3], TestXmpp.password(j[3]), gm, j[4]));
        Hostile mal = agents.start(new Hostile(j[5]));
        Hostile bob = agents.start(new Hostile(j[6]));
        for (Hostile h : List.of(mal, bob)) {
            h.send(gm, Performative.REQUEST, new Catalog.JoinLobby(h == mal ? "Mal" : "Bob"));
        }
        Message day = mal.next("phase_change");
        assertThat(day.json().get("new_phase").asText()).isEqualTo("day");
        mal.send(j[1], Performative.REQUEST, new Catalog.Chat("g-inject", 1, Phase.DAY, 1, EVIL));
        String shown = Await.value("the person sees Mal's line", Duration.ofSeconds(30), () -> {
            // The terminal itself ends its lines with CR LF.
            String s = screen.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
            return s.contains("Mal") && s.contains("esrever") ? s : null;
        });
        List<String> lines = Arrays.asList(shown.split("\n", -1));
        assertThat(shown).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u202e")
                .doesNotContain("\r");
        assertThat(lines).noneMatch(l -> l.startsWith("== Night")).noneMatch(l -> l.startsWith("! Refused"))
                .noneMatch(l -> l.startsWith("THE GAMEMASTER"));
        assertThat(lines.stream().filter(l -> l.contains("esrever")).findFirst().orElseThrow())
                .contains("Mal").contains("Night 1 falls").contains("Refused: you were executed");

        String said = Await.value("the console says the stranger's name was refused", Duration.ofSeconds(10), () -> {
            String c = consoleBytes.toString(StandardCharsets.UTF_8);
            return c.contains("Eve joined") ? c : null;
        });
        assertThat(said).doesNotContain("\u001b");
        assertThat(Arrays.asList(said.split("\n"))).noneMatch(l -> l.startsWith("lobby: Eve joined"));
        keys.close();
    }
}
