package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import maw.runtime.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code maw aiwolf check}: canonical forms and structures, errors with their position, exit codes, JSON lines. */
class AiwolfCheckTest {

    @RegisterExtension
    final Console console = new Console();

    @Test
    void validTextIsPrintedCanonicallyWithItsStructure() {
        assertThat(Main.execute("aiwolf", "check", "REQUEST Agent1 (VOTE Agent[2])", "Over")).isZero();
        assertThat(console.out()).contains("valid 3.6: REQUEST Agent[01] (VOTE Agent[02])")
                .contains("    REQUEST subject=UNSPEC target=Agent[01]")
                .contains("      VOTE subject=UNSPEC target=Agent[02]")
                .contains("valid 3.6: Over");
        assertThat(Main.execute("aiwolf", "check", "--speaker", "3", "--names", "Ann,Bob,Cid",
                "COMINGOUT Agent[03] SEER")).isZero();
        assertThat(console.out()).contains("    = Cid (3) says they are the seer");
    }

    @Test
    void invalidTextShowsWhereAndWhatWasExpectedAndWhetherTheOtherVersionTakesIt() {
        assertThat(Main.execute("aiwolf", "check", "VOTE Agent[01]", "REQUEST (VOTE Agent[02])")).isEqualTo(1);
        List<String> lines = console.out().lines().toList();
        int at = lines.indexOf("invalid 3.6: REQUEST (VOTE Agent[02])");
        assertThat(at).isNotNegative();
        String caret = lines.get(at + 1);
        assertThat(caret.indexOf('^')).isEqualTo("invalid 3.6: ".length() + "REQUEST ".length());
        assertThat(caret).contains("at 8: expected a target").contains("(valid in version 2.01)");
        assertThat(Main.execute("aiwolf", "check", "--version", "2.01", "REQUEST (VOTE Agent[02])")).isZero();
    }

    @Test
    void standardInputIsReadALineAtATimeAndJsonIsOneObjectALine() throws Exception {
        InputStream old = System.in;
        System.setIn(new ByteArrayInputStream("Skip\n\nXOR (VOTE Agent[01])\n".getBytes(StandardCharsets.UTF_8)));
        try {
            assertThat(Main.execute("aiwolf", "check", "--json")).isEqualTo(1);
        } finally {
            System.setIn(old);
        }
        List<JsonNode> rows = new java.util.ArrayList<>();
        for (String line : console.out().lines().toList()) {
            rows.add(Json.parse(line));
        }
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).get("valid").asBoolean()).isTrue();
        assertThat(rows.get(0).get("canonical").asText()).isEqualTo("Skip");
        assertThat(rows.get(1).get("valid").asBoolean()).isFalse();
        assertThat(rows.get(1).get("error").get("position").asInt()).isEqualTo(20);
        assertThat(rows.get(1).get("validIn").isNull()).isTrue();
    }

    @Test
    void aBadVersionIsRefusedByName() {
        assertThat(Main.execute("aiwolf", "check", "--version", "3", "Over")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value '3' for --version");
    }

    @Test
    void theParserBenchmarkFuzzesWithoutACrash() {
        assertThat(Main.execute("bench", "aiwolf-parse", "--inputs", "20000", "--json")).isZero();
        assertThat(console.out()).contains("fuzz: 20,000 inputs").contains("0 crashes").contains("\"crashes\":0");
    }

    @Test
    void theAiwolfGameBenchmarkReportsEveryTable() {
        assertThat(Main.execute("bench", "aiwolf", "--games", "20", "--local-games", "2", "--xmpp-games", "0")).isZero();
        assertThat(console.out()).contains(" 5 players, random:").contains("15 players, rule bots:")
                .contains("random villagers vs rule werewolves:").contains("villagers win");
    }

    @Test
    void theTcpBenchmarkPlaysWellBehavedAndCarelessAgentsOverTcpAndInProcess() {
        assertThat(Main.execute("bench", "aiwolf-tcp", "--games", "1", "--json")).as(console.err()).isZero();
        assertThat(console.out()).contains(" 5 players: ").contains("15 players: ")
                .contains("agents answering carelessly").contains("\"carelessToWellBehavedRatio\"")
                .contains("\"carelessTcpGamesPerSecond\"");
    }

    @Test
    void aGameOfRuleBasedSeatsIsPrintedAsItHappensAndLoggedAsTheOfficialServerDoes(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        java.nio.file.Path log = dir.resolve("game.log");
        assertThat(Main.execute("aiwolf", "play", "--players", "15", "--seed", "3", "--log", log.toString())).isZero();
        assertThat(console.out()).contains("AIWolf game, 15 players, seed 3").contains("is seer")
                .contains("== Day 1 begins.").containsPattern("P\\d+ \\(\\d+\\): COMINGOUT Agent\\[\\d+\\] SEER   = P\\d+ "
                        + "\\(\\d+\\) says they are the seer")
                .contains("[whisper]").contains("The village executes").containsPattern("== The (villagers|werewolves) win");
        List<String> lines = java.nio.file.Files.readAllLines(log);
        assertThat(lines.getFirst()).matches("0,status,1,[A-Z]+,ALIVE,P01");
        assertThat(lines.getLast()).matches("\\d+,result,\\d+,\\d+,(VILLAGER|WEREWOLF)");
        assertThat(Main.execute("aiwolf", "play", "--players", "2")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value '2' for --players");
    }
}
