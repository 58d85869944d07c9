package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import maw.runtime.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code maw game} as a user runs it: the live game, the files it writes, the JSON summary, its refusals. */
class GameCommandTest {

    @TempDir
    Path out;

    @RegisterExtension
    final Console console = new Console();

    @Test
    void aLocalGamePrintsAsItGoesAndEndsWithAJsonSummary() throws Exception {
        int exit = Main.execute("game", "--transport", "local", "--players", "7", "--rounds", "2", "--seed", "9",
                "--out", out.toString(), "--json");
        String text = console.out();
        assertThat(exit).as(console.err()).isZero();
        assertThat(text).contains("=== Round 1 of 2").contains("Day 1 begins").contains("[Village]")
                .contains("Final leaderboard");
        String[] lines = text.strip().split("\n");
        JsonNode summary = Json.parse(lines[lines.length - 1]);
        assertThat(summary.get("rounds")).hasSize(2);
        JsonNode round = summary.get("rounds").get(0);
        assertThat(round.get("winner").asText()).isIn("villagers", "werewolves", "draw");
        assertThat(round.get("days").asInt()).isPositive();
        assertThat(round.get("roles")).hasSize(7);
        assertThat(round.get("executed").isArray()).isTrue();
        assertThat(round.get("murdered").isArray()).isTrue();
        assertThat(summary.get("scores")).hasSize(7);
        assertThat(summary.get("messages").asLong()).isPositive();
        assertThat(summary.get("wallMillis").asLong()).isPositive();
        assertThat(out.resolve("game.jsonl")).exists();
        assertThat(out.resolve("summary.json")).exists();
        try (var rooms = Files.list(out.resolve("rooms"))) {
            assertThat(rooms.count()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void badGameOptionsAreRefusedByName() {
        assertThat(Main.execute("game", "--players", "2")).isEqualTo(2);
        assertThat(Main.execute("game", "--tie-break", "coin")).isEqualTo(2);
        assertThat(Main.execute("game", "--day-seconds", "0")).isEqualTo(2);
        assertThat(Main.execute("game", "--bots", "telepathic")).isEqualTo(2);
        assertThat(console.err())
                .contains("invalid value '2' for --players: expected 3 to 60")
                .contains("invalid value 'coin' for --tie-break: expected none or random")
                .contains("for --day-seconds: expected more than 0")
                .contains("invalid value 'telepathic' for --bots");
    }
}
