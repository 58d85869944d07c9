package maw.agents.maw;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import maw.agents.gamemaster.Herald;
import maw.agents.maw.MawHerald;
import maw.agents.ruleset.RuleFlags;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.game.Rules;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.game.maw.GameState;
import maw.game.maw.MawRules;
import maw.game.maw.Pace;
import maw.game.maw.TieBreak;

/**
 * MAW's own rules as a plug-in: villagers and werewolves (and a seer with --seer), the Village by day, the Hideout by
 * night.
 */
public final class MawVariant implements Variant<GameState, GameOptions, Event> {

    @Override
    public String name() {
        return "maw";
    }

    @Override
    public String summary() {
        return "maw (MAW's own game: villagers and werewolves, with --seer a seer; the day's talk in the Village, the "
                + "night's in the Hideout; whispers by day)";
    }

    @Override
    public Rules<GameState, GameOptions, Event> rules() {
        return new MawRules();
    }

    @Override
    public Herald<GameState, Event> herald() {
        return new MawHerald();
    }

    @Override
    public List<String> flags() {
        return List.of("--players", "--rounds", "--day-seconds", "--night-seconds", "--tie-break", "--secret-votes",
                "--day-cap", "--seer", "--werewolves", "--no-whispers", "--pace", "--talk-rounds", "--turn-seconds");
    }

    @Override
    public String takesNoOther() {
        return "MAW deals villagers, werewolves and, with --seer, a seer, its days and nights by the clock or in turns";
    }

    @Override
    public int defaultPlayers(RuleFlags flags) {
        return 6;
    }

    @Override
    public GameOptions options(RuleFlags f) {
        int players = f.integer("--players", defaultPlayers(f));
        if (players < GameOptions.MIN_PLAYERS || players > 60) {
            throw new ConfigException("invalid value '" + players + "' for --players: expected "
                    + GameOptions.MIN_PLAYERS + " to 60");
        }
        int rounds = f.integer("--rounds", 1);
        if (rounds < 1 || rounds > 1000) {
            throw new ConfigException("invalid value '" + rounds + "' for --rounds: expected 1 to 1000");
        }
        double day = f.number("--day-seconds", 60);
        if (!(day > 0) || day > 86_400) {
            throw new ConfigException("invalid value '" + day + "' for --day-seconds: expected more than 0");
        }
        double night = f.number("--night-seconds", 30);
        if (!(night > 0) || night > 86_400) {
            throw new ConfigException("invalid value '" + night + "' for --night-seconds: expected more than 0");
        }
        int dayCap = f.integer("--day-cap", 20);
        if (dayCap < 1 || dayCap > 1000) {
            throw new ConfigException("invalid value '" + dayCap + "' for --day-cap: expected 1 to 1000");
        }
        Integer wolves = f.integer("--werewolves", null);
        if (wolves != null && (wolves < 1 || wolves * 2 >= players)) {
            throw new ConfigException("invalid value '" + wolves + "' for --werewolves: expected 1 to "
                    + ((players - 1) / 2) + " at a table of " + players + " (the village must outnumber the pack)");
        }
        String tie = f.text("--tie-break", "none");
        TieBreak tb = switch (tie.strip().toLowerCase(Locale.ROOT)) {
            case "none" -> TieBreak.NONE;
            case "random" -> TieBreak.RANDOM;
            default -> throw new ConfigException("invalid value '" + tie + "' for --tie-break: expected none or random");
        };
        int talkRounds = f.integer("--talk-rounds", GameOptions.DEFAULT_TALK_ROUNDS);
        if (talkRounds < 0 || talkRounds > GameOptions.MAX_TALK_ROUNDS) {
            throw new ConfigException("invalid value '" + talkRounds + "' for --talk-rounds: expected 0 to "
                    + GameOptions.MAX_TALK_ROUNDS);
        }
        double turn = f.number("--turn-seconds", GameOptions.DEFAULT_TURN.toSeconds());
        if (!(turn > 0) || turn > 86_400) {
            throw new ConfigException("invalid value '" + turn + "' for --turn-seconds: expected more than 0");
        }
        return new GameOptions(Duration.ofMillis(Math.round(day * 1000)), Duration.ofMillis(Math.round(night * 1000)),
                tb, !f.on("--secret-votes"), dayCap, !f.has(RuleFlags.END_WHEN_ALL_VOTED)
                        || f.on(RuleFlags.END_WHEN_ALL_VOTED), f.on("--seer"), !f.on("--no-whispers"),
                wolves == null ? 0 : wolves, f.value("--pace", Pace.class, Pace.CLOCK), talkRounds,
                Duration.ofMillis(Math.round(turn * 1000)));
    }

    /**
     * Every phase running out its time, every day to the cap, plus 2 min; at a pace of turns every turn running out
     * its time at the largest table (a turn always ends, so the game does).
     */
    @Override
    public Duration timeout(GameOptions o, int rounds) {
        Duration day = o.byTurns() ? o.turnSeconds().multipliedBy((o.talkRounds() + 1L) * 2 * 60)
                : o.daySeconds().plus(o.nightSeconds());
        return day.multipliedBy((long) rounds * o.dayCap()).plusSeconds(120);
    }

    @Override
    public GameTable.SeatFiller bots() {
        return GameTable.ruleBots();
    }
}
