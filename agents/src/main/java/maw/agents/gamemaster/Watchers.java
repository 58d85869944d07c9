package maw.agents.gamemaster;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
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
 * whispers, the agents' inside) for whoever shows the token the GameMaster printed; at most {@link #MAX} at once.
 */
final class Watchers {

    /** At most this many watchers at once. */
    static final int MAX = 32;

    private final Map<Jid, WatchCatalog.WatchView> views = new ConcurrentHashMap<>();
    private final String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));

    /** The token a watcher shows for the god view. */
    String token() {
        return token;
    }

    int size() {
        return views.size();
    }

    /**
     * {@code session} asks to watch {@code gameId} as {@code w} says: null when it is taken, or why not (another game,
     * a wrong token, too many watchers).
     */
    Seating.Refused watch(Jid session, WatchCatalog.Watch w, String gameId) {
        if (w.game() != null && !w.game().equals(gameId)) {
            return refused(RefusalCode.OTHER_GAME, "this GameMaster runs game " + gameId);
        }
        if (w.view() == WatchCatalog.WatchView.GOD && !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                String.valueOf(w.token()).getBytes(StandardCharsets.UTF_8))) {
            return refused(RefusalCode.NOT_YOURS, "the god view needs the token the GameMaster printed at start-up");
        }
        if (!views.containsKey(session) && views.size() >= MAX) {
            return refused(RefusalCode.TABLE_FULL, MAX + " watchers watch already");
        }
        views.put(session, w.view());
        return null;
    }

    private static Seating.Refused refused(RefusalCode code, String reason) {
        return new Seating.Refused(code, reason, reason);
    }

    /** Whether {@code given} is the god view's token. */
    boolean isToken(String given) {
        return given != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code session} watches in the god view. */
    boolean isGod(Jid session) {
        return views.get(session) == WatchCatalog.WatchView.GOD;
    }

    /** The god-view watchers, sorted. */
    List<String> gods() {
        return views.entrySet().stream().filter(e -> e.getValue() == WatchCatalog.WatchView.GOD)
                .map(e -> e.getKey().toString()).sorted().toList();
    }

    /**
     * Who sees {@code room}'s lines, and in which view: a public room's (the Village) every watcher, a secret room's
     * (the Hideout) the god view only.
     */
    Map<String, WatchCatalog.WatchView> of(Room room) {
        Map<String, WatchCatalog.WatchView> out = new TreeMap<>();
        views.forEach((jid, view) -> {
            if (!room.secret() || view == WatchCatalog.WatchView.GOD) {
                out.put(jid.toString(), view);
            }
        });
        return out;
    }

    /** Gives each watcher who may see it a message: every one when it was told to everyone, else the god view. */
    void tell(boolean toEveryone, Consumer<Jid> send) {
        views.forEach((jid, view) -> {
            if (view == WatchCatalog.WatchView.GOD || toEveryone) {
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
