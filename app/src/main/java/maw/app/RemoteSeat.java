package maw.app;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import maw.agents.player.PlayerAgent;
import maw.agents.table.GameTable;
import maw.runtime.Agent;
import maw.runtime.TransportException;

/**
 * One seat at a GameMaster of another process ({@code maw player}, {@code maw join}): a Player and its interface
 * agent (a bot, a model seat, a person's terminal) on the seat's accounts, started on the network. Closing stops both.
 */
public final class RemoteSeat implements AutoCloseable {

    private final PlayerAgent player;
    private final Agent ui;

    private RemoteSeat(PlayerAgent player, Agent ui) {
        this.player = player;
        this.ui = ui;
    }

    /**
     * Seats {@code name} at {@code accounts}' GameMaster: {@code ui} makes the interface agent; the Player waits
     * {@code patience} (the ready check's and the game's) and tells {@code tap} each line it perceives (null: none).
     */
    public static RemoteSeat join(AgentNetwork network, SeatAccounts accounts, String name, long seed,
            Function<GameTable.Seat, Agent> ui, Duration[] patience, Consumer<String> tap) throws TransportException {
        Agent iface = ui.apply(new GameTable.Seat(name, accounts.ui(), accounts.password(), accounts.player(), seed));
        PlayerAgent player = new PlayerAgent(accounts.player(), accounts.password(), accounts.master(), accounts.ui())
                .patience(patience[0], patience[1]);
        if (tap != null) {
            player.tap(tap);
        }
        iface.start(network.transport());
        player.start(network.transport());
        return new RemoteSeat(player, iface);
    }

    /** The final scores, once the GameMaster says the game is over. */
    public CompletableFuture<Map<String, Integer>> finished() {
        return player.finished();
    }

    @Override
    public void close() {
        player.stop();
        ui.stop();
    }
}
