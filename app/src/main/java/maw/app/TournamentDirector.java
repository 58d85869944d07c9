package maw.app;

import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.agents.TournamentCatalog;
import maw.config.ConfigException;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.tournament.GameRecord;
import maw.tournament.Schedule;
import maw.tournament.Standings;
import maw.tournament.Tournament;

/**
 * A tournament's director (the initiator of the FIPA Contract Net protocol): it hands the games left to the workers
 * that announce themselves over XMPP ({@code ./maw worker}) showing they hold its key ({@link WorkerKey}), game by
 * game, and keeps the one results file: a game counts by one result, from the worker it was awarded to, that fits the
 * schedule (its seed, seats and roles). A worker silent for {@link #SILENT} is lost, and one that sends no result
 * within the award deadline of its award or its last result loses its games, whatever it announces: they go to
 * others, replayed from the schedule's seed. A director stopped in any way goes on from the results file
 * ({@code ./maw tournament --resume DIR}); the workers wait for it meanwhile and send it the results of the games they
 * were playing.
 */
public final class TournamentDirector extends GameAgent {

    /** A worker that says nothing for this long is lost. */
    public static final Duration SILENT = Duration.ofSeconds(10);

    /**
     * Games a worker's table gets at once, played as the rounds of one table whose agents log in once: fewer logins a
     * game, and still one result a game as each round ends (a lost worker's unfinished ones go to others).
     */
    public static final int GAMES_PER_TABLE = 4;

    /** A game awarded this long ago that its worker does not say it plays goes back to the others. */
    static final Duration RECLAIM_AFTER = Duration.ofSeconds(6);

    /** What the director knows of a worker: when it last heard from it, its games, what it played. */
    private static final class Worker {
        long lastSeen = System.nanoTime();
        /** When it was last awarded games or sent a counted result (its award deadline runs from then). */
        long progressAt = System.nanoTime();
        final Set<Integer> games = new TreeSet<>();
        /** When each of its games was awarded (nanoTime). */
        final Map<Integer, Long> awardedAt = new java.util.HashMap<>();
        int tables;
        int played;
        final long since = System.nanoTime();
    }

    private final Tournament tournament;
    private final String id;
    private final List<String> args;
    private final long seed;
    private final PrintStream out;
    private final Map<Jid, Worker> workers = new LinkedHashMap<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private long lastReport = System.nanoTime();
    private final WorkerKey key;
    private final Duration awardDeadline;
    private final Awards awards;
    /** Accounts refused as no worker of this director: told once, then not answered. */
    private final Set<Jid> strangers = new java.util.HashSet<>();

    TournamentDirector(Jid jid, String password, Tournament tournament, String id, List<String> args, long seed,
            WorkerKey key, Duration awardDeadline, Awards awards, PrintStream out) {
        super(jid, password);
        this.tournament = tournament;
        this.id = id;
        this.args = List.copyOf(args);
        this.seed = seed;
        this.key = key;
        this.awardDeadline = awardDeadline;
        this.awards = awards;
        this.out = out;
        // A director resumed knows whom it awarded the games still open (their results may be waiting for it).
        Set<Integer> open = new TreeSet<>(tournament.left().stream().map(Schedule.Game::number).toList());
        awards.load().forEach((game, worker) -> {
            if (open.contains(game)) {
                Worker w = workers.computeIfAbsent(worker, k -> new Worker());
                w.games.add(game);
                w.awardedAt.put(game, System.nanoTime());
            }
        });
    }

    /** The tournament's name on the wire: its seed, as the workers build it. */
    public static String tournamentId(long seed) {
        return "t" + Long.toHexString(seed);
    }

    /** Completes when every game of the schedule has its result. */
    public CompletableFuture<Void> done() {
        return done;
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("direct", self -> {
            Message m = self.receive(Duration.ofNanos(Math.max(1_000_000, nextDue() - System.nanoTime())));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
            lookForLost();
            if (tournament.left().isEmpty()) {
                done.complete(null);
            }
            if (System.nanoTime() - lastReport > 10_000_000_000L) {
                report();
            }
        }));
    }

    private void handle(Message m) {
        Catalog.Body body = read(m);
        if (body == null || isComplaint(m)) {
            return;
        }
        Jid from = m.sender().bare();
        switch (body) {
            case TournamentCatalog.WorkerReady w -> {
                if (!key.proves(w.key_proof(), from, jid())) {
                    stranger(m, from);
                    return;
                }
                Worker worker = workers.computeIfAbsent(from, k -> {
                    out.printf("worker %s: %d table(s)%n", from.local(), w.tables());
                    return new Worker();
                });
                worker.lastSeen = System.nanoTime();
                worker.tables = w.tables();
                // A game it was awarded a while ago and does not say it plays (it had no table free, or it failed):
                // back to the others. Its result, had it ended, came before this message (one sender's messages
                // keep their order).
                for (var it = worker.games.iterator(); it.hasNext(); ) {
                    int g = it.next();
                    if (!w.playing().contains(g) && System.nanoTime() - worker.awardedAt.getOrDefault(g, 0L)
                            > RECLAIM_AFTER.toNanos()) {
                        it.remove();
                        worker.awardedAt.remove(g);
                    }
                }
                List<Integer> pool = pool();
                if (w.free() > 0 && !pool.isEmpty()) {
                    send(from, Performative.CFP, new TournamentCatalog.CallForGames(id, pool.size()));
                }
            }
            case TournamentCatalog.GamesProposal p -> {
                Worker worker = workers.get(from);
                if (worker == null) {
                    stranger(m, from);
                    return;
                }
                worker.lastSeen = System.nanoTime();
                if (!id.equals(p.tournament())) {
                    reply(m, Performative.REJECT_PROPOSAL, new TournamentCatalog.GamesRefused(p.tournament(),
                            "this director runs tournament " + id));
                    return;
                }
                // No more than its tables hold beside the games it has: two calls for proposals answered before the
                // first award would otherwise give a one-table worker two games.
                int tables = worker.tables > 0 ? worker.tables : p.tables();
                int room = Math.min(p.tables() * GAMES_PER_TABLE, Math.max(0, tables * GAMES_PER_TABLE
                        - worker.games.size()));
                // Not all of the pool to the first worker that asks: a share for each worker heard from.
                room = Math.min(room, Math.max(p.tables(), (int) Math.ceil((double) pool().size()
                        / Math.max(1, workers.size()))));
                List<Integer> pool = pool();
                List<Integer> games = new ArrayList<>(pool.subList(0, Math.min(Math.max(0, room), pool.size())));
                if (games.isEmpty()) {
                    reply(m, Performative.REJECT_PROPOSAL, new TournamentCatalog.GamesRefused(id,
                            "every game is played or being played"));
                    return;
                }
                awards.add(from, games);
                if (worker.games.isEmpty()) {
                    worker.progressAt = System.nanoTime();
                }
                worker.games.addAll(games);
                games.forEach(g -> worker.awardedAt.put(g, System.nanoTime()));
                reply(m, Performative.ACCEPT_PROPOSAL, new TournamentCatalog.GamesAward(id, args, seed, games));
            }
            case TournamentCatalog.GameResult r -> result(m, from, r);
            default -> refuse(m, null, RefusalCode.WRONG_RECIPIENT, "a tournament's director takes worker_ready, "
                    + "games_proposal and game_result");
        }
    }

    /** A result counts once, from the worker its game is awarded to, when its record fits the schedule. */
    private void result(Message m, Jid from, TournamentCatalog.GameResult r) {
        if (!key.proves(r.key_proof(), from, jid())) {
            stranger(m, from);
            return;
        }
        if (!id.equals(r.tournament())) {
            return;
        }
        Worker worker = workers.get(from);
        if (worker == null || !worker.games.contains(r.number())) {
            out.printf("game %d: a result from %s, to whom it is not awarded, is not counted%n", r.number(),
                    from.local());
            refuse(m, null, RefusalCode.NOT_YOURS, "game " + r.number() + " is not awarded to you");
            return;
        }
        worker.lastSeen = System.nanoTime();
        GameRecord record;
        try {
            record = Json.MAPPER.treeToValue(r.record(), GameRecord.class);
        } catch (Exception e) {
            reply(m, Performative.NOT_UNDERSTOOD, new Catalog.NotUnderstood("a game_result whose record is "
                    + "not a game's record: " + e.getMessage(), null));
            return;
        }
        String misfit = record.game() != r.number() ? "game_result " + r.number() + " holds game " + record.game()
                : tournament.misfit(record);
        if (misfit == null) {
            misfit = tournament.misfit(record, r.journal());
        }
        if (misfit != null) {
            out.printf("game %d: a result from %s that does not fit the schedule is not counted (%s)%n", r.number(),
                    from.local(), misfit);
            refuse(m, null, RefusalCode.OTHER_GAME, misfit);
            return;
        }
        worker.games.remove(r.number());
        worker.awardedAt.remove(r.number());
        if (tournament.accept(record)) {
            worker.played++;
            worker.progressAt = System.nanoTime();
        } else {
            out.printf("game %d: a second result (from %s) is not counted%n", r.number(), from.local());
        }
    }

    /** An account that showed no key: refused once (it is told why), then not answered. */
    private void stranger(Message m, Jid from) {
        if (strangers.size() < 10_000 && strangers.add(from)) {
            out.printf("%s is no worker of this director (it shows no proof of the key): not heard%n",
                    maw.agents.Text.inert(from.toString()));
            refuse(m, null, RefusalCode.NOT_YOURS, "this director takes part only from workers that show its key "
                    + "(./maw worker --key-file)");
        }
    }

    /** The games left that no worker is playing, in game order. */
    private List<Integer> pool() {
        Set<Integer> taken = new TreeSet<>();
        workers.values().forEach(w -> taken.addAll(w.games));
        return tournament.left().stream().map(Schedule.Game::number).filter(g -> !taken.contains(g)).toList();
    }

    /** When the director has something to do of its own: a worker's time runs out, or the next report is due. */
    private long nextDue() {
        long due = lastReport + 10_000_000_000L;
        for (Worker w : workers.values()) {
            if (!w.games.isEmpty()) {
                due = Math.min(due, w.progressAt + awardDeadline.toNanos());
            }
            due = Math.min(due, w.lastSeen + SILENT.toNanos());
        }
        return due + 1_000_000; // just past it
    }

    private void lookForLost() {
        long now = System.nanoTime();
        for (var it = workers.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            Worker w = e.getValue();
            if (!w.games.isEmpty() && now - w.progressAt > awardDeadline.toNanos()) {
                out.printf("worker %s: no result within %d s: its games %s go to the others%n", e.getKey().local(),
                        awardDeadline.toSeconds(), w.games);
                w.games.clear();
                w.awardedAt.clear();
            }
            if (now - e.getValue().lastSeen > SILENT.toNanos()) {
                Set<Integer> left = new TreeSet<>(e.getValue().games);
                left.retainAll(tournament.left().stream().map(Schedule.Game::number).toList());
                out.printf("worker %s lost (nothing heard for %d s)%s%n", e.getKey().local(), SILENT.toSeconds(),
                        left.isEmpty() ? "" : ": its games " + left + " go to the others");
                it.remove();
            }
        }
    }

    private void report() {
        lastReport = System.nanoTime();
        List<String> parts = new ArrayList<>();
        workers.forEach((jid, w) -> parts.add(String.format(Locale.ROOT, "%s %d table(s), %d game(s) (%.2f/s)%s",
                jid.local(), w.tables, w.played, w.played / Math.max(1e-9, (System.nanoTime() - w.since) / 1e9),
                w.games.isEmpty() ? "" : ", playing " + w.games)));
        out.printf("workers: %s; %d game(s) left%n", parts.isEmpty() ? "none yet" : String.join("; ", parts),
                tournament.left().size());
    }

    /**
     * Plays {@code r} by workers: the director logs in as {@code name}, hands out the games and writes their results
     * as they come; the standings when every game has its result.
     */
    public static Standings run(Tournaments.Request r, String name, PrintStream out) throws Exception {
        return run(r, name, r.dir().resolve(KEY_FILE), DEFAULT_AWARD_DEADLINE, out);
    }

    /** The key file a director writes in its tournament's directory when it is given none. */
    public static final String KEY_FILE = "worker.key";

    /** How long a worker may go without a result for its awarded games, by default. */
    public static final Duration DEFAULT_AWARD_DEADLINE = Duration.ofMinutes(30);

    /**
     * Plays {@code r} by workers that show the key in {@code keyFile} (made there when it is not), each losing its
     * games when it sends no result within {@code awardDeadline} of its award or its last result.
     */
    public static Standings run(Tournaments.Request r, String name, java.nio.file.Path keyFile, Duration awardDeadline,
            PrintStream out) throws Exception {
        if (r.settings().choice(maw.config.Setting.TRANSPORT, maw.config.Setting.TransportKind.class)
                == maw.config.Setting.TransportKind.LOCAL) {
            throw new ConfigException("--workers: workers reach the director over XMPP (transport xmpp), not in this "
                    + "process");
        }
        Tournament t = Tournaments.forDirector(r, out);
        List<Schedule.Game> left = t.open();
        if (!left.isEmpty()) {
            try (AgentNetwork network = AgentNetwork.open(r.settings(), out::println)) {
                if (!network.crossesProcesses()) {
                    throw new ConfigException("--workers: workers reach the director over XMPP (transport xmpp), not "
                            + "in this process");
                }
                String password = HexFormat.of().formatHex(SecureRandom.getSeed(12));
                network.provisionUnused(Map.of(name, password), "a tournament director named " + name);
                WorkerKey key = WorkerKey.forDirector(keyFile);
                TournamentDirector d = new TournamentDirector(Jid.of(name, network.transport().domain()), password,
                        t, tournamentId(r.seed()), r.args(), r.seed(), key, awardDeadline, new Awards(r.dir()), out);
                d.start(network.transport());
                out.printf("director %s@%s on %s: %d game(s) to hand out; workers join with ./maw worker "
                        + "--director %s --key-file %s%n", name, network.transport().domain(), network.describe(),
                        left.size(), name, keyFile);
                try {
                    d.done().get();
                } finally {
                    d.stop();
                }
            }
        }
        Standings s = t.finish();
        out.println("final standings (" + s.games() + " games):");
        s.table().forEach(out::println);
        out.println("results: " + r.dir().resolve(Tournament.RESULTS) + ", summary: " + r.dir().resolve("summary.json"));
        return s;
    }
}
