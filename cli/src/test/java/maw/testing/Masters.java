package maw.testing;

import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Ruleset;
import maw.agents.maw.MawHerald;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.game.maw.GameState;
import maw.game.maw.MawRules;
import maw.runtime.Jid;

/** GameMasters for the tests. */
public final class Masters {

    private Masters() {}

    /** A GameMaster of MAW's rules with these options. */
    public static GameMasterAgent<GameState, GameOptions, Event> maw(Jid jid, String password, GameConfig config,
            GameOptions options, GameListener listener) {
        return new GameMasterAgent<>(jid, password, config, new Ruleset<>(new MawRules(), options, new MawHerald()),
                listener);
    }
}
