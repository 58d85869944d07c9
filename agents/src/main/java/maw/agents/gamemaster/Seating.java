package maw.agents.gamemaster;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import maw.agents.Names;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.Jid;

/**
 * The table's seats: who sits under which name, from which session (full JID), and who answered the ready check; and
 * the lobby's rules for taking a seat. The GameMaster's own thread changes it; {@link #lobby()} may be read from any.
 */
final class Seating {

    /** What a join comes to. */
    sealed interface Join {}

    /** A new seat, taken under {@code name}. */
    record Seated(String name) implements Join {}

    /** The account's own seat, joined again (from the session it plays from, or before the game started). */
    record Again(String name) implements Join {}

    /**
     * Refused: the code and reason the joiner is told, and what the GameMaster's listener is told (null: nothing, the
     * account's refusals past {@link #JOURNALED_REFUSALS} are not journaled).
     */
    record Refused(RefusalCode code, String reason, String note) implements Join {
        /** Tells {@code listener} of a refused join under {@code name} (an excerpt: never journaled whole). */
        void journal(GameListener listener, String name) {
            if (note != null) {
                listener.refused(0, maw.agents.Text.excerpt(name, 40), "join_lobby", code, note);
            }
        }
    }

    private final Map<String, Jid> seats = new LinkedHashMap<>();
    private final Map<Jid, String> names = new HashMap<>();
    private final Map<String, Jid> joinedFrom = new HashMap<>();
    /** The seats a person plays (they said so when they joined). */
    private final Set<String> people = new HashSet<>();
    /** The seats that take the game's news as envelopes, their view in each ({@code join_lobby}'s {@code news}). */
    private final Set<String> news = new HashSet<>();
    private final Set<Jid> ready = new HashSet<>();
    private volatile List<String> lobby = List.of();
    private final Map<String, String> rooms;
    private volatile Map<String, String> links;

    /** The seats of a table whose rooms are kept by these agents. */
    Seating(Map<Room, Jid> rooms) {
        Map<String, String> byName = new TreeMap<>();
        rooms.forEach((room, jid) -> byName.put(room.name(), jid.toString()));
        this.rooms = Map.copyOf(byName);
        links = new TreeMap<>(this.rooms);
    }

    /**
     * {@code session} asks to sit as {@code name} at a table of {@code players} seats; {@code started}: the game has
     * begun. A seat is taken only by a valid name ({@link Names}) that looks like no other seated name, at a
     * table with room, before the game starts; the seat's own account may join again, but not from a second session
     * once the game has begun.
     */
    Join join(String name, Jid session, boolean started, int players) {
        return join(name, session, started, players, false);
    }

    /** The same, {@code person} saying whether a person plays the seat ({@link #people}). */
    Join join(String name, Jid session, boolean started, int players, boolean person) {
        return join(name, session, started, players, person, false);
    }

    /** The same, {@code takesNews} saying whether the seat takes the game's news as envelopes ({@link #takesNews}). */
    Join join(String name, Jid session, boolean started, int players, boolean person, boolean takesNews) {
        Jid from = session.bare();
        String mine = names.get(from);
        Jid joined = joinedFrom.get(mine);
        if (name.equals(mine) && started && joined != null && !joined.equals(session)) {
            return new Refused(RefusalCode.GAME_IN_PROGRESS, name + " is played from another session ("
                    + joined.resource() + "); a seat cannot be taken over mid-game", "joined from a second session");
        }
        if (name.equals(mine)) {
            joinedFrom.put(name, session);
            return new Again(name);
        }
        String lookalike = seats.keySet().stream().filter(n -> Names.lookAlike(n, name)).findFirst().orElse(null);
        String invalid = Names.problem(name);
        RefusalCode code = started ? RefusalCode.GAME_IN_PROGRESS
                : mine != null ? RefusalCode.ALREADY_SEATED
                : invalid != null ? RefusalCode.NAME_INVALID
                : lookalike != null ? RefusalCode.NAME_TAKEN
                : seats.size() >= players ? RefusalCode.TABLE_FULL : null;
        if (code != null) {
            String reason = switch (code) {
                case GAME_IN_PROGRESS -> "a game is in progress; join the next one";
                case ALREADY_SEATED -> "you already sit at this table as " + mine;
                case NAME_INVALID -> invalid;
                case NAME_TAKEN -> lookalike.equals(name) ? "the name " + name + " is taken"
                        : "the name " + name + " looks like " + lookalike + ", who sits at the table";
                default -> "the table is full";
            };
            return new Refused(code, reason, journaled(from, reason));
        }
        seat(name, from);
        joinedFrom.put(name, session);
        if (person) {
            people.add(name);
        }
        if (takesNews) {
            news.add(name);
        }
        return new Seated(name);
    }

    /** Refused joins an account may have journaled: after these, one note that the rest are not. */
    static final int JOURNALED_REFUSALS = 5;

    private final Map<Jid, Integer> refusals = new HashMap<>();

    /** What the listener is told of a refused join from {@code account}: the reason, or null once it has had enough. */
    private String journaled(Jid account, String reason) {
        if (refusals.size() >= 10_000 && !refusals.containsKey(account)) {
            return null;
        }
        int n = refusals.merge(account, 1, Integer::sum);
        return n <= JOURNALED_REFUSALS ? reason : n == JOURNALED_REFUSALS + 1
                ? "further refused joins from this account are not journaled" : null;
    }

    /** Of {@code players}, those a person plays, in their order. */
    boolean isPerson(String name) {
        return people.contains(name);
    }

    /** Whether the seat {@code name} takes the game's news as envelopes (it said so when it joined). */
    boolean takesNews(String name) {
        return news.contains(name);
    }

    List<String> people(List<String> players) {
        return players.stream().filter(people::contains).toList();
    }

    /** Seats {@code name} at the account {@code jid} (a seat restored from a journal). */
    void seat(String name, Jid jid) {
        seat(name, jid, false);
    }

    /** A seat taken back from the journal ({@code person}: a person plays it). */
    void seat(String name, Jid jid, boolean person) {
        seat(name, jid, person, false);
    }

    /** A seat taken back from the journal ({@code takesNews}: it takes the game's news as envelopes). */
    void seat(String name, Jid jid, boolean person, boolean takesNews) {
        if (person) {
            people.add(name);
        }
        if (takesNews) {
            news.add(name);
        }
        seats.put(name, jid.bare());
        names.put(jid.bare(), name);
        changed();
    }

    private void changed() {
        lobby = List.copyOf(seats.keySet());
        Map<String, String> l = new TreeMap<>(rooms);
        seats.forEach((name, jid) -> l.put(name, jid.toString()));
        links = Collections.unmodifiableMap(l);
    }

    /** Gives up {@code name}'s seat; true when there was one. */
    boolean unseat(String name) {
        people.remove(name);
        news.remove(name);
        Jid j = seats.remove(name);
        changed();
        joinedFrom.remove(name);
        if (j == null) {
            return false;
        }
        names.remove(j);
        ready.remove(j);
        return true;
    }

    /** The name seated at the account {@code bare}, or null. */
    String name(Jid bare) {
        return names.get(bare);
    }

    /** The seats, name to account, in the order they were taken. */
    Map<String, Jid> seats() {
        return seats;
    }

    /** The sessions the seats joined from. */
    List<Jid> sessions() {
        return List.copyOf(joinedFrom.values());
    }

    /** The seats' names and accounts, and the rooms' ({@code village}, {@code hideout}); safe to read from any thread. */
    Map<String, String> links() {
        return links;
    }

    /** The names seated now, in the order they joined; safe to read from any thread. */
    List<String> lobby() {
        return lobby;
    }

    /** A new ready check: nobody has answered it. */
    void clearReady() {
        ready.clear();
    }

    /** The account {@code bare} answered the ready check; only a seated account counts. */
    void ready(Jid bare) {
        if (names.containsKey(bare)) {
            ready.add(bare);
        }
    }

    boolean isReady(String name) {
        return ready.contains(seats.get(name));
    }

    /** Whether every seat answered the ready check. */
    boolean allReady() {
        return ready.containsAll(seats.values());
    }
}
