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
        return new GameOptions(Duration.ofMillis(Math.round(f.daySeconds() * 1000)),
                Duration.ofMillis(Math.round(f.nightSeconds() * 1000)), tb, !f.secretVotes(), f.dayCap(),
                f.endWhenAllVoted(), f.seer(), !f.noWhispers(), wolves == null ? 0 : wolves);
    }

    @Override
    public Duration timeout(GameOptions o, int rounds) {
        return o.daySeconds().plus(o.nightSeconds()).multipliedBy((long) rounds * o.dayCap()).plusSeconds(120);
    }

    @Override
    public GameTable.SeatFiller bots() {
        return GameTable.ruleBots();
    }
}
