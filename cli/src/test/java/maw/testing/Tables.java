package maw.testing;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import maw.agents.gamemaster.GameListener;
import maw.agents.table.GameTable;
import maw.runtime.Transport;

/** Tables of the tests. */
public final class Tables {

    private Tables() {}

    /** Plays {@code table} on {@code transport} on a thread of its own; completes with its result. */
    public static CompletableFuture<GameTable.Result> playing(GameTable table, Transport transport,
            GameListener listener, Duration timeout) {
        CompletableFuture<GameTable.Result> game = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                game.complete(table.play(transport, listener, null, timeout));
            } catch (Throwable e) {
                game.completeExceptionally(e);
            }
        });
        return game;
    }
}
