package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.runtime.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code maw game --fork DIR --at PHASE}: at each kind of point of each rule set, the fork's journal is the parent's
 * word for word up to the point, names its parent and the point, and the game then plays to its end; a fork may seat
 * others (model seats where rule bots sat).
 */
class ForkTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final Console console = new Console();

    private Path parent(String name, String... args) {
        Path out = dir.resolve(name);
        List<String> all = new ArrayList<>(List.of("game", "--transport", "local", "--quiet", "--out", out.toString()));
        all.addAll(List.of(args));
        assertThat(Main.execute(all.toArray(String[]::new))).as(console.err()).isZero();
        return out;
    }

    /** Forks {@code parent} at {@code at} and checks the fork: its journal, its end. */
    private Path fork(Path parent, String at, String... more) throws Exception {
        Path out = dir.resolve(parent.getFileName() + "-" + at.replace(':', '-'));
        List<String> all = new ArrayList<>(List.of("game", "--transport", "local", "--quiet", "--fork",
                parent.toString(), "--at", at, "--out", out.toString(), "--json"));
        all.addAll(List.of(more));
        assertThat(Main.execute(all.toArray(String[]::new))).as(at + ": " + console.err()).isZero();
        List<String> mine = Files.readAllLines(out.resolve("game.jsonl"), StandardCharsets.UTF_8);
        List<String> theirs = Files.readAllLines(parent.resolve("game.jsonl"), StandardCharsets.UTF_8);
        int point = -1;
        for (int i = 0; i < mine.size() && point < 0; i++) {
            if (Json.parse(mine.get(i)).path("kind").asText().equals("forked")) {
                point = i;
            }
        }
        assertThat(point).as(at + ": the forked line").isPositive();
        assertThat(mine.subList(0, point)).as(at + ": the parent's journal up to the point")
                .isEqualTo(theirs.subList(0, point));
        JsonNode forked = Json.parse(mine.get(point));
        assertThat(forked.get("at").asText()).isEqualTo(at);
        assertThat(forked.get("parentGame").asText()).isEqualTo(Json.parse(theirs.get(0)).get("game").asText());
        assertThat(forked.get("as").asText()).isNotEqualTo(forked.get("parentGame").asText());
        // The parent's next line (the point's own deadline or beginning) is the fork's to write again.
        JsonNode next = Json.parse(theirs.get(point));
        assertThat(next.path("kind").asText()).isIn("deadline", "event");
        // Played on to the end, under the fork's own id.
        JsonNode last = Json.parse(mine.getLast());
        assertThat(mine).as(at + ": the fork's scores").anyMatch(l -> l.contains("\"kind\":\"scores\""));
        assertThat(last.get("game").asText()).isEqualTo(forked.get("as").asText());
        return out;
    }

    @Test
    void mawsGameForksAtTheStartOfAnyDayOrNight() throws Exception {
        Path parent = parent("maw", "--seed", "3");
        for (String at : List.of("day:1", "night:1", "day:2")) {
            fork(parent, at);
        }
        assertThat(console.out()).contains("forking " + parent + " at night:1");
    }

    @Test
    void aiwolfGamesForkAtAPhaseATalkTurnOrAVote() throws Exception {
        Path aiwolf = parent("aiwolf", "--rules", "aiwolf", "--players", "5", "--seed", "4");
        for (String at : List.of("day:1", "day:1:talk:2", "day:1:vote", "night:1", "day:2:talk:1")) {
            fork(aiwolf, at);
        }
        Path nlp = parent("nlp", "--rules", "aiwolf-nlp", "--players", "5", "--seed", "4");
        for (String at : List.of("day:0:talk:2", "day:1")) {
            fork(nlp, at);
        }
    }

    @Test
    void aForkSeatsOthersAndAPointNeverReachedIsNamed() throws Exception {
        Path parent = parent("seats", "--seed", "3");
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn()) {
            Path forked = fork(parent, "night:1", "--seats", "llm:2,rule:4", "--base-url", ollama.baseUrl());
            JsonNode summary = Json.parse(Files.readString(forked.resolve("summary.json")));
            assertThat(summary.toString()).contains("\"llm\"");
            assertThat(ollama.calls()).isNotEmpty();
        }
        assertThat(Main.execute("game", "--transport", "local", "--fork", parent.toString(), "--at", "night:9"))
                .isEqualTo(2);
        assertThat(console.err()).contains("invalid value 'night:9' for --at: the game in " + parent
                + " never began it (it reached day:1, night:1");
        assertThat(Main.execute("game", "--fork", parent.toString())).isEqualTo(2);
        assertThat(console.err()).contains("--fork needs --at");
        assertThat(Main.execute("game", "--fork", parent.toString(), "--at", "dusk:1")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value 'dusk:1' for --at");
    }

    @Test
    void everyGameOfATournamentForksAtAPointAndSitsBesideItsOriginal() throws Exception {
        Path tournament = dir.resolve("tournament");
        assertThat(Main.execute("tournament", "--games", "3", "--seats", "rule:6", "--transport", "local", "--out",
                tournament.toString())).as(console.err()).isZero();
        Path forks = dir.resolve("forks");
        assertThat(Main.execute("tournament", "--fork-from", tournament.toString(), "--at", "night:1", "--seats",
                "rule:6", "--transport", "local", "--out", forks.toString())).as(console.err()).isZero();
        List<String> pairs = Files.readAllLines(forks.resolve("forks.jsonl"), StandardCharsets.UTF_8);
        assertThat(pairs).hasSize(3);
        List<String> results = Files.readAllLines(tournament.resolve("results.jsonl"), StandardCharsets.UTF_8);
        for (int i = 0; i < 3; i++) {
            JsonNode pair = Json.parse(pairs.get(i));
            JsonNode original = Json.parse(results.get(i));
            assertThat(pair.get("original").asText()).isEqualTo(original.get("winner").asText());
            assertThat(pair.get("fork").asText()).isIn("villagers", "werewolves", "draw");
            List<String> mine = Files.readAllLines(forks.resolve(pair.get("journal").asText()));
            List<String> theirs = Files.readAllLines(tournament.resolve(original.get("journal").asText())
                    .resolve("game.jsonl"));
            int point = 0;
            while (!mine.get(point).contains("\"kind\":\"forked\"")) {
                point++;
            }
            assertThat(mine.subList(0, point)).isEqualTo(theirs.subList(0, point));
        }
        assertThat(console.out()).contains("outcome(s) changed from night:1 on");
        // The report sets each fork beside its game: both winners, and the commands that replay both.
        String page = Files.readString(forks.resolve("report").resolve("index.html"));
        assertThat(page).contains("MAW tournament forked at night:1").contains("6 rule bots")
                .contains("Wins before and after the point");
        for (String pair : pairs) {
            JsonNode p = Json.parse(pair);
            assertThat(page).contains("./maw web --replay " + p.get("parent").asText())
                    .contains(p.get("journal").asText());
        }
        Files.delete(forks.resolve("report").resolve("index.html"));
        assertThat(Main.execute("tournament", "report", forks.toString())).as(console.err()).isZero();
        assertThat(Files.readString(forks.resolve("report").resolve("index.html"))).isEqualTo(page);
    }
}
