package maw.agents.gamemaster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.base.Act;
import maw.base.Speech;
import maw.game.Access;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameOptions;
import maw.game.GameState;
import maw.game.GameView;
import maw.game.MawRules;
import maw.game.Outcome;
import maw.game.Phase;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Result;
import maw.game.Room;
import maw.game.Rules;
import maw.game.Turn;
import maw.runtime.Behaviour;
import maw.runtime.FSMBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.State;

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

    /**
     * A rule set with its options and its herald: everything the GameMaster needs to know of a game's rules; and what
     * it takes from one sender ({@code inbound}): a seat's legitimate acts fit in it many times over.
     */
    public record Ruleset<S extends GameView, O, E extends GameEvent>(Rules<S, O, E> rules, O options,
            Herald<S, E> herald, maw.runtime.RateLimit inbound) {
        public Ruleset {
            Objects.requireNonNull(rules, "rules");
            Objects.requireNonNull(options, "options");
            Objects.requireNonNull(herald, "herald");
            Objects.requireNonNull(inbound, "inbound");
        }

        public Ruleset(Rules<S, O, E> rules, O options, Herald<S, E> herald) {
            this(rules, options, herald, GAME_MASTER_LIMIT);
        }

        /** The game's kind as the seats are told it: the rule set's name, or its variant's ({@code aiwolf-nlp}). */
        public String label() {
            return rules.label(options);
        }

        /** How the seats talk in this game. */
        public Speech speech() {
            return rules.speech(options);
        }
    }

    /**
     * What the GameMaster of a game whose steps end as soon as every seat answered takes from one sender (AIWolf's; a
     * tournament's trusted seats): a burst of 200, then 1,000 a second.
     */
    public static final maw.runtime.RateLimit AIWOLF_LIMIT = new maw.runtime.RateLimit(200, 1000);

    /** How the GameMaster runs its games. */
    public record Config(String gameId, int players, int rounds, long seed, Jid village, Jid hideout,
            Duration readyTimeout, Duration roomTimeout) {
        public Config {
            if (players < 1) {
                throw new IllegalArgumentException("a game needs at least one seat (its rule set says how many)");
            }
            if (rounds < 1) {
                throw new IllegalArgumentException("a game has at least one round");
            }
        }
    }

    /** One round's outcome, as the game summary reports it. */
    public record RoundSummary(int round, String winner, String reason, int days, List<String> executed,
            List<String> murdered, Map<String, String> roles, Map<String, Integer> scores) {}

    /** What the GameMaster tells whoever watches (the console, the journal). */
    public interface Listener {
        /** The GameMaster opened its table ({@code resumed}: again, after a crash, from its journal). */
        default void opened(Config config, Jid gameMaster, String rules, Object options, boolean resumed) {}

        default void joined(String name, Jid jid, int waiting, int needed) {}

        default void left(String name, String why) {}

        /**
         * A round was dealt from {@code seed} under a rule set and its options: enough to replay it. {@code seats}
         * are the players' addresses, {@code config} the GameMaster's settings: enough to resume it.
         */
        default void roundStarted(int round, int rounds, long seed, String rules, Object options, Config config,
                Jid gameMaster, Map<String, Jid> seats, GameView state) {}

        default void command(int round, Command command) {}

        default void event(int round, GameEvent event, GameView after) {}

        /** A phase began and ends at {@code deadlineMillis} (wall clock, milliseconds since the epoch). */
        default void deadline(int round, PhaseId phase, long deadlineMillis) {}

        default void refused(int round, String who, String what, RefusalCode code, String reason) {}

        default void scores(int round, Map<String, Integer> totals, boolean last) {}

        /** A round ended: what it was (called before {@link #scores} of that round). */
        default void roundEnded(RoundSummary summary) {}
    }

    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N} _.'-]{0,23}");

    private static final String SETUP = "SetupState";
    private static final String ASSIGN = "AssignRolesState";
    private static final String PHASE = "PhaseState";
    private static final String END = "EndPhaseState";
    private static final String RESUME = "ResumeState";

    private final Config config;
    private final Ruleset<S, O, E> ruleset;
    private final Listener listener;
    private final Map<String, Jid> seats = new LinkedHashMap<>();
    private final Map<Jid, String> names = new HashMap<>();
    /** The session (full JID) each seat joined from. */
    private final Map<String, Jid> joinedFrom = new HashMap<>();
    private final Set<Jid> ready = new HashSet<>();
    private final Map<String, Integer> totals = new TreeMap<>();
    private final List<RoundSummary> summaries = new ArrayList<>();
    private final CompletableFuture<List<RoundSummary>> finished = new CompletableFuture<>();
    private final Map<Room, PhaseId> openRooms = new EnumMap<>(Room.class);
    private final Map<String, Catalog.YourTurn> told = new HashMap<>();

    /** At most this many watchers at once. */
    public static final int MAX_WATCHERS = 32;

    /** Who watches the game (full JIDs), and in which view. */
    private final Map<Jid, Catalog.WatchView> watchers = new java.util.concurrent.ConcurrentHashMap<>();
    /** The token a watcher needs for the god view. */
    private final String watchToken = java.util.HexFormat.of().formatHex(
            new java.security.SecureRandom().generateSeed(12));

    private Recovery<S, O> recovery;
    private volatile List<String> lobby = List.of();
    private FSMBehaviour fsm;
    private S state;
    private int round;
    private long deadlineMillis;
    private boolean seated;
    /** The first round begins once this is done (a tournament starting its tables together); done by default. */
    private volatile java.util.concurrent.CompletableFuture<?> startGate =
            java.util.concurrent.CompletableFuture.completedFuture(null);

    public GameMasterAgent(Jid jid, String password, Config config, Ruleset<S, O, E> ruleset, Listener listener) {
        super(jid, password);
        this.config = Objects.requireNonNull(config, "config");
        this.ruleset = Objects.requireNonNull(ruleset, "ruleset");
        this.listener = listener == null ? new Listener() { } : listener;
        limitInbound(ruleset.inbound());
    }

    /** A GameMaster of MAW's rules with these options. */
    public static GameMasterAgent<GameState, GameOptions, maw.game.Event> of(Jid jid, String password, Config config,
            GameOptions options, Listener listener) {
        return new GameMasterAgent<>(jid, password, config, new Ruleset<>(new MawRules(), options, new MawHerald()),
                listener);
    }

    /**
     * Takes the game up where its journal left it, after a crash: the same table, the seats, the rounds played and the
     * current round's state; the current phase goes on to its recorded deadline. Call before {@link #start}.
     */
    public GameMasterAgent<S, O, E> resume(Recovery<S, O> from) {
        if (!from.gameId().equals(config.gameId())) {
            throw new IllegalArgumentException("the journal is of game " + from.gameId() + ", not " + config.gameId());
        }
        this.recovery = from;
        return this;
    }

    /**
     * A resumed GameMaster takes what the seats sent while it was away (acts name their game and phase, and are
     * judged); a fresh one takes nothing from before its start.
     */
    @Override
    protected boolean takesStoredMessagesFromBeforeItsStart() {
        return recovery != null;
    }

    /** Completes with every round's summary when the last round is over. */
    public CompletableFuture<List<RoundSummary>> finished() {
        return finished;
    }

    public Map<String, Integer> totals() {
        synchronized (totals) {
            return Map.copyOf(totals);
        }
    }

    public String gameId() {
        return config.gameId();
    }

    /** The token a watcher shows for the god view (roles, the pack's news, whispers); print it for the operator. */
    public String watchToken() {
        return watchToken;
    }

    /** How many watch the game now. */
    public int watchers() {
        return watchers.size();
    }

    /** The names seated in the lobby now, in the order they joined. */
    public List<String> lobby() {
        return lobby;
    }

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

    /**
     * Restores the table from the journal, reopens the current phase's rooms where their logs had got to, and tells
     * every seat again where the round is (its role, the phase, its turn), so that a seat whose Player restarted too
     * can play on. Acts the seats sent meanwhile wait in the mailbox for the phase to take them.
     */
    private void resumeState(State s) {
        Recovery<S, O> r = recovery;
        r.seats().forEach((name, jid) -> {
            seats.put(name, jid.bare());
            names.put(jid.bare(), name);
        });
        seatsChanged();
        synchronized (totals) {
            totals.putAll(r.totals());
        }
        round = r.round();
        for (S played : r.played()) {
            summaries.add(summary(summaries.size() + 1, played));
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
                Map<String, Integer> snapshot = totals();
                for (Jid j : seats.values()) {
                    send(j, Performative.INFORM, new Catalog.Scores(config.gameId(), round, config.rounds(), snapshot,
                            true));
                }
                summaries.add(summary(round, state));
                finished.complete(List.copyOf(summaries));
                return;
            }
            s.setNextState(r.scored() ? ASSIGN : END);
            return;
        }
        deadlineMillis = r.deadlineMillis() > 0 ? r.deadlineMillis()
                : System.currentTimeMillis() + state.awaiting().length().toMillis();
        openRooms(state.phase(), r.chatIndex());
        switchRooms();
        Herald.Context context = new Herald.Context(config.gameId(), round, deadlineMillis);
        for (String p : players) {
            for (Herald.Notice n : ruleset.herald().recap(state, p, context)) {
                for (String to : n.to()) {
                    send(seats.get(to), Performative.INFORM, n.body());
                }
            }
        }
        told.clear();
        tellTurns(true);
        s.setNextState(PHASE);
    }

    /** Holds the first round until {@code gate} is done (the lobby fills meanwhile, and the GameMaster answers). */
    public void holdStart(java.util.concurrent.CompletableFuture<?> gate) {
        this.startGate = java.util.Objects.requireNonNull(gate);
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
            ready.clear();
            for (Jid j : seats.values()) {
                send(j, Performative.QUERY_IF, new Catalog.ReadyCheck(config.gameId()));
            }
            long until = System.nanoTime() + config.readyTimeout().toNanos();
            while (ready.size() < seats.size() && System.nanoTime() < until && isActive()) {
                handleNext(s, Duration.ofNanos(Math.max(1_000_000, until - System.nanoTime())));
            }
            if (ready.containsAll(seats.values()) && seats.size() == config.players()) {
                seated = true;
                s.setNextState(ASSIGN);
                return;
            }
            for (String name : List.copyOf(seats.keySet())) {
                if (!ready.contains(seats.get(name))) {
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
        told.clear();
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

    /** Takes acts until the phase's timer runs out or the acts end it; then asks the rules to close it. */
    private void phaseState(State s) throws InterruptedException {
        PhaseId id = state.phase();
        while (isActive() && !state.isOver() && state.phase().equals(id)
                && System.currentTimeMillis() < deadlineMillis) {
            handleNext(s, Duration.ofMillis(Math.max(1, deadlineMillis - System.currentTimeMillis())));
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
        synchronized (totals) {
            over.scores().forEach((name, points) -> totals.merge(name, points, Integer::sum));
        }
        RoundSummary ended = summary(round, state);
        summaries.add(ended);
        boolean last = round >= config.rounds();
        Map<String, Integer> snapshot = totals();
        listener.roundEnded(ended);
        listener.scores(round, snapshot, last);
        for (Jid j : seats.values()) {
            send(j, Performative.INFORM, new Catalog.Scores(config.gameId(), round, config.rounds(), snapshot, last));
        }
        watched(seats.keySet(), new Catalog.Scores(config.gameId(), round, config.rounds(), snapshot, last));
        if (last) {
            finished.complete(List.copyOf(summaries));
        } else {
            s.setNextState(ASSIGN);
        }
    }

    private RoundSummary summary(int r, S over) {
        Result result = over.result();
        Map<String, String> roles = new TreeMap<>();
        result.roles().forEach((n, role) -> roles.put(n, role.wire()));
        return new RoundSummary(r, Catalog.Winner.of(result.winner()).wire(), result.reason(), result.days(),
                ruleset.herald().executed(over), ruleset.herald().murdered(over), roles, result.scores());
    }

    // --- requests ---------------------------------------------------------------------------------------------------

    private void handleNext(Behaviour b, Duration wait) throws InterruptedException {
        Message m = b.receive(wait);
        if (m != null) {
            guarded(m, () -> handle(m));
        }
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null || isComplaint(m) || m.is(Performative.AGREE)) {
            return;
        }
        switch (body) {
            case Catalog.JoinLobby j -> onJoin(m, j);
            case Catalog.LeaveLobby l -> onLeave(m);
            case Catalog.Ready r -> {
                // Only a seated account's readiness counts: a stranger cannot answer for a seat.
                if (config.gameId().equals(r.game()) && names.containsKey(m.sender().bare())) {
                    ready.add(m.sender().bare());
                }
            }
            case Catalog.Watch w -> onWatch(m, w);
            case Catalog.Ping p -> reply(m, Performative.INFORM, new Catalog.Pong(config.gameId(), round,
                    state == null ? Phase.LOBBY : state.phase().phase(), state == null ? 0 : state.phase().number()));
            case Catalog.Chat c -> refuse(m, Catalog.Refusal.of(config.gameId(), RefusalCode.WRONG_RECIPIENT,
                    "the GameMaster takes votes; chat goes to the " + (state != null
                            && state.phase().phase() == Phase.NIGHT ? "Hideout" : "Village"), m.bodyType(), c));
            case Catalog.Stamped act -> onAct(m, act, act.act());
            case Catalog.GetNewMessages g -> refuse(m, config.gameId(), RefusalCode.WRONG_RECIPIENT,
                    "the rooms keep the lines: ask the room that is open to you");
            case Catalog.PlayerAction a -> refuse(m, config.gameId(), RefusalCode.WRONG_RECIPIENT,
                    "an interface answers its own Player; the GameMaster takes the Player's acts");
            case Catalog.GetInput g -> refuse(m, config.gameId(), RefusalCode.WRONG_RECIPIENT,
                    "a Player asks its own interface agent for input");
            default -> refuse(m, config.gameId(), RefusalCode.NOT_YOURS,
                    "only the GameMaster sends " + m.bodyType() + " messages");
        }
    }

    private void onJoin(Message m, Catalog.JoinLobby j) {
        if (m.storedAt() != null && m.storedAt().isBefore(startedAt())) {
            // A join kept by the server from before this GameMaster started names no game: whoever sent it is gone.
            log.info("{}: ignored a join of {} stored before it started", jid(), m.sender());
            return;
        }
        Jid from = m.sender().bare();
        String name = j.player_name().strip();
        String mine = names.get(from);
        Jid session = joinedFrom.get(mine);
        if (name.equals(mine) && seated && session != null && !session.equals(m.sender())) {
            // The seat's account, from another program: the seat is played from where it joined.
            refuse(m, config.gameId(), RefusalCode.GAME_IN_PROGRESS, name + " is played from another session ("
                    + session.resource() + "); a seat cannot be taken over mid-game");
            listener.refused(0, name, "join_lobby", RefusalCode.GAME_IN_PROGRESS, "joined from a second session");
            return;
        }
        if (name.equals(mine)) {
            joinedFrom.put(name, m.sender());
            vouch(m.sender());
            reply(m, Performative.AGREE, new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
            return;
        }
        String lookalike = seats.keySet().stream()
                .filter(n -> maw.agents.Text.skeleton(n).equals(maw.agents.Text.skeleton(name))).findFirst()
                .orElse(null);
        boolean mixed = NAME.matcher(name).matches() && maw.agents.Text.mixesScripts(name);
        RefusalCode code = seated ? RefusalCode.GAME_IN_PROGRESS
                : mine != null ? RefusalCode.ALREADY_SEATED
                : !NAME.matcher(name).matches() || mixed ? RefusalCode.NAME_INVALID
                : lookalike != null ? RefusalCode.NAME_TAKEN
                : seats.size() >= config.players() ? RefusalCode.TABLE_FULL : null;
        if (code != null) {
            String reason = switch (code) {
                case GAME_IN_PROGRESS -> "a game is in progress; join the next one";
                case ALREADY_SEATED -> "you already sit at this table as " + mine;
                case NAME_INVALID -> mixed ? "a name is written in one script (it mixes, say, Latin and Cyrillic "
                        + "letters, and could pass for another)" : "a name has 1 to 24 letters, digits, spaces or "
                        + "_.'- and starts with a letter or digit";
                case NAME_TAKEN -> lookalike.equals(name) ? "the name " + name + " is taken"
                        : "the name " + name + " looks like " + lookalike + ", who sits at the table";
                default -> "the table is full";
            };
            refuse(m, config.gameId(), code, reason);
            listener.refused(0, name, "join_lobby", code, reason);
            return;
        }
        seats.put(name, from);
        names.put(from, name);
        joinedFrom.put(name, m.sender());
        seatsChanged();
        reply(m, Performative.AGREE, new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
        vouch(m.sender());
        listener.joined(name, from, seats.size(), config.players());
        watched(seats.keySet(), new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
    }

    /** A watcher: the public view for anyone, the god view for whoever shows the token. */
    private void onWatch(Message m, Catalog.Watch w) {
        if (w.game() != null && !w.game().equals(config.gameId())) {
            refuse(m, config.gameId(), RefusalCode.OTHER_GAME, "this GameMaster runs game " + config.gameId());
            return;
        }
        if (w.view() == Catalog.WatchView.GOD && !java.security.MessageDigest.isEqual(
                watchToken.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                String.valueOf(w.token()).getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
            refuse(m, config.gameId(), RefusalCode.NOT_YOURS, "the god view needs the token the GameMaster printed "
                    + "at start-up");
            return;
        }
        if (!watchers.containsKey(m.sender()) && watchers.size() >= MAX_WATCHERS) {
            refuse(m, config.gameId(), RefusalCode.TABLE_FULL, MAX_WATCHERS + " watchers watch already");
            return;
        }
        watchers.put(m.sender(), w.view());
        if (w.view() == Catalog.WatchView.GOD) {
            // A god-view watcher may see the inside of every agent of the game: the seats hear it from here.
            joinedFrom.values().forEach(this::vouch);
            vouch(config.village());
            vouch(config.hideout());
        }
        reply(m, Performative.AGREE, new Catalog.Watching(config.gameId(), round,
                ruleset.label(), w.view(),
                state == null ? lobby : state.players(), config.players()));
        if (state != null && seated && !state.isOver()) {
            // A watcher who comes mid-round is told where it stands: the round, the phase, and (god view) the roles.
            List<String> players = state.players();
            send(m.sender(), Performative.INFORM, new Catalog.Watched(config.gameId(), round, players,
                    startGame(players)));
            Herald.Context context = new Herald.Context(config.gameId(), round, deadlineMillis);
            Body phase = null;
            for (String p : players) {
                for (Herald.Notice n : ruleset.herald().recap(state, p, context)) {
                    if (n.body() instanceof Catalog.PhaseChange) {
                        phase = n.body();
                    } else if (w.view() == Catalog.WatchView.GOD) {
                        send(m.sender(), Performative.INFORM, new Catalog.Watched(config.gameId(), round,
                                n.to().stream().sorted().toList(), n.body()));
                    }
                }
            }
            if (phase != null) {
                send(m.sender(), Performative.INFORM, new Catalog.Watched(config.gameId(), round, players, phase));
            }
        }
    }

    /** The seats' names and addresses, and the rooms', for the GameMaster's inside (read off its thread). */
    private volatile Map<String, String> links = Map.of();

    private void seatsChanged() {
        lobby = List.copyOf(seats.keySet());
        Map<String, String> l = new TreeMap<>();
        seats.forEach((name, jid) -> l.put(name, jid.toString()));
        l.put("village", config.village().toString());
        l.put("hideout", config.hideout().toString());
        links = java.util.Collections.unmodifiableMap(l);
    }

    /** Tells a seat's Player (or a room) who may see the inside of its agents: the god-view watchers. */
    private void vouch(Jid player) {
        List<String> gods = godWatchers();
        if (!gods.isEmpty()) {
            send(player, Performative.INFORM, new Catalog.Inspectors(config.gameId(), gods));
        }
    }

    private List<String> godWatchers() {
        return watchers.entrySet().stream().filter(e -> e.getValue() == Catalog.WatchView.GOD)
                .map(e -> e.getKey().toString()).sorted().toList();
    }

    @Override
    protected boolean mayInspect(Jid session) {
        return watchers.get(session) == Catalog.WatchView.GOD;
    }

    @Override
    protected void describe(com.fasterxml.jackson.databind.node.ObjectNode inside, boolean detail) {
        Map<String, String> l = links;
        if (l.isEmpty()) {
            l = Map.of("village", config.village().toString(), "hideout", config.hideout().toString());
        }
        inside.set("links", maw.runtime.Json.MAPPER.valueToTree(l));
        inside.put("game", config.gameId());
        inside.put("round", round);
        inside.put("watchers", watchers.size());
    }

    /** Tells the watchers a message the GameMaster sent to {@code to}: all of them, or only what everyone is told. */
    private void watched(java.util.Collection<String> to, Body body) {
        if (watchers.isEmpty()) {
            return;
        }
        List<String> everyone = state == null ? lobby : state.players();
        boolean toAll = to.containsAll(everyone);
        Catalog.Watched w = new Catalog.Watched(config.gameId(), round, to.stream().sorted().toList(), body);
        watchers.forEach((jid, view) -> {
            if (view == Catalog.WatchView.GOD || toAll) {
                send(jid, Performative.INFORM, w);
            }
        });
    }

    private void onLeave(Message m) {
        String name = names.get(m.sender().bare());
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
        Jid j = seats.remove(name);
        seatsChanged();
        joinedFrom.remove(name);
        if (j != null) {
            names.remove(j);
            ready.remove(j);
            listener.left(name, why);
        }
    }

    /** An act of a seated player, for the game, round, phase and day it names. */
    private void onAct(Message m, Catalog.Stamped stamped, Act act) {
        String player = names.get(m.sender().bare());
        RefusalCode code = player == null ? RefusalCode.NOT_SEATED
                : state == null || !seated ? RefusalCode.NOT_STARTED
                : !config.gameId().equals(stamped.game()) || stamped.round() != round ? RefusalCode.OTHER_GAME
                : null;
        if (code != null) {
            String reason = switch (code) {
                case NOT_SEATED -> "you are not a player in this game";
                case NOT_STARTED -> "the game has not started";
                default -> "that message belongs to another game or round";
            };
            refuseAct(m, stamped, player != null ? player : m.sender().toString(), code, reason);
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

    private void refuseAct(Message m, Catalog.Stamped act, String who, RefusalCode code, String reason) {
        refuse(m, Catalog.Refusal.of(config.gameId(), code, reason, m.bodyType(), act));
        listener.refused(round, who, m.bodyType(), code, reason);
    }

    // --- announcements ----------------------------------------------------------------------------------------------

    /**
     * Takes the rules' new state and announces its events in order: a phase that begins switches the rooms and the
     * timer first (so that a player told of the phase finds its room open), the end of the game closes them; then
     * every seat whose turn changed is told its new one.
     */
    private void accepted(Outcome.Accepted<S, E> a) {
        PhaseId before = state.phase();
        state = a.state();
        for (E e : a.events()) {
            if (e.began() != null) {
                closeRooms();
                openRooms(e.began());
                switchRooms();
                deadlineMillis = System.currentTimeMillis() + state.awaiting().length().toMillis();
                listener.deadline(round, e.began(), deadlineMillis);
            } else if (e instanceof Result) {
                closeRooms();
                switchRooms();
            }
            listener.event(round, e, state);
            for (Herald.Notice n : ruleset.herald().announce(e, state, new Herald.Context(config.gameId(), round,
                    deadlineMillis))) {
                for (String name : n.to()) {
                    Jid j = seats.get(name);
                    if (j != null) {
                        send(j, Performative.INFORM, n.body());
                    }
                }
                watched(n.to(), n.body());
            }
        }
        tellTurns(!state.phase().equals(before));
    }

    /** Tells each seat what the rules await from it, when that changed (or, at a new phase, always). */
    private void tellTurns(boolean all) {
        if (state.isOver()) {
            return;
        }
        PhaseId phase = state.phase();
        Map<Room, Access> rooms = state.rooms();
        for (Map.Entry<String, Turn> e : state.awaiting().turns().entrySet()) {
            Catalog.YourTurn turn = yourTurn(e.getKey(), e.getValue(), phase, rooms);
            if (!all && turn.equals(told.get(e.getKey()))) {
                continue;
            }
            told.put(e.getKey(), turn);
            Jid j = seats.get(e.getKey());
            if (j != null) {
                send(j, Performative.INFORM, turn);
            }
        }
    }

    private Catalog.YourTurn yourTurn(String player, Turn turn, PhaseId phase, Map<Room, Access> rooms) {
        List<Act.Kind> acts = turn.acts().stream().sorted().toList();
        Map<Act.Kind, List<String>> targets = new TreeMap<>(turn.targets());
        Map<Act.Kind, String> done = new TreeMap<>(turn.done());
        Map<String, Boolean> reads = new TreeMap<>();
        rooms.forEach((room, access) -> {
            if (access.readers().contains(player)) {
                reads.put(room.title(), access.writers().contains(player));
            }
        });
        return new Catalog.YourTurn(config.gameId(), round, phase.phase(), phase.number(), deadlineMillis, acts,
                targets, done, reads, phase.step() == 0 ? null : phase.step());
    }

    private void openRooms(PhaseId phase) {
        openRooms(phase, Map.of());
    }

    private void openRooms(PhaseId phase, Map<Room, Long> after) {
        for (Map.Entry<Room, Access> e : state.rooms().entrySet()) {
            Map<String, String> writers = new TreeMap<>();
            Map<String, String> readers = new TreeMap<>();
            e.getValue().writers().forEach(n -> writers.put(n, seats.get(n).toString()));
            e.getValue().readers().forEach(n -> readers.put(n, seats.get(n).toString()));
            // The room shows its lines to the watchers: the Village to all, the Hideout to the god view only.
            Map<String, Catalog.WatchView> roomWatchers = new TreeMap<>();
            watchers.forEach((jid, view) -> {
                if (e.getKey() == Room.VILLAGE || view == Catalog.WatchView.GOD) {
                    roomWatchers.put(jid.toString(), view);
                }
            });
            roomRequest(roomJid(e.getKey()), new Catalog.OpenRoom(config.gameId(), round, phase.phase(),
                    phase.number(), writers, readers, after.get(e.getKey()), roomWatchers.isEmpty() ? null
                            : roomWatchers));
            openRooms.put(e.getKey(), phase);
        }
    }

    private void closeRooms() {
        for (Room r : List.copyOf(openRooms.keySet())) {
            roomRequest(roomJid(r), new Catalog.CloseRoom(config.gameId(), round));
            openRooms.remove(r);
        }
    }

    /** Rooms to open or close, asked all at once by {@link #switchRooms}. */
    private final List<Message> roomRequests = new ArrayList<>();

    private void roomRequest(Jid room, Body body) {
        roomRequests.add(Message.builder().to(room).performative(Performative.REQUEST).ontology(ONTOLOGY).body(body)
                .build());
    }

    /**
     * Sends the rooms' open and close requests together and waits for every agreement, so that a player told of the
     * new phase finds its room already open (one round trip for all the rooms, not one each). Other messages
     * meanwhile stay in the mailbox for the phase to handle.
     */
    private void switchRooms() {
        List<Message> batch = List.copyOf(roomRequests);
        roomRequests.clear();
        if (batch.isEmpty()) {
            return;
        }
        try {
            List<Message> answers = fsm.askAll(batch, config.roomTimeout());
            for (int i = 0; i < batch.size(); i++) {
                Message request = batch.get(i);
                Message answer = answers.get(i);
                if (answer == null) {
                    log.warn("{}: {} did not answer {} within {}", jid(), request.to(), request.bodyType(),
                            config.roomTimeout());
                } else if (!answer.is(Performative.AGREE)) {
                    log.warn("{}: {} answered {} with {}: {}", jid(), request.to(), request.bodyType(),
                            answer.metadata(Message.PERFORMATIVE), answer.body());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Jid roomJid(Room room) {
        return room == Room.VILLAGE ? config.village() : config.hideout();
    }

    /** The round's start as the seats (and the watchers) are told it: the players in the rules' deal order. */
    private Catalog.StartGame startGame(List<String> players) {
        return new Catalog.StartGame(config.gameId(), round, config.rounds(), players.size(), players,
                config.village().toString(), config.hideout().toString(), ruleset.label(),
                ruleset.speech());
    }

    private long seedFor(int r) {
        List<Long> given = roundSeeds;
        return given != null && r >= 1 && r <= given.size() ? given.get(r - 1)
                : config.seed() + (r - 1) * 0x9E3779B97F4A7C15L;
    }

    private volatile List<Long> roundSeeds;

    /**
     * Each round's seed, first to last (a tournament's schedule chose them), instead of seeds drawn from the table's.
     * Set before the agent starts.
     */
    public GameMasterAgent<S, O, E> roundSeeds(List<Long> seeds) {
        this.roundSeeds = seeds == null ? null : List.copyOf(seeds);
        return this;
    }
}
