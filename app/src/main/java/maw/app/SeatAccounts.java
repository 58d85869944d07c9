package maw.app;

import java.util.LinkedHashMap;
import java.util.Map;
import maw.config.ConfigException;
import maw.runtime.Jid;
import maw.runtime.xmpp.XmppTransport;

/**
 * The accounts of one seat joining a GameMaster in another process ({@code maw player}, {@code maw join}): the
 * Player's and its interface's, named after the seat ({@code player-ann}, {@code ui-ann}), created where the network
 * can create accounts.
 *
 * @param master   the GameMaster to join
 * @param player   the Player's address
 * @param ui       the interface agent's address
 * @param password both accounts' password
 */
public record SeatAccounts(Jid master, Jid player, Jid ui, String password) {

    public static SeatAccounts of(AgentNetwork network, String name, String gm, String password, String command) {
        if (!(network.transport() instanceof XmppTransport)) {
            throw new ConfigException(command + " joins a GameMaster in another process: it needs transport xmpp");
        }
        String slug = Accounts.account(name, "--name");
        String pw = Accounts.password(password, network);
        String domain = network.transport().domain();
        Jid master = gm.contains("@") ? Jid.parse(gm) : Jid.of(gm, domain);
        Jid player = Jid.of("player-" + slug, domain);
        Jid ui = Jid.of("ui-" + slug, domain);
        Map<String, String> accounts = new LinkedHashMap<>();
        accounts.put(player.local(), pw);
        accounts.put(ui.local(), pw);
        network.provisionUnused(accounts, "a seat named " + name);
        return new SeatAccounts(master, player, ui, pw);
    }
}
