package maw.aiwolf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.aiwolf.nlp.NlpServer;
import maw.aiwolf.nlp.NlpToken;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.tcp.AiwolfServer;
import maw.testing.Await;
import org.junit.jupiter.api.Test;

/**
 * Hostile connections at the AIWolf doors, replayed as an attacker on the same machine would: a connection under a
 * seated agent's name never takes a seat whose connection lives, nor a dropped one without the credential it was first
 * taken with (the seat token a client chose, or its team's token); the seat's packets keep going to its agent. An
 * endless line at the TCP server closes that connection and costs no memory.
 */
class SeatTheftTest {

    private static final String SECRET = "a team secret of thirty-two bytes!!";

    /** A WebSocket client that answers NAME with its name and keeps every frame it is sent. */
    private static final class Client implements WebSocket.Listener {
        final String name;
        final List<String> frames = new CopyOnWriteArrayList<>();
        final CompletableFuture<String> closed = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();
        WebSocket ws;

        Client(String name) {
            this.name = name;
        }

        Client connect(int port, String... headers) throws Exception {
            WebSocket.Builder b = HttpClient.newHttpClient().newWebSocketBuilder();
            for (int i = 0; i < headers.length; i += 2) {
                b.header(headers[i], headers[i + 1]);
            }
            ws = b.buildAsync(URI.create("ws://127.0.0.1:" + port + "/ws"), this).get(10, TimeUnit.SECONDS);
            Await.value(name + " is asked its name", Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> frames.isEmpty() ? null : true);
            ws.sendText(name + "\n", true).get(10, TimeUnit.SECONDS);
            return this;
        }

        @Override
        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String frame = partial.toString();
                partial.setLength(0);
                frames.add(frame);
            }
            w.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
            closed.complete(status + " " + reason);
            return null;
        }

        boolean heard(String marker) {
            return frames.stream().anyMatch(f -> f.contains(marker));
        }
    }

    private static AgentLink seated(NlpServer server, String name) throws InterruptedException {
        List<AgentLink> links = server.gather(1, Duration.ofSeconds(10));
        assertThat(links).extracting(AgentLink::name).containsExactly(name);
        return links.getFirst();
    }

    /** The seat's next packet goes to {@code owner}, and never to {@code thief}. */
    private static void packetsGoTo(AgentLink seat, Client owner, Client thief, String marker) {
        seat.tell("{\"request\":\"DAILY_FINISH\",\"info\":{\"marker\":\"" + marker + "\"}}");
        Await.value(owner.name + " hears its seat", Duration.ofSeconds(10), Duration.ofMillis(10),
                () -> owner.heard(marker) ? true : null);
        assertThat(thief.heard(marker)).as("the thief hears the seat's packets").isFalse();
    }

    @Test
    void aConnectionUnderALiveSeatsNameIsANewcomerNotTheSeat() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(2), Duration.ofSeconds(2), null)) {
            Client owner = new Client("kanolab1").connect(server.port());
            AgentLink seat = seated(server, "kanolab1");
            Client thief = new Client("kanolab1").connect(server.port());
            // The thief waits in the lobby under a name of its own; the seat's packets still reach its agent.
            List<AgentLink> waiting = server.gather(2, Duration.ofSeconds(5));
            assertThat(waiting).extracting(AgentLink::name).containsExactly("kanolab1", "kanolab1 2");
            packetsGoTo(seat, owner, thief, "m1");
        }
    }

    @Test
    void aDroppedSeatGoesBackOnlyToTheSeatTokenItWasTakenWith() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(2), Duration.ofSeconds(2), null)) {
            Client owner = new Client("kanolab1").connect(server.port(), NlpServer.SEAT_HEADER, "owner's secret");
            AgentLink seat = seated(server, "kanolab1");
            owner.ws.abort();
            Await.value("the seat's connection is gone", Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> seat.connected() ? null : true);
            // Without the seat's token, or with another, the name takes nothing: the seat stays without a connection.
            Client thief = new Client("kanolab1").connect(server.port());
            Client guesser = new Client("kanolab1").connect(server.port(), NlpServer.SEAT_HEADER, "a guess");
            // Both wait in the lobby as newcomers under names of their own; the seat stays without a connection.
            assertThat(server.gather(2, Duration.ofSeconds(10))).extracting(AgentLink::name)
                    .containsExactly("kanolab1 2", "kanolab1 3");
            assertThat(seat.connected()).isFalse();
            // Its own token takes it back, and takes it over even while a connection seems alive (a client that lost
            // its connection comes back before the server sees the loss).
            Client back = new Client("kanolab1").connect(server.port(), NlpServer.SEAT_HEADER, "owner's secret");
            Await.value("the seat is back", Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> seat.connected() ? true : null);
            Client again = new Client("kanolab1").connect(server.port(), NlpServer.SEAT_HEADER, "owner's secret");
            Await.value("the first comeback is replaced", Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> back.closed.isDone() ? true : null);
            packetsGoTo(seat, again, thief, "m2");
            assertThat(guesser.heard("m2")).isFalse();
        }
    }

    @Test
    void aTeamsTokenTakesNoLiveSeatOfItsTeam() throws Exception {
        try (NlpServer server = new NlpServer("127.0.0.1", 0, Duration.ofSeconds(2), Duration.ofSeconds(2),
                SECRET)) {
            String token = NlpToken.issue("kanolab", SECRET);
            Client owner = new Client("kanolab1").connect(server.port(), "Authorization", "Bearer " + token);
            AgentLink seat = seated(server, "kanolab1");
            // Another holder of the team's token, under the seat's name: a newcomer while the seat's connection lives.
            Client teammate = new Client("kanolab1").connect(server.port(), "Authorization", "Bearer " + token);
            assertThat(server.gather(2, Duration.ofSeconds(10))).extracting(AgentLink::name)
                    .containsExactly("kanolab1", "kanolab1 2");
            packetsGoTo(seat, owner, teammate, "m3");
            // Once the seat's connection is gone, its team's token takes it back (the contest's sample agent connects
            // anew for every game, showing only that).
            owner.ws.abort();
            Await.value("the seat's connection is gone", Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> seat.connected() ? null : true);
            Client back = new Client("kanolab1").connect(server.port(), "Authorization", "Bearer " + token);
            Await.value("the seat is back", Duration.ofSeconds(10), Duration.ofMillis(10),
                    () -> seat.connected() ? true : null);
            packetsGoTo(seat, back, teammate, "m4");
        }
    }

    @Test
    void anEndlessLineAtTheTcpServerClosesItsConnection() throws Exception {
        try (AiwolfServer server = new AiwolfServer(java.net.InetAddress.getLoopbackAddress(), 0, Duration.ofSeconds(5));
                Socket s = new Socket("127.0.0.1", server.port())) {
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            assertThat(in.readLine()).contains("NAME");
            OutputStream out = s.getOutputStream();
            byte[] chunk = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
            long sent = 0;
            try {
                for (int i = 0; i < 64 * 16; i++) { // up to 64 MiB, as the attack sent
                    out.write(chunk);
                    sent += chunk.length;
                }
            } catch (java.io.IOException closed) {
                // the server closed the connection: what it should do
            }
            assertThat(sent).as("the server read on past its bound").isLessThan(16L * 1024 * 1024);
            s.setSoTimeout(5000);
            int next;
            try {
                next = s.getInputStream().read();
            } catch (java.net.SocketException reset) {
                next = -1; // reset by the server: closed too
            }
            assertThat(next).as("the connection is closed").isEqualTo(-1);
        }
    }
}
