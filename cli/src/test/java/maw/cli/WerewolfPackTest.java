package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rule-bot werewolf hunts with whatever pack-mate it has: here a person at {@code maw game --humans 1}, lines
 * piped in. Seed 5 deals Zed (the person) a werewolf with the bot Alice; day 1 ends in a tie, everyone lives into
 * night 1, and Alice, first of the pack by name, proposes Dave at once.
 */
class WerewolfPackTest {

    @TempDir
    Path dir;

    private MawProcess.Run play(String... lines) throws Exception {
        List<String> args = new ArrayList<>(List.of("game", "--humans", "1", "--name", "Zed", "--seed", "5",
                "--day-seconds", "4", "--night-seconds", "30", "--out", dir.resolve("game").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        List<String> script = new ArrayList<>(List.of("/wait day 1", "/vote Bob", "/wait night 1"));
        script.addAll(List.of(lines));
        script.add("/wait day 2");
        script.add("/quit");
        script.add("");
        MawProcess.Run run = MawProcess.run(String.join("\n", script), dir, 120, args);
        assertThat(run.exit()).as(run.output()).isZero();
        return run;
    }

    private List<String> journal() throws Exception {
        return Files.readAllLines(dir.resolve("game").resolve("game.jsonl"));
    }

    private int line(List<String> journal, String contains) {
        for (int i = 0; i < journal.size(); i++) {
            if (journal.get(i).contains(contains)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void theBotFollowsThePersonsVoteAndThePackMurdersOnNightOne() throws Exception {
        MawProcess.Run run = play("/vote Carol");
        // The bot proposes its own victim first (not Carol, with this seed), then follows the person's vote.
        assertThat(run.output()).containsPattern("\\[Hideout\\] Alice says: \"Tonight we take (?!Carol)\\w+\\.\"")
                .contains("You vote for Carol.").contains("Alice votes for Carol.")
                .contains("The pack killed Carol.").contains("Carol was murdered in the night.");
        List<String> j = journal();
        assertThat(j).anyMatch(l -> l.contains("\"type\":\"Murdered\",\"night\":1,\"player\":\"Carol\""));
    }

    @Test
    void theBotFollowsAVictimThePersonNamesInWords() throws Exception {
        MawProcess.Run run = play("Let us take Eve tonight.", "/sleep 2", "/vote Eve");
        assertThat(run.output()).contains("[Hideout] Zed says: \"Let us take Eve tonight.\"")
                .contains("The pack killed Eve.");
        List<String> j = journal();
        int botVote = line(j, "\"voter\":\"Alice\",\"target\":\"Eve\"");
        int personVote = line(j, "\"voter\":\"Zed\",\"target\":\"Eve\"");
        assertThat(botVote).as("the bot voted for Eve on the words alone").isNotNegative().isLessThan(personVote);
        assertThat(j).anyMatch(l -> l.contains("\"type\":\"Murdered\",\"night\":1,\"player\":\"Eve\""));
    }

    /**
     * Seed 5 with the person named Aaron deals Aaron and the bot Eve the werewolves' roles; Aaron, first of the pack by
     * name, proposes nothing: Eve proposes herself once half the night has gone.
     */
    @Test
    void aBotProposesByHalfTheNightWhenNobodyHas() throws Exception {
        List<String> args = new ArrayList<>(List.of("game", "--humans", "1", "--name", "Aaron", "--seed", "5",
                "--day-seconds", "4", "--night-seconds", "8", "--out", dir.resolve("game").toString()));
        args.addAll(TestXmpp.get().cliSettings());
        MawProcess.Run run = MawProcess.run(String.join("\n", "/wait day 1", "/vote Bob", "/wait night 1",
                "/wait day 2", "/quit", ""), dir, 120, args);
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("You are a werewolf. Your fellow werewolves: Eve.")
                .contains("[Hideout] Eve says: \"Tonight we take ");
        List<String> j = journal();
        com.fasterxml.jackson.databind.JsonNode deadline = null;
        com.fasterxml.jackson.databind.JsonNode proposal = null;
        for (String l : j) {
            com.fasterxml.jackson.databind.JsonNode n = maw.runtime.Json.parse(l);
            if ("deadline".equals(n.path("kind").asText()) && "night".equals(n.path("phase").path("phase").asText())) {
                deadline = n;
            }
            if ("chat".equals(n.path("kind").asText()) && "Hideout".equals(n.path("room").asText()) && proposal == null) {
                proposal = n;
            }
        }
        long nightStart = deadline.get("deadline").asLong() - 8000;
        assertThat(proposal.get("t").asLong() - nightStart).as("ms into the night").isBetween(3500L, 8000L);
    }
}
