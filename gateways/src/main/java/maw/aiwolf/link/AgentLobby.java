package maw.aiwolf.link;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import maw.agents.table.GameTable;

/**
 * The outside agents of a server (the AIWolf TCP server, the NLP WebSocket server): those waiting for a game, in the
 * order they connected, and those seated in a game, who keep their seat across games and get it back when they
 * reconnect under their name showing the credential they first came with ({@link #claim}: one rule for both servers).
 */
public final class AgentLobby {

    private final LinkedBlockingQueue<AgentLink> waiting = new LinkedBlockingQueue<>();
    private final List<AgentLink> seated = new CopyOnWriteArrayList<>();
    /** Agents whose last game is over (their figures stay). */
    private final List<AgentLink> done = new CopyOnWriteArrayList<>();

    /**
     * The name an agent goes by, from the one it gave: the nearest to it that MAW's rule for names takes
     * ({@link maw.agents.Names}), at most {@code longest} characters; none usable: {@code agentN}.
     */
    public String name(String given, int longest) {
        String name = maw.agents.Names.nearest(given, longest);
        return name.isEmpty() || maw.agents.Names.problem(name) != null
                ? "agent" + (seated.size() + waiting.size() + 1) : name;
    }

    /**
     * What a connection showed beyond its name: the team its token was checked for (where the server asks for team
     * tokens, as the contest's does; else null), and the digest of the seat token it chose at its first connection
     * (null: none shown; the AIWolf TCP protocol has no place for one).
     */
    public record Credential(String team, String seat) {
        public static final Credential NONE = new Credential(null, null);
    }

    /**
     * The seat a connection under {@code name} showing {@code shown} takes back, handed to {@code takeBack} while no
     * other connection can claim it; null: the connection is a newcomer (under a name of its own). A seat goes back
     * only to the credential it was first taken with: a seat token taken once is the seat's, and its holder takes the
     * seat over even while the old connection seems alive (a client that lost its connection comes back at once,
     * often before the server noticed the loss); a seat taken without one goes back, once its connection is gone,
     * to the same team (where tokens are asked), or to its name alone (where nothing more is known). A seat whose
     * connection lives is never given to a connection without its seat token.
     */
    public synchronized AgentLink claim(String name, Credential shown, Consumer<AgentLink> takeBack) {
        AgentLink l = seatedNamed(name);
        if (l == null) {
            return null;
        }
        Credential first = l.credential();
        boolean back = first.seat() != null ? first.seat().equals(shown.seat())
                : !l.connected() && java.util.Objects.equals(first.team(), shown.team());
        if (!back) {
            return null;
        }
        takeBack.accept(l);
        return l;
    }

    /** The seated agent named {@code name}, connected or not; null: none. */
    private AgentLink seatedNamed(String name) {
        for (AgentLink l : seated) {
            if (l.name().equals(name) && !l.finished()) {
                return l;
            }
        }
        return null;
    }

    /** Every name given so far: agents that connect at the same instant under one name each get one of their own. */
    private final Set<String> given = new HashSet<>();

    /**
     * {@code name}, or {@code name 2}, {@code name 3}... when an agent of the server has it already, cut short where
     * the number would make it longer than {@code longest} (fifteen official sample agents all call themselves
     * SampleRoleAssignPlayer: the tenth is {@code SampleRoleAssignPlaye 10}); the name is the new agent's from now on
     * (two agents that name themselves alike at once never get the same name, even while one of them is between the
     * waiting queue and the seats).
     */
    public synchronized String unique(String name, int longest) {
        purgeFinished();
        String unique = name;
        for (int i = 2; given.contains(unique); i++) {
            unique = numbered(name, i, longest);
        }
        given.add(unique);
        return unique;
    }

    /**
     * An agent whose last game is over is dealt no other on that link, and its name is free again: it connects again
     * for another game, as a newcomer under the same name.
     */
    private synchronized void purgeFinished() {
        for (AgentLink l : seated) {
            if (l.finished()) {
                seated.remove(l);
                done.add(l);
                given.remove(l.name());
            }
        }
    }

    /** {@code name i}, the name cut short where the number would make it longer than {@code longest}. */
    public static String numbered(String name, int i, int longest) {
        // A name has three words at most: a third word takes the number on.
        String number = (name.split(" ").length >= 3 ? "" : " ") + i;
        return name.substring(0, Math.max(1, Math.min(name.length(), longest - number.length()))).strip() + number;
    }

    /** A new agent waits for a game. */
    public void add(AgentLink link) {
        waiting.add(link);
    }

    /**
     * Waits up to {@code wait} for {@code players} connected agents (returns early when they are all there), and
     * returns those that came, at most {@code players}: the agents seated in an earlier game first, in their order,
     * then new ones in the order they connected. A seated agent whose connection is gone is waited for (it may be
     * connecting again: the contest's sample agent connects anew for every game) but not taken while it is away.
     */
    public List<AgentLink> gather(int players, Duration wait) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        while (true) {
            List<AgentLink> out = new ArrayList<>();
            purgeFinished();
            for (AgentLink l : seated) {
                if (out.size() < players && l.connected()) {
                    out.add(l);
                }
            }
            for (AgentLink l = waiting.poll(); l != null && out.size() < players; l = waiting.poll()) {
                if (l.connected()) {
                    out.add(l);
                    seated.add(l);
                }
            }
            long left = until - System.nanoTime();
            if (out.size() >= players || left <= 0) {
                return out;
            }
            // Someone may still come, or come back: look again soon (a newcomer wakes this at once).
            AgentLink next = waiting.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(25)),
                    TimeUnit.NANOSECONDS);
            if (next != null) {
                waiting.add(next); // taken in the next look, in its order
            }
        }
    }

    /** Every seated agent's request figures. */
    public Map<String, Map<String, Object>> stats() {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        done.forEach(l -> out.put(l.name(), l.stats()));
        seated.forEach(l -> out.put(l.name(), l.stats()));
        return out;
    }

    /** The mean round trip of the seated agents' answers, in microseconds (0 before any). */
    public long meanRoundTripMicros() {
        List<AgentLink> all = new ArrayList<>(done);
        all.addAll(seated);
        long n = all.stream().mapToLong(AgentLink::answered).sum();
        long t = all.stream().mapToLong(AgentLink::roundTripNanos).sum();
        return n == 0 ? 0 : t / n / 1000;
    }

    /** Closes every agent's connection. */
    public void close() {
        seated.forEach(AgentLink::close);
        waiting.forEach(AgentLink::close);
    }

    /** The names of MAW's own seats beside the outside agents: the usual names none of the agents has. */
    public static List<String> otherNames(List<AgentLink> links, int seats) {
        List<String> out = new ArrayList<>();
        for (String n : GameTable.defaultNames(seats + links.size())) {
            if (out.size() < seats - links.size() && links.stream().noneMatch(l -> l.name().equalsIgnoreCase(n))) {
                out.add(n);
            }
        }
        return out;
    }
}
