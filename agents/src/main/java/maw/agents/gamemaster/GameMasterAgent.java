package maw.agents.gamemaster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.agents.WatchCatalog;
import maw.base.Act;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Outcome;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Result;
import maw.game.Room;
import maw.game.Rules;
import maw.runtime.Behaviour;
import maw.runtime.FSMBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.State;
import maw.runtime.Template;

/**
 * The GameMaster: the lobby (players join under unique names; the game starts when the table is full and everyone
 * answers the ready check) and the moderator of any rule set. It turns messages into {@link Command}s for the rules,
 * refuses what the rules refuse (with their code), opens and closes the rooms the rules name, runs each phase's timer
 * to the rules' deadline, tells every seat what the rules await from it ({@code turn}), has the rule set's
 * {@link Herald} announce its events to exactly their audience, plays several rounds and keeps the leaderboard.
 *
 * @param <S> the rule set's state
 * @param <O> its options
 * @param <E> its events
 */
public final class GameMasterAgent<S extends GameView, O, E extends GameEvent> extends GameAgent {


    private static final String SETUP = "SetupState";
    private static final String ASSIGN = "AssignRolesState";
    private static final String PHASE = "PhaseState";
    private static final String END = "EndPhaseState";
    private static final String RESUME = "ResumeState";

    private final GameConfig config;
    private final Ruleset<S, O, E> ruleset;
    private final GameListener listener;
    private final Seating seating;
    private final Map<String, Jid> seats;
    private final Leaderboard leaderboard = new Leaderboard();
    private final CompletableFuture<List<RoundSummary>> finished = new CompletableFuture<>();
    private final Turns turns = new Turns();
    /** The news envelopes of the seats that take them ({@code join_lobby}'s {@code news}). */
    private final Envelopes envelopes = new Envelopes();

    /** People at ordinary chat clients, who play by typing to the GameMaster and talk in the rooms' group chats. */
    private final ChatDesk desk;

    @Override
    protected boolean takesPlainText() { return true; }

    @Override
    protected boolean divert(Message m) { return desk.divert(m); }

    private final Watchers watchers = new Watchers();
    private final RoomSwitch roomSwitch;

    private Recovery<S, O> recovery;
    private FSMBehaviour fsm;
    private S state;
    private int round;
    /** Who asked for more time on which day. */
    private final MoreTimeAsked moreTime = new MoreTimeAsked();

    /** The phase clock, which the host may stop and step. */
    private final GameClock clock = new GameClock();
    private boolean seated;
    /** The first round begins once this is done (a tournament starting its tables together); done by default. */
    private volatile CompletableFuture<?> startGate = CompletableFuture.completedFuture(null);

    public GameMasterAgent(Jid jid, String password, GameConfig config, Ruleset<S, O, E> ruleset, GameListener listener) {
        super(jid, password);
        this.config = Objects.requireNonNull(config, "config");
        this.roomSwitch = new RoomSwitch(config);
        this.seating = new Seating(config.rooms());
        this.seats = seating.seats();
        this.ruleset = Objects.requireNonNull(ruleset, "ruleset");
        this.listener = listener == null ? new GameListener() { } : listener;
        this.desk = new ChatDesk(this::post, (to, text) -> send(Message.builder().to(to).rawBody(text).build()),
                this::newId, this::jid, this::gameId, this.listener::chatClient);
        // The game's own rooms are spared (a room tells its GameMaster of each line its floor's holder says).
        limitInbound(ruleset.inbound().sparing(config.rooms().values()));
    }

    /** Takes the game up where its journal left it (seats, rounds, state; the phase to its deadline); before start. */
    public GameMasterAgent<S, O, E> resume(Recovery<S, O> from) {
        if (!from.gameId().equals(config.gameId())) {
            throw new IllegalArgumentException("the journal is of game " + from.gameId() + ", not " + config.gameId());
        }
        this.recovery = from;
        return this;
    }

    /** A resumed GameMaster judges what the seats sent while it was away; a fresh one takes nothing from before. */
    @Override
    protected boolean takesStoredMessagesFromBeforeItsStart() {
        return recovery != null;
    }

    /** Completes with every round's summary when the last round is over. */
    public CompletableFuture<List<RoundSummary>> finished() { return finished; }
    public Map<String, Integer> totals() { return leaderboard.totals(); }
    public String gameId() { return config.gameId(); }

    /** The token a watcher shows for the god view (roles, the pack's news, whispers); print it for the operator. */
    public String watchToken() { return watchers.token(); }
    /** Takes {@code token} as the god view's (chosen before the GameMaster starts); before {@code start} only. */
    public GameMasterAgent<S, O, E> watchToken(String token) { watchers.token(token); return this; }

    public int watchers() { return watchers.size(); }

    /** The names seated in the lobby now, in the order they joined. */
    public List<String> lobby() { return seating.lobby(); }

    @Override
    protected void setup() {
        fsm = new FSMBehaviour("GameMasterBehaviour");
        fsm.addState(SETUP, State.of(SETUP, this::setupState));
        fsm.addState(ASSIGN, State.of(ASSIGN, this::assignRolesState));
        fsm.addState(PHASE, State.of(PHASE, this::phaseState));
        fsm.addState(END, State.of(END, this::endPhaseState));
        fsm.addTransition(SETUP, ASSIGN).addTransition(ASSIGN, PHASE).addTransition(PHASE, PHASE)
                .addTransition(PHASE, END).addTransition(END, ASSIGN);
        if (recovery != null) {
            fsm.addState(RESUME, State.of(RESUME, this::resumeState));
            fsm.setInitialState(RESUME);
            fsm.addTransition(RESUME, SETUP).addTransition(RESUME, ASSIGN).addTransition(RESUME, PHASE)
                    .addTransition(RESUME, END);
        }
        listener.opened(config, session(), ruleset.rules().name(), ruleset.options(), recovery != null);
        addBehaviour(fsm);
    }

    /** Restores the table from the journal, reopens the rooms where their logs got to, tells each seat where it is. */
    private void resumeState(State s) throws InterruptedException {
        while (!startGate.isDone() && isActive()) {
            s.pause(Duration.ofMillis(50)); // the table's own seats connect first: they are told where the game is
        }
        Recovery<S, O> r = recovery;
        clock.restore(r.pausedLeftMillis()); // a game its host had paused stays paused
        r.seats().forEach((name, jid) -> seating.seat(name, jid, r.people().contains(name), r.news().contains(name)));
        r.chatClients().forEach(name -> desk.adopt(name, seats.get(name), config.gameId()));
        leaderboard.add(r.totals());
        round = r.round();
        moreTime.restore(round, r.moreTime());
        for (S played : r.played()) {
            leaderboard.ended(summary(leaderboard.played() + 1, played));
        }
        log.info("{}: resuming game {} in round {} ({} seats)", jid(), config.gameId(), round, seats.size());
        if (round == 0) {
            s.setNextState(SETUP); // still in the lobby: the seats are back, the ready check follows
            return;
        }
        seated = true;
        state = r.state();
        List<String> players = state.players();
        for (String p : players) {
            send(seats.get(p), Performative.INFORM, startGame(players));
        }
        if (state.isOver()) {
            if (r.scored() && round >= config.rounds()) {
                tellScores(totals(), true, false);
                leaderboard.ended(summary(round, state));
                finished.complete(leaderboard.rounds());
                return;
            }
            s.setNextState(r.scored() ? ASSIGN : END);
            return;
        }
        clock.runTo(r.deadlineMillis() > 0 ? r.deadlineMillis()
                : System.currentTimeMillis() + state.awaiting().length().toMillis());
        openRooms(state.phase(), r.chatIndex());
        switchRooms();
        Herald.Context context = new Herald.Context(config.gameId(), round, clock.deadline());
        turns.clear();
        envelopes.clear();
        players.forEach(p -> {
            List<Herald.Notice> recap = ruleset.herald().recap(state, p, context);
            tell(recap, ruleset.herald().recapTold(state, p, context, recap), false);
        });
        tellTurns(true);
        s.setNextState(PHASE);
    }

    /** Holds the first round (a resumed game: its news to the seats) until {@code gate} is done; the lobby fills. */
    public void holdStart(CompletableFuture<?> gate) {
        this.startGate = Objects.requireNonNull(gate);
    }

    // --- states ---------------------------------------------------------------------------------------------------

    /** Waits until the table is full and every seated player answers the ready check. */
    private void setupState(State s) throws InterruptedException {
        while (s.agent().isActive()) {
            while (seats.size() < config.players()) {
                handleNext(s, Duration.ofMillis(500));
                if (!isActive()) {
                    return;
                }
            }
            while (!startGate.isDone() && isActive()) {
                handleNext(s, Duration.ofMillis(200)); // the table is full; the lobby stays open to what comes
            }
            seating.clearReady();
            for (Jid j : seats.values()) {
                send(j, Performative.QUERY_IF, new Catalog.ReadyCheck(config.gameId()));
            }
            long until = System.nanoTime() + config.readyTimeout().toNanos();
            while (!seating.allReady() && System.nanoTime() < until && isActive()) {
                handleNext(s, Duration.ofNanos(Math.max(1_000_000, until - System.nanoTime())));
            }
            if (seating.allReady() && seats.size() == config.players()) {
                seated = true;
                s.setNextState(ASSIGN);
                return;
            }
            for (String name : List.copyOf(seats.keySet())) {
                if (!seating.isReady(name)) {
                    unseat(name, "did not answer the ready check");
                }
            }
        }
    }

    /** Deals the roles for a new round and begins its first phase. */
    private void assignRolesState(State s) {
        round++;
        Rules<S, O, E> rules = ruleset.rules();
        S lobbyState = rules.newGame(ruleset.options(), seedFor(round));
        List<String> players = List.copyOf(seats.keySet());
        Command start = new Command.Start(players);
        Outcome<S, E> o = rules.apply(lobbyState, start);
        if (!(o instanceof Outcome.Accepted<S, E> a)) {
            throw new IllegalStateException("the deal was refused: " + ((Outcome.Refused<S, E>) o).reason());
        }
        state = lobbyState;
        turns.clear();
        envelopes.clear();
        listener.roundStarted(round, config.rounds(), seedFor(round), rules.name(), ruleset.options(), config,
                jid(), Map.copyOf(seats), a.state());
        listener.command(round, start);
        // The players in the rules' deal order (AIWolf's agent numbers follow it).
        List<String> dealt = a.state().players();
        for (String p : dealt) {
            send(seats.get(p), Performative.INFORM, startGame(dealt));
        }
        watched(dealt, startGame(dealt));
        accepted(a);
        s.setNextState(PHASE);
    }

    /**
     * Takes acts until the phase's timer runs out or the acts end it; then asks the rules to close it. While the game
     * is paused the clock stands and acts wait in the mailbox.
     */
    private void phaseState(State s) throws InterruptedException {
        PhaseId id = state.phase();
        while (isActive() && !state.isOver() && state.phase().equals(id) && !clock.expired()) {
            Message m = s.receive(clock.paused() ? GameClock.NOT_AN_ACT : Template.any(),
                    Duration.ofMillis(clock.waitMillis()));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }
        if (!isActive()) {
            return;
        }
        // What already waits in the mailbox was sent before the deadline (after a resume: while the GameMaster was
        // away): it is taken before the timer ends the phase.
        while (!state.isOver() && state.phase().equals(id)) {
            Message m = s.poll();
            if (m == null) {
                break;
            }
            guarded(m, () -> handle(m));
        }
        if (!state.isOver() && state.phase().equals(id)) {
            Command timeout = new Command.Timeout(id);
            if (ruleset.rules().apply(state, timeout) instanceof Outcome.Accepted<S, E> a) {
                listener.command(round, timeout);
                accepted(a);
            }
        }
        s.setNextState(state.isOver() ? END : PHASE);
    }

    /** Scores the round; starts the next one or finishes. */
    private void endPhaseState(State s) {
        Result over = state.result();
        leaderboard.add(over.scores());
        RoundSummary ended = summary(round, state);
        leaderboard.ended(ended);
        boolean last = round >= config.rounds();
        Map<String, Integer> snapshot = totals();
        listener.roundEnded(ended);
        listener.scores(round, snapshot, last);
        tellScores(snapshot, last, true);
        if (last) {
            finished.complete(leaderboard.rounds());
        } else {
            s.setNextState(ASSIGN);
        }
    }

    private void tellScores(Map<String, Integer> totals, boolean last, boolean toWatchers) {
        Catalog.Scores scores = new Catalog.Scores(config.gameId(), round, config.rounds(), totals, last);
        seats.values().forEach(j -> send(j, Performative.INFORM, scores));
        if (toWatchers) {
            watched(seats.keySet(), scores);
        }
    }

    private RoundSummary summary(int r, S over) {
        return RoundSummary.of(r, over, ruleset.herald());
    }

    // --- requests ---------------------------------------------------------------------------------------------------

    private void handleNext(Behaviour b, Duration wait) throws InterruptedException {
        Message m = b.receive(wait);
        if (m != null) {
            guarded(m, () -> handle(m));
        }
    }

    private void handle(Message m) {
        if (m.isPlainText()) {
            desk.typed(m);
            return;
        }
        Body body = read(m);
        if (body == null || isComplaint(m) || m.is(Performative.AGREE)) {
            return;
        }
        switch (body) {
            case Catalog.JoinLobby j -> onJoin(m, j);
            case Catalog.LeaveLobby l -> onLeave(m);
            case Catalog.Ready r -> {
                // Only a seated account's readiness counts: a stranger cannot answer for a seat.
                if (config.gameId().equals(r.game())) {
                    seating.ready(m.sender().bare());
                }
            }
            case WatchCatalog.Watch w -> onWatch(m, w);
            case WatchCatalog.Control c -> onControl(m, c);
            case Catalog.Ping p -> { // a watcher's ping renews its watch
                watchers.seen(m.sender());
                reply(m, Performative.INFORM, new Catalog.Pong(config.gameId(), round, state == null ? Phase.LOBBY
                        : state.phase().phase(), state == null ? 0 : state.phase().number()));
            }
            case Catalog.MoreTime t -> onMoreTime(m, t);
            case Catalog.Stamped act when !(act instanceof Catalog.Chat) -> onAct(m, act, act.act());
            case Catalog.LineSaid said when config.rooms().containsValue(m.sender().bare()) -> onLineSaid(said);
            default -> refuse(m, Misdirected.refusal(config.gameId(), body, m.bodyType(),
                    state == null ? null : state.phase()));
        }
    }

    private void onJoin(Message m, Catalog.JoinLobby j) {
        if (m.storedAt() != null && m.storedAt().isBefore(startedAt())) {
            // A join kept by the server from before this GameMaster started names no game: whoever sent it is gone.
            log.info("{}: ignored a join of {} stored before it started", jid(), m.sender());
            return;
        }
        String name = j.player_name().strip();
        switch (seating.join(name, m.sender(), seated, config.players(), Boolean.TRUE.equals(j.person()),
                Boolean.TRUE.equals(j.news()))) {
            case Seating.Refused r -> {
                refuse(m, config.gameId(), r.code(), r.reason());
                r.journal(listener, name);
            }
            case Seating.Again a -> {
                vouch(m.sender());
                reply(m, Performative.AGREE, new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
            }
            case Seating.Seated a -> {
                reply(m, Performative.AGREE, new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
                vouch(m.sender());
                listener.joined(name, m.sender().bare(), seats.size(), config.players(), seating.isPerson(name),
                        seating.takesNews(name));
                watched(seats.keySet(), new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
            }
        }
    }

    /** A watcher: the public view for anyone, the god view for whoever shows the token. */
    private void onWatch(Message m, WatchCatalog.Watch w) {
        Seating.Refused no = watchers.watch(m.sender(), w, config.gameId());
        if (no != null) {
            refuse(m, config.gameId(), no.code(), no.reason());
            return;
        }
        if (w.view() == WatchCatalog.WatchView.GOD) {
            // A god-view watcher may see the inside of every agent of the game: the seats hear it from here.
            seating.sessions().forEach(this::vouch);
            config.rooms().values().forEach(this::vouch);
        }
        reply(m, Performative.AGREE, new WatchCatalog.Watching(config.gameId(), round,
                ruleset.label(), w.view(),
                state == null ? seating.lobby() : state.players(), config.players()));
        if (state != null && seated && !state.isOver()) {
            // A watcher who comes mid-round is told where it stands: the round, the phase, and (god view) the roles.
            List<String> players = state.players();
            send(m.sender(), Performative.INFORM, new WatchCatalog.Watched(config.gameId(), round, players,
                    startGame(players)));
            for (WatchCatalog.Watched recap : ruleset.herald().watcherRecap(state, new Herald.Context(config.gameId(),
                    round, clock.deadline()), w.view() == WatchCatalog.WatchView.GOD)) {
                send(m.sender(), Performative.INFORM, recap);
            }
        }
    }

    /** Tells a seat's Player (or a room) who may see the inside of its agents: the god-view watchers. */
    private void vouch(Jid player) { watchers.vouch(player, config.gameId(), this::inform); }

    private void inform(Jid to, Body body) { send(to, Performative.INFORM, body); }

    @Override
    protected boolean mayInspect(Jid session) {
        return watchers.isGod(session);
    }

    @Override
    protected void describe(ObjectNode inside, boolean detail) {
        inside.set("links", Json.MAPPER.valueToTree(seating.links()));
        inside.put("game", config.gameId());
        inside.put("round", round);
        inside.put("watchers", watchers.size());
    }

    /** Tells the watchers a message the GameMaster sent to {@code to}: all of them, or only what everyone is told. */
    private void watched(Collection<String> to, Body body) {
        watchers.watched(config.gameId(), round, state == null ? seating.lobby() : state.players(), to, body,
                this::inform);
    }

    /** The host pauses, steps or resumes the game's clock (a god-view watcher); rooms and watchers are told. */
    private void onControl(Message m, WatchCatalog.Control c) {
        if (!watchers.isGod(m.sender()) && !watchers.isToken(c.token())) {
            refuse(m, config.gameId(), RefusalCode.NOT_YOURS, "a game is paused and stepped by its god-view watchers "
                    + "or with its watch token");
            return;
        }
        PhaseId now = state == null || !seated || state.isOver() ? null : state.phase();
        boolean changed = clock.control(c, now, m.sender().toString());
        WatchCatalog.Clock status = clock.status(config.gameId(), round, now,
                (int) mailboxSnapshot().stream().filter(GameClock::isAct).count());
        if (changed) {
            listener.clock(round, now, clock.paused(), status.left_ms()); // on record before anyone is told
        }
        reply(m, Performative.AGREE, status);
        if (changed) {
            log.info("{}: game {} {} by {} at {}", jid(), config.gameId(), clock.paused() ? "paused" : "resumed",
                    m.sender(), now == null ? "the lobby" : now);
            roomSwitch.pause(clock.paused());
            switchRooms();
            if (now != null && !clock.paused()) {
                listener.deadline(round, now, clock.deadline());
                tellTurns(true); // the seats' deadline is a new one
            }
            watched(state == null ? seating.lobby() : state.players(), status);
        }
    }

    private void onLeave(Message m) {
        String name = seating.name(m.sender().bare());
        if (name == null) {
            refuse(m, config.gameId(), RefusalCode.NOT_SEATED, "you are not in the lobby");
        } else if (seated) {
            refuse(m, config.gameId(), RefusalCode.GAME_IN_PROGRESS,
                    "the game has started: a seat cannot be given up now");
        } else {
            unseat(name, "left the lobby");
            reply(m, Performative.AGREE, new Catalog.Ok(config.gameId(), "left"));
        }
    }

    private void unseat(String name, String why) {
        desk.forget(seats.get(name));
        boolean was = seating.unseat(name);
        if (was) {
            listener.left(name, why);
        }
    }

    /**
     * A person asks for more time (once a day, by day, alive): the day ends {@link MoreTimeAsked#MORE} later, which the
     * journal, the asker (agree), every other seat and the watchers are told.
     */
    private void onMoreTime(Message m, Catalog.MoreTime t) {
        String who = seating.name(m.sender().bare());
        PhaseId now = state == null || !seated || state.isOver() ? null : state.phase();
        MoreTimeAsked.No no = moreTime.judge(t, who, who != null && seating.isPerson(who), round, now,
                state == null ? List.of() : state.living());
        if (no != null) {
            refuse(m, config.gameId(), no.code(), no.reason());
            return;
        }
        clock.extend(MoreTimeAsked.MORE.toMillis());
        listener.moreTime(round, now, who);
        listener.deadline(round, now, clock.deadline());
        Catalog.MoreTime given = new Catalog.MoreTime(config.gameId(), round, now.phase(), now.number(), who,
                (int) MoreTimeAsked.MORE.toSeconds(), clock.deadline());
        reply(m, Performative.AGREE, given);
        state.players().stream().filter(p -> !p.equals(who)).map(seats::get).filter(Objects::nonNull)
                .forEach(j -> inform(j, given));
        watched(state.players(), given);
        log.info("{}: {} asked for more time on day {}: the day ends {} s later", jid(), who, now.number(),
                MoreTimeAsked.MORE.toSeconds());
    }

    /** An act of a seated player, for the game, round, phase and day it names. */
    private void onAct(Message m, Catalog.Stamped stamped, Act act) {
        String player = seating.name(m.sender().bare());
        RefusalCode code = Misdirected.whyNotJudged(player != null, state != null && seated,
                config.gameId().equals(stamped.game()) && stamped.round() == round);
        if (code != null) {
            refuseAct(m, stamped, player != null ? player : m.sender().toString(), code, Misdirected.reason(code));
            return;
        }
        Command c = new Command.Perform(player, stamped.phaseId(), act);
        Outcome<S, E> o = ruleset.rules().apply(state, c);
        if (o instanceof Outcome.Refused<S, E> r) {
            refuseAct(m, stamped, player, r.code(), r.reason());
            return;
        }
        listener.command(round, c);
        reply(m, Performative.AGREE, new Catalog.Accepted(config.gameId(), round, stamped.phase(), stamped.day(),
                act.kind(), act.target()));
        accepted((Outcome.Accepted<S, E>) o);
    }

    /**
     * A room says the one who holds its floor (at a pace of turns) said a line: that seat's turn is over, as if it
     * passed; the room had the line, and every reader waiting for news got it, before the next turn begins.
     */
    private void onLineSaid(Catalog.LineSaid said) {
        if (state == null || !seated || !config.gameId().equals(said.game()) || said.round() != round
                || state.phase().phase() != said.phase() || state.phase().number() != said.day()) {
            return;
        }
        Command c = new Command.Perform(said.player(), state.phase(), new Act.Pass());
        if (ruleset.rules().apply(state, c) instanceof Outcome.Accepted<S, E> a) {
            listener.command(round, c);
            accepted(a);
        }
    }

    private void refuseAct(Message m, Catalog.Stamped act, String who, RefusalCode code, String reason) {
        refuse(m, Catalog.Refusal.of(config.gameId(), code, reason, m.bodyType(), act));
        listener.refused(round, who, m.bodyType(), code, reason);
    }

    // --- announcements ----------------------------------------------------------------------------------------------

    /** Takes the rules' new state: switches the rooms and the timer, announces the events, tells the new turns. */
    private void accepted(Outcome.Accepted<S, E> a) {
        PhaseId before = state.phase();
        state = a.state();
        // The rooms first, before anything of the outcome is told: nobody told of a death speaks in the phase it ended.
        RoomSwitch.Followed f = roomSwitch.follow(a.events(), before, state.awaiting().length().toMillis(), round,
                clock, phase -> openRooms(phase, Map.of()), this::switchRooms);
        long[] deadlines = f.deadlines();
        boolean pausedAtStart = f.pausedAtStart();
        for (int i = 0; i < deadlines.length; i++) {
            E e = a.events().get(i);
            if (e.began() != null) {
                listener.deadline(round, e.began(), deadlines[i]);
            }
            listener.event(round, e, state);
            Herald.Context context = new Herald.Context(config.gameId(), round, deadlines[i]);
            List<Herald.Notice> announced = ruleset.herald().announce(e, state, context);
            tell(announced, ruleset.herald().tell(e, state, context, announced), true);
        }
        tellTurns(!state.phase().sameAs(before));
        if (pausedAtStart) { // the host's step ended here, or the game was paused before: it stands at this start
            // Journaled before the watchers hear it: what they are told is on record (a crash after it resumes right).
            listener.clock(round, state.phase(), true, state.awaiting().length().toMillis());
            watched(state.players(), clock.status(config.gameId(), round, state.phase(), 0));
        }
    }

    /**
     * Sends each notice to the players it names that take their news one message a piece, and to the watchers who may
     * see it ({@code watch}); gathers each of {@code enveloped} for the players it names that take envelopes, sent in
     * the step's envelope by {@link #tellTurns}.
     */
    private void tell(List<Herald.Notice> notices, List<Herald.Notice> enveloped, boolean watch) {
        for (Herald.Notice n : notices) {
            for (String p : n.to()) {
                Jid j = seats.get(p);
                if (j != null && !seating.takesNews(p)) {
                    inform(j, n.body());
                }
            }
            if (watch) {
                watched(n.to(), n.body());
            }
        }
        for (Herald.Notice n : enveloped) {
            for (String p : n.to()) {
                if (seats.containsKey(p) && seating.takesNews(p)) {
                    envelopes.add(p, n.body());
                }
            }
        }
    }

    /**
     * Tells each seat what the rules await from it, when that changed (or, at a new phase, always): a {@code turn}, or
     * to a seat that takes envelopes the step's envelope, with its view where that changed.
     */
    private void tellTurns(boolean all) {
        turns.toTell(state, config.gameId(), round, clock.deadline(), all).forEach((player, turn) -> {
            Jid j = seats.get(player);
            if (j != null && !seating.takesNews(player)) {
                inform(j, turn);
            }
        });
        List<String> takers = state.players().stream().filter(seating::takesNews).filter(seats::containsKey).toList();
        long deadline = clock.deadline();
        envelopes.take(takers, those -> {
            Map<String, maw.base.SeatView> views = new java.util.LinkedHashMap<>();
            ruleset.views(state, those).forEach((p, v) -> views.put(p, v.withDeadline(deadline)));
            return views;
        }, config.gameId(), round, all).forEach((player, news) -> inform(seats.get(player), news));
    }

    private void openRooms(PhaseId phase, Map<Room, Long> after) {
        roomSwitch.open(state.rooms(), round, phase, after, seats::get, watchers, desk.seated().keySet(),
                clock.paused());
    }

    /** Sends the rooms what the rules' state asks of them: open, close, and (at a pace of turns) the floor. */
    private void switchRooms() {
        if (state != null && !state.isOver()) {
            roomSwitch.floor(state.floor(), round, state.phase(), seats::get);
        }
        roomSwitch.send(fsm, log, jid());
    }

    private Catalog.StartGame startGame(List<String> p) {
        return config.startGame(round, p, ruleset.label(), ruleset.speech(), ruleset.longest(), seating.people(p)); }

    private long seedFor(int r) { return config.seedFor(r); }
}
