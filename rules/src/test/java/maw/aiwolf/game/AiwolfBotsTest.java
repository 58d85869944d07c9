package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.base.Team;
import org.junit.jupiter.api.Test;

/**
 * The rule-based AIWolf seat against random-but-legal play, on the engine, over fixed seeds: it wins clearly more
 * than random play, on either side, in the regulation's villages of 5 and 15.
 */
class AiwolfBotsTest {

    private static final int GAMES = 400;

    /** How often {@code side} wins when its seats are rule bots if {@code rulesFor} says so, random seats otherwise. */
    private static double winRate(int players, Team side, boolean rulesForSide, boolean rulesForOthers) {
        int wins = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            List<String> names = AiwolfBots.names(players);
            long s = seed;
            AiwolfState end = AiwolfBots.play(AiwolfOptions.of(players, Duration.ofSeconds(1)), seed, names,
                    (p, role) -> {
                        boolean rules = role.team() == side ? rulesForSide : rulesForOthers;
                        long seatSeed = s * 1000 + names.indexOf(p);
                        return rules ? AiwolfBots.rules(p, names, seatSeed) : AiwolfBots.random(p, names, seatSeed);
                    }, e -> { });
            if (AiwolfBots.winner(end) == side) {
                wins++;
            }
        }
        return (double) wins / GAMES;
    }

    @Test
    void theRuleBasedVillageWinsClearlyMoreThanARandomOne() {
        for (int players : new int[] {5, 15}) {
            double random = winRate(players, Team.VILLAGERS, false, false);
            double rules = winRate(players, Team.VILLAGERS, true, false);
            System.out.printf("%d players: villagers win %.2f with random seats, %.2f with rule bots%n", players,
                    random, rules);
            assertThat(rules).as(players + " players").isGreaterThan(random + 0.10);
        }
    }

    @Test
    void theRuleBasedWerewolvesWinClearlyMoreThanRandomOnes() {
        for (int players : new int[] {5, 15}) {
            double random = winRate(players, Team.WEREWOLVES, false, true);
            double rules = winRate(players, Team.WEREWOLVES, true, true);
            System.out.printf("%d players: werewolves win %.2f with random seats, %.2f with rule bots (against rule "
                    + "bots)%n", players, random, rules);
            assertThat(rules).as(players + " players").isGreaterThan(random + 0.05);
        }
    }

    @Test
    void ruleBotsTalkOnlyValidProtocol() {
        List<String> names = AiwolfBots.names(15);
        for (long seed = 0; seed < 50; seed++) {
            long s = seed;
            java.util.List<AiwolfEvent> invalid = new java.util.ArrayList<>();
            AiwolfState end = AiwolfBots.play(AiwolfOptions.of(15, Duration.ofSeconds(1)), seed, names,
                    (p, role) -> new AiwolfPlayer() {
                private final AiwolfPlayer inner = AiwolfBots.rules(p, names, s);

                @Override
                public void hear(AiwolfEvent e) {
                    if (e instanceof AiwolfEvent.Invalid) {
                        invalid.add(e);
                    }
                    inner.hear(e);
                }

                @Override
                public String talk() {
                    return inner.talk();
                }

                @Override
                public String whisper() {
                    return inner.whisper();
                }

                @Override
                public String vote() {
                    return inner.vote();
                }

                @Override
                public String divine() {
                    return inner.divine();
                }

                @Override
                public String guard() {
                    return inner.guard();
                }

                @Override
                public String attack() {
                    return inner.attack();
                }
            }, e -> { });
            assertThat(invalid).as("seed " + seed).isEmpty();
            assertThat(end.game().talks()).as("seed " + seed).anyMatch(u -> u.text().startsWith("COMINGOUT"));
        }
    }
}
