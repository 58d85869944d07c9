package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import maw.runtime.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code maw game --rules aiwolf} and {@code maw aiwolf log}: a game printed with glosses, its official log. */
class AiwolfGameCommandTest {

    @RegisterExtension
    final Console console = new Console();

    @TempDir
    Path out;

    @Test
    void anAiwolfGamePrintsTalkWithGlossesAndExportsTheOfficialLog() throws Exception {
        int exit = Main.execute("game", "--rules", "aiwolf", "--transport", "local", "--players", "15", "--seed", "4",
                "--out", out.toString(), "--json");
        String text = console.out();
        assertThat(exit).as(console.err()).isZero();
        assertThat(text).contains("roles dealt").contains("== Day 1 begins").contains("   = ")
                .contains(" votes for ").contains("Final leaderboard");
        String[] lines = text.strip().split("\n");
        JsonNode summary = Json.parse(lines[lines.length - 1]);
        JsonNode round = summary.get("rounds").get(0);
        assertThat(round.get("roles")).hasSize(15);
        assertThat(round.get("winner").asText()).isIn("villagers", "werewolves");

        assertThat(Main.execute("aiwolf", "log", out.toString())).isZero();
        List<String> log = console.out().substring(text.length()).strip().lines().toList();
        assertThat(log.getFirst()).matches("0,status,1,[A-Z]+,ALIVE,Alice");
        assertThat(log.getLast()).matches("\\d+,result,\\d+,\\d+,"
                + (round.get("winner").asText().equals("villagers") ? "VILLAGER" : "WEREWOLF"));
        assertThat(log).anyMatch(l -> l.matches("1,talk,0,0,\\d+,.+"));

        assertThat(Main.execute("aiwolf", "log", out.toString(), "--out", out.resolve("official").toString())).isZero();
        assertThat(Files.readAllLines(out.resolve("official").resolve("round-1.log"))).isEqualTo(log);
    }

    @Test
    void badAiwolfOptionsAreRefusedByName() throws Exception {
        assertThat(Main.execute("game", "--rules", "chess")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf", "--players", "20")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf", "--seer")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf", "--turn-seconds", "0")).isEqualTo(2);
        assertThat(Main.execute("aiwolf", "log", out.resolve("nothing").toString())).isEqualTo(2);
        Files.writeString(out.resolve("game.jsonl"), "{\"kind\":\"opened\",\"rules\":\"maw\"}\n");
        assertThat(Main.execute("aiwolf", "log", out.toString())).isEqualTo(2);
        assertThat(console.err())
                .contains("invalid value 'chess' for --rules: expected maw or aiwolf")
                .contains("invalid value '20' for --players: AIWolf villages have 3 to 18 players")
                .contains("--seer is an option of MAW's rules")
                .contains("for --turn-seconds: expected more than 0")
                .contains("for GAME_DIR: no journal")
                .contains("under the rules 'maw', not aiwolf");
    }
}
