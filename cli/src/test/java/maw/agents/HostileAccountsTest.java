package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.GameListener;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.player.PlayerAgent;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.TransportException;
import maw.runtime.xmpp.EjabberdApi;
import maw.testing.Agents;
import maw.testing.Await;
import maw.testing.Masters;
import maw.testing.TestXmpp;
import org.jivesoftware.smack.XMPPException;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.jivesoftware.smackx.iqregister.AccountManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jxmpp.jid.parts.Localpart;

/**
 * What another process or user of the machine can do to the private ejabberd's accounts, tried as they would:
 * nothing without the provisioner's password, which only the instance's owner can read; and a second login to an
 * agent's account (by someone who has its password) gains none of the trust that agent's own session has.
 */
class HostileAccountsTest {

    private final TestXmpp xmpp = TestXmpp.get();
    private final Agents agents = new Agents(xmpp.transport());
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        agents.close();
    }

    private HttpResponse<String> api(String command, String json, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + xmpp.server().httpPort()
                + "/api/" + command)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (authorization != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    authorization.getBytes(StandardCharsets.UTF_8)));
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private void logsIn(Jid jid, String password) throws TransportException {
        Agent a = new Agent(jid, password);
        a.start(xmpp.transport());
        assertThat(a.isConnected()).isTrue();
        a.stop();
    }

    @Test
    void theAccountApiAnswersNobodyButTheProvisioner() throws Exception {
        Jid victim = xmpp.account("victim");
        String user = "{\"user\":\"" + victim.local() + "\",\"host\":\"localhost\"";
        Map<String, String> attacks = Map.of(
                "registered_users", "{\"host\":\"localhost\"}",
                "change_password", user + ",\"newpass\":\"owned\"}",
                "unregister", user + "}",
                "register", "{\"user\":\"intruder\",\"host\":\"localhost\",\"password\":\"x\"}",
                "check_password", user + ",\"password\":\"" + TestXmpp.password(victim) + "\"}");
        for (Map.Entry<String, String> a : attacks.entrySet()) {
            assertThat(api(a.getKey(), a.getValue(), null).statusCode()).as("unauthenticated " + a.getKey())
                    .isIn(401, 403);
            assertThat(api(a.getKey(), a.getValue(), EjabberdApi.PROVISIONER + "@localhost:guess").statusCode())
                    .as("a guessed password for " + a.getKey()).isEqualTo(401);
            assertThat(api(a.getKey(), a.getValue(), victim + ":" + TestXmpp.password(victim)).statusCode())
                    .as("an ordinary account's own credentials for " + a.getKey()).isIn(401, 403);
        }
        logsIn(victim, TestXmpp.password(victim));
        assertThatThrownBy(() -> logsIn(Jid.of("intruder", "localhost"), "x")).isInstanceOf(TransportException.class);
        // The provisioner does what it is for, and the API reports only with its password.
        String secret = EjabberdApi.readSecret(xmpp.server().home().resolve("tls/provisioner.secret"));
        HttpResponse<String> list = api("registered_users", "{\"host\":\"localhost\"}",
                EjabberdApi.PROVISIONER + "@localhost:" + secret);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(list.body()).contains(victim.local());
        // No account MAW creates can take the provisioner's name.
        assertThatThrownBy(() -> new EjabberdApi("http://127.0.0.1:" + xmpp.server().httpPort() + "/api",
                "localhost", secret).register(Map.of(EjabberdApi.PROVISIONER, "x")))
                .hasMessageContaining("reserved");
    }

    @Test
    void nobodyRegistersInBandAndTheProvisionerCannotLogInOverXmpp() throws Exception {
        XMPPTCPConnection c = new XMPPTCPConnection(xmpp.transport().configurationBuilder(Jid.of("x", "localhost"),
                "x").build());
        try {
            c.connect();
            AccountManager accounts = AccountManager.getInstance(c);
            accounts.sensitiveOperationOverInsecureConnection(true);
            assertThatThrownBy(() -> accounts.createAccount(Localpart.from("squatter"), "pw"))
                    .isInstanceOf(XMPPException.XMPPErrorException.class);
        } finally {
            c.disconnect();
        }
        assertThatThrownBy(() -> logsIn(Jid.of("squatter", "localhost"), "pw")).isInstanceOf(TransportException.class);
        String secret = EjabberdApi.readSecret(xmpp.server().home().resolve("tls/provisioner.secret"));
        assertThatThrownBy(() -> logsIn(Jid.of(EjabberdApi.PROVISIONER, "localhost"), secret))
                .isInstanceOf(TransportException.class);
    }

    @Test
    void theProvisionersPasswordIsTheOwnersAlone() throws Exception {
        Path home = xmpp.server().home();
        Path secret = home.resolve("tls/provisioner.secret");
        assertThat(Files.getPosixFilePermissions(secret))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        assertThat(Files.getPosixFilePermissions(home)).isEqualTo(Set.of(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE));
        // As another user of the machine would try it.
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/sbin/runuser")),
                "needs root and runuser to act as another user");
        Process p = new ProcessBuilder("/usr/sbin/runuser", "-u", "nobody", "--", "cat", secret.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isNotZero();
        assertThat(out).contains("Permission denied").doesNotContain(Files.readString(secret).strip());
    }

    @Test
    void anotherSessionOfTheGameMastersOrTheInterfacesAccountIsNotTrustedByTheSeat() throws Exception {
        Jid[] j = xmpp.accounts("sessions", 3);
        Jid gmJid = j[0];
        Jid playerJid = j[1];
        Jid uiJid = j[2];
        List<String> seen = new CopyOnWriteArrayList<>();
        ScriptedSeat gm = agents.start(new ScriptedSeat(gmJid, TestXmpp.password(gmJid), "gm", gmJid));
        agents.start(new UserInterfaceAgent(uiJid, TestXmpp.password(uiJid), "Zed", playerJid,
                (kind, text) -> seen.add(kind + ": " + text)));
        PlayerAgent player = agents.start(new PlayerAgent(playerJid, TestXmpp.password(playerJid), gmJid, uiJid));
        Message join = gm.next("join_lobby");
        gm.send(join.createReply().performative(Performative.AGREE).ontology(GameAgent.ONTOLOGY)
                .body(new Catalog.Joined("g", "Zed", 1, 3)).build());
        Await.until("the seat is seated", () -> seen.stream().anyMatch(l -> l.contains("You sit at the table")));

        // Someone with the GameMaster's password logs in beside it and ends the game for the seat.
        ScriptedSeat fakeGm = agents.start(new ScriptedSeat(gmJid.withResource("intruder"),
                TestXmpp.password(gmJid), "fake", gmJid));
        fakeGm.send(playerJid, Performative.INFORM, new Catalog.EndGame("g", 1, Catalog.Winner.WEREWOLVES, "forged",
                1, Map.of(), Map.of()));
        Message refused = fakeGm.answer();
        assertThat(refused.is(Performative.REFUSE)).isTrue();
        assertThat(refused.json().get("code").asText()).isEqualTo("not_yours");
        assertThat(player.finished()).isNotDone();
        assertThat(seen).noneMatch(l -> l.contains("forged"));

        // Someone with the interface's password speaks for the seat.
        ScriptedSeat fakeUi = agents.start(new ScriptedSeat(uiJid.withResource("intruder"),
                TestXmpp.password(uiJid), "fake-ui", gmJid));
        fakeUi.send(playerJid, Performative.INFORM, new SeatCatalog.PlayerAction(maw.base.Act.Kind.VOTE, null, "Ann"));
        assertThat(fakeUi.answer().json().get("code").asText()).isEqualTo("not_yours");

        // The real GameMaster's session is still the seat's GameMaster.
        gm.send(playerJid, Performative.INFORM, new Catalog.EndGame("g", 1, Catalog.Winner.VILLAGERS, "the real end",
                1, Map.of(), Map.of()));
        Await.until("the seat hears its GameMaster", () -> seen.stream().anyMatch(l -> l.contains("the real end")));
        assertThat(seen).noneMatch(l -> l.contains("forged"));
        assertThat(gm.seen()).noneMatch(m -> m.is(Performative.REFUSE));
    }

    @Test
    void aSecondSessionOfASeatedAccountCannotTakeTheSeatMidGame() throws Exception {
        Jid[] j = xmpp.accounts("duplicate", 6);
        agents.start(new maw.agents.chatroom.ChatRoomAgent(j[1], TestXmpp.password(j[1]), maw.game.Room.VILLAGE, j[0],
                null, null));
        agents.start(new maw.agents.chatroom.ChatRoomAgent(j[2], TestXmpp.password(j[2]), maw.game.Room.HIDEOUT, j[0],
                null, null));
        agents.start(maw.testing.Masters.maw(j[0], TestXmpp.password(j[0]),
                new maw.agents.gamemaster.GameConfig("g-dup", 3, 1, 1, j[1], j[2], Duration.ofSeconds(30),
                        Duration.ofSeconds(30)), maw.game.maw.GameOptions.defaults(), null));
        List<ScriptedSeat> seats = new java.util.ArrayList<>();
        String[] names = {"Ann", "Bob", "Cid"};
        for (int i = 0; i < 3; i++) {
            seats.add(agents.start(new ScriptedSeat(j[3 + i], TestXmpp.password(j[3 + i]), names[i], j[0])));
            assertThat(seats.get(i).join().bodyType()).isEqualTo("joined");
        }
        seats.get(0).next("start_game");
        ScriptedSeat second = agents.start(new ScriptedSeat(j[3].withResource("second"), TestXmpp.password(j[3]),
                "Ann", j[0]));
        Message answer = second.join();
        assertThat(answer.is(Performative.REFUSE)).isTrue();
        assertThat(answer.json().get("code").asText()).isEqualTo("game_in_progress");
        assertThat(answer.json().get("reason").asText()).contains("another session");
    }

    @Test
    void readinessSentByStrangersCountsForNoSeatAndEvictsNobody() throws Exception {
        Jid[] j = xmpp.accounts("forged-ready", 8);
        agents.start(new maw.agents.chatroom.ChatRoomAgent(j[1], TestXmpp.password(j[1]), maw.game.Room.VILLAGE, j[0],
                null, null));
        agents.start(new maw.agents.chatroom.ChatRoomAgent(j[2], TestXmpp.password(j[2]), maw.game.Room.HIDEOUT, j[0],
                null, null));
        List<String> left = new CopyOnWriteArrayList<>();
        Agent gm = agents.start(maw.testing.Masters.maw(j[0], TestXmpp.password(j[0]),
                new maw.agents.gamemaster.GameConfig("g-ready", 3, 1, 1, j[1], j[2], Duration.ofSeconds(5),
                        Duration.ofSeconds(10)), maw.game.maw.GameOptions.defaults(),
                new maw.agents.gamemaster.GameListener() {
                    @Override
                    public void left(String name, String why) {
                        left.add(name + ": " + why);
                    }
                }));
        ScriptedSeat ann = agents.start(new ScriptedSeat(j[3], TestXmpp.password(j[3]), "Ann", j[0]));
        ScriptedSeat bob = agents.start(new ScriptedSeat(j[4], TestXmpp.password(j[4]), "Bob", j[0]));
        ScriptedSeat cid = agents.start(new ScriptedSeat(j[5], TestXmpp.password(j[5]), "Cid", j[0]));
        ScriptedSeat x = agents.start(new ScriptedSeat(j[6], TestXmpp.password(j[6]), "X", j[0]));
        ScriptedSeat y = agents.start(new ScriptedSeat(j[7], TestXmpp.password(j[7]), "Y", j[0]));
        // The honest seats answer the ready check only after the GameMaster has received the forgeries; the hostile
        // one takes the last seat and, as the ready check arrives, has two strangers answer it for the game, three
        // times each, before answering itself.
        java.util.concurrent.CountDownLatch honest = new java.util.concurrent.CountDownLatch(1);
        ann.readyGate = honest;
        bob.readyGate = honest;
        cid.onReadyCheck = () -> {
            for (int i = 0; i < 3; i++) {
                x.send(j[0], Performative.INFORM, new Catalog.Ready("g-ready"));
                y.send(j[0], Performative.INFORM, new Catalog.Ready("g-ready"));
            }
        };
        assertThat(ann.join().bodyType()).isEqualTo("joined");
        assertThat(bob.join().bodyType()).isEqualTo("joined");
        long before = gm.receivedCount();
        assertThat(cid.join().bodyType()).isEqualTo("joined");
        // Cid's join and ready, and the six forgeries, have reached the GameMaster: now the honest answers.
        Await.until("the forged readiness reaches the GameMaster", () -> gm.receivedCount() >= before + 8);
        honest.countDown();
        Message start = ann.next("start_game");
        assertThat(start.json().get("players").toString()).contains("Ann").contains("Bob").contains("Cid");
        assertThat(left).isEmpty();
    }
}
