package maw.game;

import java.time.Duration;
import java.util.Objects;

/**
 * The rule options of a MAW game.
 *
 * @param daySeconds      how long a day lasts before the votes are counted
 * @param nightSeconds    how long the werewolves have to agree
 * @param tieBreak        what a tie at the end of the day does
 * @param announceVotes   whether each day vote is told to everyone (otherwise only to the voter)
 * @param dayCap          a game still running after this many days ends as a draw
 * @param endWhenAllVoted end a day as soon as every living player has voted (for fast games); a night ends at once
 *                        when the pack agrees, whatever this says, and a pack that disagrees keeps its night to agree
 * @param seer            deal one villager the seer's role (asks the GameMaster one player's role each day)
 * @param whispers        living players may whisper to one living player (a nice-to-have of the design)
 * @param werewolves      how many werewolves the deal gives; 0: the design's max(1, players / 3). Fewer balance the
 *                        game for a village that reads the table (docs/BENCHMARKS.md, "Play strength")
 */
public record GameOptions(Duration daySeconds, Duration nightSeconds, TieBreak tieBreak, boolean announceVotes,
        int dayCap, boolean endWhenAllVoted, boolean seer, boolean whispers, int werewolves) {

    public static final int MIN_PLAYERS = 3;

    public GameOptions {
        Objects.requireNonNull(daySeconds, "daySeconds");
        Objects.requireNonNull(nightSeconds, "nightSeconds");
        Objects.requireNonNull(tieBreak, "tieBreak");
        if (daySeconds.isNegative() || daySeconds.isZero() || nightSeconds.isNegative() || nightSeconds.isZero()) {
            throw new IllegalArgumentException("phase durations must be positive");
        }
        if (werewolves < 0) {
            throw new IllegalArgumentException("the number of werewolves is 0 (the design's) or more, got "
                    + werewolves);
        }
        if (dayCap < 1) {
            throw new IllegalArgumentException("the day cap must be at least 1, got " + dayCap);
        }
    }

    /** Defaults for people and models: three minutes a day, a minute a night, votes announced, 20 days at most. */
    public static GameOptions defaults() {
        return new GameOptions(Duration.ofSeconds(180), Duration.ofSeconds(60), TieBreak.NONE, true, 20, false,
                false, true,
                0);
    }

    public GameOptions withTimers(Duration day, Duration night) {
        return new GameOptions(day, night, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer, whispers,
                werewolves);
    }

    public GameOptions withTieBreak(TieBreak t) {
        return new GameOptions(daySeconds, nightSeconds, t, announceVotes, dayCap, endWhenAllVoted, seer, whispers,
                werewolves);
    }

    public GameOptions withAnnounceVotes(boolean a) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, a, dayCap, endWhenAllVoted, seer, whispers,
                werewolves);
    }

    public GameOptions withDayCap(int cap) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, cap, endWhenAllVoted, seer,
                whispers, werewolves);
    }

    public GameOptions withEndWhenAllVoted(boolean e) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, e, seer, whispers,
                werewolves);
    }

    public GameOptions withSeer(boolean s) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, s,
                whispers, werewolves);
    }

    public GameOptions withWhispers(boolean w) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer, w,
                werewolves);
    }

    /** This game with {@code n} werewolves (0: the design's count for the table). */
    public GameOptions withWerewolves(int n) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer,
                whispers, n);
    }

    /** The werewolves a table of {@code players} is dealt under these options. */
    public int werewolvesAt(int players) {
        return werewolves > 0 ? werewolves : Math.max(1, players / 3);
    }

    /** Longest whisper, in characters (as a chat line). */
    public static final int MAX_WHISPER_LENGTH = 500;

    public Duration duration(Phase p) {
        return p == Phase.NIGHT ? nightSeconds : daySeconds;
    }
}
