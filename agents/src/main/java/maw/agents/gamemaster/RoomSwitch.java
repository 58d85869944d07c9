package maw.agents.gamemaster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.WatchCatalog;
import maw.game.Access;
import maw.game.PhaseId;
import maw.game.Room;
import maw.runtime.Behaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.slf4j.Logger;

/**
 * The rooms a game's phases open and close: the requests to the ChatRoom agents, gathered and then sent together, so
 * that one round trip switches every room and a player told of the new phase finds its room already open.
 */
final class RoomSwitch {

    private final GameConfig config;
    private final Map<Room, PhaseId> open = new LinkedHashMap<>();
    private final List<Message> requests = new ArrayList<>();
    /** The floor each open room was last given (rooms written in whenever their writers will are not named). */
    private final Map<Room, java.util.Set<String>> floor = new LinkedHashMap<>();

    RoomSwitch(GameConfig config) {
        this.config = config;
    }

    /** The address of a room's agent. */
    Jid jid(Room room) {
        return config.rooms().get(room);
    }

    /**
     * Asks each room the rules name to open for {@code phase} of {@code round}: who writes and who reads ({@code seat}
     * gives a name's account), which watchers see its lines, and (after a resume) from which line of its log on.
     */
    void open(Map<Room, Access> rooms, int round, PhaseId phase, Map<Room, Long> after, Function<String, Jid> seat,
            Watchers watchers, java.util.Set<String> people, boolean paused) {
        for (Map.Entry<Room, Access> e : rooms.entrySet()) {
            Map<String, String> writers = new TreeMap<>();
            Map<String, String> readers = new TreeMap<>();
            e.getValue().writers().forEach(n -> writers.put(n, seat.apply(n).toString()));
            e.getValue().readers().forEach(n -> readers.put(n, seat.apply(n).toString()));
            // The room shows its lines to the watchers: the Village to all, the Hideout to the god view only.
            Map<String, WatchCatalog.WatchView> seen = watchers.of(e.getKey());
            // The readers at chat clients read and write in the room's multi-user chat.
            List<String> chat = readers.keySet().stream().filter(people::contains).toList();
            request(jid(e.getKey()), new Catalog.OpenRoom(config.gameId(), round, phase.phase(), phase.number(),
                    writers, readers, after.get(e.getKey()), seen.isEmpty() ? null : seen,
                    chat.isEmpty() ? null : chat, paused ? true : null));
            open.put(e.getKey(), phase);
            floor.remove(e.getKey()); // a room opens with its phase's writers: its floor is given again
        }
    }

    /** What opens the rooms of a phase that begins (the GameMaster knows the seats, the watchers, the people). */
    @FunctionalInterface
    interface Opener {
        void open(PhaseId phase);
    }

    /** Each event's phase deadline, and whether the clock stands paused at a start (a host's step ended there). */
    record Followed(long[] deadlines, boolean pausedAtStart) {}

    /**
     * The rooms and the clock at the rules' new state, before anything of it is told: at each event that begins a
     * phase the rooms close and the new phase's open ({@code open}), while a new step of the same phase (a turn at a
     * pace of turns) keeps them open and only moves their floor; at the game's end they close; the clock begins each
     * phase or step of {@code lengthMillis}. {@code send} sends what was gathered (and the floor), at each event and
     * at the end.
     */
    Followed follow(List<? extends maw.game.GameEvent> events, PhaseId before, long lengthMillis, int round,
            GameClock clock, Opener open, Runnable send) {
        long[] deadlines = new long[events.size()];
        boolean pausedAtStart = false;
        PhaseId opened = before;
        for (int i = 0; i < deadlines.length; i++) {
            maw.game.GameEvent e = events.get(i);
            if (e.began() != null || e instanceof maw.game.Result) {
                boolean newPhase = e.began() == null || !e.began().sameAs(opened);
                if (newPhase) {
                    close(round);
                }
                if (e.began() != null) {
                    clock.begin(e.began(), lengthMillis);
                    pausedAtStart = clock.paused();
                    if (newPhase) {
                        open.open(e.began());
                        opened = e.began();
                    }
                }
                send.run();
            }
            deadlines[i] = clock.deadline();
        }
        send.run();
        return new Followed(deadlines, pausedAtStart);
    }

    /** Asks every open room to close. */
    void close(int round) {
        for (Room r : List.copyOf(open.keySet())) {
            request(jid(r), new Catalog.CloseRoom(config.gameId(), round));
            open.remove(r);
        }
        floor.clear();
    }

    /**
     * Asks each open room whose floor the rules give ({@code floor}: at a pace of turns, the seat whose turn it is)
     * to take lines from those alone, where that changed; true if a request was gathered.
     */
    boolean floor(Map<Room, java.util.Set<String>> now, int round, PhaseId phase, Function<String, Jid> seat) {
        boolean asked = false;
        for (Map.Entry<Room, java.util.Set<String>> e : now.entrySet()) {
            if (!open.containsKey(e.getKey()) || e.getValue().equals(floor.get(e.getKey()))) {
                continue;
            }
            Map<String, String> writers = new TreeMap<>();
            e.getValue().forEach(n -> writers.put(n, seat.apply(n).toString()));
            request(jid(e.getKey()), new Catalog.Floor(config.gameId(), round, phase.phase(), phase.number(),
                    phase.step() == 0 ? null : phase.step(), writers));
            floor.put(e.getKey(), java.util.Set.copyOf(e.getValue()));
            asked = true;
        }
        return asked;
    }

    /** Asks every open room to take no line while the game is paused, or to take lines again. */
    void pause(boolean paused) {
        for (Room r : open.keySet()) {
            request(jid(r), new WatchCatalog.Control(config.gameId(), paused ? WatchCatalog.ClockAction.PAUSE
                    : WatchCatalog.ClockAction.RESUME, null));
        }
    }

    private void request(Jid room, Body body) {
        requests.add(Message.builder().to(room).performative(Performative.REQUEST).ontology(GameAgent.ONTOLOGY)
                .body(body).build());
    }

    /**
     * Sends the requests gathered since the last switch together, from {@code b}, and waits for every agreement (a
     * room that does not answer, or refuses, is logged). Other messages meanwhile stay in the mailbox.
     */
    void send(Behaviour b, Logger log, Jid me) {
        List<Message> batch = List.copyOf(requests);
        requests.clear();
        if (batch.isEmpty()) {
            return;
        }
        try {
            List<Message> answers = b.askAll(batch, config.roomTimeout());
            for (int i = 0; i < batch.size(); i++) {
                Message request = batch.get(i);
                Message answer = answers.get(i);
                if (answer == null) {
                    log.warn("{}: {} did not answer {} within {}", me, request.to(), request.bodyType(),
                            config.roomTimeout());
                } else if (!answer.is(Performative.AGREE)) {
                    log.warn("{}: {} answered {} with {}: {}", me, request.to(), request.bodyType(),
                            answer.metadata(Message.PERFORMATIVE), answer.body());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
