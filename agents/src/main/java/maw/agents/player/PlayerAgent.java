package maw.agents.player;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.agents.SeatCatalog.Perceived;
import maw.agents.WatchCatalog;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;
import maw.game.RefusalCode;
import maw.runtime.FSMBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.State;
import maw.runtime.Template;

/**
 * A seat at the table. The Player joins the GameMaster's lobby under the name its interface chose, follows the
 * phases (awake when the GameMaster's {@code turn} awaits acts from it, asleep when not, dead once killed), reads the
 * open room, and asks its interface agent what to do with {@code get_input}: the same request whether a rule-based bot,
 * a language model or a person fills the seat. It keeps no copy of the rules: what the seat may do, and to whom, is
 * what the GameMaster's last {@code turn} said. Every act it sends names the game, round, phase and day, and is matched
 * with its answer by {@code reply-with}. It accepts announcements only from the GameMaster and room news only from the
 * rooms.
 */
public final class PlayerAgent extends GameAgent {

    static final String GET_NAME = "GetNameState";
    static final String JOIN_LOBBY = "JoinLobbyState";
    static final String LOBBY = "LobbyState";
    static final String AWAKE = "AwakeState";
    static final String ASLEEP = "AsleepState";
    static final String DEAD = "DeadState";

    private static final Duration ANSWER_WAIT = Duration.ofSeconds(10);
    private static final int MAX_NAME_ATTEMPTS = 10;

    private final Jid gameMaster;
    private final Jid ui;
    private final CompletableFuture<Map<String, Integer>> finished = new CompletableFuture<>();

    /** What the seat knows and owes: a value, the next one made of each message. */
    private Seat seat = Seat.NEW;
    private boolean observe;
    /** The interface observes and is asked once a turn ({@link SeatCatalog.Asking#TURN}), not after every news. */
    private boolean byTurns;
    /** A person plays the seat (its interface says so): the GameMaster is told when the seat joins. */
    private boolean person;
    /** Which views go to the interface (all, or only those that changed). */
    private final ViewsSent views = new ViewsSent();

    /** What the seat has read of its rooms, and which one it follows. */
    private final RoomReader reader = new RoomReader();

    // The interface.
    private String askId;
    private boolean asked;
    /** When the pending ask left, and whether its long wait was told. */
    private long askedAt;
    private static final Duration ASK_OVERDUE = Duration.ofSeconds(10);
    private boolean askOverdueTold;
    /** At a pace of turns, the pass that ends the seat's turn if the room refuses its line (the room passes it else). */
    private Catalog.Pass passIfRefused;
    private String nameRefusal;
    private int nameAttempt;

    private volatile Consumer<String> tap = text -> { };

    // A silent GameMaster: asked whether it is there after a while, given up on after a longer one.
    private static final Duration PONG_WAIT = Duration.ofSeconds(5);
    private Duration silence = Duration.ofSeconds(20);
    private Duration giveUp = Duration.ofMinutes(10);
    private long lastHeard = System.nanoTime();
    private long pingSent;
    private boolean silent;
    /** The acts sent to the GameMaster and not answered yet (their reply-with ids), and the counts. */
    private final Set<String> unanswered = ConcurrentHashMap.newKeySet();
    private final AtomicInteger actsSent = new AtomicInteger();

    public PlayerAgent(Jid jid, String password, Jid gameMaster, Jid ui) {
        super(jid, password);
        this.gameMaster = gameMaster.bare();
        this.ui = ui.bare();
        inspectorsFrom(this.gameMaster);
    }

    /** The GameMaster named who may see the inside: the seat's interface agent hears it too. */
    @Override
    protected void inspectorsNamed(WatchCatalog.Inspectors named) {
        send(ui, Performative.INFORM, named);
    }

    @Override
    protected void describe(ObjectNode inside, boolean detail) {
        inside.putObject("links").put("interface", ui.toString()).put("gameMaster", gameMaster.toString());
        inside.put("seat", seat.name());
        inside.put("game", seat.game());
    }

    /** Also hands every line the seat learns to {@code tap} (to print a seat's view of the game). */
    public PlayerAgent tap(Consumer<String> newTap) {
        this.tap = newTap;
        return this;
    }

    /**
     * How long the seat waits for a word from its GameMaster before it asks whether it is there (and, with no answer,
     * tells its interface it waits for the GameMaster to come back), and how long before it gives up.
     */
    public PlayerAgent patience(Duration newSilence, Duration newGiveUp) {
        if (newSilence.isNegative() || newSilence.isZero() || newGiveUp.compareTo(newSilence) <= 0) {
            throw new IllegalArgumentException("the seat gives up after it asks: " + newSilence + " < " + newGiveUp);
        }
        this.silence = newSilence;
        this.giveUp = newGiveUp;
        return this;
    }

    /** Completes with the final leaderboard when the last round is over. */
    public CompletableFuture<Map<String, Integer>> finished() {
        return finished;
    }

    public String playerName() {
        return seat.name();
    }

    /** How many acts (votes, divinations, whispers) this seat sent its GameMaster. */
    public int actsSent() {
        return actsSent.get();
    }

    /** How many of them the GameMaster has not answered (neither accepted nor refused). */
    public int actsUnanswered() {
        return unanswered.size();
    }

    @Override
    protected void setup() {
        FSMBehaviour fsm = new FSMBehaviour("PlayerBehaviour");
        fsm.addState(GET_NAME, State.of(GET_NAME, this::getName));
        fsm.addState(JOIN_LOBBY, State.of(JOIN_LOBBY, this::joinLobby));
        // Seated, the seat is in one of four states, which its seat's mode names; each takes one message (or does what
        // falls due) and returns the state the seat is in after it. In the lobby (between rounds too) it waits: no
        // room, nothing to decide.
        fsm.addState(LOBBY, State.of(LOBBY, s -> step(s, false, false)));
        // Awake, the rules await acts from it: it reads its room and asks its interface what to do.
        fsm.addState(AWAKE, State.of(AWAKE, s -> step(s, true, true)));
        // Asleep, nothing is awaited from it (a villager's night, a step that is another's): it only listens, and
        // reads the room it has (at a pace of turns, the others' lines are there for its next turn).
        fsm.addState(ASLEEP, State.of(ASLEEP, s -> step(s, true, false)));
        // Dead, it watches: it reads the room it may still read, and decides nothing until the next round.
        fsm.addState(DEAD, State.of(DEAD, s -> step(s, true, false)));
        fsm.addTransition(GET_NAME, JOIN_LOBBY).addTransition(JOIN_LOBBY, GET_NAME).addTransition(JOIN_LOBBY, LOBBY);
        for (String from : List.of(LOBBY, AWAKE, ASLEEP, DEAD)) {
            for (String to : List.of(LOBBY, AWAKE, ASLEEP, DEAD)) {
                fsm.addTransition(from, to);
            }
        }
        addBehaviour(fsm);
    }

    /** The state of a seat in {@code mode}. */
    private static String stateOf(Seat.Mode mode) {
        return switch (mode) {
            case LOBBY -> LOBBY;
            case AWAKE -> AWAKE;
            case ASLEEP -> ASLEEP;
            case DEAD -> DEAD;
        };
    }

    // --- joining ----------------------------------------------------------------------------------------------------

    /**
     * Asks the interface for a name; {@code attempt} counts the names refused so far, so that the interface's fallback
     * (its name with a number) is new each time. After {@value #MAX_NAME_ATTEMPTS} refused names the seat gives up.
     */
    private void getName(State s) throws InterruptedException {
        if (nameAttempt >= MAX_NAME_ATTEMPTS) {
            giveUp("the GameMaster refused " + nameAttempt + " names; the last: " + nameRefusal);
            return;
        }
        for (int ask = 0; ask < 3 && isActive(); ask++) {
            List<String> why = nameRefusal == null ? List.of() : List.of(nameRefusal);
            Message answer = s.ask(Message.builder().to(ui).performative(Performative.REQUEST).ontology(ONTOLOGY)
                    .body(new SeatCatalog.GetInput(null, 0, SeatCatalog.Purpose.NAME, nameAttempt, nameView(why))).build(),
                    ANSWER_WAIT);
            if (answer != null && read(answer) instanceof SeatCatalog.SeatName a && !a.name().isBlank()) {
                seat = seat.named(a.name().strip());
                observe = Boolean.TRUE.equals(a.observe());
                byTurns = observe && a.ask() == SeatCatalog.Asking.TURN;
                views.reset(a.views() == SeatCatalog.Views.CHANGED);
                person = Boolean.TRUE.equals(a.person());
                knowSession(answer.sender()); // the interface's session that named the seat speaks for it
                // What the interface's account sent before it answered is of an earlier session (the server keeps
                // messages for an account that is away): a vote from then must not be cast now.
                int old = 0;
                while (s.receive(Template.sender(ui), Duration.ZERO) != null) {
                    old++;
                }
                if (old > 0) {
                    log.debug("{}: dropped {} message(s) of an earlier session from {}", jid(), old, ui);
                }
                s.setNextState(JOIN_LOBBY);
                return;
            }
        }
        giveUp("its interface " + ui + " gave no name");
    }

    private void giveUp(String why) {
        log.warn("{}: {}", jid(), why);
        tell(Perceived.OVER, "This seat gives up: " + why + ".");
        finished.completeExceptionally(new IllegalStateException(why));
    }

    /** Takes a seat in the lobby; a refused name goes back to the interface for another. */
    private void joinLobby(State s) throws InterruptedException {
        while (isActive()) {
            Message answer = s.ask(Message.builder().to(gameMaster).performative(Performative.REQUEST)
                    .ontology(ONTOLOGY).body(new Catalog.JoinLobby(seat.name(), person ? true : null, true)).build(),
                    ANSWER_WAIT);
            if (answer == null) {
                tell(Perceived.WAITING, "No answer yet from the GameMaster " + gameMaster + "; still asking.");
                continue;
            }
            Body body = read(answer);
            if (answer.is(Performative.AGREE) && body instanceof Catalog.Joined j) {
                seat = seat.joined(j.game());
                knowSession(answer.sender()); // the GameMaster's session that seated us runs the game
                tell(Perceived.LOBBY, "You sit at the table as " + seat.name() + " (" + j.waiting() + " of " + j.needed()
                        + " players).");
                s.setNextState(LOBBY);
                return;
            }
            if (body instanceof Catalog.Refusal r) {
                if (r.code() != RefusalCode.NAME_TAKEN && r.code() != RefusalCode.NAME_INVALID) {
                    // Not the name: the table is full, or its game has begun. No other name would help.
                    tell(Perceived.OVER, "The GameMaster " + gameMaster + " has no seat for you: " + r.reason() + ".");
                    finished.completeExceptionally(new IllegalStateException(r.reason()));
                    return;
                }
                nameAttempt++;
                nameRefusal = "The GameMaster refused the name " + seat.name() + ": " + r.reason();
                tell(Perceived.REFUSAL, nameRefusal);
                s.setNextState(GET_NAME);
                return;
            }
        }
    }

    private SeatView nameView(List<String> notes) {
        return new SeatView(null, null, List.of(), Phase.LOBBY, 0, 0, List.of(), List.of(), List.of(),
                List.of(), Map.of(), null, 0, notes, null, false, Map.of());
    }

    // --- playing ----------------------------------------------------------------------------------------------------

    /**
     * One step of a seated seat: what its state does of its own accord (it reads its room, asks its interface when it
     * is awake and has news), then a message or what falls due first; the next state is the one its seat is in after
     * that (none once the game is over for it).
     */
    private void step(State s, boolean readsRoom, boolean decides) throws InterruptedException {
        if (readsRoom && seat.roomOpen() && reader.due(seat.phaseKey())) {
            follow();
        }
        if (decides && !asked && seat.hasNews(byTurns)) {
            askInterface();
        }
        // A message, or the next thing the seat does of its own accord (asking after a silent GameMaster, giving up on
        // it, noting an interface's long silence), whichever comes first.
        Message m = s.receive(Duration.ofNanos(Math.max(1_000_000, nextDue() - System.nanoTime())));
        if (m != null) {
            guarded(m, () -> handle(m));
        }
        checkGameMaster();
        // (An interface asked by turns holds its question until it acts, by design: no word of it.)
        if (asked && !byTurns && askId != null && !askOverdueTold
                && System.nanoTime() - askedAt > ASK_OVERDUE.toNanos()) {
            askOverdueTold = true;
            // For the log only: a person thinking is no fault, and the seat's line is not for them.
            log.info("{}: its interface {} has not answered {} ({} {} of round {}) for {} s", jid(), ui, askId,
                    seat.phase(), seat.day(), seat.round(), ASK_OVERDUE.toSeconds());
        }
        if (isActive() && !finished.isDone()) {
            s.setNextState(stateOf(seat.mode()));
        }
    }

    /** When {@link #checkGameMaster} or the note of an unanswered question next has something to do (nanoTime). */
    private long nextDue() {
        long pongWait = Math.min(PONG_WAIT.toNanos(), silence.toNanos());
        long due = lastHeard + giveUp.toNanos();
        if (pingSent == 0) {
            due = Math.min(due, lastHeard + silence.toNanos());
        } else {
            due = Math.min(due, pingSent + Math.max(silence.toNanos(), pongWait));
            if (!silent) {
                due = Math.min(due, pingSent + pongWait);
            }
        }
        if (asked && !byTurns && askId != null && !askOverdueTold) {
            due = Math.min(due, askedAt + ASK_OVERDUE.toNanos());
        }
        return due + 1_000_000; // just past it: the checks are strict
    }

    /** A GameMaster that has said nothing for a while is asked whether it is there; one that stays silent, waited for. */
    private void checkGameMaster() {
        long now = System.nanoTime();
        long quiet = now - lastHeard;
        if (quiet > giveUp.toNanos()) {
            giveUp("the GameMaster " + gameMaster + " has said nothing for " + giveUp.toSeconds() + " s");
            return;
        }
        long pongWait = Math.min(PONG_WAIT.toNanos(), silence.toNanos());
        if (pingSent != 0 && now - pingSent > pongWait && !silent) {
            silent = true;
            tell(Perceived.SILENCE, "The GameMaster has said nothing for " + quiet / 1_000_000_000L
                    + " s and does not answer. Waiting for it to come back (a crashed game is taken up again with "
                    + "./maw gm --resume); this seat gives up after " + giveUp.toSeconds() + " s.");
        }
        // Asked once the silence is long enough, then again now and then (a GameMaster that comes back answers).
        long again = Math.max(silence.toNanos(), pongWait);
        if (quiet > silence.toNanos() && (pingSent == 0 || now - pingSent > again)) {
            pingSent = now;
            send(request(gameMaster, new Catalog.Ping(seat.game())).toBuilder().performative(Performative.QUERY_IF).build());
        }
    }

    private void heardFromGameMaster() {
        lastHeard = System.nanoTime();
        pingSent = 0;
        if (silent) {
            silent = false;
            tell(Perceived.SILENCE, "The GameMaster is back.");
        }
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null) {
            return;
        }
        Jid from = m.sender().bare();
        if (from.equals(ui) || from.equals(gameMaster)) {
            if (!fromKnownSession(m, from)) {
                if (!isComplaint(m)) {
                    refuse(m, seat.game(), RefusalCode.NOT_YOURS, "another session of " + from + " than the one this seat "
                            + "knows: only that one is trusted");
                }
            } else if (from.equals(ui)) {
                onInterface(m, body);
            } else {
                onGameMaster(m, body);
            }
        } else if (seat.isRoom(from)) {
            onRoom(m, body);
        } else if (!isComplaint(m)) {
            refuse(m, seat.game(), RefusalCode.NOT_YOURS, forgedReason(body));
        }
    }

    /** Why a message from a stranger is refused: game news comes from the GameMaster and the rooms only. */
    private static String forgedReason(Body body) {
        return switch (body) {
            case Catalog.PhaseChange p -> "only the GameMaster announces phase changes";
            case Catalog.Kill k -> "only the GameMaster kills";
            case Catalog.AssignRole a -> "only the GameMaster deals roles";
            case Catalog.StartGame sg -> "only the GameMaster starts games";
            case Catalog.EndGame e -> "only the GameMaster ends games";
            case Catalog.VoteResult v -> "only the GameMaster counts votes";
            case Catalog.NewMessages n -> "room news comes from the rooms only";
            default -> "a player takes messages from its GameMaster, its rooms and its interface only";
        };
    }

    private void onGameMaster(Message m, Body body) {
        heardFromGameMaster();
        if (m.inReplyTo() != null) {
            unanswered.remove(m.inReplyTo());
        }
        if (body.game() != null && seat.game() != null && !seat.game().equals(body.game())) {
            log.debug("{}: ignored a message of another game: {}", jid(), m);
            return;
        }
        if (m.is(Performative.REFUSE) && body instanceof Catalog.Refusal r) {
            carryOut(seat.refused(r, m.inReplyTo()), m);
            return;
        }
        String phaseBefore = seat.phaseKey();
        Seat.Next after = seat.hear(body, m.inReplyTo());
        if (!after.seat().phaseKey().equals(phaseBefore)) {
            reader.phaseChanged();
        }
        carryOut(after, m);
    }

    /** Takes the next seat, and carries out what follows from what the seat heard ({@code m}), in order. */
    private void carryOut(Seat.Next after, Message m) {
        seat = after.seat();
        for (Seat.Effect e : after.effects()) {
            switch (e) {
                case Seat.Tell t -> tell(t.kind(), t.text(), t.news());
                case Seat.Reply r -> reply(m, Performative.INFORM, r.body());
                case Seat.Perform p -> perform(p.act());
                case Seat.Reask r -> {
                    if (asked && askId != null && !byTurns) {
                        // The question pending is for a turn that is over: the interface stops deciding it (a
                        // model's call is cancelled, so that its server stops generating).
                        send(Message.builder().to(ui).performative(Performative.REQUEST).ontology(ONTOLOGY)
                                .replyWith(newId()).body(new SeatCatalog.GetInput(seat.game(), seat.round(),
                                        SeatCatalog.Purpose.WITHDRAW, 0, null)).build());
                    }
                    askId = null;
                    asked = false;
                    passIfRefused = null;
                }
                case Seat.Over o -> finished.complete(o.totals());
            }
        }
    }

    private void onRoom(Message m, Body body) {
        if (body instanceof Catalog.NewMessages nm) {
            if ((body.game() == null || body.game().equals(seat.game())) && reader.take(m.inReplyTo(), nm,
                    seat.phaseKey(), (line, late) -> carryOut(seat.said(line.from(), line.text(), late), null))) {
                seat = seat.roomClosed();
            }
        } else if (m.is(Performative.REFUSE) && body instanceof Catalog.Refusal r) {
            if (r.code() != null && "get_new_messages".equals(r.refused())
                    && reader.refused(m.inReplyTo(), seat.phaseKey())) {
                // The room of the seat's phase will not have it follow. (The refusal of a follow of a phase the seat
                // has left closes nothing: a room that opened for the next round before the GameMaster's word of it
                // reached the seat is followed with the old round's stamp, and refused.)
                seat = seat.roomClosed();
            }
            if (passIfRefused != null && "chat".equals(r.refused())) {
                endTurn(); // the line was refused: the turn is over all the same
            }
            note(Perceived.REFUSAL, "The " + seat.roomTitle(m.sender()) + " refused your " + r.refused() + ": "
                    + r.reason() + ".");
        } else if (body instanceof Catalog.AnnounceOpen ao) {
            log.debug("{}: {} open (writable: {})", jid(), ao.room_name(), ao.writable());
            reader.forget(); // a room opened (again: a resumed game's) knows no followers: follow it anew
        }
    }

    /** Asks the room of the seat's phase for what was said, and for each line as it is said. */
    private void follow() {
        String id = newId();
        send(Message.builder().to(seat.room()).performative(Performative.REQUEST).ontology(ONTOLOGY).replyWith(id)
                .body(reader.follow(id, seat.phaseKey(), seat.game(), seat.round())).build());
    }

    // --- the interface ------------------------------------------------------------------------------------------------

    private void onInterface(Message m, Body body) {
        if (body instanceof Catalog.MoreTime) {
            // The person asks for more time: stamped with the phase under way, the GameMaster judges it.
            send(request(gameMaster, seat.moreTime()));
            return;
        }
        if (!(body instanceof SeatCatalog.PlayerAction a)) {
            if (!isComplaint(m) && !(body instanceof SeatCatalog.SeatName)) {
                refuse(m, seat.game(), RefusalCode.WRONG_RECIPIENT,
                        "an interface answers get_input with a player_action");
            }
            return;
        }
        if (m.inReplyTo() != null) {
            if (!m.inReplyTo().equals(askId)) {
                // The answer to a question of an earlier phase: what it asks for no longer applies.
                log.debug("{}: dropped a stale answer {}", jid(), a);
                return;
            }
            askId = null;
            asked = false;
        }
        Act action = a.toAct();
        if (action instanceof Act.Listen || action instanceof Act.Pass) {
            if (seat.awaits(Act.Kind.TALK)) {
                perform(new Act.Talk("Skip")); // a talk turn awaits every living player: listening is Skip
            } else if (seat.awaits(Act.Kind.PASS)) {
                // A step that asks the seat once: no act is its answer, and the default is played now.
                send(request(gameMaster, passed(seat.pass())));
            }
            return;
        }
        if (seat.beforeTheTurn() || action instanceof Act.Talk && seat.lineOnItsWay()) {
            // The phase has begun, and what the seat may do in it is on its way (or its turn is to come; or, in a
            // speak-anytime phase, the rules are still to count the seat's last line).
            carryOut(seat.keep(action), null);
            return;
        }
        perform(action);
    }

    private void perform(Act action) {
        String problem = seat.problemWith(action);
        if (problem != null) {
            note(Perceived.REFUSAL, problem);
            return;
        }
        boolean oneAct = seat.takesTurns();
        act(action);
        seat = seat.news();
        if (seat.inTurns() && seat.view() != null) {
            // AIWolf takes one act of each kind a step: the seat is done with it until the GameMaster's next turn
            // (or its refusal, which gives the act back; in a group chat, the view that counts the line).
            seat = seat.doneWith(action.kind());
        } else if (oneAct) {
            // At a pace of turns a turn is one act: a request to the GameMaster ends it there; a line said in the
            // room (the floor's) ends it when the room tells the GameMaster it has the line.
            Catalog.Pass pass = passed(seat.pass());
            if (action instanceof Act.Speak) {
                passIfRefused = pass;
            }
        }
    }

    /** Sends the pass that ends the seat's turn at a pace of turns. */
    private void endTurn() {
        Catalog.Pass pass = passIfRefused;
        passIfRefused = null;
        if (pass != null) {
            send(request(gameMaster, pass));
        }
    }

    private void act(Act action) {
        Catalog.Stamped body = seat.request(action);
        if (body == null || action instanceof Act.Pass) {
            return; // nothing to send; a pass is answered before it is performed
        }
        if (action instanceof Act.Speak) {
            seat = seat.sent(action, null);
            // The followed room sends the line back as it takes it, before any act the seat sends next can end the
            // phase and close the room; so the seat's last word reaches it.
            send(seat.room(), Performative.REQUEST, body);
            return;
        }
        Message request = request(gameMaster, body);
        seat = seat.sent(action, request.replyWith());
        send(request);
    }

    /** Takes the seat that gave up its turn, and the pass to send. */
    private Catalog.Pass passed(Seat.Passed p) {
        seat = p.seat();
        return p.pass();
    }

    /** A request with a fresh reply-with, so that its answer (agree or refuse) is matched to it. */
    private Message request(Jid to, Body body) {
        Message m = Message.builder().to(to).performative(Performative.REQUEST).ontology(ONTOLOGY).replyWith(newId())
                .body(body).build();
        if (to.equals(gameMaster) && body instanceof Catalog.Stamped) {
            actsSent.incrementAndGet();
            unanswered.add(m.replyWith());
        }
        return m;
    }

    private void askInterface() {
        asked = true;
        Seat.Taken taken = seat.takeUnseen();
        seat = taken.seat();
        List<String> lines = taken.lines();
        SeatView view = views.asked(seat.view(lines), seat.game(), seat.round());
        Message request = Message.builder().to(ui).performative(Performative.REQUEST).ontology(ONTOLOGY)
                .replyWith(newId()).body(new SeatCatalog.GetInput(seat.game(), seat.round(), SeatCatalog.Purpose.ACT, 0,
                        view)).build();
        askId = request.replyWith();
        askedAt = System.nanoTime();
        askOverdueTold = false;
        log.debug("{}: asks its interface ({}) in {} {} of round {}", jid(), askId, seat.phase(), seat.day(),
                seat.round());
        send(request);
    }

    /** Something the seat learned: kept for the next get_input, and told at once to an interface that watches. */
    private void note(Perceived kind, String text) {
        carryOut(seat.note(kind, text), null);
    }

    private void tell(Perceived kind, String text) {
        tell(kind, text, null);
    }

    /** A line for the interface (and the tap), with the GameMaster's piece of news it tells ({@code news}), if any. */
    private void tell(Perceived kind, String text, Body news) {
        tap.accept(text);
        if (observe) {
            send(ui, Performative.INFORM, new SeatCatalog.Observe(seat.game(), seat.round(), kind, text,
                    views.observed(seat.view(List.of()), seat.game(), seat.round(), news instanceof Catalog.StartGame),
                    news));
        }
    }
}
