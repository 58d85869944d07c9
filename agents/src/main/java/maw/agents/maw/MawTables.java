package maw.agents.maw;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.agents.gamemaster.Ruleset;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.game.maw.MawRules;

/** Tables of MAW's own game: its rules with options, and a table of its rule bots. */
public final class MawTables {

    private MawTables() {}

    /** MAW's rules with these options, as the GameMaster runs them. */
    public static Ruleset<?, ?, ?> ruleset(GameOptions options) {
        return new Ruleset<>(new MawRules(), options, new MawHerald());
    }

    /** A table of MAW's rules with these options. */
    public static GameTable.Spec spec(String prefix, List<String> names, List<GameTable.SeatFiller> fillers,
            int rounds, long seed, GameOptions options, Path out) {
        return new GameTable.Spec(prefix, names, fillers, rounds, seed, ruleset(options), out);
    }

    /** A table of MAW's rule bots, its seats named as the tables name them ({@link GameTable#defaultNames}). */
    public static GameTable.Spec bots(String prefix, int players, int rounds, long seed, GameOptions options,
            Path out) {
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            fillers.add(GameTable.ruleBots());
        }
        return spec(prefix, GameTable.defaultNames(players), fillers, rounds, seed, options, out);
    }
}
