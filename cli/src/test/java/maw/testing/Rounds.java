package maw.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import maw.agents.gamemaster.RoundSummary;
import maw.game.maw.MawRules;

/** What every finished MAW round must show, whoever played it: a deal, a winner and scores that follow the rules. */
public final class Rounds {

    private Rounds() {}

    /**
     * The deal gave a third of {@code players} (at least one) the werewolf's role; nobody died twice; the winner is
     * the side the rules name for who is left (a draw only with both sides alive); the scores are the rules' scores.
     */
    public static void followTheRules(RoundSummary rs, int players) {
        assertThat(rs.roles()).hasSize(players);
        assertThat(rs.roles().values().stream().filter("werewolf"::equals)).hasSize(MawRules.werewolvesFor(players));
        List<String> dead = new ArrayList<>(rs.executed());
        dead.addAll(rs.murdered());
        assertThat(dead).doesNotHaveDuplicates();
        long wolvesLeft = rs.roles().entrySet().stream()
                .filter(e -> e.getValue().equals("werewolf") && !dead.contains(e.getKey())).count();
        long villagersLeft = rs.roles().entrySet().stream()
                .filter(e -> !e.getValue().equals("werewolf") && !dead.contains(e.getKey())).count();
        switch (rs.winner()) {
            case "villagers" -> {
                assertThat(wolvesLeft).isZero();
                rs.scores().forEach((n, p) -> assertThat(p).isEqualTo(
                        rs.roles().get(n).equals("werewolf") ? 0 : (int) villagersLeft));
            }
            case "werewolves" -> {
                assertThat(villagersLeft).isZero();
                rs.scores().forEach((n, p) -> assertThat(p).isEqualTo(
                        rs.roles().get(n).equals("werewolf") ? players - MawRules.werewolvesFor(players) : 0));
            }
            case "draw" -> {
                assertThat(wolvesLeft).isPositive();
                assertThat(villagersLeft).isPositive();
                assertThat(rs.scores().values()).containsOnly(0);
            }
            default -> throw new AssertionError("no such side: " + rs.winner());
        }
    }
}
