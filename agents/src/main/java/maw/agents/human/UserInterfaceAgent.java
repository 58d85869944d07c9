package maw.agents.human;

import java.util.Objects;
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
 * A seat played by a person: the design's UserInterface. It gives the Player the person's name and asks it to pass on
 * everything the seat perceives as it happens ({@code observe}), shows each line to the person, and turns what the
 * person types into actions: chat, a vote, the seer's question. The Player's {@code get_input} is answered with
 * {@code listen} at once (a person acts when they like, not when asked); the actions go to the Player unasked, and
 * whatever the Player, the rooms or the GameMaster refuse comes back as a line in plain words.
 */
public final class UserInterfaceAgent extends GameAgent implements GameTable.Watching {

    /** Where the person is: a terminal, or a script. */
    @FunctionalInterface
    public interface Person {
        /** A line for the person, of a kind ({@code chat}, {@code phase}, {@code vote}, {@code refusal}, ...). */
        void show(String kind, String text);
    }

    private final Jid player;
    private final Person person;
    private final String baseName;
    private final CompletableFuture<Void> over = new CompletableFuture<>();
    private volatile String name;
    private volatile SeatView view;
    // Until its Player asks for a name in this session, what arrives is old news: the server keeps what was sent to
    // this account after an earlier session ended, and hands it over at login.
    private boolean named;
    /** The person will type nothing for now (a script that waits, or whose input has ended). */
    private volatile boolean away;
    /** The Player's question of the person's turn, by turns, while the person has not acted yet. */
    private volatile Message turnAsked;

    public UserInterfaceAgent(Jid jid, String password, String name, Jid player, Person person) {
        super(jid, password);
        this.name = Objects.requireNonNull(name, "name");
        this.baseName = name;
        this.player = player.bare();
        inspectorsFrom(this.player);
        this.person = Objects.requireNonNull(person, "person");
    }

    /** The seat as it stands: phase, role, who lives, valid targets... (null before the Player has told anything). */
    public SeatView view() {
        return view;
    }

    /** The seat's name at the table (the one the GameMaster accepted, once it has). */
    public String seatName() {
        return name;
    }

    /** Completes when the last round is over. */
    @Override
    public CompletableFuture<Void> over() {
        return over;
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("ShowAndAct", self -> {
            Message m = self.receive(); // it acts on messages alone: it waits for the next
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }));
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null) {
            return;
        }
        if (!fromKnownSession(m, player)) {
            if (!isComplaint(m)) {
                refuse(m, body.game(), RefusalCode.NOT_YOURS, "a person's seat takes messages from its own player only");
            }
            return;
        }
        switch (body) {
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.NAME -> {
                named = true;
                reply(m, Performative.INFORM, new SeatCatalog.SeatName(nameFor(in.attempt()), true, null, true,
                        SeatCatalog.Views.CHANGED)); // an observe without a view leaves the one it keeps
            }
            case SeatCatalog.GetInput in when !named -> log.debug("{}: dropped a question of an earlier session", jid());
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.WITHDRAW -> { } // told as news
            case SeatCatalog.Observe o when !named -> log.debug("{}: dropped news of an earlier session: {}", jid(),
                    o.text());
            case SeatCatalog.GetInput in -> {
                if (in.view() != null) {
                    view = in.view();
                }
                // At MAW's pace of turns the turn is told as news already (an AIWolf view's turn is a group chat's count).
                String asked = in.view() == null ? null : in.view().turn() != null && !in.view().talk().inTurns() ? ""
                        : maw.agents.typing.Typing.turnOf(in.view(), maw.agents.kit.SeatKit.typing(in.view()));
                if (asked != null && asked.isEmpty()) {
                    // MAW's game at a pace of turns: the person's turn waits for what they type (or its time); a
                    // person who will type nothing now (a script that waits) passes it at once.
                    if (away) {
                        reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(new Act.Listen()));
                    } else {
                        turnAsked = m;
                    }
                } else if (asked != null) {
                    // An AIWolf step waits for the person: no answer now (listening would say Skip); what they type
                    // goes to the Player when they type it.
                    person.show("turn", asked);
                } else {
                    reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(new Act.Listen()));
                }
            }
            case SeatCatalog.Observe o -> {
                if (o.view() != null) {
                    view = o.view();
                    if (o.view().you() != null) {
                        name = o.view().you();
                    }
                }
                person.show(o.kind() == null ? "" : o.kind().wire(), o.text());
                if (o.kind() == SeatCatalog.Perceived.OVER) {
                    over.complete(null);
                }
            }
            case Catalog.Refusal r -> person.show("refusal", "Refused: " + r.reason() + ".");
            default -> { }
        }
    }

    /** The person's name, or after {@code attempt} refused names the same with a number (Ann 2, Ann 3...). */
    private String nameFor(int attempt) {
        name = attempt <= 0 ? baseName : baseName + " " + (attempt + 1);
        return name;
    }

    /** Says something in the room that is open to the seat. */
    public void speak(String text) {
        act(new Act.Speak(text));
    }

    /** Votes (by day in the Village, by night as a werewolf) for a player. */
    public void vote(String target) {
        act(new Act.Vote(target));
    }

    /** Does what the person asked: speak, vote, divine, whisper. */
    public void act(Act a) {
        turnAsked = null;
        send(player, Performative.INFORM, SeatCatalog.PlayerAction.of(a));
    }

    /** The person asks for more time to read (once a day, by day): their Player asks the GameMaster. */
    public void askMoreTime() {
        send(player, Performative.REQUEST, new Catalog.MoreTime(null, 0, null, 0, null, null, null));
    }

    /**
     * The person will type nothing for now ({@code true}: a script that waits for a later point of the game, or whose
     * input has ended) or is back: by turns, a turn of theirs asked meanwhile passes at once instead of running out
     * its time.
     */
    public void away(boolean now) {
        away = now;
        Message asked = turnAsked;
        if (now && asked != null) {
            turnAsked = null;
            reply(asked, Performative.INFORM, SeatCatalog.PlayerAction.of(new Act.Listen()));
        }
    }
}
