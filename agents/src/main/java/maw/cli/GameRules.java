package maw.cli;

import java.time.Duration;
import maw.config.ConfigException;
import maw.game.GameOptions;
import maw.game.TieBreak;
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

    /**
     * The game journaled in {@code dir} (the value of --resume), read back under the rule set its journal names; a
     * journal that cannot be is named.
     */
    static maw.agents.gamemaster.Recovery<?, ?> recover(java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path file = dir.resolve("game.jsonl");
        try {
            String rules = "maw";
            if (java.nio.file.Files.isRegularFile(file)) {
                try (java.io.BufferedReader in = java.nio.file.Files.newBufferedReader(file)) {
                    String first = in.readLine();
                    if (first != null) {
                        try {
                            rules = maw.runtime.Json.parse(first).path("rules").asText("maw");
                        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                            rules = "maw"; // Recovery names what is wrong with the journal
                        }
                    }
                }
            }
            return "aiwolf".equals(rules)
                    ? maw.agents.gamemaster.Recovery.read(file, new maw.aiwolf.game.AiwolfRules())
                    : maw.agents.gamemaster.Recovery.read(file, new maw.game.MawRules());
        } catch (maw.agents.gamemaster.Recovery.Unrecoverable e) {
            throw new ConfigException("invalid value '" + dir + "' for --resume: " + e.getMessage());
        }
    }

    /** Seats at the table: --players, else 6 (5 under AIWolf's rules, the regulation's small village). */
    int players() {
        return players == null ? defaultPlayers() : players;
    }

    int defaultPlayers() {
        return !aiwolf() ? 6 : roles != null ? composition().players() : 5;
    }

    /** The AIWolf village: --roles, else the official one for the number of players. */
    maw.aiwolf.game.Composition composition() {
        if (roles == null) {
            return maw.aiwolf.game.Composition.of(players());
        }
        java.util.Map<maw.base.Role, Integer> counts = new java.util.EnumMap<>(
                maw.base.Role.class);
        for (String part : roles.split(",")) {
            String[] kv = part.strip().split("=", 2);
            maw.base.Role role = null;
            for (maw.base.Role r : maw.base.Role.values()) {
                if (r.name().equalsIgnoreCase(kv[0].strip())) {
                    role = r;
                }
            }
            Integer n = null;
            try {
                n = kv.length == 2 ? Integer.valueOf(kv[1].strip()) : null;
            } catch (NumberFormatException e) {
                n = null;
            }
            if (role == null || n == null || n < 0 || n > 18 || counts.containsKey(role)) {
                throw new ConfigException("invalid value '" + roles + "' for --roles: expected ROLE=N,... with each of "
                        + "villager, seer, medium, bodyguard, werewolf, possessed at most once (\"" + part.strip()
                        + "\" is not)");
            }
            counts.put(role, n);
        }
        try {
            return new maw.aiwolf.game.Composition(counts);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + roles + "' for --roles: " + e.getMessage());
        }
    }

    /** Whether the game is played under AIWolf's rules (the regulation's or the NLP contest's). */
    boolean aiwolf() {
        return switch (ruleSet == null ? "maw" : ruleSet.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "maw" -> false;
            case "aiwolf", "aiwolf-nlp" -> true;
            default -> throw new ConfigException("invalid value '" + ruleSet + "' for --rules: expected maw, aiwolf "
                    + "or aiwolf-nlp");
        };
    }

    /** Whether the game is the AIWolf NLP contest's. */
    boolean natural() {
        return aiwolf() && ruleSet.strip().equalsIgnoreCase("aiwolf-nlp");
    }

    /**
     * The rule set with its options, checked; {@code endWhenAllVoted} ends a MAW phase once everyone who may vote
     * has voted (an AIWolf step always ends once everyone has answered).
     */
    maw.agents.gamemaster.GameMasterAgent.Ruleset<?, ?, ?> ruleset(boolean endWhenAllVoted) {
        if (!aiwolf()) {
            if (roles != null) {
                throw new ConfigException("--roles is an option of --rules aiwolf (MAW deals villagers, werewolves "
                        + "and, with --seer, a seer)");
            }
            return maw.agents.gamemaster.GameMasterAgent.maw(options(endWhenAllVoted));
        }
        if (natural()) {
            if (roles != null) {
                throw new ConfigException("--roles is an option of --rules aiwolf; the NLP contest deals its own "
                        + "villages of 5, 9 and 13");
            }
            if (players() != 5 && players() != 9 && players() != 13) {
                throw new ConfigException("invalid value '" + players() + "' for --players: the AIWolf NLP contest "
                        + "plays with 5, 9 or 13");
            }
        }
        if (roles == null && (players() < 3 || players() > 18)) {
            throw new ConfigException("invalid value '" + players() + "' for --players: AIWolf villages have 3 to 18 "
                    + "players (5 and 15 are the regulation's; --roles makes any other)");
        }
        maw.aiwolf.game.Composition village = composition();
        if (village.players() != players()) {
            throw new ConfigException("--players " + players() + " does not match --roles " + roles + " ("
                    + village.players() + " players)");
        }
        if (rounds < 1 || rounds > 1000) {
            throw new ConfigException("invalid value '" + rounds + "' for --rounds: expected 1 to 1000");
        }
        if (!(turnSeconds > 0) || turnSeconds > 86_400) {
            throw new ConfigException("invalid value '" + turnSeconds + "' for --turn-seconds: expected more than 0");
        }
        String mawOnly = seer ? "--seer" : noWhispers ? "--no-whispers" : secretVotes ? "--secret-votes"
                : !"none".equals(tieBreak.strip()) ? "--tie-break" : null;
        if (mawOnly != null) {
            throw new ConfigException(mawOnly + " is an option of MAW's rules; under --rules aiwolf the regulation "
                    + "deals the roles and settles ties");
        }
        Duration step = Duration.ofMillis(Math.round(turnSeconds * 1000));
        return maw.agents.gamemaster.GameMasterAgent.aiwolf(natural()
                ? maw.aiwolf.game.AiwolfOptions.natural(players(), step)
                : new maw.aiwolf.game.AiwolfOptions(maw.aiwolf.game.AiwolfSettings.defaults(village), step));
    }

    /** The rule set of a journaled game, with the options its journal recorded. */
    static maw.agents.gamemaster.GameMasterAgent.Ruleset<?, ?, ?> ruleset(maw.agents.gamemaster.Recovery<?, ?> r) {
        return switch (r.options()) {
            case GameOptions o -> maw.agents.gamemaster.GameMasterAgent.maw(o);
            case maw.aiwolf.game.AiwolfOptions o -> maw.agents.gamemaster.GameMasterAgent.aiwolf(o);
            default -> throw new IllegalStateException("no rule set has options " + r.options());
        };
    }

    /** Longest a whole game may take under this rule set (every step running out its timer), plus a margin. */
    static Duration timeout(maw.agents.gamemaster.GameMasterAgent.Ruleset<?, ?, ?> ruleset, int rounds) {
        if (ruleset.options() instanceof maw.aiwolf.game.AiwolfOptions a && a.settings().natural()) {
            return maw.aiwolf.nlp.NlpGames.timeout(a).multipliedBy(rounds);
        }
        if (ruleset.options() instanceof maw.aiwolf.game.AiwolfOptions a) {
            maw.aiwolf.game.AiwolfSettings s = a.settings();
            long stepsPerDay = s.maxTalkTurn() + s.maxRevote() + 1 + s.maxWhisperTurn() + s.maxAttackRevote() + 1;
            return a.step().multipliedBy(stepsPerDay * s.players() * rounds).plusSeconds(120);
        }
        GameOptions o = (GameOptions) ruleset.options();
        return o.daySeconds().plus(o.nightSeconds()).multipliedBy((long) rounds * o.dayCap()).plusSeconds(120);
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
