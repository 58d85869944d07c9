package maw.tournament;

import de.gesundkrank.jskills.GameInfo;
import de.gesundkrank.jskills.IPlayer;
import de.gesundkrank.jskills.ITeam;
import de.gesundkrank.jskills.Player;
import de.gesundkrank.jskills.Rating;
import de.gesundkrank.jskills.Team;
import de.gesundkrank.jskills.TrueSkillCalculator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Entrants' TrueSkill ratings (the jskills library: Microsoft's TrueSkill, with its default game: mean 25, deviation
 * 25/3, beta 25/6, dynamics 25/300, draws 10%), game by game. A game is two teams, the villagers' side and the
 * werewolves', the winners ranked first. Each seat is a player with its entrant's rating, and each team has one
 * more player: its side ({@code villagers}, {@code werewolves}), rated like the entrants, which takes up what the game
 * gives a side whoever plays it (the home advantage of other games), so that an entrant is not rated up or down for
 * the seats the deal gave it. An entrant with several seats in a game moves by the mean, over the sides it played,
 * of its seats' mean move on that side (an entrant on both sides of a game is not moved by how many seats each side
 * has), and its deviation becomes the mean of its seats' new deviations. The conservative rating (mean - 3
 * deviations) is what a standing sorts by.
 */
public final class Ratings {

    /** A rating: TrueSkill's mean and deviation. */
    public record Skill(double mean, double deviation) {
        /** The mean less three deviations: what the entrant is at least, with 99% confidence. */
        public double conservative() {
            return mean - 3 * deviation;
        }
    }

    private final GameInfo game = GameInfo.getDefaultGameInfo();
    private final Map<String, Skill> skills = new LinkedHashMap<>();
    private final Map<String, Skill> sides = new LinkedHashMap<>();
    private final List<Map<String, Skill>> history = new ArrayList<>();

    /** Every entrant starts at the default rating. */
    public Ratings(List<String> entrants) {
        Rating d = game.getDefaultRating();
        entrants.forEach(e -> skills.put(e, new Skill(d.getMean(), d.getStandardDeviation())));
        for (String side : List.of("villagers", "werewolves")) {
            sides.put(side, new Skill(d.getMean(), d.getStandardDeviation()));
        }
    }

    /** What each side is worth whoever plays it, as the games so far rate it. */
    public Map<String, Skill> sides() {
        return Map.copyOf(sides);
    }

    public Skill of(String entrant) {
        return skills.get(entrant);
    }

    public Map<String, Skill> all() {
        return Map.copyOf(skills);
    }

    /** The ratings after each game, in order. */
    public List<Map<String, Skill>> history() {
        return List.copyOf(history);
    }

    private static Rating rating(Skill s) {
        return new Rating(s.mean(), s.deviation());
    }

    private static Skill skill(Rating r) {
        return new Skill(r.getMean(), r.getStandardDeviation());
    }

    /**
     * A game: {@code winners} and {@code losers} are the seats (seat name to entrant) of each side, and {@code
     * winningSide} which side won ({@code villagers} or {@code werewolves}). A game without a winner changes nothing.
     */
    public void played(Map<String, String> winners, Map<String, String> losers, String winningSide) {
        if (winners.isEmpty() || losers.isEmpty()) {
            history.add(Map.copyOf(skills));
            return;
        }
        String losingSide = winningSide.equals("villagers") ? "werewolves" : "villagers";
        Team won = new Team();
        Team lost = new Team();
        Map<IPlayer, String> entrantOf = new LinkedHashMap<>();
        for (var side : List.of(Map.entry(won, winners), Map.entry(lost, losers))) {
            side.getValue().forEach((seat, entrant) -> {
                Player<String> p = new Player<>(seat);
                Skill s = skills.get(entrant);
                side.getKey().addPlayer(p, new Rating(s.mean(), s.deviation()));
                entrantOf.put(p, entrant);
            });
        }
        Player<String> wonSide = new Player<>("side:" + winningSide);
        Player<String> lostSide = new Player<>("side:" + losingSide);
        won.addPlayer(wonSide, rating(sides.get(winningSide)));
        lost.addPlayer(lostSide, rating(sides.get(losingSide)));
        List<ITeam> teams = List.of(won, lost);
        Map<IPlayer, Rating> after = TrueSkillCalculator.calculateNewRatings(game, teams, 1, 2);
        sides.put(winningSide, skill(after.get(wonSide)));
        sides.put(losingSide, skill(after.get(lostSide)));
        // entrant -> {winners' moves, winners, losers' moves, losers, deviations, seats}
        Map<String, double[]> moves = new LinkedHashMap<>();
        after.forEach((p, r) -> {
            String e = entrantOf.get(p);
            if (e == null) {
                return; // a side
            }
            double[] m = moves.computeIfAbsent(e, k -> new double[6]);
            int at = won.containsKey(p) ? 0 : 2;
            m[at] += r.getMean() - skills.get(e).mean();
            m[at + 1]++;
            m[4] += r.getStandardDeviation();
            m[5]++;
        });
        moves.forEach((e, m) -> {
            double move = m[1] > 0 && m[3] > 0 ? (m[0] / m[1] + m[2] / m[3]) / 2 : m[1] > 0 ? m[0] / m[1] : m[2] / m[3];
            skills.put(e, new Skill(skills.get(e).mean() + move, m[4] / m[5]));
        });
        history.add(Map.copyOf(skills));
    }
}
