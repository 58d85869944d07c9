package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.runtime.Json;
import maw.testing.Await;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import maw.tournament.GameRecord;
import maw.tournament.Tournament;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code maw tournament} over the test ejabberd: rule bots against model seats (the Ollama stand-in), two games at a
 * time, with its schedule, results, summary and standings; a tournament killed with SIGKILL in the middle and resumed
 * loses no game and counts none twice; bad options are named.
 */
class TournamentCommandTest {

    @RegisterExtension
    final Console console = new Console();

    private final TestXmpp xmpp = TestXmpp.get();

    @TempDir
    Path dir;

    private List<String> args(String... a) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(xmpp.cliSettings());
        return all;
    }

    private static List<Integer> games(Path out) {
        try {
            return Tournament.results(out).stream().map(GameRecord::game).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Runs {@code maw ARGS} (with the test ejabberd's settings) on a thread of its own; its exit code. */
    private java.util.concurrent.CompletableFuture<Integer> inBackground(String... a) {
        return onThread(a[0], () -> Main.execute(args(a).toArray(String[]::new)));
    }

    /** {@code work} on a daemon thread of its own; its result. */
    private static <T> java.util.concurrent.CompletableFuture<T> onThread(String name,
            java.util.concurrent.Callable<T> work) {
        java.util.concurrent.CompletableFuture<T> done = new java.util.concurrent.CompletableFuture<>();
        Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                done.complete(work.call());
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    /** The first group of {@code pattern} once the command has printed it (it must not end first). */
    private String printedBy(java.util.concurrent.CompletableFuture<Integer> command, String pattern) {
        java.util.regex.Pattern p = java.util.regex.Pattern.compile(pattern);
        return Await.value("'" + pattern + "' printed", Duration.ofSeconds(60), () -> {
            if (command.isDone()) {
                throw new AssertionError("the command ended first (" + command.get() + "): " + console.out()
                        + console.err());
            }
            java.util.regex.Matcher m = p.matcher(console.out());
            return m.find() ? m.group(1) : null;
        });
    }

    @Test
    void ruleBotsAgainstModelSeatsOverEjabberdWithResultsSummaryAndStandings() throws Exception {
        Path out = dir.resolve("t");
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn()) {
            int code = Main.execute(args("tournament", "--games", "6", "--seats",
                    "rule:3,llm[model=llama3.1;think-seconds=0]:3", "--parallel", "2", "--seed", "5", "--out",
                    // A pool of two servers (the stand-in under two names): the results and the report keep each's.
                    out.toString(), "--base-url", ollama.baseUrl() + "," + ollama.baseUrl().replace("127.0.0.1",
                            "localhost"), "--day-seconds", "15", "--night-seconds", "10")
                    .toArray(String[]::new));
            assertThat(code).as(console.out() + console.err()).isZero();
        }
        String printed = console.out();
        assertThat(printed).contains("entrants and the schedule's roles:").contains("rule: seats A1, A2, A3")
                .contains("llm[model=llama3.1;think-seconds=0]: seats B1, B2, B3").contains("[##############################] 6/6 games")
                .contains("final standings (6 games):").containsPattern("game \\d: the (villagers|werewolves) win");
        assertThat(games(out)).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6);
        // Two tables, each playing its three games as rounds with its agents connected throughout.
        try (var tables = Files.list(out.resolve("games"))) {
            assertThat(tables.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("0001", "0002");
        }
        assertThat(Tournament.results(out)).extracting(GameRecord::round).containsOnly(1, 2, 3);
        for (GameRecord r : Tournament.results(out)) {
            assertThat(r.seats()).hasSize(6);
            assertThat(r.roles().values()).contains("werewolf");
            assertThat(r.winningSide()).isIn("villagers", "werewolves");
            assertThat(r.model()).containsOnlyKeys("B1", "B2", "B3");
            assertThat(r.model().get("B1").get("calls")).isNotEqualTo(0);
            assertThat(Files.isRegularFile(out.resolve(r.journal()).resolve("game.jsonl"))).isTrue();
        }
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("games").asInt()).isEqualTo(6);
        assertThat(summary.path("entrants")).hasSize(2);
        for (JsonNode e : summary.path("entrants")) {
            assertThat(e.path("games").asInt()).isEqualTo(6);
            assertThat(e.path("winRate").path("tries").asInt()).isEqualTo(18);
            assertThat(e.path("winRate").path("low").asDouble()).isLessThanOrEqualTo(e.path("winRate").path("rate")
                    .asDouble());
            assertThat(e.path("rating").path("deviation").asDouble()).isLessThan(25.0 / 3);
            assertThat(e.path("sides").has("villagers")).isTrue();
        }
        JsonNode llm = List.of(summary.path("entrants").get(0), summary.path("entrants").get(1)).stream()
                .filter(e -> e.path("entrant").asText().startsWith("llm")).findFirst().orElseThrow();
        assertThat(llm.path("modelCalls").asLong()).isPositive();
        assertThat(llm.path("tokens").asLong()).isPositive();
        JsonNode t = Tournament.read(out);
        assertThat(t.path("schedule")).hasSize(6);
        long poolCalls = Tournament.results(out).stream().flatMap(r -> r.endpoints().values().stream())
                .mapToLong(m -> m.get("calls")).sum();
        long seatCalls = Tournament.results(out).stream().flatMap(r -> r.model().values().stream())
                .mapToLong(m -> ((Number) m.get("calls")).longValue()).sum();
        // Every answer a seat used came from a server of the pool (a call the seat abandoned as its turn ended counts
        // at its server only).
        assertThat(poolCalls).as("every seat's call went to a server of the pool").isGreaterThanOrEqualTo(seatCalls)
                .isPositive();
        assertThat(summary.path("modelServers").size()).isEqualTo(2);

        // The report: one page with its charts inside, and each chart as PNG and SVG.
        assertThat(Main.execute("tournament", "report", out.toString())).as(console.err()).isZero();
        Path report = out.resolve("report");
        String page = Files.readString(report.resolve("index.html"));
        assertThat(page).startsWith("<!doctype html>").endsWith("</html>\n").contains("<h2>Standings</h2>")
                .contains("llm[model=llama3.1;think-seconds=0]").contains("data:image/png;base64,")
                .contains("./maw web --replay " + out.resolve("games/0001")).contains("<h2>Model cost</h2>")
                .contains("<h2>Model servers</h2>");
        for (String chart : maw.tournament.Report.CHARTS) {
            java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(report.resolve(chart + ".png").toFile());
            assertThat(png).as(chart + ".png").isNotNull();
            assertThat(png.getWidth()).isEqualTo(800);
            javax.xml.parsers.DocumentBuilderFactory xml = javax.xml.parsers.DocumentBuilderFactory.newDefaultInstance();
            xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false); // offline
            org.w3c.dom.Document svg = xml.newDocumentBuilder().parse(report.resolve(chart + ".svg").toFile());
            assertThat(svg.getDocumentElement().getNodeName()).isEqualTo("svg");
        }
        assertThat(Main.execute("tournament", "report", dir.resolve("nothing").toString())).isEqualTo(2);
        assertThat(console.err()).contains("no results.jsonl there");
    }

    @Test
    void aTournamentKilledMidwayIsResumedWithNoGameLostOrCountedTwice() throws Exception {
        Path out = dir.resolve("killed");
        MawProcess.Started first = MawProcess.start(dir, args("tournament", "--games", "10", "--seats",
                "rule:3,rule:3", "--parallel", "2", "--seed", "21", "--out", out.toString(), "--day-seconds", "15",
                "--night-seconds", "10"));
        try {
            Await.until("some games are played (" + first.output() + ")", Duration.ofSeconds(120),
                    () -> games(out).size() >= 3);
            first.process().destroyForcibly().waitFor(); // SIGKILL, with games under way
        } finally {
            first.process().destroyForcibly();
        }
        int before = games(out).size();
        assertThat(before).isBetween(3, 9);
        MawProcess.Run again = MawProcess.run("", dir, 240, args("tournament", "--resume", out.toString()));
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output()).contains("resuming: " + before + " of 10 games played already");
        List<Integer> all = games(out);
        assertThat(all).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        List<String> lines = Files.readAllLines(out.resolve(Tournament.RESULTS), StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).toList();
        assertThat(lines).as("one line a game, none twice").hasSize(10);
        assertThat(Json.MAPPER.readTree(out.resolve("summary.json").toFile()).path("games").asInt()).isEqualTo(10);
    }

    @Test
    void aTournamentFromAYamlFileAndItsResume() throws Exception {
        Path out = dir.resolve("from-yaml");
        Path yaml = dir.resolve("tournament.yaml");
        Files.writeString(yaml, "games: 3\nseats: rule:3,rule:3\nseed: 4\ntransport: local\nout: " + out + "\n");
        assertThat(Main.execute("tournament", "--file", yaml.toString(), "--games", "2")).as(console.err()).isZero();
        assertThat(games(out)).as("--games on the command line wins over the file's").containsExactly(1, 2);
        assertThat(Tournament.read(out).path("args").toString()).contains("--transport").contains("local");
        // The file's tournament resumes from what it stored: nothing is left to play, nothing is played twice.
        assertThat(Main.execute("tournament", "--resume", out.toString())).as(console.err()).isZero();
        assertThat(console.out()).contains("resuming: 2 of 2 games played already, 0 to play");
        assertThat(games(out)).containsExactly(1, 2);
        // No seat used a model: the report draws no empty cost chart, and says why.
        assertThat(Main.execute("tournament", "report", out.toString())).as(console.err()).isZero();
        assertThat(console.out()).contains("charts beside it: ratings, win-rates, roles, each .png and .svg");
        assertThat(out.resolve("report/model-cost.png")).doesNotExist();
        assertThat(Files.readString(out.resolve("report/index.html"))).contains("No seat used a language model");
    }

    @Test
    void badOptionsAreNamed() throws Exception {
        assertThat(Main.execute("tournament", "--seats", "rule:3,rule:3", "--parallel", "0")).isEqualTo(2);
        assertThat(Main.execute("tournament", "--seats", "human:1,rule:4")).isEqualTo(2);
        assertThat(Main.execute("tournament", "--seats", "rule:3,rule:3", "--players", "5")).isEqualTo(2);
        assertThat(Main.execute("tournament", "--resume", dir.resolve("none").toString())).isEqualTo(2);
        Path yaml = dir.resolve("t.yaml");
        Files.writeString(yaml, "games: 4\nseats: rule:3,rule:3\ncolour: blue\n");
        assertThat(Main.execute("tournament", "--file", yaml.toString())).isEqualTo(2);
        assertThat(Main.execute("tournament", "--seats", "outside:2,rule:4")).isEqualTo(2);
        assertThat(Main.execute("tournament", "--rules", "aiwolf-nlp", "--seats", "outside:2,rule:3", "--parallel",
                "2")).isEqualTo(2);
        assertThat(Main.execute("tournament", "--rules", "aiwolf", "--seats", "outside[model=x]:2,rule:3"))
                .isEqualTo(2);
        assertThat(console.err()).contains("invalid value '0' for --parallel").contains("for --seats")
                .contains("--players 5 does not match seats rule:3,rule:3").contains("for --resume")
                .contains("invalid key 'colour'")
                .contains("outside seats play under --rules aiwolf or aiwolf-nlp")
                .contains("invalid value '2' for --parallel: a tournament with outside seats")
                .contains("team=NAME for outside seats");
    }

    @Test
    void agentsOfTheNlpContestConnectThroughTheGatewayAndPlayEveryGameInTheirSeats() throws Exception {
        Path out = dir.resolve("nlp");
        var tournament = inBackground("tournament", "--rules", "aiwolf-nlp", "--games", "3", "--seats",
                "outside[team=ext]:2,rule:3", "--gateway-port", "0", "--lobby-seconds", "60", "--turn-seconds", "6",
                "--seed", "9", "--out", out.toString());
        String url = printedBy(tournament, "at (ws://127\\.0\\.0\\.1:\\d+/ws)");
        // Two agents of one team, as the contest's agents connect: they play every game, staying connected.
        List<java.util.concurrent.CompletableFuture<maw.aiwolf.nlp.NlpClient.Played>> agents = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            String name = "ext" + i;
            agents.add(onThread(name, () -> new maw.aiwolf.nlp.NlpClient(name, null, maw.aiwolf.nlp.NlpClient.rules(),
                    3, line -> { }).play(java.net.URI.create(url), 3, Duration.ofSeconds(20))));
        }
        assertThat(tournament.get(5, java.util.concurrent.TimeUnit.MINUTES)).as(console.out() + console.err())
                .isZero();
        for (var a : agents) {
            maw.aiwolf.nlp.NlpClient.Played p = a.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(p.games()).isEqualTo(3);
            assertThat(p.reconnections()).isZero();
        }
        assertThat(console.out()).contains("outside agent ext1 plays for outside[team=ext]")
                .contains("outside agent ext2 plays for outside[team=ext]");
        assertThat(games(out)).containsExactlyInAnyOrder(1, 2, 3);
        // One table playing the three games as its rounds: our agents stay connected too.
        assertThat(Tournament.results(out)).extracting(GameRecord::round).containsExactlyInAnyOrder(1, 2, 3);
        for (GameRecord r : Tournament.results(out)) {
            assertThat(r.seats()).containsEntry("A1", "outside[team=ext]").containsEntry("B1", "rule");
            assertThat(r.winningSide()).isIn("villagers", "werewolves");
            assertThat(r.rules()).isEqualTo("aiwolf-nlp");
        }
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.toString()).contains("outside[team=ext]");
    }

    @Test
    void agentsOfTheAiwolfServerConnectOverTcpAndPlayEveryGame() throws Exception {
        Path out = dir.resolve("tcp");
        var tournament = inBackground("tournament", "--rules", "aiwolf", "--players", "5", "--games", "2", "--seats",
                "outside:2,rule:3", "--gateway-port", "0", "--lobby-seconds", "60", "--turn-seconds", "6", "--seed",
                "4", "--out", out.toString());
        int port = Integer.parseInt(printedBy(tournament, "at 127\\.0\\.0\\.1:(\\d+) \\(AIWolf TCP\\)"));
        // Agents as written for the AIWolf server 0.6: they play until the server closes the connection.
        List<java.util.concurrent.CompletableFuture<maw.aiwolf.tcp.AiwolfClient.Played>> agents = new ArrayList<>();
        for (String name : List.of("sample", "other")) {
            agents.add(onThread(name, () -> new maw.aiwolf.tcp.AiwolfClient(name, null,
                    maw.aiwolf.tcp.AiwolfClient.rules(), 2, line -> { }).play("127.0.0.1", port,
                    Duration.ofSeconds(10))));
        }
        assertThat(tournament.get(5, java.util.concurrent.TimeUnit.MINUTES)).as(console.out() + console.err())
                .isZero();
        for (var a : agents) {
            assertThat(a.get(30, java.util.concurrent.TimeUnit.SECONDS).games()).isEqualTo(2);
        }
        assertThat(games(out)).containsExactlyInAnyOrder(1, 2);
        for (GameRecord r : Tournament.results(out)) {
            assertThat(r.seats()).containsEntry("A1", "outside").containsEntry("A2", "outside");
            assertThat(r.rules()).startsWith("aiwolf");
        }
        assertThat(console.out()).containsPattern("outside agents: \\{(sample|other)=");
    }

    @Test
    void theBenchComparesConnectedWithAnewStartsTablesTogetherAndMeasuresThePrompts() throws Exception {
        assertThat(Main.execute(args("bench", "tournament", "--games", "2", "--at-once", "3", "--model-games", "1",
                "--delay-ms", "0", "--json").toArray(String[]::new))).as(console.out() + console.err()).isZero();
        String printed = console.out();
        assertThat(printed).contains("3 tables up after").contains("3 games at once: 3 finished, 0 stuck");
        JsonNode figures = Json.MAPPER.readTree(printed.strip().lines().reduce((a, b) -> b).orElseThrow());
        assertThat(figures.path("connectedAgainstAnew").path("finished").asInt()).isEqualTo(4);
        assertThat(figures.path("atOnce").path("heapBytesPerAgent").asLong()).isPositive();
        // The guiding prompt stays the same through a phase: most of a prompt repeats the seat's previous one.
        assertThat(figures.path("modelSeats").path("prefixShareAfterFirstOfPhase").asDouble()).isGreaterThan(0.5);
    }
}
