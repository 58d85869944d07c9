package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Model cassettes: a game of model seats keeps every call it made (cassette.jsonl); the same game answered from that
 * cassette, with the model server gone, plays the same journal; a game that asks what the cassette lacks stops and
 * says so.
 */
class CassetteTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final Console console = new Console();

    private int game(Path out, String baseUrl, long seed, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("game", "--transport", "local", "--quiet", "--rules",
                "aiwolf", "--players", "5", "--seats", "llm:3,rule:2", "--base-url", baseUrl, "--seed",
                Long.toString(seed), "--out", out.toString(), "--set", "llm.think-seconds=0"));
        args.addAll(List.of(more));
        return Main.execute(args.toArray(String[]::new));
    }

    /**
     * What the journal says happened (its events and scores, without their times and game ids); its commands are
     * left out: they are in the order they arrived, which the seats' threads decide.
     */
    private static List<String> play(Path out) throws Exception {
        return Files.readAllLines(out.resolve("game.jsonl"), StandardCharsets.UTF_8).stream().map(l -> {
            try {
                return Json.parse(l);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).filter(n -> List.of("event", "scores").contains(n.path("kind").asText()))
                .map(n -> {
                    ((com.fasterxml.jackson.databind.node.ObjectNode) n).remove(List.of("t", "seq", "game"));
                    return n.toString();
                }).toList();
    }

    @Test
    void aGameOfModelSeatsReplaysFromItsCassetteWithoutTheModel() throws Exception {
        Path recorded = dir.resolve("recorded");
        String url;
        int calls;
        try (OllamaStandIn ollama = new OllamaStandIn()) {
            url = ollama.baseUrl();
            assertThat(game(recorded, url, 5)).as(console.err()).isZero();
            calls = ollama.calls().size();
        }
        Path cassette = recorded.resolve("cassette.jsonl");
        List<String> kept = Files.readAllLines(cassette, StandardCharsets.UTF_8);
        assertThat(kept).hasSize(calls);
        JsonNode first = Json.parse(kept.getFirst());
        assertThat(first.get("messages").get(0).get("role").asText()).isEqualTo("system");
        assertThat(first.get("answer").asText()).isNotEmpty();
        assertThat(first.get("inputTokens").asInt()).isPositive();
        assertThat(first.has("millis")).isTrue();

        // The stand-in is gone: every answer comes from the cassette, and the game is the same.
        Path replayed = dir.resolve("replayed");
        assertThat(game(replayed, url, 5, "--model-cassette", cassette.toString())).as(console.err()).isZero();
        assertThat(play(replayed)).isEqualTo(play(recorded)).hasSizeGreaterThan(20);
        assertThat(Files.readAllLines(replayed.resolve("cassette.jsonl"), StandardCharsets.UTF_8)).hasSize(calls)
                .allMatch(l -> l.contains("\"replayed\":true"));

        // A fork begins its cassette with the parent's calls made before the point.
        Path forked = dir.resolve("forked");
        try (OllamaStandIn again = new OllamaStandIn()) {
            assertThat(Main.execute("game", "--transport", "local", "--quiet", "--fork", recorded.toString(), "--at",
                    "day:1", "--base-url", again.baseUrl(), "--set", "llm.think-seconds=0", "--out",
                    forked.toString())).as(console.err()).isZero();
            List<String> inherited = Files.readAllLines(forked.resolve("cassette.jsonl"), StandardCharsets.UTF_8);
            assertThat(inherited.size()).isGreaterThan(again.calls().size() - 1).isLessThanOrEqualTo(calls
                    + again.calls().size());
            assertThat(kept).contains(inherited.getFirst());
        }

        // Another deal asks what the cassette never heard: the game stops and says so.
        assertThat(game(dir.resolve("other"), url, 6, "--model-cassette", cassette.toString())).isEqualTo(2);
        assertThat(console.err()).contains("maw: the cassette " + cassette + " has no answer for a call to llama3.1")
                .contains("llm.cassette-miss: live");
    }

    @Test
    void aTournamentOfModelSeatsReplaysFromItsCassetteWithoutTheModel() throws Exception {
        Path recorded = dir.resolve("tournament");
        List<String> args = List.of("tournament", "--transport", "local", "--rules", "aiwolf", "--players", "5",
                "--seats", "llm:3,rule:2", "--games", "2", "--seed", "8", "--set", "llm.think-seconds=0");
        int calls;
        try (OllamaStandIn ollama = new OllamaStandIn()) {
            List<String> live = new java.util.ArrayList<>(args);
            live.addAll(List.of("--base-url", ollama.baseUrl(), "--out", recorded.toString()));
            assertThat(Main.execute(live.toArray(String[]::new))).as(console.err()).isZero();
            calls = ollama.calls().size();
        }
        assertThat(Files.readAllLines(recorded.resolve("cassette.jsonl"), StandardCharsets.UTF_8)).hasSize(calls);
        Path replayed = dir.resolve("replayed");
        List<String> offline = new java.util.ArrayList<>(args);
        offline.addAll(List.of("--base-url", "http://127.0.0.1:9", "--model-cassette", recorded.toString(), "--out",
                replayed.toString()));
        assertThat(Main.execute(offline.toArray(String[]::new))).as(console.err()).isZero();
        List<String> before = Files.readAllLines(recorded.resolve("results.jsonl"), StandardCharsets.UTF_8);
        List<String> after = Files.readAllLines(replayed.resolve("results.jsonl"), StandardCharsets.UTF_8);
        assertThat(after).hasSameSizeAs(before).hasSize(2);
        for (int i = 0; i < before.size(); i++) {
            JsonNode a = Json.parse(before.get(i));
            JsonNode b = Json.parse(after.get(i));
            assertThat(b.get("winner")).isEqualTo(a.get("winner"));
            assertThat(b.get("days")).isEqualTo(a.get("days"));
            assertThat(play(replayed.resolve(b.get("journal").asText())))
                    .isEqualTo(play(recorded.resolve(a.get("journal").asText()))).hasSizeGreaterThan(20);
        }
        assertThat(Files.readAllLines(replayed.resolve("cassette.jsonl"), StandardCharsets.UTF_8)).hasSize(calls)
                .allMatch(l -> l.contains("\"replayed\":true"));
    }
}
