package maw.aiwolf.link;

import java.util.concurrent.CompletableFuture;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.agents.table.GameTable;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.base.Act;
import maw.base.SeatView;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A seat filled by an outside agent on a {@link AgentLink} (over TCP or WebSocket): the interface agent behind a MAW
 * Player. It names the seat after the agent, takes the game's events as the engine made them from what the seat
 * perceives (each one's {@code aiwolf_event}, from each round's {@code start_game} on) and hands them to {@link #told}, which tells the agent in its protocol, and answers each turn
 * with {@link #turn} (the agent's answer to the request the turn makes, or a default). Both AIWolf servers tell a day
 * the same way, which is kept here: a day begins for the agent ({@code DAILY_INITIALIZE}) only once it is seen to go
 * on after the night (so that a game that ends at dawn ends with {@code FINISH} alone), each day begins and ends once,
 * and an agent that reconnected is told the game and the day again before its next request.
 */
public abstract class LinkSeatAgent extends GameAgent implements GameTable.Watching {

    protected final AgentLink link;
    private final Jid owner;
    private final CompletableFuture<Void> over = new CompletableFuture<>();

    /** Whether a round has begun for the seat (its {@code start_game} came): its events are told from then on. */
    private boolean playing;
    /** The seat's player name in the round under way. */
    protected String me;
    private int dayInitialized = -1;
    private int dayFinished = -1;
    /** A day that began and is not told yet: DAILY_INITIALIZE waits until the day is seen to go on. */
    private int dayBegun = -1;

    protected LinkSeatAgent(Jid jid, String password, AgentLink link, Jid owner) {
        super(jid, password);
        this.link = link;
        this.owner = owner == null ? null : owner.bare();
        inspectorsFrom(this.owner);
    }

    public AgentLink link() {
        return link;
    }

    /** Completes when the agent has been told the end of the last round. */
    @Override
    public CompletableFuture<Void> over() {
        return over;
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of(getClass().getSimpleName(), self -> {
            Message m = self.receive(); // it acts on messages alone: it waits for the next
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }));
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null || isComplaint(m) || !fromOwnPlayer(m, body, owner)) {
            return;
        }
        switch (body) {
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.NAME ->
                    reply(m, Performative.INFORM, new SeatCatalog.SeatName(in.attempt() <= 0 ? link.name()
                            : AgentLobby.numbered(link.name(), in.attempt() + 1, Catalog.LONGEST_NAME), true, asking(),
                            null, SeatCatalog.Views.CHANGED)); // it reads the view at a game's start only
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.WITHDRAW -> { } // the step's own end
            case SeatCatalog.GetInput in when in.view() != null -> {
                Act a;
                synchronized (turnLock) {
                    // A question held is over when another comes (the Player asks by turns: a new step's replaces it);
                    // the act and the hold are one, so that a line arriving meanwhile finds the question held.
                    a = act(in.view());
                    held = a == null ? m : null;
                }
                if (a != null) {
                    reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(a));
                }
            }
            case SeatCatalog.Observe o when o.kind() == SeatCatalog.Perceived.OVER -> over.complete(null);
            case SeatCatalog.Observe o when o.news() != null -> {
                hear(o); // the news first: the view is the one after it
                if (o.view() != null && playing) {
                    viewed(o.view());
                }
            }
            case SeatCatalog.Observe o -> { }
            default -> refuse(m, body.game(), RefusalCode.WRONG_RECIPIENT, "a seat takes its player's "
                    + "get_input and observe only; " + m.bodyType() + " goes to another agent");
        }
    }

    /** What the seat perceived, with the GameMaster's message: the game's events, told to the agent. */
    private void hear(SeatCatalog.Observe o) {
        Body news = o.news();
        if (news instanceof Catalog.StartGame sg) {
            me = o.view() != null && o.view().you() != null ? o.view().you() : link.name();
            playing = true;
            started(sg);
            dayInitialized = -1;
            dayFinished = -1;
            dayBegun = -1;
            link.takeFresh(); // a connection made before the game began hears it from its start, not twice
            return;
        }
        if (!playing) {
            return;
        }
        catchUp();
        if (news instanceof AiwolfCatalog.Event told) {
            // The engine's event as it is. A day begins for the agent only when the game goes on after the night,
            // with the dawn's results in it (the medium's): a game that ends at dawn ends with FINISH alone.
            AiwolfEvent e = told.event();
            if (e instanceof AiwolfEvent.Over) {
                dayBegun = -1;
            } else if (!(e instanceof AiwolfEvent.Identified)) {
                beginTheDay();
            }
            told(e);
        }
        if (news instanceof Catalog.PhaseChange pc) {
            phaseChanged(pc);
        }
    }

    /** The day that began, told once the game is seen to go on. */
    protected final void dayBegan(int day) {
        dayBegun = day;
    }

    /** Tells the day that began, if it is not told yet. */
    private void beginTheDay() {
        if (dayBegun >= 0) {
            int day = dayBegun;
            dayBegun = -1;
            dailyInitialize(day);
        }
    }

    /** Begins {@code day} for the agent, once. */
    protected final void dailyInitialize(int day) {
        if (day > dayInitialized) {
            dayInitialized = day;
            initializeDay(day);
        }
    }

    /** Ends {@code day}'s talk for the agent (the night section begins), once, and only a day it was told began. */
    protected final void dailyFinish(int day) {
        if (day > dayFinished && day <= dayInitialized) {
            dayFinished = day;
            finishDay(day);
        }
    }

    /** An agent that reconnected is told the game and the day again before its next request. */
    private void catchUp() {
        if (playing && link.takeFresh()) {
            tellAgain();
        }
    }

    /** The seat's act for its turn: none before its game has begun. */
    private Act act(SeatView v) {
        if (!playing || v.allowed_actions() == null) {
            return new Act.Listen();
        }
        catchUp();
        beginTheDay();
        return turn(v);
    }

    /** A round begins: the seat ({@link #me}) is to be told it from its deal on. */
    protected abstract void started(Catalog.StartGame sg);

    /** An event of the seat's game, told to the agent as its protocol tells it. */
    protected abstract void told(AiwolfEvent e);

    /** A phase began (after its events were told). */
    protected void phaseChanged(Catalog.PhaseChange pc) {
    }

    /** The agent is told {@code day} begins ({@code DAILY_INITIALIZE}). */
    protected abstract void initializeDay(int day);

    /** The agent is told {@code day}'s talk is over ({@code DAILY_FINISH}). */
    protected abstract void finishDay(int day);

    /** The agent reconnected: it is told the game and the day again. */
    protected abstract void tellAgain();

    /**
     * The seat's act for a turn of its game: the agent's answer to the request the turn makes, or a default; null to
     * hold the question and answer it later with {@link #answerHeld} (a seat that asks by turns, {@link #asking}).
     */
    protected abstract Act turn(SeatView v);

    /** The question held ({@link #turn} gave null), or null. */
    private Message held;
    /** Held while a turn is decided or a held question answered (a seat's reader of lines takes it too). */
    private final Object turnLock = new Object();

    /** The lock of the seat's turns ({@link #answerHeld} takes it). */
    protected final Object turnLock() {
        return turnLock;
    }

    /** How the Player asks this seat for acts: null for after every piece of news, or by turns. */
    protected SeatCatalog.Asking asking() {
        return null;
    }

    /** The seat's view, as an observe brings it when it changed. */
    protected void viewed(SeatView v) {
    }

    /** Answers the question held with {@code a}; false when none is held (the act is not made). */
    protected final boolean answerHeld(Act a) {
        Message m;
        synchronized (turnLock) {
            m = held;
            held = null;
        }
        if (m == null) {
            return false;
        }
        reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(a));
        return true;
    }
}
