package maw.onenight;

import java.time.Duration;
import java.util.List;
import maw.agents.gamemaster.Herald;
import maw.agents.ruleset.RuleFlags;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.game.Rules;
import maw.game.maw.Event;

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
    public List<String> flags() {
        return List.of("--players", "--rounds", "--day-seconds", "--night-seconds");
    }

    @Override
    public String takesNoOther() {
        return "one night deals one werewolf among villagers, and plays a night and a day";
    }

    @Override
    public int defaultPlayers(RuleFlags flags) {
        return 4;
    }

    @Override
    public OneNight.Options options(RuleFlags f) {
        int players = f.integer("--players", defaultPlayers(f));
        if (players < 3 || players > 10) {
            throw new ConfigException("invalid value '" + players + "' for --players: one night plays with 3 to 10");
        }
        int rounds = f.integer("--rounds", 1);
        if (rounds != 1) {
            throw new ConfigException("invalid value '" + rounds + "' for --rounds: one night is one round");
        }
        return new OneNight.Options(Duration.ofMillis(Math.round(f.number("--night-seconds", 30) * 1000)),
                Duration.ofMillis(Math.round(f.number("--day-seconds", 60) * 1000)),
                !f.has(RuleFlags.END_WHEN_ALL_VOTED) || f.on(RuleFlags.END_WHEN_ALL_VOTED));
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
