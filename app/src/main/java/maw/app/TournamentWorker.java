package maw.app;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.agents.TournamentCatalog;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.PeriodicBehaviour;
import maw.runtime.Performative;
import maw.tournament.Schedule;
import maw.tournament.Tournament;

/**
 * A tournament worker (a participant of the FIPA Contract Net protocol): it offers {@code tables} tables to a
 * director ({@code worker_ready}, again every {@link #HEARTBEAT}), proposes its free tables when called for games, and
 * plays the games it is awarded, each at a table of its own, building the tournament from the arguments and seed the
 * award carries; each game's result goes to the director as the game ends.
 */
public final class TournamentWorker extends GameAgent {

    /** How often a worker tells its director it is there. */
    public static final Duration HEARTBEAT = Duration.ofSeconds(2);

    /** Builds the tournament an award is of, for this worker to play its games in. */
    @FunctionalInterface
    public interface Builder {
        Tournament build(TournamentCatalog.GamesAward award) throws Exception;
    }

    private final int tables;
    private final Jid director;
    private final Builder builder;
    private final PrintStream out;
    private final ExecutorService pool;
    private final Set<Integer> playing = ConcurrentHashMap.newKeySet();
    private final Map<String, Tournament> built = new ConcurrentHashMap<>();
    private volatile int free;
    /** Its proof that it holds the director's key, shown with every announcement and result. */
    private final String proof;

    /** @param key the director's key (the director takes part only from accounts that show they hold it) */
    public TournamentWorker(Jid jid, String password, int tables, Jid director, WorkerKey key, Builder builder,
            PrintStream out) {
        super(jid, password);
        this.proof = key.proof(jid, director);
        this.tables = tables;
        this.free = tables;
        this.director = director.bare();
        this.builder = builder;
        this.out = out;
        this.pool = Executors.newFixedThreadPool(tables, Thread.ofPlatform().name(jid.local() + "-table-", 1)
                .factory());
    }

    private void ready() {
        send(director, Performative.INFORM, new TournamentCatalog.WorkerReady(tables, free,
                new ArrayList<>(new TreeSet<>(playing)), proof));
    }

    @Override
    protected void setup() {
        ready();
        addBehaviour(PeriodicBehaviour.of("ready", HEARTBEAT, self -> ready()));
        addBehaviour(CyclicBehaviour.of("work", self -> {
            Message m = self.receive(); // it acts on messages alone: it waits for the next
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }));
    }

    private void handle(Message m) {
        Catalog.Body body = read(m);
        if (body == null || isComplaint(m)) {
            return;
        }
        if (!m.sender().bare().equals(director)) {
            refuse(m, null, RefusalCode.NOT_YOURS, "this worker plays for " + director + " only");
            return;
        }
        switch (body) {
            case TournamentCatalog.CallForGames c -> {
                if (free > 0) {
                    reply(m, Performative.PROPOSE, new TournamentCatalog.GamesProposal(c.tournament(), free));
                }
            }
            case TournamentCatalog.GamesAward a -> award(a);
            case TournamentCatalog.GamesRefused r -> { }
            default -> refuse(m, null, RefusalCode.WRONG_RECIPIENT, "a worker takes call_for_games, games_award and "
                    + "games_refused");
        }
    }

    private synchronized void award(TournamentCatalog.GamesAward a) {
        Tournament t;
        try {
            t = built.computeIfAbsent(a.tournament() + "/" + a.seed() + "/" + String.join(" ", a.args()), k -> {
                try {
                    return builder.build(a);
                } catch (Exception e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            });
        } catch (IllegalStateException e) {
            out.printf("cannot play tournament %s: %s%n", a.tournament(), e.getMessage());
            return;
        }
        List<Schedule.Game> games = new ArrayList<>();
        for (int number : a.games()) {
            t.schedule().games().stream().filter(g -> g.number() == number).findFirst()
                    .filter(g -> !playing.contains(number)).ifPresent(games::add);
        }
        if (games.isEmpty() || free <= 0) {
            return; // none of its games, or no table free: the director hands them out again
        }
        // The games shared among the free tables, each table's played as its rounds (its agents log in once).
        int tablesNow = Math.min(free, games.size());
        for (int k = 0; k < tablesNow; k++) {
            List<Schedule.Game> sitting = new ArrayList<>();
            for (int i = k; i < games.size(); i += tablesNow) {
                sitting.add(games.get(i));
            }
            sitting.forEach(g -> playing.add(g.number()));
            free--;
            List<Integer> numbers = sitting.stream().map(Schedule.Game::number).toList();
            out.printf("games %s of tournament %s: playing at one table%n", numbers, a.tournament());
            pool.submit(() -> {
                try {
                    t.playFor(sitting, record -> {
                        String journal;
                        try {
                            journal = t.journalOf(record);
                        } catch (java.io.IOException e) {
                            journal = null; // the director says why it does not count the game
                            out.printf("game %d of tournament %s: its journal cannot be read: %s%n", record.game(),
                                    a.tournament(), e.getMessage());
                        }
                        send(director, Performative.INFORM, new TournamentCatalog.GameResult(a.tournament(),
                                record.game(), Json.MAPPER.valueToTree(record), journal, proof));
                        playing.remove(record.game());
                        out.printf("game %d of tournament %s: %s; result sent%n", record.game(), a.tournament(),
                                record.winningSide() == null ? "no winner" : "the " + record.winningSide() + " win");
                    });
                } catch (Exception e) {
                    out.printf("games %s of tournament %s failed: %s%n", numbers, a.tournament(), e.getMessage());
                } finally {
                    numbers.forEach(playing::remove);
                    synchronized (this) {
                        free++;
                    }
                    ready();
                }
                return null;
            });
        }
    }

    @Override
    protected void takeDown() {
        pool.shutdownNow();
    }
}
