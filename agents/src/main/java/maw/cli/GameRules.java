package maw.cli;

import java.security.SecureRandom;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.Variant;
import maw.app.Seats;
import picocli.CommandLine.Option;

/** The rule options of a game, as flags shared by {@code maw game} and {@code maw gm}. */
public final class GameRules {

    @Option(names = "--rules", defaultValue = "maw", description = {"the rule set: maw, aiwolf (the AIWolf "
            + "regulation GAT2017: talk in protocol 3.6, turn by turn; seer, medium, bodyguard, possessed), or "
            + "aiwolf-nlp (the AIWolf NLP contest's game: 5, 9 or 13 players, natural-language talk one speaker at a "
            + "time, its limits and its order of the night)", "(default: ${DEFAULT-VALUE})"})
    String ruleSet;

    @Option(names = "--players", description = "seats at the table (default: 6, or 5 under --rules aiwolf, or as many "
            + "as --seats names)")
    Integer players;

    @Option(names = "--roles", paramLabel = "ROLE=N,...", description = {"under --rules aiwolf: the village's roles, as "
            + "the official server's role-count map (villager=3,seer=1,werewolf=1,possessed=1; roles left out: 0)",
            "(default: the official village for --players)"})
    String roles;

    @Option(names = "--turn-seconds", defaultValue = "30", description = "under --rules aiwolf: the longest a step may "
            + "take (a talk or whisper turn, a vote, a night's acts); it ends as soon as everyone has answered "
            + "(default: ${DEFAULT-VALUE})")
    double turnSeconds;

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

    @Option(names = "--werewolves", paramLabel = "N", description = "werewolves to deal (default: a third of the "
            + "players, at least one, as the design says; fewer balance the game for a village that reads the table)")
    Integer werewolves;

    @Option(names = "--no-whispers", description = "turn whispers off (by default a living player may whisper to "
            + "another by day)")
    boolean noWhispers;

    /** The rule set --rules names (every rule set on the class path is a value). */
    Variant<?, ?, ?> variant() {
        return Variant.named(ruleSet, "--rules");
    }

    /** The rule flags as given, for the rule set to read and check. */
    Variant.Flags flags(boolean endWhenAllVoted) {
        return new Variant.Flags(players, roles, turnSeconds, rounds, daySeconds, nightSeconds, tieBreak, secretVotes,
                dayCap, seer, noWhispers, endWhenAllVoted, werewolves);
    }

    /** Seats at the table: --players, else the rule set's default (6 for MAW's, 5 for AIWolf's small village). */
    int players() {
        return players == null ? defaultPlayers() : players;
    }

    int defaultPlayers() {
        return variant().defaultPlayers(flags(true));
    }

    /**
     * The rule set with its options, checked; {@code endWhenAllVoted} ends a MAW phase once everyone who may vote
     * has voted (an AIWolf step always ends once everyone has answered).
     */
    Ruleset<?, ?, ?> ruleset(boolean endWhenAllVoted) {
        return variant().ruleset(flags(endWhenAllVoted));
    }

    long seed() {
        if (seed == null) {
            seed = new SecureRandom().nextLong() & 0xFFFFFFFFFFFFL;
        }
        return seed;
    }
}
