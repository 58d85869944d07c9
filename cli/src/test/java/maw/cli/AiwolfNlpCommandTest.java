package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.testing.Await;
import maw.testing.NlpWireAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code maw aiwolf-nlp serve}: an NLP contest agent plays a whole game at MAW's table; bad options are named. */
class AiwolfNlpCommandTest {

    @RegisterExtension
    final Console console = new Console();

    @TempDir
    Path out;

    @Test
    void anAgentOfTheContestPlaysAGameAtTheServedTable() throws Exception {
        CompletableFuture<Integer> served = new CompletableFuture<>();
        Thread.ofPlatform().name("maw-aiwolf-nlp-serve").start(() -> served.complete(Main.execute("aiwolf-nlp",
                "serve", "--port", "0", "--players", "5", "--games", "1", "--lobby-seconds", "8",
                "--action-seconds", "1.5", "--response-seconds", "2", "--seed", "5", "--set", "games.dir=" + out)));
        int port = Await.value("the server's address", Duration.ofSeconds(30), Duration.ofMillis(50), () -> {
            Matcher m = Pattern.compile("ws://127.0.0.1:(\\d+)/ws").matcher(console.out());
            return m.find() ? Integer.parseInt(m.group(1)) : null;
        });
        NlpWireAgent agent = new NlpWireAgent("kanolab1", false);
        WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + port
                + "/ws"), agent).get(10, TimeUnit.SECONDS);
        try {
            assertThat(served.get(3, TimeUnit.MINUTES)).as(console.out() + console.err()).isZero();
            Await.until("the agent is told FINISH (" + agent.packets.size() + " packets; " + console.out() + ")",
                    Duration.ofSeconds(10), () -> agent.finished.isDone());
            assertThat(console.out()).contains("game 1: 1 agent(s) over WebSocket (kanolab1), 4 of our seats")
                    .contains(" win; journal ").contains("agents: {kanolab1={");
            assertThat(agent.packets).as(console.out()).isNotEmpty();
            assertThat(agent.packets.getFirst().path("request").asText()).isEqualTo("NAME");
            assertThat(agent.packets.getLast().path("request").asText()).isEqualTo("FINISH");
        } finally {
            ws.abort();
        }
    }

    @Test
    void badOptionsAreNamed() {
        assertThat(Main.execute("aiwolf-nlp", "serve", "--players", "6")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "serve", "--seats", "robots")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "serve", "--seats", "llm:2,rule:2")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "connect", "--url", "http://127.0.0.1:8080/ws")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "connect", "--team", "kanolab1")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "connect", "--bot", "wizard")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "connect", "--games", "-1")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "serve", "--secret-file", out.resolve("none").toString()))
                .isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "serve", "--action-seconds", "0")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "serve", "--setting", "freeform_en_7")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "connect", "--chat-pace-seconds", "0")).isEqualTo(2);
        assertThat(Main.execute("aiwolf-nlp", "serve", "--setting", "default_en_9", "--players", "5")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value 'freeform_en_7' for --setting: unknown AIWolf NLP "
                + "configuration 'freeform_en_7' (known: default_5, default_9, default_13, default_en_5")
                .contains("--players 5 does not fit --setting default_en_9, a game of 9 players")
                .contains("invalid value '0.0' for --chat-pace-seconds");
        assertThat(console.err()).contains("invalid value '6' for --players: 5, 9 or 13")
                .contains("seat group 'robots'").contains("--players 5 does not match seats llm:2,rule:2")
                .contains("for --secret-file").contains("for --action-seconds")
                .contains("invalid value 'http://127.0.0.1:8080/ws' for --url").contains("for --team")
                .contains("invalid value 'wizard' for --bot").contains("invalid value '-1' for --games");
    }

    @Test
    void ourAgentsConnectToTheServedTableAndFillIt() throws Exception {
        CompletableFuture<Integer> served = new CompletableFuture<>();
        Thread.ofPlatform().name("maw-aiwolf-nlp-serve").start(() -> served.complete(Main.execute("aiwolf-nlp",
                "serve", "--port", "0", "--players", "5", "--games", "2", "--lobby-seconds", "20",
                "--action-seconds", "3", "--response-seconds", "2", "--seed", "8", "--web", "0", "--set",
                "games.dir=" + out)));
        int port = Await.value("the server's address", Duration.ofSeconds(30), Duration.ofMillis(50), () -> {
            Matcher m = Pattern.compile("ws://127.0.0.1:(\\d+)/ws").matcher(console.out());
            return m.find() ? Integer.parseInt(m.group(1)) : null;
        });
        assertThat(Main.execute("aiwolf-nlp", "connect", "--url", "ws://127.0.0.1:" + port + "/ws", "--team", "ours",
                "--count", "5", "--games", "2")).as(console.out() + console.err()).isZero();
        assertThat(served.get(1, TimeUnit.MINUTES)).as(console.out() + console.err()).isZero();
        assertThat(console.out()).contains("game 1: 5 agent(s) over WebSocket").contains("game 2: 5 agent(s) over "
                + "WebSocket").contains("ours5: 2 game(s)").containsPattern("ours1 \\(ours1\\): game 2 over, "
                + "(VILLAGER|WEREWOLF) side wins").contains("timeouts=0").doesNotContain("droppedLines=1")
                .containsPattern("web monitor: http://127.0.0.1:\\d+/");
    }

    @Test
    void theBenchPlaysOverWebSocketAndInProcessAndAModelSeatGame() {
        assertThat(Main.execute("bench", "aiwolf-nlp", "--games", "1", "--delay-ms", "0", "--json"))
                .as(console.out() + console.err()).isZero();
        assertThat(console.out()).contains("13 players: ").contains("model seats: a 5-player game over WebSocket")
                .contains("\"webSocketToInProcessRatio\"").contains("\"wallToCallsRatio\"")
                .contains("agents answering carelessly").contains("\"carelessToWellBehavedRatio\"");
    }
}
