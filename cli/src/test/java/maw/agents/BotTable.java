package maw.agents;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.testing.Masters;
import maw.testing.TestXmpp;

/**
 * A MAW table on the real ejabberd for tests that look at a game from outside: a GameMaster of four seats and its two
 * rooms, scripted agents beside it (watchers, strangers), and rule bots that take the seats when the test says so.
 * Every account has its own prefix, so tests share the server.
 */
final class BotTable implements AutoCloseable {

    final TestXmpp xmpp = TestXmpp.get();
    final String prefix;
    final Jid gm;
    final GameMasterAgent<?, ?, ?> master;
    final List<String> names;
    private final List<Agent> agents = new ArrayList<>();

    /** The table (not started) with {@code scripted} accounts beside it, of game {@code game}. */
    BotTable(String tag, String game, List<String> names, List<String> scripted) throws Exception {
        prefix = tag + TestXmpp.password(tag).substring(0, 4) + "-";
        this.names = List.copyOf(names);
        gm = jid("gm");
        Jid village = jid("village");
        Jid hideout = jid("hideout");
        Map<String, String> accounts = new LinkedHashMap<>();
        for (Jid j : List.of(gm, village, hideout)) {
            accounts.put(j.local(), "pw");
        }
        for (String n : names) {
            accounts.put(player(n).local(), "pw");
            accounts.put(ui(n).local(), "pw");
        }
        scripted.forEach(s -> accounts.put(prefix + s, "pw"));
        xmpp.server().register(accounts);
        master = Masters.maw(gm, "pw", new GameConfig(game, names.size(), 1, 5, village, hideout,
                Duration.ofSeconds(10), Duration.ofSeconds(10)), GameOptions.defaults()
                .withTimers(Duration.ofSeconds(8), Duration.ofSeconds(8)).withEndWhenAllVoted(true).withDayCap(4), null);
        agents.addAll(List.of(master, new ChatRoomAgent(village, "pw", Room.VILLAGE, gm, null, null),
                new ChatRoomAgent(hideout, "pw", Room.HIDEOUT, gm, null, null)));
    }

    Jid jid(String local) {
        return Jid.of(prefix + local, xmpp.domain());
    }

    Jid player(String name) {
        return jid("player-" + name.toLowerCase());
    }

    Jid ui(String name) {
        return jid("ui-" + name.toLowerCase());
    }

    /** Starts the GameMaster and the rooms. */
    BotTable start() throws Exception {
        for (Agent a : agents) {
            a.start(xmpp.transport());
        }
        return this;
    }

    /** A scripted agent on one of the accounts named at the start, started. */
    ScriptedSeat scripted(String who) throws Exception {
        ScriptedSeat s = new ScriptedSeat(jid(who), "pw", who, gm);
        s.start(xmpp.transport());
        agents.add(s);
        return s;
    }

    /** Rule bots take every seat (each a Player and its interface agent). */
    void seatBots() throws Exception {
        for (String n : names) {
            RuleBotAgent bot = new RuleBotAgent(ui(n), "pw", n, 3, player(n));
            PlayerAgent p = new PlayerAgent(player(n), "pw", gm, ui(n));
            bot.start(xmpp.transport());
            p.start(xmpp.transport());
            agents.add(bot);
            agents.add(p);
        }
    }

    @Override
    public void close() {
        agents.forEach(Agent::stop);
    }
}
