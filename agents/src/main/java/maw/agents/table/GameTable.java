package maw.agents.table;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.gamemaster.Ruleset;
import maw.agents.maw.MawHerald;
import maw.agents.player.PlayerAgent;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.game.maw.GameState;
import maw.game.maw.MawRules;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.runtime.RateLimit;
import maw.runtime.Transport;
import maw.runtime.TransportException;
import maw.runtime.Ulid;

/**
 * A whole table in one process: the GameMaster, the Village and the Hideout, and a Player with its interface agent
 * for every seat, each agent with its own connection. Used by {@code maw game}, the tests and the benchmarks.
 */
public final class GameTable {

    /** Who fills a seat. The Player never knows: it only talks to the interface agent this creates. */
    public interface SeatFiller {
        /** The interface agent of one seat. */
        Agent create(Seat seat);

        /** What fills the seats, for summaries ("rule", "llm", "human"). */
        String kind();
    }

    /**
     * One seat as its interface agent sees it.
     *
     * @param name     the seat's name at the table
     * @param jid      the interface agent's own address
     * @param password its password
     * @param player   the address of the Player it answers
     * @param seed     a seed for its choices
     */
    public record Seat(String name, Jid jid, String password, Jid player, long seed, String game) {
        /** A seat of no table's game (one that joins a game run elsewhere). */
        public Seat(String name, Jid jid, String password, Jid player, long seed) {
            this(name, jid, password, player, seed, null);
        }
    }

    /** An interface agent that takes in the end of the game itself (a person, a TCP agent): the table waits for it. */
    public interface Watching {
        /** Completes when the seat has taken in the end of the last round. */
        CompletableFuture<Void> over();
    }

    /** What an interface agent reports about its seat at the end (a model seat's calls and tokens, say). */
    public interface SeatReport {
        Map<String, Object> report();
    }

    /** Rule-based bots. */
    public static SeatFiller ruleBots() {
        return ruleBots(RuleBotAgent.Style.RULE, RuleBotAgent.Style.RULE);
    }

    /** Rule-based bots that play each side in its style (reading the table, or random but legal). */
    public static SeatFiller ruleBots(RuleBotAgent.Style village, RuleBotAgent.Style pack) {
        boolean rule = village == RuleBotAgent.Style.RULE && pack == RuleBotAgent.Style.RULE;
        return new SeatFiller() {
            @Override
            public Agent create(Seat seat) {
                return new RuleBotAgent(seat.jid(), seat.password(), seat.name(), seat.seed(), seat.player(),
                        village, pack);
            }

            @Override
            public String kind() {
                return rule ? "rule" : "rule-" + village.name().toLowerCase(Locale.ROOT) + "-"
                        + pack.name().toLowerCase(Locale.ROOT);
            }
        };
    }

    /**
     * A table to play.
     *
     * @param prefix   put before every account name, so that several tables share one server
     * @param names    the seats' names
     * @param fillers  what fills each seat (one per name)
     * @param rounds   rounds to play
     * @param seed     the game's seed (the deal, and the bots' choices)
     * @param ruleset  the rule set and its options (MAW's or AIWolf's)
     * @param out      where the journal and room archives go (null: nowhere)
     */
    public record Spec(String prefix, List<String> names, List<SeatFiller> fillers, int rounds, long seed,
            Ruleset<?, ?, ?> ruleset, Path out, int openSeats, Duration openWait,
            SeatFiller openFallback, Recovery<?, ?> resume) {
        public Spec {
            if (fillers.size() != names.size()) {
                throw new IllegalArgumentException("one filler per seat");
            }
            if (openSeats < 0 || (openSeats > 0 && (openWait == null || openFallback == null))) {
                throw new IllegalArgumentException("open seats need a wait and a filler for those left empty");
            }
        }

        public Spec(String prefix, List<String> names, List<SeatFiller> fillers, int rounds, long seed,
                Ruleset<?, ?, ?> ruleset, Path out) {
            this(prefix, names, fillers, rounds, seed, ruleset, out, 0, null, null, null);
        }

        /**
         * This table taken up again from its journal after its process died: the GameMaster resumes, and every seat
         * of this table that the journal seats starts again under its name (seats from elsewhere come back by
         * themselves).
         */
        public Spec resuming(Recovery<?, ?> from) {
            return new Spec(prefix, names, fillers, rounds, seed, ruleset, out, openSeats, openWait, openFallback, from);
        }

        /**
         * This table with {@code n} more seats for players who join from elsewhere ({@code maw join}, {@code maw
         * player}); those still empty after {@code wait} are filled by {@code fallback}.
         */
        public Spec withOpenSeats(int n, Duration wait, SeatFiller fallback) {
            return new Spec(prefix, names, fillers, rounds, seed, ruleset, out, n, wait, fallback, resume);
        }

        /** Every seat: those the table fills and the open ones. */
        public int seats() {
            return names.size() + openSeats;
        }

    }

    /**
     * What a table played. {@code wallMillis} is everything; of it, {@code startMillis} went to connecting and
     * logging in every agent, {@code playMillis} to the game from the first join to the last leaderboard, and
     * {@code stopMillis} to logging everyone out.
     */
    public record Result(String gameId, List<RoundSummary> rounds, Map<String, Integer> totals,
            long messages, long wallMillis, int agents, long startMillis, long playMillis, long stopMillis,
            List<SeatSummary> seats) {}

    /** Who filled a seat and what its interface reported. */
    public record SeatSummary(String name, String kind, Map<String, Object> report) {}

    private static final List<String> NAMES = List.of("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace",
            "Heidi", "Ivan", "Judy", "Mallory", "Niaj", "Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Ursula",
            "Victor", "Wendy", "Xavier", "Yvonne", "Zoe", "Quentin");

    /** Seat names: Alice, Bob, Carol... then Player25, Player26... */
    public static List<String> defaultNames(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i < NAMES.size() ? NAMES.get(i) : "Player" + (i + 1));
        }
        return out;
    }

    private final Spec spec;
    private volatile GameMasterAgent<?, ?, ?> master;
    /** The god view's token, chosen here so that it can be printed before the GameMaster starts. */
    private final String watchToken = java.util.HexFormat.of()
            .formatHex(new java.security.SecureRandom().generateSeed(12));
    private final String domain;
    private final String password;
    private final String gameId;
    private final List<Agent> started = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Void> allStarted = new CompletableFuture<>();
    private final CompletableFuture<List<RoundSummary>> aborted = new CompletableFuture<>();

    /**
     * A table of {@code spec} whose agents live in {@code domain}, not yet on a network: its accounts and addresses
     * can be read (to print, to watch), and it is played once set on one ({@link #on}).
     */
    public GameTable(Spec spec, String domain) {
        this(spec, domain, newGameId());
    }

    public GameTable(Spec spec, String domain, String gameId) {
        this.spec = spec;
        this.domain = domain;
        this.password = HexFormat.of().formatHex(new SecureRandom().generateSeed(9));
        this.gameId = gameId;
    }

    /**
     * The one way every front end sets up a table: {@code spec}'s table on {@code network}, its accounts made there, to
     * {@link #play} (or to watch before it plays). Its accounts are given up once it has played.
     */
    public static GameTable on(Network network, Spec spec) {
        return on(network, spec, newGameId());
    }

    /** The same, the game's id chosen ({@code gameId}). */
    public static GameTable on(Network network, Spec spec, String gameId) {
        GameTable table = new GameTable(spec, network.domain(), gameId);
        table.network = network;
        network.accounts(table.accounts());
        return table;
    }

    /** The network the table was set on ({@link #on}); null for a table only described. */
    private Network network;

    /** Plays the table on the network it was set on, and then gives up its accounts there. */
    public Result play(GameListener gmListener, ChatRoomAgent.Listener roomListener, Duration timeout)
            throws TransportException, InterruptedException, TimeoutException {
        if (network == null) {
            throw new IllegalStateException("a table is played on the network it was set on (GameTable.on)");
        }
        try {
            return play(network.transport(), gmListener, roomListener, timeout);
        } finally {
            network.release(accounts().keySet());
        }
    }

    /**
     * A fresh game id, a {@link maw.runtime.Ulid}: every message of the game carries it, so messages of another game
     * are told apart; the agents of the AIWolf NLP contest read it as their {@code game_id}, which they take for a
     * ULID.
     */
    public static String newGameId() {
        return Ulid.next();
    }

    public String gameId() {
        return gameId;
    }

    /** The token of the GameMaster's god view, chosen with the table (it can be printed before the game starts). */
    public String watchToken() {
        return watchToken;
    }

    public Jid gameMaster() {
        return jid("gamemaster");
    }

    /** The agent that keeps {@code room} of the table's rule set. */
    public Jid room(Room room) {
        return jid(room.name());
    }

    /** The agent that keeps the Village (of MAW's game). */
    public Jid village() {
        return room(Room.VILLAGE);
    }

    /** The agents that keep the rule set's rooms. */
    public Map<Room, Jid> rooms() {
        Map<Room, Jid> out = new LinkedHashMap<>();
        spec.ruleset().rooms().forEach(r -> out.put(r, room(r)));
        return out;
    }

    public Jid player(int seat) {
        return jid("player-" + (seat + 1));
    }

    public Jid seatInterface(int seat) {
        return jid("ui-" + (seat + 1));
    }

    private Jid jid(String local) {
        // Lower case, as the server keeps account names (a prefix may carry a game id, which is upper case).
        return Jid.of((spec.prefix() + local).toLowerCase(Locale.ROOT), domain);
    }

    /** Every account the table logs in with, and its password. */
    public Map<String, String> accounts() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put(gameMaster().local(), password);
        rooms().values().forEach(j -> a.put(j.local(), password));
        // Open seats have accounts too, for the seats that nobody takes and the table fills after all.
        for (int i = 0; i < spec.seats(); i++) {
            a.put(player(i).local(), password);
            a.put(seatInterface(i).local(), password);
        }
        return a;
    }

    public String password() {
        return password;
    }

    /** Completes once every agent of the table has connected, logged in and run its setup. */
    public CompletableFuture<Void> allStarted() {
        return allStarted;
    }

    /** The GameMaster's settings for this table. */
    public GameConfig gameMasterConfig() {
        return new GameConfig(gameId, spec.seats(), spec.rounds(), spec.seed(), rooms(), Duration.ofSeconds(10),
                Duration.ofSeconds(10));
    }

    /** The GameMaster of this table's rule set (taken up from the journal when the table resumes). */
    @SuppressWarnings("unchecked")
    private <S extends GameView, O, E extends GameEvent> GameMasterAgent<S, O, E> gameMasterAgent(
            Ruleset<S, O, E> ruleset, GameListener gmListener) {
        GameConfig config = spec.resume() != null ? spec.resume().config() : gameMasterConfig();
        GameMasterAgent<S, O, E> gm = new GameMasterAgent<>(spec.resume() != null ? spec.resume().gameMaster()
                : gameMaster(), password, roundSeeds == null ? config : config.withRoundSeeds(roundSeeds), ruleset,
                gmListener).watchToken(watchToken);
        if (spec.resume() != null) {
            gm.resume((Recovery<S, O>) spec.resume());
        }
        return gm;
    }

    private volatile List<Long> roundSeeds;
    /** Notified by the GameMaster's listener when a seat joins its lobby (the open seats are waited for on it). */
    private final Object lobbyChanged = new Object();
    private volatile Map<String, Agent> seatAgents = Map.of();
    private volatile RateLimit roomLimit;

    /**
     * What the rooms take from one sender, instead of {@link maw.agents.GameAgent#ROOM_LIMIT} (sized for one game):
     * a table of many rounds whose seats are all its own (a tournament's) sets its GameMaster's (set before
     * {@link #play}).
     */
    public GameTable roomLimit(RateLimit limit) {
        this.roomLimit = limit;
        return this;
    }

    /**
     * The game begins once {@code gate} is done; its agents log in and wait meanwhile (a tournament starting its tables
     * together). Set before {@link #play}.
     */
    public GameTable startGate(CompletableFuture<?> gate) {
        this.startGate = gate;
        return this;
    }

    private volatile CompletableFuture<?> startGate;

    /** What each seat's agent reports now (a model seat: its calls and tokens so far), by seat name. */
    public Map<String, Map<String, Object>> seatReports() {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        seatAgents.forEach((name, a) -> out.put(name, a instanceof SeatReport r ? r.report() : Map.of()));
        return out;
    }

    /** Each round's seed, as a tournament's schedule chose them (set before {@link #play}). */
    public GameTable roundSeeds(List<Long> seeds) {
        this.roundSeeds = List.copyOf(seeds);
        return this;
    }

    /** {@code gmListener} with the table's own ear for joins: it waits for the open seats' players on their word. */
    private GameListener watchingJoins(GameListener gmListener) {
        GameListener joinedWatch = new GameListener() {
            @Override
            public void joined(String name, Jid jid, int waiting, int needed) {
                synchronized (lobbyChanged) {
                    lobbyChanged.notifyAll();
                }
            }
        };
        return gmListener == null ? joinedWatch : new Listeners(gmListener, joinedWatch);
    }

    /** Plays the whole game; every agent is stopped when it returns. */
    public Result play(Transport transport, GameListener gmListener, ChatRoomAgent.Listener roomListener,
            Duration timeout) throws TransportException, InterruptedException, TimeoutException {
        long t0 = System.nanoTime();
        try {
            GameMasterAgent<?, ?, ?> gm = gameMasterAgent(spec.ruleset(), watchingJoins(gmListener));
            master = gm;
            // A resumed GameMaster tells the seats where the game is once this table's own have connected (news
            // an agent's account was kept before it started is dropped as another game's).
            CompletableFuture<Void> seatsUp = new CompletableFuture<>();
            CompletableFuture<?> gate = spec.resume() == null ? startGate
                    : startGate == null ? seatsUp : CompletableFuture.allOf(startGate, seatsUp);
            if (gate != null) {
                gm.holdStart(gate);
            }
            Path rooms = spec.out() == null ? null : spec.out().resolve("rooms");
            List<Agent> table = new ArrayList<>(List.of(gm));
            rooms().forEach((room, jid) -> { // each room of the rule set, kept by its agent
                ChatRoomAgent agent = new ChatRoomAgent(jid, password, room, gameMaster(), rooms, roomListener);
                if (roomLimit != null) {
                    agent.inbound(roomLimit);
                }
                table.add(agent);
            });
            startAll(transport, table);
            List<Agent> seats = new ArrayList<>();
            List<PlayerAgent> players = new ArrayList<>();
            List<String> names = new ArrayList<>();
            List<SeatFiller> fillers = new ArrayList<>();
            for (int i = 0; i < spec.seats(); i++) {
                String name = i < spec.names().size() ? spec.names().get(i) : null;
                SeatFiller filler = i < spec.fillers().size() ? spec.fillers().get(i) : spec.openFallback();
                if (spec.resume() != null) {
                    // The seat the journal gives this table's i-th account, if any (a seat from elsewhere is not ours).
                    Jid mine = player(i);
                    name = spec.resume().seats().entrySet().stream().filter(e -> e.getValue().sameBare(mine))
                            .map(Map.Entry::getKey).findFirst().orElse(null);
                }
                if (name == null || filler == null) {
                    continue;
                }
                names.add(name);
                fillers.add(filler);
                seats.add(filler.create(new Seat(name, seatInterface(i), password, player(i),
                        spec.seed() ^ (i * 0x9E3779B97F4A7C15L), gameId)));
                players.add(new PlayerAgent(player(i), password, gameMaster(), seatInterface(i)));
            }
            Map<String, Agent> reporting = new LinkedHashMap<>();
            for (int i = 0; i < seats.size(); i++) {
                reporting.put(names.get(i), seats.get(i));
            }
            seatAgents = reporting;
            startAll(transport, seats);
            startAll(transport, players);
            seatsUp.complete(null);
            if (spec.openSeats() > 0 && spec.resume() == null) {
                allStarted.complete(null);
                fillOpenSeats(transport, gm, names, fillers, seats, players);
            }
            long t1 = System.nanoTime();
            allStarted.complete(null);
            List<RoundSummary> rounds;
            try {
                rounds = gm.finished().applyToEither(aborted, r -> r).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof CancellationException c) {
                    throw c;
                }
                throw new IllegalStateException("the game failed", e.getCause());
            }
            // Let the players, and the people behind them, take in the final leaderboard before everyone leaves.
            try {
                List<CompletableFuture<?>> ends = new ArrayList<>();
                players.forEach(p -> ends.add(p.finished()));
                seats.stream().filter(Watching.class::isInstance).map(a -> ((Watching) a).over())
                        .forEach(ends::add);
                CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new)).get(5, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // A seat that dropped out never hears the end; the game is over all the same.
            }
            long messages = started.stream().mapToLong(Agent::sentCount).sum();
            int agents = started.size();
            long t2 = System.nanoTime();
            stopAll();
            long t3 = System.nanoTime();
            List<SeatSummary> summaries = new ArrayList<>();
            for (int i = 0; i < seats.size(); i++) {
                summaries.add(new SeatSummary(names.get(i), fillers.get(i).kind(),
                        seats.get(i) instanceof SeatReport r ? r.report() : Map.of()));
            }
            for (String joined : gm.totals().keySet()) {
                if (!names.contains(joined)) {
                    summaries.add(new SeatSummary(joined, "remote", Map.of()));
                }
            }
            return new Result(gameId, rounds, gm.totals(), messages, (t3 - t0) / 1_000_000, agents,
                    (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000, List.copyOf(summaries));
        } finally {
            allStarted.complete(null);
            stopAll();
        }
    }

    /**
     * Waits for players from elsewhere to take the open seats, then fills those still empty. The names of the seats
     * the table fills (there and in {@code names}, {@code fillers}, {@code seats}, {@code players}) avoid those taken.
     */
    private void fillOpenSeats(Transport transport, GameMasterAgent<?, ?, ?> gm, List<String> names, List<SeatFiller> fillers,
            List<Agent> seats, List<PlayerAgent> players) throws TransportException, InterruptedException {
        long deadline = System.nanoTime() + spec.openWait().toNanos();
        synchronized (lobbyChanged) {
            // Woken by each join (the lobby is read again then); a join just before the wait is in the lobby already.
            for (long left = deadline - System.nanoTime(); gm.lobby().size() < spec.seats() && left > 0;
                    left = deadline - System.nanoTime()) {
                java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(lobbyChanged, left);
            }
        }
        int missing = spec.seats() - gm.lobby().size();
        List<Agent> more = new ArrayList<>();
        List<PlayerAgent> morePlayers = new ArrayList<>();
        Iterator<String> free = defaultNames(spec.seats() * 2 + 24).stream()
                .filter(n -> !names.contains(n) && !gm.lobby().contains(n)).iterator();
        for (int k = 0; k < missing; k++) {
            int i = names.size();
            String name = free.next();
            names.add(name);
            fillers.add(spec.openFallback());
            more.add(spec.openFallback().create(new Seat(name, seatInterface(i), password, player(i),
                    spec.seed() ^ (i * 0x9E3779B97F4A7C15L), gameId)));
            morePlayers.add(new PlayerAgent(player(i), password, gameMaster(), seatInterface(i)));
        }
        startAll(transport, more);
        startAll(transport, morePlayers);
        seats.addAll(more);
        players.addAll(morePlayers);
    }

    private void startAll(Transport transport, List<? extends Agent> agents) throws TransportException,
            InterruptedException {
        List<CompletableFuture<Agent>> starting = new ArrayList<>();
        for (Agent a : agents) {
            started.add(a);
            starting.add(a.startAsync(transport));
        }
        for (CompletableFuture<Agent> f : starting) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof TransportException te) {
                    throw te;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** Ends the game now (a person at the table left): {@link #play} throws a CancellationException saying why. */
    public void abort(String why) {
        aborted.completeExceptionally(new CancellationException(why));
    }

    /** The agents this table has started so far (the GameMaster, the rooms, the seats and their Players). */
    public List<Agent> agents() {
        return List.copyOf(started);
    }

    /** Stops one agent of the table, as if its process had died (for tests of disconnection). */
    public void stop(Jid jid) {
        for (Agent a : List.copyOf(started)) {
            if (a.jid().sameBare(jid)) {
                a.stop();
            }
        }
    }

    /** Stops every agent of the table (in parallel). */
    public void stopAll() {
        List<Thread> stopping = new ArrayList<>();
        for (Agent a : started) {
            stopping.add(Thread.ofVirtual().start(a::stop));
        }
        for (Thread t : stopping) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        started.clear();
    }
}
