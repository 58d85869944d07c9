package maw.cli;

import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import maw.agents.Catalog;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.RuleFlags;
import maw.agents.ruleset.Variant;
import maw.app.Seats;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.Setting;
import maw.game.maw.GameOptions;
import maw.game.maw.Pace;
import picocli.CommandLine.Option;

/** The rule options of a game, as flags shared by {@code maw game} and {@code maw gm}. */
public final class GameRules {

    @Option(names = "--rules", defaultValue = "maw", description = "the rule set: maw, aiwolf (the AIWolf "
                + "regulation GAT2017: talk in protocol 3.6, turn by turn; seer, medium, bodyguard, possessed), or "
                + "aiwolf-nlp (the AIWolf NLP contest's game: 5, 9 or 13 players, natural-language talk one speaker at a "
                + "time, its limits and its order of the night) "
                + "(default: ${DEFAULT-VALUE})")
    String ruleSet;

    @Option(names = "--players", description = "seats at the table (default: 6, or 5 under --rules aiwolf, or as many "
            + "as --seats names)")
    Integer players;

    @Option(names = "--roles", paramLabel = "ROLE=N,...", description = "under --rules aiwolf: the village's roles, as "
            + "the official server's role-count map (villager=3,seer=1,werewolf=1,possessed=1; roles left out: 0) "
            + "(default: the official village for --players)")
    String roles;

    @Option(names = "--setting", paramLabel = "NAME", description = "under --rules aiwolf-nlp: one of the contest "
            + "server's configurations of 2026 by its name: default_5, default_9, default_13, default_en_5, "
            + "default_en_9, default_en_13, or freeform_en_5 (the speak-anytime track: a talk phase in which everyone "
            + "speaks at their own time) (default: --players's game)")
    String setting;

    @Option(names = "--turn-seconds", description = "the longest one turn may take: at a pace of turns one "
                + "seat's turn (it passes when this runs out), under --rules aiwolf a step (a talk or whisper turn, a "
                + "vote, a night's acts; it ends as soon as everyone has answered) "
                + "(default: 30 under --rules aiwolf; "
                + "at a pace of turns 60, or llm.timeout at a table with a model seat)")
    Double turnSeconds;

    @Option(names = "--pace", paramLabel = "clock|turns|auto", description = "what ends a phase of MAW's game: clock "
            + "(its time runs out; every living seat acts when it will), turns (talk rounds in which every living "
            + "seat is asked once, the slowest waited for, then a voting round), or auto: turns at a table with a "
            + "model seat, else the clock (and always the clock for a GameMaster of ./maw gm, which cannot tell "
            + "who will come) (default: game.pace, auto)")
    String pace;

    @Option(names = "--talk-rounds", paramLabel = "N", description = "at a pace of turns, the talk rounds of a day "
            + "(and of the pack's night) before its voting round (default: game.talk-rounds, 2)")
    Integer talkRounds;

    /** The pace and talk rounds the settings and flags make for a table (with a model seat or not), resolved. */
    private Pace resolvedPace = Pace.CLOCK;
    private int resolvedRounds = GameOptions.DEFAULT_TALK_ROUNDS;
    private Double resolvedTurn;

    /**
     * Settles the pace from {@code --pace} (else {@code game.pace}): auto is turns at a table with a model seat
     * ({@code modelSeats}), the clock otherwise; a turn's length, where not given, is then {@code llm.timeout} at such
     * a table (a model's call has its whole time), else a minute. Before {@link #ruleset}.
     */
    void pace(MawConfig settings, boolean modelSeats) {
        Setting.PaceKind kind;
        if (pace != null) {
            kind = Catalog.word(Setting.PaceKind.class, pace);
            if (kind == null) {
                throw new ConfigException("invalid value '" + pace + "' for --pace: expected clock, turns or auto");
            }
        } else {
            kind = settings.choice(Setting.GAME_PACE, Setting.PaceKind.class);
        }
        resolvedPace = switch (kind) {
            case CLOCK -> Pace.CLOCK;
            case TURNS -> Pace.TURNS;
            case AUTO -> modelSeats ? Pace.TURNS : Pace.CLOCK;
        };
        resolvedRounds = talkRounds != null ? talkRounds
                : settings.integer(Setting.GAME_TALK_ROUNDS, 0, GameOptions.MAX_TALK_ROUNDS);
        resolvedTurn = turnSeconds != null || resolvedPace != Pace.TURNS || !modelSeats ? turnSeconds
                : Double.valueOf(Math.max(GameOptions.DEFAULT_TURN.toSeconds(),
                        settings.seconds(Setting.LLM_TIMEOUT, 1, 3600).toSeconds()));
    }

    @Option(names = "--rounds", defaultValue = "1", description = "rounds to play; scores add up (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--seed", description = "seed of the deal and of the bots' choices (default: random, printed)")
    Long seed;

    // The rule set's own flags have no default here: a rule set reads those it takes with its own defaults, and one
    // given that it does not take is refused (Variant.check).
    @Option(names = "--day-seconds", description = "length of a day (default: 60)")
    Double daySeconds;

    @Option(names = "--night-seconds", description = "length of a night (default: 30)")
    Double nightSeconds;

    @Option(names = "--tie-break", description = "a tie at the end of the day: none (nobody is executed) or random "
            + "(default: none)")
    String tieBreak;

    @Option(names = "--secret-votes", description = "tell each day vote to the voter only, not to everyone")
    boolean secretVotes;

    @Option(names = "--day-cap", description = "a game still going after this many days is a draw (default: 20)")
    Integer dayCap;

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

    /**
     * The rule flags, by name, for the rule set to check and read: those the person gave, and those the command
     * settled (the seats, the pace and a turn's length a table's seats make, whether a phase ends once all have voted).
     */
    RuleFlags flags(boolean endWhenAllVoted) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("--players", players);
        values.put("--roles", roles);
        values.put("--setting", setting);
        values.put("--turn-seconds", resolvedTurn != null ? resolvedTurn : turnSeconds);
        values.put("--rounds", rounds);
        values.put("--day-seconds", daySeconds);
        values.put("--night-seconds", nightSeconds);
        values.put("--tie-break", tieBreak);
        values.put("--secret-votes", secretVotes);
        values.put("--day-cap", dayCap);
        values.put("--seer", seer);
        values.put("--no-whispers", noWhispers);
        values.put("--werewolves", werewolves);
        values.put("--pace", resolvedPace);
        values.put("--talk-rounds", resolvedRounds);
        values.put(RuleFlags.END_WHEN_ALL_VOTED, endWhenAllVoted);
        Set<String> given = new LinkedHashSet<>();
        Map<String, Object> asGiven = new LinkedHashMap<>();
        asGiven.put("--players", players);
        asGiven.put("--roles", roles);
        asGiven.put("--setting", setting);
        asGiven.put("--turn-seconds", turnSeconds);
        asGiven.put("--day-seconds", daySeconds);
        asGiven.put("--night-seconds", nightSeconds);
        asGiven.put("--tie-break", tieBreak);
        asGiven.put("--day-cap", dayCap);
        asGiven.put("--werewolves", werewolves);
        asGiven.put("--pace", pace);
        asGiven.put("--talk-rounds", talkRounds);
        asGiven.forEach((name, v) -> {
            if (v != null) {
                given.add(name);
            }
        });
        for (var s : Map.of("--secret-votes", secretVotes, "--seer", seer, "--no-whispers", noWhispers).entrySet()) {
            if (s.getValue()) {
                given.add(s.getKey());
            }
        }
        return new RuleFlags(values, given);
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
