package maw.agents.gamemaster;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.Jid;

/**
 * Who watches a game (full JIDs) and in which view: the public view for anyone, the god view (roles, the pack's news,
 * whispers, the agents' inside) for whoever shows the token the GameMaster printed; at most {@link #MAX} at once, and
 * {@link #PER_ACCOUNT} sessions of one account. A watch is a lease: a watcher not heard from (a {@code watch} or a
 * {@code ping}) for {@link #LEASE} is gone, and is sent nothing more. The token's holder always finds a place: when
 * every place is taken, the watcher heard from least recently gives up its own.
 */
final class Watchers {

    /** At most this many watchers at once. */
    static final int MAX = 32;

    /** At most this many sessions of one account watch at once: another takes the place of its least recent. */
    static final int PER_ACCOUNT = 3;

    /** A watcher not heard from for this long is gone (it renews its watch with a ping every 20 s). */
    static final Duration LEASE = Duration.ofSeconds(60);

    private record Watcher(WatchCatalog.WatchView view, long seenAt) {}

    private final Map<Jid, Watcher> views = new ConcurrentHashMap<>();
    private final Duration lease;
    private final java.util.function.LongSupplier clock;
    private volatile String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));

    Watchers() {
        this(LEASE, System::nanoTime);
    }

    /** Watchers whose watch lasts {@code lease} from the last time each was heard from, by {@code clock} (ns). */
    Watchers(Duration lease, java.util.function.LongSupplier clock) {
        this.lease = lease;
        this.clock = clock;
    }

    /** The token a watcher shows for the god view. */
    String token() {
        return token;
    }

    /** Takes {@code given} as the token (one chosen before the GameMaster started, to print its god view first). */
    void token(String given) {
        if (given == null || given.length() < 16) {
            throw new IllegalArgumentException("a watch token of at least 16 characters");
        }
        token = given;
    }

    int size() {
        expire();
        return views.size();
    }

    /** Forgets the watchers whose lease ran out. */
    private void expire() {
        long now = clock.getAsLong();
        views.entrySet().removeIf(e -> now - e.getValue().seenAt() > lease.toNanos());
    }

    /** {@code session} was heard from: its lease runs again from now. */
    void seen(Jid session) {
        views.computeIfPresent(session, (k, w) -> new Watcher(w.view(), clock.getAsLong()));
    }

    /**
     * {@code session} asks to watch {@code gameId} as {@code w} says: null when it is taken, or why not (another game,
     * a wrong token, too many watchers).
     */
    synchronized Seating.Refused watch(Jid session, WatchCatalog.Watch w, String gameId) {
        if (w.game() != null && !w.game().equals(gameId)) {
            return refused(RefusalCode.OTHER_GAME, "this GameMaster runs game " + gameId);
        }
        boolean host = isToken(w.token());
        if (w.view() == WatchCatalog.WatchView.GOD && !host) {
            return refused(RefusalCode.NOT_YOURS, "the god view needs the token the GameMaster printed at start-up");
        }
        expire();
        if (!views.containsKey(session)) {
            List<Jid> mine = views.keySet().stream().filter(j -> j.bare().equals(session.bare())).toList();
            if (mine.size() >= PER_ACCOUNT) {
                views.remove(leastRecent(mine));
            } else if (views.size() >= MAX && host) {
                views.remove(leastRecent(List.copyOf(views.keySet())));
            } else if (views.size() >= MAX) {
                return refused(RefusalCode.TABLE_FULL, MAX + " watchers watch already");
            }
        }
        views.put(session, new Watcher(w.view(), clock.getAsLong()));
        return null;
    }

    private Jid leastRecent(List<Jid> among) {
        return among.stream().min(java.util.Comparator.comparingLong(j -> views.get(j).seenAt())).orElseThrow();
    }

    private static Seating.Refused refused(RefusalCode code, String reason) {
        return new Seating.Refused(code, reason, reason);
    }

    /** Whether {@code given} is the god view's token. */
    boolean isToken(String given) {
        return maw.runtime.Secrets.same(token, given);
    }

    /** Whether {@code session} watches in the god view. */
    boolean isGod(Jid session) {
        Watcher w = views.get(session);
        return w != null && w.view() == WatchCatalog.WatchView.GOD;
    }

    /** The god-view watchers, sorted. */
    List<String> gods() {
        expire();
        return views.entrySet().stream().filter(e -> e.getValue().view() == WatchCatalog.WatchView.GOD)
                .map(e -> e.getKey().toString()).sorted().toList();
    }

    /**
     * Who sees {@code room}'s lines, and in which view: a public room's (the Village) every watcher, a secret room's
     * (the Hideout) the god view only.
     */
    Map<String, WatchCatalog.WatchView> of(Room room) {
        Map<String, WatchCatalog.WatchView> out = new TreeMap<>();
        expire();
        views.forEach((jid, w) -> {
            if (!room.secret() || w.view() == WatchCatalog.WatchView.GOD) {
                out.put(jid.toString(), w.view());
            }
        });
        return out;
    }

    /** Gives each watcher who may see it a message: every one when it was told to everyone, else the god view. */
    void tell(boolean toEveryone, Consumer<Jid> send) {
        expire();
        views.forEach((jid, w) -> {
            if (w.view() == WatchCatalog.WatchView.GOD || toEveryone) {
                send.accept(jid);
            }
        });
    }

    /**
     * Tells the watchers a message the GameMaster sent to the players {@code to} of {@code everyone}: all of them when
     * everyone was told, else the god view only.
     */
    void watched(String game, int round, java.util.Collection<String> everyone, java.util.Collection<String> to,
            Catalog.Body body, java.util.function.BiConsumer<Jid, Catalog.Body> send) {
        if (views.isEmpty()) {
            return;
        }
        WatchCatalog.Watched w = new WatchCatalog.Watched(game, round, to.stream().sorted().toList(), body);
        tell(to.containsAll(everyone), jid -> send.accept(jid, w));
    }

    /** Tells a seat's Player (or a room) who may see the inside of its agents: the god-view watchers, if any. */
    void vouch(Jid agent, String game, java.util.function.BiConsumer<Jid, Catalog.Body> send) {
        List<String> gods = gods();
        if (!gods.isEmpty()) {
            send.accept(agent, new WatchCatalog.Inspectors(game, gods));
        }
    }
}
