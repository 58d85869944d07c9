package maw.onenight;

import java.time.Duration;
import maw.agents.gamemaster.Herald;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.game.Event;
import maw.game.Rules;

/** The one-night rule set as a plug-in, found on the test class path like any rule set. */
public final class OneNightVariant implements Variant<OneNight.State, OneNight.Options, Event> {

    @Override
    public String name() {
        return "one-night";
    }

    @Override
    public String summary() {
        return "one-night (a test rule set: one werewolf, one night, one day)";
    }

    @Override
    public Rules<OneNight.State, OneNight.Options, Event> rules() {
        return new OneNight();
    }

    @Override
    public Herald<OneNight.State, Event> herald() {
        return new OneNightHerald();
    }

    @Override
    public int defaultPlayers(Flags flags) {
        return 4;
    }

    @Override
    public OneNight.Options options(Flags f) {
        int players = f.players() == null ? defaultPlayers(f) : f.players();
        if (players < 3 || players > 10) {
            throw new ConfigException("invalid value '" + players + "' for --players: one night plays with 3 to 10");
        }
        if (f.roles() != null || f.mawOnly() != null) {
            throw new ConfigException((f.roles() != null ? "--roles" : f.mawOnly()) + " is not an option of "
                    + "--rules one-night");
        }
        if (f.rounds() != 1) {
            throw new ConfigException("invalid value '" + f.rounds() + "' for --rounds: one night is one round");
        }
        return new OneNight.Options(Duration.ofMillis(Math.round(f.nightSeconds() * 1000)),
                Duration.ofMillis(Math.round(f.daySeconds() * 1000)), f.endWhenAllVoted());
    }

    @Override
    public Duration timeout(OneNight.Options o, int rounds) {
        return o.night().plus(o.day()).multipliedBy(rounds).plusSeconds(60);
    }

    @Override
    public GameTable.SeatFiller bots() {
        return GameTable.ruleBots();
    }
}
