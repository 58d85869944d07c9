package maw.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.maw.MawVariant;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.game.maw.GameOptions;
import org.junit.jupiter.api.Test;

/** A balanced schedule: deals known before playing, and every entrant's roles in proportion to its seats. */
class ScheduleTest {

    private static Map<String, String> seats(int a, int b) {
        Map<String, String> s = new LinkedHashMap<>();
        for (int i = 1; i <= a; i++) {
            s.put("A" + i, "alpha");
        }
        for (int i = 1; i <= b; i++) {
            s.put("B" + i, "beta");
        }
        return s;
    }

    @Test
    void everyEntrantPlaysEveryRoleAboutAsOftenAsItsSeatsEntitleItTo() {
        Ruleset<?, ?, ?> aiwolf = new AiwolfVariant().ruleset(AiwolfOptions.of(15, Duration.ofSeconds(5)));
        Schedule s = Schedule.balanced(aiwolf, seats(10, 5), 30, 42);
        assertThat(s.games()).hasSize(30);
        Map<String, Map<String, Integer>> counts = s.roleCounts();
        // Of 30 games' 15 seats: alpha holds 2/3 of the seats, beta 1/3, of each role.
        for (String role : List.of("villager", "seer", "medium", "bodyguard", "werewolf", "possessed")) {
            int total = counts.get("alpha").getOrDefault(role, 0) + counts.get("beta").getOrDefault(role, 0);
            assertThat(counts.get("beta").getOrDefault(role, 0)).as(role + " " + counts)
                    .isBetween((int) Math.floor(total / 3.0) - 1, (int) Math.ceil(total / 3.0) + 1);
        }
        // The deals are the rule set's own: the same seed deals the same roles.
        Schedule.Game first = s.games().getFirst();
        assertThat(Schedule.deal(aiwolf, List.copyOf(s.seats().keySet()), first.seed())).isEqualTo(first.roles());
        assertThat(Schedule.balanced(aiwolf, seats(10, 5), 30, 42)).isEqualTo(s);
        assertThat(s.describe()).anyMatch(l -> l.contains("alpha: seats A1, A2"));
    }

    @Test
    void aMawTableIsBalancedToo() {
        Ruleset<?, ?, ?> maw = new MawVariant().ruleset(GameOptions.defaults());
        Schedule s = Schedule.balanced(maw, seats(3, 3), 20, 7);
        Map<String, Map<String, Integer>> counts = s.roleCounts();
        // 6 players, 2 werewolves a game: 40 werewolf seats, 20 each.
        assertThat(counts.get("alpha").get("werewolf")).isBetween(19, 21);
        assertThat(counts.get("beta").get("werewolf")).isBetween(19, 21);
    }
}
