package maw.aiwolf.seat;

import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.agents.table.GameTable;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;
import maw.base.Speech;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A rule-based AIWolf player behind a seat, over XMPP: the same mind that plays on the engine
 * ({@link AiwolfBots#rules}, or {@link AiwolfBots#random} random-but-legal play), fed with what the seat perceives
 * (it asks its Player to pass on every message as it comes) and asked for talk, whispers, votes, divinations, guards and
 * attacks when the Player's {@code get_input} allows them. It talks protocol 3.6: the seer comes out and reports
 * ({@code DIVINED}), the medium ({@code IDENTIFIED}), players vote on that evidence, the werewolves whisper their
 * target ({@code ATTACK}), the possessed fakes a seer. In the NLP contest's game ({@code aiwolf-nlp}) it says the
 * same in plain English ({@link AiwolfBots#natural}) and reads the others' talk in natural language.
 */
public final class AiwolfBotAgent extends GameAgent {

    /** How the bot plays. */
    public enum Style { RULES, RANDOM }

    private final String name;
    private final long seed;
    private final Style style;
    private final Jid owner;

    private String me;
    /** The deal's players in agent order, once a round has begun (its {@code start_game} came). */
    private List<String> players;
    private AiwolfPlayer mind;

    /** A bot that answers only its own Player ({@code owner}; null: whoever asks). */
    public AiwolfBotAgent(Jid jid, String password, String name, long seed, Style style, Jid owner) {
        super(jid, password);
        this.name = name;
        this.seed = seed;
        this.style = style;
        this.owner = owner == null ? null : owner.bare();
        inspectorsFrom(this.owner);
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("AiwolfSeat", self -> {
            Message m = self.receive(); // it acts on messages alone: it waits for the next
            if (m != null) {
                guarded(m, () -> answer(m));
            }
        }));
    }

    private void answer(Message m) {
        Body body = read(m);
        if (body == null || isComplaint(m)) {
            return;
        }
        if (!fromOwnPlayer(m, body, owner)) {
            return;
        }
        switch (body) {
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.NAME ->
                    reply(m, Performative.INFORM, new SeatCatalog.SeatName(in.attempt() <= 0 ? name
                            : name + " " + (in.attempt() + 1), true, SeatCatalog.Asking.TURN, null,
                            SeatCatalog.Views.CHANGED)); // it reads the view at a game's start only
            case SeatCatalog.GetInput in when in.purpose() == SeatCatalog.Purpose.WITHDRAW -> { } // answered at once
            case SeatCatalog.GetInput in when in.view() == null ->
                    refuse(m, in.game(), RefusalCode.WRONG_RECIPIENT, "get_input without the seat's view");
            case SeatCatalog.GetInput in -> reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(decide(in.view())));
            case SeatCatalog.Observe o -> hear(o);
            default -> refuse(m, body.game(), RefusalCode.WRONG_RECIPIENT, "a seat's bot takes its player's "
                    + "get_input and observe only; " + m.bodyType() + " goes to another agent");
        }
    }

    private void hear(SeatCatalog.Observe o) {
        if (o.news() == null) {
            return;
        }
        if (o.news() instanceof Catalog.StartGame sg) {
            me = o.view() != null && o.view().you() != null ? o.view().you() : name;
            players = List.copyOf(sg.players());
            long s = seed ^ players.indexOf(me);
            mind = style == Style.RANDOM ? AiwolfBots.random(me, players, s) : AiwolfBots.rules(me, players, s);
            if (sg.talk() == Speech.NATURAL) {
                mind = AiwolfBots.natural(me, players, mind); // the NLP contest's game: plain English
            }
            return;
        }
        if (players != null && o.news() instanceof AiwolfCatalog.Event e) {
            mind.hear(e.event()); // the engine's event as it is
        }
    }

    /** The bot's act for what the seat may do now. */
    Act decide(SeatView v) {
        if (mind == null || v.allowed_actions() == null) {
            return new Act.Listen();
        }
        boolean night = v.phase() == Phase.NIGHT;
        List<Act.Kind> allowed = v.allowed_actions();
        Map<Act.Kind, List<String>> targets = v.targets() == null ? Map.of() : v.targets();
        if (allowed.contains(Act.Kind.TALK)) {
            String text = night ? mind.whisper() : mind.talk();
            return new Act.Talk(text == null || text.isBlank() ? "Skip" : text);
        }
        if (allowed.contains(Act.Kind.DIVINE)) {
            return new Act.Divine(valid(mind.divine(), targets.get(Act.Kind.DIVINE)));
        }
        if (allowed.contains(Act.Kind.GUARD)) {
            return new Act.Guard(valid(mind.guard(), targets.get(Act.Kind.GUARD)));
        }
        if (allowed.contains(Act.Kind.VOTE)) {
            return new Act.Vote(valid(night ? mind.attack() : mind.vote(), targets.get(Act.Kind.VOTE)));
        }
        return new Act.Listen();
    }

    /** The mind's choice when the seat may name it, else the first it may. */
    private static String valid(String choice, List<String> targets) {
        if (targets == null || targets.isEmpty()) {
            return choice;
        }
        return choice != null && targets.contains(choice) ? choice : targets.getFirst();
    }

    /** Rule-based AIWolf players ({@code style}: by the regulation's common sense, or random but legal). */
    public static GameTable.SeatFiller filler(Style style) {
        return new GameTable.SeatFiller() {
            @Override
            public maw.runtime.Agent create(GameTable.Seat seat) {
                return new AiwolfBotAgent(seat.jid(), seat.password(), seat.name(), seat.seed(), style,
                        seat.player());
            }

            @Override
            public String kind() {
                return style == Style.RULES ? "aiwolf-rule" : "aiwolf-random";
            }
        };
    }
}
