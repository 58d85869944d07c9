package maw.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import de.gesundkrank.jskills.GameInfo;
import de.gesundkrank.jskills.IPlayer;
import de.gesundkrank.jskills.Player;
import de.gesundkrank.jskills.Rating;
import de.gesundkrank.jskills.Team;
import de.gesundkrank.jskills.TrueSkillCalculator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ratings: the TrueSkill library checked against the update computed by hand from TrueSkill's formulas, the
 * Wilson intervals against hand-computed bounds, and what MAW adds (a side's own rating, an entrant's several seats).
 */
class RatingsTest {

    /** The standard normal density and distribution (the distribution by Abramowitz and Stegun's 26.2.17). */
    private static double pdf(double x) {
        return Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI);
    }

    private static double cdf(double x) {
        if (x < 0) {
            return 1 - cdf(-x);
        }
        double t = 1 / (1 + 0.2316419 * x);
        double poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978
                + t * 1.330274429))));
        return 1 - pdf(x) * poly;
    }

    private static double inverseCdf(double p) {
        double lo = -10;
        double hi = 10;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    @Test
    void theLibrarysOneOnOneUpdateIsTrueSkillsAsComputedByHand() {
        GameInfo g = GameInfo.getDefaultGameInfo();
        double mu = 25;
        double sigma = 25.0 / 3;
        double beta = 25.0 / 6;
        double tau = 25.0 / 300;
        double draw = 0.10;
        // By hand: the prior widened by the dynamics, the draw margin, then the win's truncated-Gaussian update.
        double s2 = sigma * sigma + tau * tau;
        double c = Math.sqrt(2 * beta * beta + 2 * s2);
        double epsilon = inverseCdf((draw + 1) / 2) * Math.sqrt(2) * beta;
        double t = 0 / c - epsilon / c;
        double v = pdf(t) / cdf(t);
        double w = v * (v + t);
        double winnerMean = mu + s2 / c * v;
        double loserMean = mu - s2 / c * v;
        double deviation = Math.sqrt(s2 * (1 - s2 / (c * c) * w));
        // TrueSkill's published heads-up figures agree with the hand computation.
        assertThat(winnerMean).isCloseTo(29.39583, within(1e-3));
        assertThat(deviation).isCloseTo(7.17148, within(1e-3));

        Player<String> a = new Player<>("a");
        Player<String> b = new Player<>("b");
        Map<IPlayer, Rating> after = TrueSkillCalculator.calculateNewRatings(g, List.of(new Team(a, g
                .getDefaultRating()), new Team(b, g.getDefaultRating())), 1, 2);
        assertThat(after.get(a).getMean()).isCloseTo(winnerMean, within(1e-3));
        assertThat(after.get(b).getMean()).isCloseTo(loserMean, within(1e-3));
        assertThat(after.get(a).getStandardDeviation()).isCloseTo(deviation, within(1e-3));
        assertThat(after.get(b).getStandardDeviation()).isCloseTo(deviation, within(1e-3));
    }

    @Test
    void wilsonIntervalsAreTheHandComputedOnes() {
        // 5 of 10: p = 0.5, z = 1.96: centre 0.5, half-width 1.96 * sqrt(0.025 + 0.0096) / 1.384 = 0.2634.
        double[] i = new Standings.Rate(5, 10).interval();
        assertThat(i[0]).isCloseTo(0.2366, within(1e-3));
        assertThat(i[1]).isCloseTo(0.7634, within(1e-3));
        // 0 of 4: [0, z^2 / (n + z^2)] = [0, 0.4899].
        double[] none = new Standings.Rate(0, 4).interval();
        assertThat(none[0]).isZero();
        assertThat(none[1]).isCloseTo(0.4899, within(1e-3));
    }

    @Test
    void aSidesAdvantageIsTheSidesNotTheEntrantsAndTheBetterEntrantRisesAbove() {
        // Mirror: the werewolves always win; two entrants dealt the same seats over the games stay equal.
        Ratings mirror = new Ratings(List.of("a", "b"));
        for (int game = 0; game < 40; game++) {
            boolean aWolf = game % 2 == 0;
            mirror.played(Map.of(aWolf ? "A1" : "B1", aWolf ? "a" : "b"), Map.of(aWolf ? "B1" : "A1", aWolf ? "b"
                    : "a", "A2", "a", "B2", "b"), "werewolves");
        }
        // (TrueSkill depends on the games' order: the same within a deviation, where a side-blind rating would have
        // moved each down for its villager seats and up for its werewolf seats by far more.)
        assertThat(mirror.of("a").mean()).isCloseTo(mirror.of("b").mean(), within(mirror.of("a").deviation()));
        assertThat(mirror.sides().get("werewolves").mean()).isGreaterThan(mirror.sides().get("villagers").mean());
        // An entrant whose side wins whichever side it plays rises above one whose side loses.
        Ratings better = new Ratings(List.of("good", "bad"));
        for (int game = 0; game < 40; game++) {
            String side = game % 2 == 0 ? "villagers" : "werewolves";
            better.played(Map.of("G1", "good", "G2", "good"), Map.of("B1", "bad", "B2", "bad"), side);
        }
        assertThat(better.of("good").conservative()).isGreaterThan(better.of("bad").conservative());
        assertThat(better.history()).hasSize(40);
    }
}
