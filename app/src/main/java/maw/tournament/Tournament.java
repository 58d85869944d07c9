package maw.tournament;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import maw.agents.GameAgent;
import maw.agents.gamemaster.Journal;
import maw.agents.gamemaster.Ruleset;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.agents.table.Network;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.runtime.Json;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;

/**
 * Plays a tournament's scheduled games, {@code parallel} at a time over one transport (the private ejabberd, or in
 * this process): {@code parallel} tables, each playing its share of the games as the rounds of one MAW game (its
 * agents log in once; each round is dealt from the schedule's seed and the seats start afresh), journaled under
 * {@code DIR/games/NNNN} (NNNN: the table's first game). A game that ends is one line
 * of {@code DIR/results.jsonl}, written whole and synced before the next is counted; a tournament started again on
 * the same directory plays only the games that file does not hold, so that no game is lost or counted twice, whatever
 * stopped it. As it goes it prints each game's end, a progress bar with the time left, and the standings.
 */
public final class Tournament {

    /** A seat of every game: its name, its entrant, and what fills it. */
    public record Seat(String name, String entrant, GameTable.SeatFiller filler) {}

    /**
     * {@code r} for a tournament's tables, whose seats are all the tournament's own: its GameMaster (and the rooms)
     * take their acts as fast as they come, game after game (the AIWolf rate, not a single game's).
     */
    public static <S extends GameView, O, E extends GameEvent> Ruleset<S, O, E>
            trusted(Ruleset<S, O, E> r) {
        return new Ruleset<>(r.rules(), r.options(), r.herald(), GameAgent.FAST_TABLE_LIMIT);
    }

    /** The results file's name in a tournament's directory. */
    public static final String RESULTS = "results.jsonl";

    private final Path dir;
    private final Schedule schedule;
    private final List<Seat> seats;
    private final Ruleset<?, ?, ?> ruleset;
    private final String rules;
    private final Duration timeout;
    private final int parallel;
    private final Transport transport;
    private int roundsPerTable = Integer.MAX_VALUE;
    private final Consumer<Map<String, String>> provision;
    private final PrintStream out;
    private final Object writing = new Object();
    /** Tables logging in at the same time, at most. */
    private final Semaphore logins = new Semaphore(8);
    private final List<GameRecord> records = new ArrayList<>();
    /** With {@link #startTogether}: what runs once every table is up, before any game begins. */
    private Runnable allUp;
    private CompletableFuture<Void> gate;
    private CountDownLatch tablesUp;
    private long started;
    private int playedHere;

    public Tournament(Path dir, Schedule schedule, List<Seat> seats, Ruleset<?, ?, ?> ruleset,
            String rules, Duration timeout, int parallel, Transport transport, Consumer<Map<String, String>> provision,
            PrintStream out) {
        this.dir = dir;
        this.schedule = schedule;
        this.seats = List.copyOf(seats);
        this.ruleset = ruleset;
        this.rules = rules;
        this.timeout = timeout;
        this.parallel = parallel;
        this.transport = transport;
        this.provision = provision;
        this.out = out;
    }

    /**
     * How many games a table plays, one after another as its rounds, before its agents log out (by default all of
     * its share: the agents stay connected from the tournament's first game to its last; 1: every game connects anew).
     */
    public Tournament roundsPerTable(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a table plays at least one game");
        }
        this.roundsPerTable = n;
        return this;
    }

    /**
     * The accounts of this process's tables carry {@code tag} (a worker's own), so that a game played again
     * elsewhere, after its first worker was lost, never shares an account with that worker's table.
     */
    public Tournament tablesTagged(String tag) {
        this.tables = tag == null ? "" : tag.replaceAll("[^a-z0-9]", "");
        return this;
    }

    private String tables = "";

    /**
     * Every table's first game waits until all tables are up (logged in, a few at a time); then {@code allUp} runs
     * (a benchmark measures the memory of all agents at once), and the games begin together.
     */
    public Tournament startTogether(Runnable allUp) {
        this.allUp = allUp;
        return this;
    }

    /** The games {@code DIR/results.jsonl} holds, in game order; a line cut short by a crash is left out. */
    public static List<GameRecord> results(Path dir) throws IOException {
        Path file = dir.resolve(RESULTS);
        List<GameRecord> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        Set<Integer> seen = new HashSet<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                GameRecord r = Json.MAPPER.readValue(line, GameRecord.class);
                if (seen.add(r.game())) {
                    out.add(r);
                }
            } catch (IOException e) {
                // a line cut short: that game is played again
            }
        }
        out.sort(Comparator.comparingInt(GameRecord::game));
        return out;
    }

    /** Cuts a results file's last line if a crash left it without its end, so that the next line starts afresh. */
    static void repair(Path file) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            return;
        }
        byte[] all = Files.readAllBytes(file);
        if (all[all.length - 1] == '\n') {
            return;
        }
        int end = all.length - 1;
        while (end >= 0 && all[end] != '\n') {
            end--;
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.truncate(end + 1);
        }
    }

    /**
     * Reads what the directory holds already (the results of a tournament that stopped) and says so; the games left.
     * {@link #run} opens the tournament itself; a director that hands the games to workers opens it, then
     * {@link #accept}s their results and {@link #finish}es it.
     */
    public List<Schedule.Game> open() throws IOException {
        Files.createDirectories(dir.resolve("games"));
        repair(dir.resolve(RESULTS));
        synchronized (writing) {
            records.clear();
            records.addAll(results(dir));
        }
        List<Schedule.Game> left = left();
        int done = schedule.games().size() - left.size();
        if (done > 0) {
            out.printf("resuming: %d of %d games played already, %d to play%n", done, schedule.games().size(),
                    left.size());
        }
        started = System.nanoTime();
        return left;
    }

    public Schedule schedule() {
        return schedule;
    }

    /** The games of the schedule no result is held for yet, in game order. */
    public List<Schedule.Game> left() {
        Set<Integer> done = new HashSet<>();
        synchronized (writing) {
            records.forEach(r -> done.add(r.game()));
        }
        return schedule.games().stream().filter(g -> !done.contains(g.number())).toList();
    }

    /**
     * Why a game's result from elsewhere does not fit the schedule (another seed, other seats or entrants, other
     * roles: it is not the game the schedule deals), or null when it fits.
     */
    public String misfit(GameRecord r) {
        Schedule.Game g = schedule.games().stream().filter(x -> x.number() == r.game()).findFirst().orElse(null);
        if (g == null) {
            return "the schedule has no game " + r.game();
        }
        if (g.seed() != r.seed()) {
            return "game " + r.game() + " is dealt from seed " + g.seed() + ", not " + r.seed();
        }
        if (!schedule.seats().equals(r.seats())) {
            return "game " + r.game() + "'s seats are not the schedule's";
        }
        if (!g.roles().equals(r.roles())) {
            return "game " + r.game() + "'s roles are not the ones its seed deals";
        }
        return null;
    }

    /**
     * Why a worker's {@code r} is not what its journal ({@code journal}, as {@link GameJournal#slice} packs it) says
     * its game came to, or null when it is; the journal is kept as {@code journals/game-NNNN.jsonl}.
     */
    public String misfit(GameRecord r, String journal) {
        return GameJournal.misfit(r, journal, ruleset, dir.resolve("journals")
                .resolve(String.format("game-%04d.jsonl", r.game())));
    }

    /** The journal of a game this tournament played, packed for its director ({@link GameJournal#slice}). */
    public String journalOf(GameRecord r) throws IOException {
        return GameJournal.slice(dir.resolve(r.journal()).resolve("game.jsonl"), r.round());
    }

    /**
     * A game's result from elsewhere (a worker's): written and counted if no result of that game is held yet; false
     * when one is (it was played twice: the first result counts).
     */
    public boolean accept(GameRecord r) {
        synchronized (writing) {
            if (records.stream().anyMatch(x -> x.game() == r.game())
                    || schedule.games().stream().noneMatch(g -> g.number() == r.game())) {
                return false;
            }
            record(r);
            return true;
        }
    }

    /** Writes the standings after every game held (summary.json) and returns them. */
    public Standings finish() throws IOException {
        Standings s = standings();
        Map<String, Object> summary = new LinkedHashMap<>(s.toJson());
        List<GameRecord> all;
        synchronized (writing) {
            all = new ArrayList<>(records);
        }
        Map<String, Object> servers = new LinkedHashMap<>();
        Report.servers(all).forEach((url, v) -> servers.put(url, Map.of("calls", v[0], "errors", v[1],
                "callMillis", v[2], "meanMillis", v[0] == 0 ? 0 : v[2] / v[0])));
        if (!servers.isEmpty()) {
            summary.put("modelServers", servers);
        }
        Files.writeString(dir.resolve("summary.json"), Json.MAPPER.writerWithDefaultPrettyPrinter()
                .writeValueAsString(summary));
        return s;
    }

    /**
     * Plays {@code games} here, as the rounds of one table, for a director elsewhere: each game's result goes to
     * {@code sink} as its round ends (not to this directory's results), its journal under this directory.
     */
    public void playFor(List<Schedule.Game> games, java.util.function.Consumer<GameRecord> sink) throws Exception {
        play(games, false, sink);
    }

    /** Plays the games not played yet; the standings after all of them. */
    public Standings run() throws Exception {
        List<Schedule.Game> left = open();
        // The games left, dealt to the tables in turn: each table plays its games as rounds, its agents connected
        // from the first to the last (or, with roundsPerTable 1, each game at a table of its own).
        int tables = Math.max(1, Math.min(parallel, left.size()));
        List<List<Schedule.Game>> batches = new ArrayList<>();
        for (int i = 0; i < tables; i++) {
            batches.add(new ArrayList<>());
        }
        for (int i = 0; i < left.size(); i++) {
            batches.get(i % tables).add(left.get(i));
        }
        List<List<Schedule.Game>> sittings = new ArrayList<>();
        for (List<Schedule.Game> b : batches) {
            for (int from = 0; from < b.size(); from += roundsPerTable) {
                sittings.add(b.subList(from, Math.min(b.size(), from + roundsPerTable)));
            }
        }
        if (allUp != null) {
            gate = new CompletableFuture<>();
            tablesUp = new CountDownLatch(tables);
            Thread.ofVirtual().name("tournament-gate").start(() -> {
                try {
                    if (!tablesUp.await(10, TimeUnit.MINUTES)) {
                        out.println("not every table came up within 10 minutes: the games begin anyway");
                    }
                    allUp.run();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    gate.complete(null);
                }
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(tables, Thread.ofPlatform().name("tournament-table-", 1)
                .factory());
        try {
            List<Future<?>> futures = new ArrayList<>();
            // Sittings of one batch one after another on its thread; the batches side by side.
            for (int t = 0; t < tables; t++) {
                int table = t;
                List<List<Schedule.Game>> mine = new ArrayList<>();
                for (List<Schedule.Game> sitting : sittings) {
                    if (batches.get(table).contains(sitting.getFirst())) {
                        mine.add(sitting);
                    }
                }
                futures.add(pool.submit(() -> {
                    boolean first = true;
                    for (List<Schedule.Game> sitting : mine) {
                        play(sitting, first);
                        first = false;
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return finish();
    }

    private Standings standings() {
        synchronized (writing) {
            List<GameRecord> sorted = new ArrayList<>(records);
            sorted.sort(Comparator.comparingInt(GameRecord::game));
            return Standings.of(schedule.entrants(), sorted);
        }
    }

    /** Plays {@code games} as the rounds of one table, each game's record written as its round ends. */
    private void play(List<Schedule.Game> games, boolean firstOfTable) throws Exception {
        play(games, firstOfTable, this::record);
    }

    private void play(List<Schedule.Game> games, boolean firstOfTable,
            java.util.function.Consumer<GameRecord> sink) throws Exception {
        List<String> names = seats.stream().map(Seat::name).toList();
        List<GameTable.SeatFiller> fillers = seats.stream().map(Seat::filler).toList();
        int first = games.getFirst().number();
        Path gameDir = dir.resolve("games").resolve(String.format(Locale.ROOT, "%04d", first));
        Files.createDirectories(gameDir);
        String prefix = "t" + Long.toHexString(schedule.seed() & 0xFFFFFF) + tables + "g" + first + "-";
        GameTable table = GameTable.on(Network.of(transport, provision), new GameTable.Spec(prefix, names, fillers,
                games.size(), games.getFirst().seed(), ruleset, gameDir));
        table.roundSeeds(games.stream().map(Schedule.Game::seed).toList()).roomLimit(ruleset.inbound());
        boolean gated = gate != null && firstOfTable;
        if (gated) {
            table.startGate(gate);
        }
        Map<Integer, Schedule.Game> rounds = new LinkedHashMap<>();
        for (int r = 0; r < games.size(); r++) {
            rounds.put(r + 1, games.get(r));
        }
        GameRecord.Collector collector = new GameRecord.Collector(rounds, rules, schedule.seats(),
                dir.relativize(gameDir).toString(), table::seatReports, sink);
        // Tables log in a few at a time: a server takes many logins at once badly (each is a TLS handshake).
        logins.acquire();
        Thread.ofVirtual().start(() -> {
            try {
                table.allStarted().get(2, TimeUnit.MINUTES);
            } catch (Exception e) {
                // failed or slow: the table's play says why; the next table may log in
            } finally {
                logins.release();
                if (gated) {
                    tablesUp.countDown();
                }
            }
        });
        try (Journal journal = new Journal(gameDir.resolve("game.jsonl"), table.gameId())) {
            // A table held at the start gate waits for the others' logins too (the gate gives up after 10 minutes).
            table.play(new Listeners(collector, journal), null, timeout.multipliedBy(games.size())
                    .plus(gated ? Duration.ofMinutes(10) : Duration.ZERO));
        }
    }

    /** A game ended: its line, written whole and synced, then counted. */
    private void record(GameRecord record) {
        try {
            String line = Json.MAPPER.writeValueAsString(record) + "\n";
            synchronized (writing) {
                try (FileChannel c = FileChannel.open(dir.resolve(RESULTS), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                    c.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
                    c.force(true);
                }
                records.add(record);
                playedHere++;
                progress(record);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(RESULTS), e);
        }
    }

    private void progress(GameRecord r) {
        int total = schedule.games().size();
        int done = records.size();
        double elapsed = (System.nanoTime() - started) / 1e9;
        double perGame = elapsed / playedHere;
        long leftSeconds = Math.round(perGame * (total - done) / Math.max(1, Math.min(parallel, total - done + 1)));
        int width = 30;
        int filled = (int) Math.round((double) width * done / total);
        String winners = r.winningSide() == null ? "no winner" : "the " + r.winningSide() + " win";
        out.printf(Locale.ROOT, "game %d: %s after %d day(s) (%.1f s)%n", r.game(), winners, r.days(),
                r.wallMillis() / 1000.0);
        out.printf(Locale.ROOT, "[%s%s] %d/%d games, %.2f s a game here, about %s left%n", "#".repeat(filled),
                "-".repeat(width - filled), done, total, perGame, duration(leftSeconds));
        if (done == total || done % Math.max(1, Math.min(10, total / 5)) == 0) {
            out.println("standings after " + done + " game(s):");
            List<GameRecord> sorted = new ArrayList<>(records);
            sorted.sort(Comparator.comparingInt(GameRecord::game));
            Standings.of(schedule.entrants(), sorted).table().forEach(out::println);
        }
    }

    private static String duration(long seconds) {
        return seconds < 60 ? seconds + " s" : seconds / 60 + " min " + seconds % 60 + " s";
    }

    /** The tournament file's JSON: what resuming needs to build the same tournament. */
    public static JsonNode read(Path dir) throws IOException {
        return Json.MAPPER.readTree(dir.resolve("tournament.json").toFile());
    }
}
