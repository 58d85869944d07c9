package maw.game.maw;

import java.time.Duration;
import java.util.Objects;
import maw.base.Phase;

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
 * @param pace            what ends a phase: its clock (the design's), or its turns ({@link Pace#TURNS}: rounds in
 *                        which each living seat is asked once, then a voting round)
 * @param talkRounds      at turns pace, the talk rounds of a day (and of the pack's night) before its voting round
 * @param turnSeconds     at turns pace, the longest one seat's turn may take before it passes to the next
 */
public record GameOptions(Duration daySeconds, Duration nightSeconds, TieBreak tieBreak, boolean announceVotes,
        int dayCap, boolean endWhenAllVoted, boolean seer, boolean whispers, int werewolves, Pace pace,
        int talkRounds, Duration turnSeconds) {

    public static final int MIN_PLAYERS = 3;

    /** Talk rounds of a day at turns pace when none are named. */
    public static final int DEFAULT_TALK_ROUNDS = 2;

    /** The most talk rounds a phase may have. */
    public static final int MAX_TALK_ROUNDS = 20;

    /** A turn's length at turns pace when none is named. */
    public static final Duration DEFAULT_TURN = Duration.ofSeconds(60);

    /** A game at the clock's pace (the design's), as options written before the pace existed read back. */
    public GameOptions(Duration daySeconds, Duration nightSeconds, TieBreak tieBreak, boolean announceVotes,
            int dayCap, boolean endWhenAllVoted, boolean seer, boolean whispers, int werewolves) {
        this(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer, whispers, werewolves,
                Pace.CLOCK, DEFAULT_TALK_ROUNDS, DEFAULT_TURN);
    }

    public GameOptions {
        // A journal written before the pace existed has none of the three: its game ran by the clock.
        pace = pace == null ? Pace.CLOCK : pace;
        talkRounds = talkRounds == 0 && pace == Pace.CLOCK ? DEFAULT_TALK_ROUNDS : talkRounds;
        turnSeconds = turnSeconds == null ? DEFAULT_TURN : turnSeconds;
        if (talkRounds < 0 || talkRounds > MAX_TALK_ROUNDS) {
            throw new IllegalArgumentException("talk rounds from 0 to " + MAX_TALK_ROUNDS + ", got " + talkRounds);
        }
        if (turnSeconds.isNegative() || turnSeconds.isZero()) {
            throw new IllegalArgumentException("a turn's length must be positive");
        }
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
                werewolves, pace, talkRounds, turnSeconds);
    }

    public GameOptions withTieBreak(TieBreak t) {
        return new GameOptions(daySeconds, nightSeconds, t, announceVotes, dayCap, endWhenAllVoted, seer, whispers,
                werewolves, pace, talkRounds, turnSeconds);
    }

    public GameOptions withAnnounceVotes(boolean a) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, a, dayCap, endWhenAllVoted, seer, whispers,
                werewolves, pace, talkRounds, turnSeconds);
    }

    public GameOptions withDayCap(int cap) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, cap, endWhenAllVoted, seer,
                whispers, werewolves, pace, talkRounds, turnSeconds);
    }

    public GameOptions withEndWhenAllVoted(boolean e) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, e, seer, whispers,
                werewolves, pace, talkRounds, turnSeconds);
    }

    public GameOptions withSeer(boolean s) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, s,
                whispers, werewolves, pace, talkRounds, turnSeconds);
    }

    public GameOptions withWhispers(boolean w) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer, w,
                werewolves, pace, talkRounds, turnSeconds);
    }

    /** This game with {@code n} werewolves (0: the design's count for the table). */
    public GameOptions withWerewolves(int n) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer,
                whispers, n, pace, talkRounds, turnSeconds);
    }

    /** This game at {@code p}'s pace, with {@code rounds} talk rounds a phase and turns of at most {@code turn}. */
    public GameOptions withPace(Pace p, int rounds, Duration turn) {
        return new GameOptions(daySeconds, nightSeconds, tieBreak, announceVotes, dayCap, endWhenAllVoted, seer,
                whispers, werewolves, p, rounds, turn);
    }

    /** Whether phases end by their turns rather than by their clock. */
    public boolean byTurns() {
        return pace == Pace.TURNS;
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
