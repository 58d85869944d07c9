package maw.agents.ruleset;

import java.time.Duration;
import java.util.Locale;
import maw.agents.gamemaster.Herald;
import maw.agents.gamemaster.MawHerald;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.game.Event;
import maw.game.GameOptions;
import maw.game.GameState;
import maw.game.MawRules;
import maw.game.Rules;
import maw.game.TieBreak;

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
    public int defaultPlayers(Flags flags) {
        return 6;
    }

    @Override
    public GameOptions options(Flags f) {
        int players = f.players() == null ? defaultPlayers(f) : f.players();
        if (f.roles() != null) {
            throw new ConfigException("--roles is an option of --rules aiwolf (MAW deals villagers, werewolves and, "
                    + "with --seer, a seer)");
        }
        if (players < GameOptions.MIN_PLAYERS || players > 60) {
            throw new ConfigException("invalid value '" + players + "' for --players: expected "
                    + GameOptions.MIN_PLAYERS + " to 60");
        }
        if (f.rounds() < 1 || f.rounds() > 1000) {
            throw new ConfigException("invalid value '" + f.rounds() + "' for --rounds: expected 1 to 1000");
        }
        if (!(f.daySeconds() > 0) || f.daySeconds() > 86_400) {
            throw new ConfigException("invalid value '" + f.daySeconds() + "' for --day-seconds: expected more than 0");
        }
        if (!(f.nightSeconds() > 0) || f.nightSeconds() > 86_400) {
            throw new ConfigException("invalid value '" + f.nightSeconds() + "' for --night-seconds: expected more "
                    + "than 0");
        }
        if (f.dayCap() < 1 || f.dayCap() > 1000) {
            throw new ConfigException("invalid value '" + f.dayCap() + "' for --day-cap: expected 1 to 1000");
        }
        Integer wolves = f.werewolves();
        if (wolves != null && (wolves < 1 || wolves * 2 >= players)) {
            throw new ConfigException("invalid value '" + wolves + "' for --werewolves: expected 1 to "
                    + ((players - 1) / 2) + " at a table of " + players + " (the village must outnumber the pack)");
        }
        TieBreak tb = switch (f.tieBreak().strip().toLowerCase(Locale.ROOT)) {
            case "none" -> TieBreak.NONE;
            case "random" -> TieBreak.RANDOM;
            default -> throw new ConfigException("invalid value '" + f.tieBreak() + "' for --tie-break: expected none "
                    + "or random");
        };
        if (f.talkRounds() < 0 || f.talkRounds() > GameOptions.MAX_TALK_ROUNDS) {
            throw new ConfigException("invalid value '" + f.talkRounds() + "' for --talk-rounds: expected 0 to "
                    + GameOptions.MAX_TALK_ROUNDS);
        }
        double turn = f.turnSecondsOr(GameOptions.DEFAULT_TURN.toSeconds());
        if (!(turn > 0) || turn > 86_400) {
            throw new ConfigException("invalid value '" + turn + "' for --turn-seconds: expected more than 0");
        }
        return new GameOptions(Duration.ofMillis(Math.round(f.daySeconds() * 1000)),
                Duration.ofMillis(Math.round(f.nightSeconds() * 1000)), tb, !f.secretVotes(), f.dayCap(),
                f.endWhenAllVoted(), f.seer(), !f.noWhispers(), wolves == null ? 0 : wolves, f.pace(),
                f.talkRounds(), Duration.ofMillis(Math.round(turn * 1000)));
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
