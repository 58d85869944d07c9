package maw.app.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import maw.agents.human.UserInterfaceAgent;
import maw.app.AgentNetwork;
import maw.app.RemoteSeat;
import maw.app.SeatAccounts;
import maw.base.Act;
import maw.base.SeatView;
import maw.runtime.TransportException;

/**
 * The seat an MCP session plays: a Player on its own XMPP connection, as every seat has, and behind it the seat's
 * interface, which keeps what the seat perceives for the session's tool calls (the GameMaster sees one more person).
 * The session acts when it likes, as a person does: what it asks is judged against the seat's view first (nothing
 * illegal is sent), then by the Player and the GameMaster, whose word comes back as the act's outcome. ({@code maw
 * bench mcp} plays one beside an MCP session: the same seat without the protocol, its baseline.)
 */
public final class McpSeat implements AutoCloseable {

    /** A line the seat perceived: its kind ({@code chat}, {@code phase}, {@code refusal}...) and its words. */
    record Line(String kind, String text) {}

    /** What the rules made of an act: taken, refused (with the reason), or no word yet within the wait. */
    public record Outcome(boolean accepted, boolean answered, String text) {}

    private final Object lock = new Object();
    private final List<Line> lines = new ArrayList<>();
    private final String name;
    private UserInterfaceAgent ui;
    private RemoteSeat seat;
    /** How many of {@link #lines} the session has been given. */
    private int given;
    /** The turn last given by {@link #nextTurn} (null: none yet). */
    private String lastTurn;
    private volatile boolean over;
    /** The last view of a day or night (the guide of the role after the game is the last phase's). */
    private volatile SeatView played;

    private McpSeat(String name) {
        this.name = name;
    }

    /** Seats {@code name} at {@code accounts}' GameMaster on {@code network}, waiting {@code patience} for it. */
    public static McpSeat join(AgentNetwork network, SeatAccounts accounts, String name, Duration[] patience)
            throws TransportException {
        McpSeat s = new McpSeat(name);
        s.seat = RemoteSeat.join(network, accounts, name, 0, t -> {
            s.ui = new UserInterfaceAgent(t.jid(), t.password(), t.name(), t.player(), s::perceived);
            return s.ui;
        }, patience, null);
        return s;
    }

    private void perceived(String kind, String text) {
        SeatView v = ui == null ? null : ui.view();
        if (v != null && (v.phase() == maw.base.Phase.DAY || v.phase() == maw.base.Phase.NIGHT)) {
            played = v;
        }
        synchronized (lock) {
            lines.add(new Line(kind, text));
            if ("over".equals(kind)) {
                over = true;
            }
            lock.notifyAll();
        }
    }

    /** The seat's name at the table (the one the GameMaster took). */
    String name() {
        return ui.seatName() == null ? name : ui.seatName();
    }

    /** The seat's view now (null before the game has told it anything). */
    public SeatView view() {
        return ui.view();
    }

    /** The seat's last view of a day or a night (null: none yet). */
    SeatView played() {
        SeatView v = ui.view();
        return v != null && (v.phase() == maw.base.Phase.DAY || v.phase() == maw.base.Phase.NIGHT) ? v : played;
    }

    /** Whether the game is over for the seat. */
    boolean over() {
        return over;
    }

    /** Every line the seat perceived so far (the ones given stay given). */
    List<Line> all() {
        synchronized (lock) {
            return List.copyOf(lines);
        }
    }

    /** The lines the session has not been given yet, given now. */
    List<Line> unseen() {
        synchronized (lock) {
            List<Line> out = List.copyOf(lines.subList(given, lines.size()));
            given = lines.size();
            return out;
        }
    }

    /**
     * Waits up to {@code wait} until the seat may act in a way it was not told of yet (a phase, a step, a turn of its
     * own, another choice of targets) or the game is over; {@code progress} hears that it waits, and every 5 s that it
     * still does. Returns whether a turn came (false: the wait ran out, or the game is over).
     */
    boolean nextTurn(Duration wait, Consumer<String> progress) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        long nextWord = System.nanoTime(); // a word as soon as it waits, then every 5 s
        synchronized (lock) {
            while (!over) {
                SeatView v = ui.view();
                String key = v == null || !v.awaited() ? null : turnKey(v);
                if (key != null && !key.equals(lastTurn)) {
                    lastTurn = key;
                    return true;
                }
                long now = System.nanoTime();
                if (now >= until) {
                    return false;
                }
                if (now >= nextWord) {
                    progress.accept(v == null ? "waiting for the game to begin" : "waiting: " + v.phase() + " "
                            + v.day() + ", no act of yours yet");
                    nextWord = now + Duration.ofSeconds(5).toNanos();
                }
                lock.wait(Math.max(1, Math.min((until - now) / 1_000_000, 1000)));
            }
        }
        return false;
    }

    /** What makes a turn: the phase, its step, the acts the seat may make and on whom, its own turn's count. */
    private static String turnKey(SeatView v) {
        return v.phase() + "/" + v.day() + "/" + v.step() + "/" + v.allowed_actions() + "/" + v.targets() + "/"
                + (v.turn() == null ? "" : v.turn().talk_round() + "/" + v.turn().voting());
    }

    /**
     * Makes {@code act} (already judged legal against the view) and waits up to {@code wait} for what the rules made of
     * it: the GameMaster's acceptance, a refusal (the Player's or the GameMaster's, with its reason), or for a line in
     * a room the line said there.
     */
    public Outcome act(Act act, Duration wait) throws InterruptedException {
        int mark;
        synchronized (lock) {
            mark = lines.size();
        }
        ui.act(act);
        long until = System.nanoTime() + wait.toNanos();
        synchronized (lock) {
            while (true) {
                for (int i = mark; i < lines.size(); i++) {
                    Line l = lines.get(i);
                    if (l.kind().equals("refusal")) {
                        return new Outcome(false, true, l.text());
                    }
                    if (l.kind().equals("accepted") || l.kind().equals("whisper") && act instanceof Act.Whisper
                            || act instanceof Act.Speak && l.kind().equals("chat") && ownLine(l.text())) {
                        return new Outcome(true, true, l.text());
                    }
                }
                long left = until - System.nanoTime();
                if (left <= 0 || over) {
                    return new Outcome(false, false, "sent; no word of it from the table within "
                            + wait.toSeconds() + " s (it may still be taken: see the news)");
                }
                lock.wait(Math.max(1, Math.min(left / 1_000_000, 1000)));
            }
        }
    }

    /** Whether a room's line is the seat's own ({@code [Village] Zed says: "..."}: a name no other line starts with). */
    private boolean ownLine(String text) {
        int close = text.indexOf("] ");
        String rest = text.startsWith("[") && close > 0 ? text.substring(close + 2) : text;
        return rest.startsWith(name() + " says: ");
    }

    /** Leaves the table (the Player says so to the GameMaster), then stops the seat's agents. */
    @Override
    public void close() {
        if (seat != null) {
            seat.close();
        }
    }
}
