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
    void theNlpContestsGameIsPlayedWithItsVillages() throws Exception {
        int exit = Main.execute("game", "--rules", "aiwolf-nlp", "--transport", "local", "--players", "13", "--seed",
                "6", "--turn-seconds", "5", "--out", out.toString(), "--json");
        String text = console.out();
        assertThat(exit).as(console.err()).isZero();
        assertThat(text).contains("== Day 0 begins.").contains("== Day 1 begins").contains("[whisper] ")
                .contains("Final leaderboard");
        String[] lines = text.strip().split("\n");
        JsonNode roles = Json.parse(lines[lines.length - 1]).get("rounds").get(0).get("roles");
        List<String> dealt = new java.util.ArrayList<>();
        roles.forEach(r -> dealt.add(r.asText()));
        assertThat(dealt).hasSize(13).filteredOn("werewolf"::equals).hasSize(3);
        // The journal exports to the AIWolf log as every AIWolf game's does.
        assertThat(Main.execute("aiwolf", "log", out.toString())).isZero();
        assertThat(console.out().substring(text.length())).contains(",talk,").contains(",whisper,");
        assertThat(Main.execute("game", "--rules", "aiwolf-nlp", "--players", "6")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf-nlp", "--roles", "villager=3,werewolf=1")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value '6' for --players: the AIWolf NLP contest plays with 5, 9 "
                + "or 13").contains("--roles is an option of --rules aiwolf, not of --rules aiwolf-nlp: the NLP contest "
                + "deals its own villages of 5, 9 and 13");
    }

    /**
     * The contest's speak-anytime track with MAW's own seats: every day's talk is one phase in which each seat says its
     * lines when it decides them, and it ends as soon as nobody has any left (not at its 10 minutes); the
     * configurations are named as the contest's server names them, and a name it does not know is refused.
     */
    @Test
    void theSpeakAnytimeTrackIsPlayedByOurSeats() throws Exception {
        long t0 = System.nanoTime();
        int exit = Main.execute("game", "--rules", "aiwolf-nlp", "--setting", "freeform_en_5", "--transport", "local",
                "--seed", "3", "--turn-seconds", "5", "--out", out.toString(), "--json");
        String text = console.out();
        assertThat(exit).as(console.err()).isZero();
        assertThat((System.nanoTime() - t0) / 1_000_000_000L).as("days that end once everyone is done").isLessThan(60);
        assertThat(text).contains("== Day 0 begins.").contains("Final leaderboard");
        String[] lines = text.strip().split("\n");
        assertThat(Json.parse(lines[lines.length - 1]).get("rounds").get(0).get("roles").size()).isEqualTo(5);
        assertThat(Main.execute("game", "--rules", "aiwolf-nlp", "--setting", "freeform_en_9")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf-nlp", "--setting", "default_en_9", "--players", "5"))
                .isEqualTo(2);
        assertThat(Main.execute("game", "--setting", "default_en_5")).isEqualTo(2);
        assertThat(console.err()).contains("invalid value 'freeform_en_9' for --setting: unknown AIWolf NLP "
                + "configuration").contains("--players 5 does not fit --setting default_en_9, a game of 9 players")
                .contains("--setting is an option of --rules aiwolf-nlp, not of --rules maw");
    }

    /** Model seats at the speak-anytime table (against the Ollama stand-in): each says its lines, each its own act. */
    @Test
    void modelSeatsSpeakAnytime() throws Exception {
        try (maw.llm.standin.OllamaStandIn ollama = new maw.llm.standin.OllamaStandIn()) {
            int exit = Main.execute("game", "--rules", "aiwolf-nlp", "--setting", "freeform_en_5", "--transport",
                    "local", "--seats", "llm:2,rule:3", "--base-url", ollama.baseUrl(), "--seed", "3",
                    "--turn-seconds", "20", "--out", out.toString(), "--json");
            String text = console.out();
            assertThat(exit).as(console.err()).isZero();
            assertThat(text).contains("== Day 0 begins.").contains("Final leaderboard");
            assertThat(ollama.calls()).as("model calls").isNotEmpty();
        }
    }

    @Test
    void aVillageOfAnyRoleCountMapIsPlayed() throws Exception {
        int exit = Main.execute("game", "--rules", "aiwolf", "--transport", "local", "--roles",
                "villager=3,seer=1,medium=1,bodyguard=1,werewolf=2", "--seed", "5", "--out", out.toString(), "--json");
        assertThat(exit).as(console.err()).isZero();
        String[] lines = console.out().strip().split("\n");
        JsonNode roles = Json.parse(lines[lines.length - 1]).get("rounds").get(0).get("roles");
        assertThat(roles).hasSize(8);
        List<String> dealt = new java.util.ArrayList<>();
        roles.forEach(r -> dealt.add(r.asText()));
        assertThat(dealt).containsExactlyInAnyOrder("villager", "villager", "villager", "seer", "medium", "bodyguard",
                "werewolf", "werewolf");
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
        assertThat(Main.execute("game", "--rules", "aiwolf", "--roles", "villager=3,seer=1,werewolf=1",
                "--players", "6")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf", "--roles", "villager=1,werewolf=1")).isEqualTo(2);
        assertThat(Main.execute("game", "--rules", "aiwolf", "--roles", "wizard=1")).isEqualTo(2);
        assertThat(Main.execute("game", "--roles", "villager=3,werewolf=1")).isEqualTo(2);
        assertThat(Main.execute("aiwolf", "serve", "--players", "2")).isEqualTo(2);
        assertThat(Main.execute("aiwolf", "serve", "--time-limit-ms", "0")).isEqualTo(2);
        assertThat(Main.execute("aiwolf", "serve", "--transport", "pigeon")).isEqualTo(2);
        assertThat(Main.execute("aiwolf", "connect", "--role-request", "KING")).isEqualTo(2);
        assertThat(Main.execute("aiwolf", "connect", "--bot", "telepathy")).isEqualTo(2);
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort(); // nobody listens there once it is closed
        }
        assertThat(Main.execute("aiwolf", "connect", "--port", String.valueOf(port))).isEqualTo(1);
        assertThat(console.err())
                .contains("invalid value '2' for --players: 3 to 18")
                .contains("invalid value '0' for --time-limit-ms")
                .contains("invalid value 'pigeon' for --transport: local or xmpp")
                .contains("invalid value 'KING' for --role-request")
                .contains("invalid value 'telepathy' for --bot: rule or llm")
                .contains("maw aiwolf connect: 127.0.0.1:")
                .contains("--players 6 does not match --roles villager=3,seer=1,werewolf=1 (5 players)")
                .contains("the werewolves would win before the game begins")
                .contains("invalid value 'wizard=1' for --roles")
                .contains("--roles is an option of --rules aiwolf")
                // every rule set on the class path is named (the tests add one of their own)
                .containsPattern("invalid value 'chess' for --rules: expected maw, aiwolf(, | or )aiwolf-nlp")
                .contains("invalid value '20' for --players: AIWolf villages have 3 to 18 players")
                .contains("--seer is an option of --rules maw, not of --rules aiwolf")
                .contains("for --turn-seconds: expected more than 0")
                .contains("for GAME_DIR: no journal")
                .contains("under the rules 'maw', not aiwolf");
    }
}
