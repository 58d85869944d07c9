package maw.aiwolf.link;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.agents.table.GameTable;
import maw.base.Act;
import maw.base.SeatView;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A seat filled by an outside agent on a {@link AgentLink} (over TCP or WebSocket): the interface agent behind a MAW
 * Player. It names the seat after the agent, hands what the seat perceives to {@link #hear} (which tells the agent in
 * its protocol), and answers each turn with {@link #act} (the agent's answer to the request the turn makes, or a
 * default).
 */
public abstract class LinkSeatAgent extends GameAgent implements GameTable.Watching {

    protected final AgentLink link;
    private final Jid owner;
    private final CompletableFuture<Void> over = new CompletableFuture<>();

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
            Message m = self.receive(Duration.ofMillis(500));
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
                            : AgentLobby.numbered(link.name(), in.attempt() + 1, Catalog.LONGEST_NAME), true));
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.WITHDRAW -> { } // the step's own end
            case SeatCatalog.GetInput in when in.view() != null ->
                    reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(act(in.view())));
            case SeatCatalog.Observe o when o.kind() == SeatCatalog.Perceived.OVER -> over.complete(null);
            case SeatCatalog.Observe o when o.news() != null -> hear(o);
            case SeatCatalog.Observe o -> { }
            default -> refuse(m, body.game(), RefusalCode.WRONG_RECIPIENT, "a seat takes its player's "
                    + "get_input and observe only; " + m.bodyType() + " goes to another agent");
        }
    }

    /** What the seat perceived, with the GameMaster's message: told to the agent as its protocol tells it. */
    protected abstract void hear(SeatCatalog.Observe o);

    /** The seat's act for its turn. */
    protected abstract Act act(SeatView v);
}
