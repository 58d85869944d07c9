package maw.app;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.runtime.Agent;

/**
 * Says, while a game waits on its language models, which seats are thinking and for how long: a model on a CPU may
 * take a minute over one turn, and a silent terminal looks like a hung game. A line every {@code every} milliseconds
 * at most, only about seats that have been thinking longer than {@code after}.
 */
public final class ThinkingWatch implements AutoCloseable {

    private final List<ModelInterfaceAgent> seats = new CopyOnWriteArrayList<>();
    private final PrintStream out;
    private final long after;
    private final long every;
    private Thread thread;

    public ThinkingWatch(PrintStream out, long afterMillis, long everyMillis) {
        this.out = out;
        this.after = afterMillis;
        this.every = everyMillis;
    }

    /** The same fillers, with the model seats they create watched. */
    public List<GameTable.SeatFiller> watch(List<GameTable.SeatFiller> fillers) {
        List<GameTable.SeatFiller> watched = new ArrayList<>();
        for (GameTable.SeatFiller f : fillers) {
            watched.add(new GameTable.SeatFiller() {
                @Override
                public Agent create(GameTable.Seat seat) {
                    Agent a = f.create(seat);
                    if (a instanceof ModelInterfaceAgent m) {
                        seats.add(m);
                    }
                    return a;
                }

                @Override
                public String kind() {
                    return f.kind();
                }
            });
        }
        return watched;
    }

    public ThinkingWatch start() {
        thread = Thread.ofVirtual().name("thinking-watch").start(() -> {
            long last = 0;
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(Math.min(every, 1000));
                    String slow = seats.stream().filter(s -> s.thinkingMillis() >= after)
                            .map(s -> s.seatName() + " " + s.thinkingMillis() / 1000 + " s")
                            .collect(Collectors.joining(", "));
                    long now = System.nanoTime() / 1_000_000;
                    if (!slow.isEmpty() && now - last >= every) {
                        out.println("  (waiting for the model: " + slow + ")");
                        last = now;
                    }
                }
            } catch (InterruptedException e) {
                // closed
            }
        });
        return this;
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.interrupt();
        }
    }
}
