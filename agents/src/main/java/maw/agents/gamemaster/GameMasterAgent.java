package maw.agents.gamemaster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.game.Audience;
import maw.game.Command;
import maw.game.Event;
import maw.game.GameOptions;
import maw.game.GameState;
import maw.game.MawRules;
import maw.game.Outcome;
import maw.game.Phase;
import maw.game.PhaseId;
import maw.game.Room;
import maw.game.Rules;
import maw.game.Team;
import maw.runtime.Behaviour;
import maw.runtime.FSMBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.State;

/**
 * The GameMaster: the lobby (players join under unique names; the game starts when the table is full and everyone
 * answers the ready check) and the moderator (deals the roles, runs the phases and their timers, counts the votes,
 * announces, plays several rounds and keeps the leaderboard). The rules are {@link MawRules}: the GameMaster turns
 * messages into commands, and the events the rules return into messages for exactly the audience the rules name.
 */
public final class GameMasterAgent extends GameAgent {

    /** How the GameMaster runs its games. */
    public record Config(String gameId, int players, int rounds, long seed, GameOptions options, Jid village,
            Jid hideout, Duration readyTimeout, Duration roomTimeout) {
        public Config {
            if (players < GameOptions.MIN_PLAYERS) {
                throw new IllegalArgumentException("a game needs at least " + GameOptions.MIN_PLAYERS + " players");
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
        default void joined(String name, int waiting, int needed) {}

        default void left(String name, String why) {}

        /** A round was dealt from {@code seed} under {@code state.options()}: enough to replay it. */
        default void roundStarted(int round, int rounds, long seed, GameState state) {}

        default void command(int round, Command command) {}

        default void event(int round, Event event, GameState after) {}

        default void refused(int round, String who, String what, String reason) {}

        default void scores(int round, Map<String, Integer> totals, boolean last) {}
    }

    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N} _.'-]{0,23}");

    private static final String SETUP = "SetupState";
    private static final String ASSIGN = "AssignRolesState";
    private static final String DAY = "DayPhaseState";
    private static final String DAY_COUNT = "DayPhaseVoteCount";
    private static final String NIGHT = "NightPhaseState";
    private static final String NIGHT_COUNT = "NightPhaseVoteCount";
    private static final String END = "EndPhaseState";

    private final Config config;
    private final Listener listener;
    private final Rules rules = new MawRules();
    private final Map<String, Jid> seats = new LinkedHashMap<>();
    private final Map<Jid, String> names = new HashMap<>();
    private final Set<Jid> ready = new HashSet<>();
    private final Map<String, Integer> totals = new TreeMap<>();
    private final List<RoundSummary> summaries = new ArrayList<>();
    private final CompletableFuture<List<RoundSummary>> finished = new CompletableFuture<>();

    private volatile List<String> lobby = List.of();
    private FSMBehaviour fsm;
    private GameState state;
    private int round;
    private long deadline;
    private Room openRoom;
    private boolean seated;

    public GameMasterAgent(Jid jid, String password, Config config, Listener listener) {
        super(jid, password);
        this.config = config;
        this.listener = listener == null ? new Listener() { } : listener;
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

    /** The names seated in the lobby now, in the order they joined. */
    public List<String> lobby() {
        return lobby;
    }

    @Override
    protected void setup() {
        fsm = new FSMBehaviour("GameMasterBehaviour");
        fsm.addState(SETUP, State.of(SETUP, this::setupState));
        fsm.addState(ASSIGN, State.of(ASSIGN, this::assignRolesState));
        fsm.addState(DAY, State.of(DAY, s -> phaseState(s, Phase.DAY, DAY_COUNT)));
        fsm.addState(DAY_COUNT, State.of(DAY_COUNT, s -> voteCountState(s, Phase.DAY)));
        fsm.addState(NIGHT, State.of(NIGHT, s -> phaseState(s, Phase.NIGHT, NIGHT_COUNT)));
        fsm.addState(NIGHT_COUNT, State.of(NIGHT_COUNT, s -> voteCountState(s, Phase.NIGHT)));
        fsm.addState(END, State.of(END, this::endPhaseState));
        fsm.addTransition(SETUP, ASSIGN).addTransition(ASSIGN, DAY)
                .addTransition(DAY, DAY_COUNT).addTransition(DAY_COUNT, NIGHT).addTransition(DAY_COUNT, END)
                .addTransition(NIGHT, NIGHT_COUNT).addTransition(NIGHT_COUNT, DAY).addTransition(NIGHT_COUNT, END)
                .addTransition(END, ASSIGN);
        addBehaviour(fsm);
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

    /** Deals the roles for a new round and begins its first day. */
    private void assignRolesState(State s) {
        round++;
        state = rules.newGame(config.options(), seedFor(round));
        List<String> players = List.copyOf(seats.keySet());
        Outcome o = rules.apply(state, new Command.Start(players));
        if (!(o instanceof Outcome.Accepted a)) {
            throw new IllegalStateException("the deal was refused: " + ((Outcome.Refused) o).reason());
        }
        listener.roundStarted(round, config.rounds(), seedFor(round), a.state());
        listener.command(round, new Command.Start(players));
        for (String p : players) {
            send(seats.get(p), Performative.INFORM, new Catalog.StartGame(config.gameId(), round, config.rounds(),
                    players.size(), players, config.village().toString(), config.hideout().toString()));
        }
        state = a.state();
        dispatch(a.events());
        s.setNextState(DAY);
    }

    /** Takes votes until the phase's timer runs out or the votes end it. */
    private void phaseState(State s, Phase phase, String count) throws InterruptedException {
        PhaseId id = state.phase();
        while (isActive() && state.phase().equals(id) && System.nanoTime() < deadline) {
            handleNext(s, Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime())));
        }
        s.setNextState(count);
    }

    /** Counts the votes if the timer ended the phase, then moves on to the next phase or the end. */
    private void voteCountState(State s, Phase phase) {
        if (!state.isOver() && state.phase().phase() == phase) {
            Command timeout = new Command.Timeout(state.phase());
            Outcome o = rules.apply(state, timeout);
            if (o instanceof Outcome.Accepted a) {
                listener.command(round, timeout);
                state = a.state();
                dispatch(a.events());
            }
        }
        s.setNextState(state.isOver() ? END : state.phase().phase() == Phase.DAY ? DAY : NIGHT);
    }

    /** Scores the round; starts the next one or finishes. */
    private void endPhaseState(State s) {
        Event.GameOver over = state.result();
        synchronized (totals) {
            over.scores().forEach((name, points) -> totals.merge(name, points, Integer::sum));
        }
        Map<String, String> roles = new TreeMap<>();
        over.roles().forEach((n, r) -> roles.put(n, r.wire()));
        summaries.add(new RoundSummary(round, winner(over.winner()), over.reason(), over.days(), state.executed(),
                state.murdered(), roles, over.scores()));
        boolean last = round >= config.rounds();
        Map<String, Integer> snapshot = totals();
        listener.scores(round, snapshot, last);
        for (Jid j : seats.values()) {
            send(j, Performative.INFORM, new Catalog.Scores(config.gameId(), round, config.rounds(), snapshot, last));
        }
        if (last) {
            finished.complete(List.copyOf(summaries));
        } else {
            s.setNextState(ASSIGN);
        }
    }

    // --- requests ---------------------------------------------------------------------------------------------------

    private void handleNext(Behaviour b, Duration wait) throws InterruptedException {
        Message m = b.receive(wait);
        if (m != null) {
            handle(m);
        }
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null || m.is(Performative.REFUSE) || m.is(Performative.NOT_UNDERSTOOD)
                || m.is(Performative.FAILURE) || m.is(Performative.AGREE)) {
            return;
        }
        switch (body) {
            case Catalog.JoinLobby j -> onJoin(m, j);
            case Catalog.LeaveLobby l -> onLeave(m);
            case Catalog.Ready r -> {
                if (config.gameId().equals(r.game())) {
                    ready.add(m.sender().bare());
                }
            }
            case Catalog.Vote v -> onVote(m, v);
            case Catalog.Divine d -> onDivine(m, d);
            case Catalog.Chat c -> refuse(m, config.gameId(), "the GameMaster takes votes; chat goes to the "
                    + (state != null && state.phase().phase() == Phase.NIGHT ? "Hideout" : "Village"));
            default -> refuse(m, config.gameId(), "only the GameMaster sends " + m.bodyType() + " messages");
        }
    }

    private void onJoin(Message m, Catalog.JoinLobby j) {
        Jid from = m.sender().bare();
        String name = j.player_name().strip();
        String mine = names.get(from);
        if (name.equals(mine)) {
            reply(m, Performative.AGREE, new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
            return;
        }
        String reason = seated ? "a game is in progress; join the next one"
                : mine != null ? "you already sit at this table as " + mine
                : !NAME.matcher(name).matches() ? "a name has 1 to 24 letters, digits, spaces or _.'- and starts "
                        + "with a letter or digit"
                : seats.containsKey(name) ? "the name " + name + " is taken"
                : seats.size() >= config.players() ? "the table is full" : null;
        if (reason != null) {
            refuse(m, config.gameId(), reason);
            listener.refused(0, name, "join_lobby", reason);
            return;
        }
        seats.put(name, from);
        names.put(from, name);
        lobby = List.copyOf(seats.keySet());
        reply(m, Performative.AGREE, new Catalog.Joined(config.gameId(), name, seats.size(), config.players()));
        listener.joined(name, seats.size(), config.players());
    }

    private void onLeave(Message m) {
        String name = names.get(m.sender().bare());
        if (name == null) {
            refuse(m, config.gameId(), "you are not in the lobby");
        } else if (seated) {
            refuse(m, config.gameId(), "the game has started: a seat cannot be given up now");
        } else {
            unseat(name, "left the lobby");
            reply(m, Performative.AGREE, new Catalog.Ok(config.gameId(), "left"));
        }
    }

    private void unseat(String name, String why) {
        Jid j = seats.remove(name);
        lobby = List.copyOf(seats.keySet());
        if (j != null) {
            names.remove(j);
            ready.remove(j);
            listener.left(name, why);
        }
    }

    private void onVote(Message m, Catalog.Vote v) {
        String voter = playerOf(m, v.game(), v.round());
        if (voter == null) {
            return;
        }
        Command c = new Command.Vote(voter, v.target());
        apply(m, voter, c, () -> new Catalog.VoteAccepted(config.gameId(), round, v.target()));
    }

    private void onDivine(Message m, Catalog.Divine d) {
        String seer = playerOf(m, d.game(), d.round());
        if (seer != null) {
            apply(m, seer, new Command.Divine(seer, d.target()), null);
        }
    }

    /** The seated player who sent {@code m} for the current game and round, or null after refusing it. */
    private String playerOf(Message m, String game, int msgRound) {
        String player = names.get(m.sender().bare());
        String reason = player == null ? "you are not a player in this game"
                : state == null || !seated ? "the game has not started"
                : !config.gameId().equals(game) || msgRound != round ? "that message belongs to another game or round"
                : null;
        if (reason != null) {
            refuse(m, config.gameId(), reason);
            listener.refused(round, player != null ? player : m.sender().toString(), m.bodyType(), reason);
            return null;
        }
        return player;
    }

    private void apply(Message m, String who, Command c, java.util.function.Supplier<Body> agreement) {
        Outcome o = rules.apply(state, c);
        if (o instanceof Outcome.Refused r) {
            refuse(m, config.gameId(), r.reason());
            listener.refused(round, who, m.bodyType(), r.reason());
            return;
        }
        Outcome.Accepted a = (Outcome.Accepted) o;
        listener.command(round, c);
        state = a.state();
        if (agreement != null) {
            reply(m, Performative.AGREE, agreement.get());
        }
        dispatch(a.events());
    }

    // --- announcements ----------------------------------------------------------------------------------------------

    /** Sends each event to exactly its audience, and opens and closes the rooms as phases begin and end. */
    private void dispatch(List<Event> events) {
        String g = config.gameId();
        for (Event e : events) {
            if (e instanceof Event.PhaseBegan || e instanceof Event.GameOver) {
                closeRoom(); // the old phase's room first: nothing said after it ends appears in the new one
            }
            listener.event(round, e, state);
            switch (e) {
                case Event.RoleAssigned r -> send(seats.get(r.player()), Performative.INFORM,
                        new Catalog.AssignRole(g, round, r.role().wire(), r.partners()));
                case Event.PhaseBegan p -> beginPhase(p);
                case Event.VoteCast v -> tell(v.audience(), new Catalog.VoteCast(g, round, v.phase().phase().wire(),
                        v.phase().number(), v.voter(), v.target(), v.tally()));
                case Event.Executed x -> {
                    tell(Audience.EVERYONE, new Catalog.VoteResult(g, round, x.day(), x.player(), "executed",
                            x.byMajority() ? "a majority voted" : "the most votes when the day ended"));
                    send(seats.get(x.player()), Performative.INFORM, new Catalog.Kill(g, round, x.day(), "executed"));
                }
                case Event.NoExecution n -> tell(Audience.EVERYONE,
                        new Catalog.VoteResult(g, round, n.day(), null, "none", n.reason()));
                case Event.RoleRevealed r -> tell(Audience.WEREWOLVES,
                        new Catalog.RoleRevealed(g, round, r.player(), r.role().wire()));
                case Event.Murdered mu -> {
                    send(seats.get(mu.player()), Performative.INFORM, new Catalog.Kill(g, round, mu.night(), "murdered"));
                    Set<String> others = new HashSet<>(((Audience.Players) mu.audience()).names());
                    others.remove(mu.player());
                    tell(new Audience.Players(others), new Catalog.NightResult(g, round, mu.night(), mu.player(),
                            "the werewolves agreed"));
                }
                case Event.NoMurder nm -> tell(Audience.WEREWOLVES,
                        new Catalog.NightResult(g, round, nm.night(), null, nm.reason()));
                case Event.Divined d -> send(seats.get(d.seer()), Performative.INFORM,
                        new Catalog.Divined(g, round, d.day(), d.target(), d.role().wire()));
                case Event.GameOver over -> {
                    Map<String, String> roles = new TreeMap<>();
                    over.roles().forEach((n, r) -> roles.put(n, r.wire()));
                    tell(Audience.EVERYONE, new Catalog.EndGame(g, round, winner(over.winner()), over.reason(),
                            over.days(), roles, over.scores()));
                }
            }
        }
    }

    private void beginPhase(Event.PhaseBegan p) {
        Room room = p.phase().phase() == Phase.DAY ? Room.VILLAGE : Room.HIDEOUT;
        openRoom(room, p.phase());
        deadline = System.nanoTime() + p.duration().toNanos();
        long wallDeadline = System.currentTimeMillis() + p.duration().toMillis();
        tell(Audience.EVERYONE, new Catalog.PhaseChange(config.gameId(), round, p.phase().phase().wire(),
                p.phase().number(), wallDeadline, (int) p.duration().toSeconds(), p.living(), p.murdered()));
    }

    private void openRoom(Room room, PhaseId phase) {
        Map<String, String> writers = new TreeMap<>();
        Map<String, String> readers = new TreeMap<>();
        state.writers(room).forEach(n -> writers.put(n, seats.get(n).toString()));
        state.readers(room).forEach(n -> readers.put(n, seats.get(n).toString()));
        roomRequest(roomJid(room), new Catalog.OpenRoom(config.gameId(), round, phase.phase().wire(), phase.number(),
                writers, readers));
        openRoom = room;
    }

    private void closeRoom() {
        if (openRoom != null) {
            roomRequest(roomJid(openRoom), new Catalog.CloseRoom(config.gameId(), round));
            openRoom = null;
        }
    }

    /**
     * Asks a room to open or close and waits for its agreement, so that a player told of the new phase finds the room
     * already open. Other messages meanwhile stay in the mailbox for the phase to handle.
     */
    private void roomRequest(Jid room, Body body) {
        Message request = Message.builder().to(room).performative(Performative.REQUEST).ontology(ONTOLOGY)
                .body(body).build();
        try {
            Message answer = fsm.ask(request, config.roomTimeout());
            if (answer == null) {
                log.warn("{}: {} did not answer {} within {}", jid(), room, body.getClass().getSimpleName(),
                        config.roomTimeout());
            } else if (!answer.is(Performative.AGREE)) {
                log.warn("{}: {} answered {} with {}: {}", jid(), room, body.getClass().getSimpleName(),
                        answer.metadata(Message.PERFORMATIVE), answer.body());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Jid roomJid(Room room) {
        return room == Room.VILLAGE ? config.village() : config.hideout();
    }

    private void tell(Audience audience, Body body) {
        Set<String> who = switch (audience) {
            case Audience.Everyone e -> seats.keySet();
            case Audience.Werewolves w -> new HashSet<>(state.livingWerewolves());
            case Audience.Players p -> p.names();
        };
        for (String name : who) {
            Jid j = seats.get(name);
            if (j != null) {
                send(j, Performative.INFORM, body);
            }
        }
    }

    private long seedFor(int r) {
        return config.seed() + (r - 1) * 0x9E3779B97F4A7C15L;
    }

    private static String winner(Team t) {
        return t == null ? "draw" : t.wire();
    }
}
