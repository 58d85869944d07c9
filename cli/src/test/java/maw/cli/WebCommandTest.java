package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code maw web}: a replay of a finished game serves its page; bad options stop start-up naming them. */
class WebCommandTest {

    @RegisterExtension
    final Console console = new Console();

    @TempDir
    Path out;

    @Test
    void aFinishedGameIsServedForReplayAndBadOptionsAreNamed() throws Exception {
        assertThat(Main.execute("game", "--transport", "local", "--players", "5", "--seed", "3", "--quiet", "--out",
                out.toString())).isZero();
        assertThat(Main.execute("web", "--replay", out.toString(), "--port", "0", "--seconds", "0.3")).isZero();
        assertThat(console.out()).containsPattern("replay of .*game.jsonl \\(\\d+ messages\\): http://127.0.0.1:\\d+/")
                .contains("?token=");
        assertThat(Main.execute("web")).isEqualTo(2);
        assertThat(Main.execute("web", "--replay", out.resolve("none").toString())).isEqualTo(2);
        assertThat(Main.execute("web", "--gm", "gm@localhost", "--port", "70000")).isEqualTo(2);
        assertThat(console.err()).contains("give --gm (a game to watch live) or --replay (a finished game)")
                .contains("for --replay: no journal").contains("invalid value '70000' for --port");
    }

    /**
     * {@code game --web}: the page's address and the god view's come before the first phase; once the game is over
     * the page goes on serving it as a replay, on the same port, for as long as {@code --web-stays} says.
     */
    @Test
    void aWatchedGamesPageStaysAsItsReplayOnceTheGameIsOver() throws Exception {
        java.util.concurrent.CompletableFuture<Integer> done = new java.util.concurrent.CompletableFuture<>();
        Thread.ofPlatform().name("maw-game-web").start(() -> done.complete(Main.execute("game", "--transport",
                "local", "--players", "5", "--seed", "3", "--out", out.toString(), "--web", "0", "--web-stays", "8")));
        java.util.regex.Matcher stays = maw.testing.Await.value("the page stays as a replay", WAIT, () -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("the game is over; its page stays up as a "
                    + "replay at http://127.0.0.1:(\\d+)/ +\\(god view: http://127.0.0.1:\\d+/\\?token=(\\w+)\\) for "
                    + "8 s").matcher(console.out());
            return m.find() ? m : null;
        });
        String said = console.out();
        java.util.regex.Matcher live = java.util.regex.Pattern.compile("web monitor: http://127.0.0.1:(\\d+)/ +"
                + "\\(god view: [^)]*\\?token=(\\w+)\\)").matcher(said);
        assertThat(live.find()).as(said).isTrue();
        assertThat(said.indexOf("web monitor: ")).as(said).isLessThan(said.indexOf("Day 1 begins"));
        assertThat(stays.group(1)).as("the same port").isEqualTo(live.group(1));
        assertThat(stays.group(2)).as("the same god view").isEqualTo(live.group(2));
        int port = Integer.parseInt(stays.group(1));
        assertThat(get(port, "/state?at=1")).contains("\"replay\":true").contains("\"phase\":\"lobby\"");
        assertThat(get(port, "/state?token=" + stays.group(2))).contains("\"winner\"");
        assertThat(done.isDone()).isFalse();
        assertThat(done.get(1, java.util.concurrent.TimeUnit.MINUTES)).isZero();
        assertThat(said).contains("later: ./maw web --replay " + out);
        // 0: the page closes with the game, and says how to see it again.
        Path again = out.resolve("again");
        assertThat(Main.execute("game", "--transport", "local", "--players", "5", "--seed", "3", "--quiet", "--out",
                again.toString(), "--web", "0", "--web-stays", "0")).isZero();
        assertThat(console.out()).contains("the web monitor closed with the game; step through it again with "
                + "./maw web --replay " + again);
        assertThat(Main.execute("game", "--web-stays", "-1")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value '-1.0' for --web-stays");
    }

    /**
     * Three processes, as a host would run them: {@code maw gm --web} with its page, {@code maw web --game} watching
     * from another process, and the seats (three rule bots from this one, a person from the GameMaster's page). The
     * monitor elsewhere shows the inside of every agent of the game, which it asks over XMPP.
     */
    @Test
    void aMonitorInAnotherProcessShowsEveryAgentAndAPersonTakesASeatFromTheGameMastersPage() throws Exception {
        maw.testing.TestXmpp xmpp = maw.testing.TestXmpp.get();
        String gmName = "webx-" + java.util.HexFormat.of().formatHex(new java.security.SecureRandom().generateSeed(3));
        java.util.List<String> gmArgs = new java.util.ArrayList<>(java.util.List.of("gm", "--name", gmName,
                "--players", "4", "--day-seconds", "4", "--night-seconds", "3", "--day-cap", "2", "--seed", "5",
                "--out", out.resolve("game").toString(), "--web", "0"));
        gmArgs.addAll(xmpp.cliSettings());
        maw.testing.MawProcess.Started gm = maw.testing.MawProcess.start(out, gmArgs);
        maw.testing.MawProcess.Started web = null;
        java.util.List<maw.runtime.Agent> seats = new java.util.ArrayList<>();
        try {
            java.util.regex.Matcher page = maw.testing.Await.value("the GameMaster's page", WAIT, () -> {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "web monitor: http://127.0.0.1:(\\d+)/ .*\\?token=(\\w+)").matcher(gm.output());
                return m.find() ? m : null;
            });
            int gmPort = Integer.parseInt(page.group(1));
            String token = page.group(2);
            java.nio.file.Path tokenFile = out.resolve("given.token");
            java.nio.file.Files.writeString(tokenFile, token + "\n");
            java.util.List<String> webArgs = new java.util.ArrayList<>(java.util.List.of("web", "--game",
                    gmName + "@" + xmpp.domain(), "--token-file", tokenFile.toString(), "--port", "0"));
            webArgs.addAll(xmpp.cliSettings());
            maw.testing.MawProcess.Started monitor = maw.testing.MawProcess.start(out, webArgs);
            web = monitor;
            int webPort = Integer.parseInt(maw.testing.Await.value("the other monitor's page", WAIT, () -> {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("web monitor: http://127.0.0.1:(\\d+)/")
                        .matcher(monitor.output());
                return m.find() ? m.group(1) : null;
            }));
            maw.runtime.Jid gmJid = maw.runtime.Jid.of(gmName, xmpp.domain());
            maw.runtime.Jid[] accounts = xmpp.accounts("webx", 6);
            String[] names = {"Ann", "Bob", "Cid"};
            for (int i = 0; i < 3; i++) {
                maw.runtime.Jid ui = accounts[2 * i];
                maw.runtime.Jid player = accounts[2 * i + 1];
                seats.add(new maw.agents.bot.RuleBotAgent(ui, maw.testing.TestXmpp.password(ui), names[i], 7 + i,
                        player));
                seats.add(new maw.agents.player.PlayerAgent(player, maw.testing.TestXmpp.password(player), gmJid, ui));
            }
            for (maw.runtime.Agent a : seats) {
                a.start(xmpp.transport());
            }
            // The fourth seat: a person takes it from the GameMaster's page.
            // A seat needs the page's invitation (or the token), and a request from this machine's own page.
            for (String[] no : new String[][] {{"/seat?name=Zoe", null}, {"/seat?name=Zoe&invite=guess", null},
                    {"/seat?name=Zoe&token=" + token, "http://evil.example"}}) {
                java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + gmPort + no[0]))
                        .POST(java.net.http.HttpRequest.BodyPublishers.noBody());
                if (no[1] != null) {
                    b.header("Origin", no[1]);
                }
                assertThat(http.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString()).statusCode())
                        .as(no[0] + " from " + no[1]).isEqualTo(403);
            }
            java.net.http.HttpResponse<String> taken = http.send(java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + gmPort + "/seat?name=Zoe&token=" + token))
                    .POST(java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(taken.statusCode()).as(taken.body()).isEqualTo(200);
            String key = taken.body();
            java.util.List<String> history = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.Map<String, Integer> expected = java.util.Map.of("GameMasterAgent", 1, "ChatRoomAgent", 2,
                    "PlayerAgent", 4, "RuleBotAgent", 3, "UserInterfaceAgent", 1);
            com.fasterxml.jackson.databind.JsonNode listed = maw.testing.Await.value("the monitor elsewhere lists "
                    + "every agent of the game", WAIT, java.time.Duration.ofMillis(300), () -> {
                        com.fasterxml.jackson.databind.JsonNode list = maw.runtime.Json.parse(get(webPort,
                                "/agents?token=" + token));
                        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
                        list.forEach(a -> kinds.merge(a.path("kind").asText(), 1, Integer::sum));
                        if (!kinds.equals(expected)) {
                            StringBuilder state = new StringBuilder(kinds.toString());
                            list.forEach(a -> {
                                if (!a.path("status").asText().equals("ACTIVE")) {
                                    state.append(' ').append(a.path("name").asText()).append(": ")
                                            .append(a.path("status").asText());
                                }
                            });
                            if (history.isEmpty() || !history.get(history.size() - 1).equals(state.toString())) {
                                history.add(state.toString());
                            }
                            throw new IllegalStateException("listed, in turn: " + history);
                        }
                        return list;
                    });
            listed.forEach(a -> assertThat(a.path("elsewhere").asBoolean()).as(a.toString()).isTrue());
            com.fasterxml.jackson.databind.JsonNode inside = maw.runtime.Json.parse(get(webPort, "/agents/" + gmName
                    + "?token=" + token));
            assertThat(inside.path("fsm").path("current").asText()).isNotEmpty();
            // The person's seat shows the game as it goes.
            maw.testing.Await.until("the person's seat sees the first day", WAIT, () -> {
                try {
                    return seatLines(gmPort, key, "Day 1 begins").contains("Day 1 begins");
                } catch (Exception e) {
                    return false;
                }
            });
            // Once the game is over, the GameMaster's page stays up as its replay until the command is stopped.
            maw.testing.Await.until("the page stays as a replay", java.time.Duration.ofSeconds(180),
                    () -> gm.output().contains("the game is over; its page stays up as a replay at http://127.0.0.1:"
                            + gmPort + "/") || !gm.process().isAlive());
            assertThat(gm.output()).contains("until this command is stopped (Ctrl-C)").contains("Zoe");
            assertThat(get(gmPort, "/state?at=1")).contains("\"replay\":true");
            assertThat(java.nio.file.Files.readString(out.resolve("game").resolve("summary.json"))).contains("Zoe");
        } finally {
            gm.process().destroyForcibly();
            if (web != null) {
                web.process().destroyForcibly();
            }
            seats.forEach(maw.runtime.Agent::stop);
        }
    }

    private static final java.time.Duration WAIT = java.time.Duration.ofSeconds(60);

    private final java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();

    private String get(int port, String path) throws Exception {
        return http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + path))
                .build(), java.net.http.HttpResponse.BodyHandlers.ofString()).body();
    }

    /** The seat's lines as its page's stream gives them, up to the first that contains {@code until}. */
    private String seatLines(int port, String key, String until) throws Exception {
        java.net.http.HttpResponse<java.util.stream.Stream<String>> r = http.send(java.net.http.HttpRequest
                .newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/seat/events?key=" + key))
                .header("Accept", "text/event-stream").timeout(java.time.Duration.ofSeconds(5)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofLines());
        StringBuilder seen = new StringBuilder();
        try (java.util.stream.Stream<String> lines = r.body()) {
            java.util.Iterator<String> it = lines.iterator();
            while (it.hasNext()) {
                String l = it.next();
                seen.append(l).append('\n');
                if (l.contains(until)) {
                    break;
                }
            }
        } catch (java.io.UncheckedIOException timedOut) {
            // the stream stays open: what came so far is the answer
        }
        return seen.toString();
    }
}
