package maw.cli;

import java.time.Duration;
import maw.config.ConfigException;
import maw.game.GameOptions;
import maw.game.TieBreak;
import picocli.CommandLine.Option;

/** The rule options of a game, as flags shared by {@code maw game} and {@code maw gm}. */
public final class GameRules {

    @Option(names = "--players", description = "seats at the table (default: 6, or as many as --seats names)")
    Integer players;

    @Option(names = "--rounds", defaultValue = "1", description = "rounds to play; scores add up (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--seed", description = "seed of the deal and of the bots' choices (default: random, printed)")
    Long seed;

    @Option(names = "--day-seconds", defaultValue = "60", description = "length of a day (default: ${DEFAULT-VALUE})")
    double daySeconds;

    @Option(names = "--night-seconds", defaultValue = "30", description = "length of a night (default: ${DEFAULT-VALUE})")
    double nightSeconds;

    @Option(names = "--tie-break", defaultValue = "none",
            description = "a tie at the end of the day: none (nobody is executed) or random (default: ${DEFAULT-VALUE})")
    String tieBreak;

    @Option(names = "--secret-votes", description = "tell each day vote to the voter only, not to everyone")
    boolean secretVotes;

    @Option(names = "--day-cap", defaultValue = "20", description = "a game still going after this many days is a draw (default: ${DEFAULT-VALUE})")
    int dayCap;

    @Option(names = "--seer", description = "deal one villager the seer's role (asks one player's role each day)")
    boolean seer;

    @Option(names = "--no-whispers", description = "turn whispers off (by default a living player may whisper to "
            + "another by day)")
    boolean noWhispers;

    /** The options, checked; {@code endWhenAllVoted} ends a phase once everyone who may vote has voted. */
    GameOptions options(boolean endWhenAllVoted) {
        if (players() < GameOptions.MIN_PLAYERS || players() > 60) {
            throw new ConfigException("invalid value '" + players() + "' for --players: expected "
                    + GameOptions.MIN_PLAYERS + " to 60");
        }
        if (rounds < 1 || rounds > 1000) {
            throw new ConfigException("invalid value '" + rounds + "' for --rounds: expected 1 to 1000");
        }
        if (!(daySeconds > 0) || daySeconds > 86_400) {
            throw new ConfigException("invalid value '" + daySeconds + "' for --day-seconds: expected more than 0");
        }
        if (!(nightSeconds > 0) || nightSeconds > 86_400) {
            throw new ConfigException("invalid value '" + nightSeconds + "' for --night-seconds: expected more than 0");
        }
        if (dayCap < 1 || dayCap > 1000) {
            throw new ConfigException("invalid value '" + dayCap + "' for --day-cap: expected 1 to 1000");
        }
        TieBreak tb = switch (tieBreak.strip().toLowerCase()) {
            case "none" -> TieBreak.NONE;
            case "random" -> TieBreak.RANDOM;
            default -> throw new ConfigException("invalid value '" + tieBreak + "' for --tie-break: expected none or random");
        };
        return new GameOptions(Duration.ofMillis(Math.round(daySeconds * 1000)),
                Duration.ofMillis(Math.round(nightSeconds * 1000)), tb, !secretVotes, dayCap, endWhenAllVoted, seer,
                !noWhispers);
    }

    /** Where a game's journal, room archives and summary go: --out, else a new directory under games.dir. */
    static java.nio.file.Path gameDir(maw.config.MawConfig settings, java.nio.file.Path out, String gameId) {
        return out != null ? out : settings.path(maw.config.Setting.GAMES_DIR).resolve(java.time.LocalDateTime.now()
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + gameId);
    }

    /** The MAW game journaled in {@code dir} (the value of --resume), read back; a journal that cannot be is named. */
    static maw.agents.gamemaster.Recovery<maw.game.GameState, GameOptions> recover(java.nio.file.Path dir)
            throws java.io.IOException {
        try {
            return maw.agents.gamemaster.Recovery.read(dir.resolve("game.jsonl"), new maw.game.MawRules());
        } catch (maw.agents.gamemaster.Recovery.Unrecoverable e) {
            throw new ConfigException("invalid value '" + dir + "' for --resume: " + e.getMessage());
        }
    }

    /** Seats at the table: --players, else 6. */
    int players() {
        return players == null ? 6 : players;
    }

    long seed() {
        if (seed == null) {
            seed = new java.security.SecureRandom().nextLong() & 0xFFFFFFFFFFFFL;
        }
        return seed;
    }

    /** Longest a whole game may take with these options (every phase running out its timer), plus a margin. */
    Duration timeout(GameOptions o) {
        return o.daySeconds().plus(o.nightSeconds()).multipliedBy((long) rounds * dayCap).plusSeconds(120);
    }
}
