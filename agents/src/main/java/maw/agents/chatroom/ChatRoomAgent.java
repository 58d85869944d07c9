package maw.agents.chatroom;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.Catalog.Line;
import maw.agents.GameAgent;
import maw.agents.Text;
import maw.agents.WatchCatalog;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.FSMBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.RateLimit;
import maw.runtime.State;

/**
 * A chat room (the Village or the Hideout): opened and closed by the GameMaster for the players it names, it accepts
 * lines only from the living members allowed to write (at a pace of turns, only from the one who holds the floor the
 * GameMaster gives), keeps the log, hands each reader what it has not read yet
 * (holding the request until there is news), forgets what every reader has read, and archives each phase's log to
 * disk when it closes.
 */
public final class ChatRoomAgent extends GameAgent {

    /** Longest line a player may say. */
    public static final int MAX_MESSAGE_LENGTH = maw.game.Rules.LONGEST_LINE;

    /** How long a request for new messages is held when there is nothing new. */
    static final Duration HOLD = Duration.ofSeconds(10);

    /** What a room tells whoever watches the game (the console, a journal). */
    public interface Listener {
        void line(Room room, String game, int round, String phase, Line line);
    }

    private static final String SETUP = "SetupState";
    private static final String OPEN = "OpenState";
    private static final String CLOSED = "CloseState";

    private final Room room;
    private final Jid gameMaster;
    private final Path archiveDir;
    private final Listener listener;

    private boolean open;
    /** The game is paused: lines are refused until it goes on. */
    private boolean paused;
    private String game;
    private int round;
    private String phase;
    private PhaseId phaseId;
    private Map<Jid, String> writers = Map.of();
    /** Who holds the floor at a pace of turns (null: the writers write whenever they will). */
    private Map<Jid, String> floor;
    private Map<Jid, String> readers = Map.of();
    /** Who watches this phase's lines (the GameMaster names them when it opens the room). */
    private List<Jid> watchers = List.of();
    private final ArrayDeque<Line> lines = new ArrayDeque<>();
    private long nextIndex = 1;
    private final Map<Jid, Long> lastRead = new HashMap<>();
    private final List<Waiting> waiting = new ArrayList<>();
    /** The readers that follow the room this phase (each new line is sent to them as it is taken): their last line. */
    private final Map<Jid, Long> followers = new LinkedHashMap<>();
    private BufferedWriter archive;

    /** The room's multi-user chat, for readers at chat clients (made when the first of them is named). */
    private maw.runtime.GroupChat groupChat;
    /** The readers at chat clients now: seat name by account. */
    private volatile Map<Jid, String> people = Map.of();
    /** The ids of the chat acts made here from lines said in the group chat (shown there already). */
    private final java.util.Set<String> fromGroupChat = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private record Waiting(Message request, Jid reader, long after, long deadline) {}

    public ChatRoomAgent(Jid jid, String password, Room room, Jid gameMaster, Path archiveDir, Listener listener) {
        super(jid, password);
        this.room = room;
        this.gameMaster = gameMaster.bare();
        inspectorsFromFirstSession(this.gameMaster);
        this.archiveDir = archiveDir;
        this.listener = listener == null ? (r, g, n, p, l) -> { } : listener;
        // Its GameMaster is spared: by turns it moves the floor at every turn, as fast as the seats take them.
        limitInbound(ROOM_LIMIT.sparing(java.util.List.of(this.gameMaster)));
    }

    public Room room() {
        return room;
    }

    /** What the room takes from one sender (before it starts): {@link maw.agents.GameAgent#ROOM_LIMIT} otherwise. */
    public ChatRoomAgent inbound(RateLimit limit) {
        limitInbound(limit.sparing(java.util.List.of(gameMaster)));
        return this;
    }

    @Override
    protected void setup() {
        FSMBehaviour fsm = new FSMBehaviour("ChatRoomBehaviour");
        fsm.addState(SETUP, State.of(SETUP, s -> serve(s, SETUP)));
        fsm.addState(OPEN, State.of(OPEN, s -> serve(s, OPEN)));
        fsm.addState(CLOSED, State.of(CLOSED, s -> serve(s, CLOSED)));
        fsm.addTransition(SETUP, OPEN).addTransition(OPEN, CLOSED).addTransition(CLOSED, OPEN);
        addBehaviour(fsm);
    }

    /** Handles messages until the room opens or closes, then moves the machine on. */
    private void serve(State s, String current) throws InterruptedException {
        boolean wasOpen = open;
        while (!s.isKilled() && isActive()) {
            // A message, or the deadline of a reader waiting for lines, whichever comes first.
            long next = nextDeadline();
            Message m = next == Long.MAX_VALUE ? s.receive()
                    : s.receive(Duration.ofNanos(Math.max(1_000_000, next - System.nanoTime())));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
            expireWaiting();
            if (open != wasOpen) {
                s.setNextState(open ? OPEN : CLOSED);
                return;
            }
        }
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null) {
            return;
        }
        if (isComplaint(m)) {
            return;
        }
        switch (body) {
            case Catalog.OpenRoom o -> onOpen(m, o);
            case Catalog.CloseRoom c -> onClose(m, c);
            case Catalog.Chat c -> onChat(m, c);
            case Catalog.GetNewMessages g -> onGetNew(m, g);
            case Catalog.Floor f -> onFloor(m, f);
            case WatchCatalog.Control c when fromGameMaster(m) -> {
                // The game is paused (a line is refused until it resumes) or goes on.
                paused = c.action() == WatchCatalog.ClockAction.PAUSE;
                reply(m, Performative.AGREE, new Catalog.Ok(game, paused ? "paused" : "resumed"));
            }
            default -> refuse(m, game, RefusalCode.WRONG_RECIPIENT,
                    "a chat room takes chat, get_new_messages, open_room, floor and close_room");
        }
    }

    private boolean fromGameMaster(Message m) {
        return fromKnownSession(m, gameMaster);
    }

    private void onOpen(Message m, Catalog.OpenRoom o) {
        if (!fromGameMaster(m)) {
            refuse(m, game, RefusalCode.NOT_YOURS, "only the GameMaster opens the " + room.title());
            return;
        }
        closeArchive();
        game = o.game();
        round = o.round();
        phaseId = new PhaseId(o.phase(), o.day());
        phase = phaseId.toString();
        writers = addresses(o.writers());
        floor = null;
        readers = addresses(o.readers());
        watchers = o.watchers() == null ? List.of() : o.watchers().keySet().stream().map(Jid::parse).toList();
        // The god-view watchers the GameMaster names may see the room's inside.
        inspectors(o.watchers() == null ? List.of() : o.watchers().entrySet().stream()
                .filter(e -> e.getValue() == WatchCatalog.WatchView.GOD).map(e -> Jid.parse(e.getKey())).toList());
        lines.clear();
        lastRead.clear();
        followers.clear();
        paused = Boolean.TRUE.equals(o.paused());
        nextIndex = o.after() == null ? 1 : o.after() + 1;
        open = true;
        openArchive();
        followGroupChat(o);
        reply(m, Performative.AGREE, new Catalog.Ok(game, "open"));
        List<String> names = readers.values().stream().sorted().toList();
        readers.forEach((jid, name) -> send(jid, Performative.INFORM, new Catalog.AnnounceOpen(game, round,
                room.title(), o.day(), names, writers.containsKey(jid))));
    }

    /** The GameMaster gives the floor (at a pace of turns: the seat whose talk turn it is, or nobody). */
    private void onFloor(Message m, Catalog.Floor f) {
        if (!fromGameMaster(m)) {
            refuse(m, game, RefusalCode.NOT_YOURS, "only the GameMaster gives the floor of the " + room.title());
            return;
        }
        if (!open || !f.game().equals(game) || f.round() != round || f.phase() != phaseId.phase()
                || f.day() != phaseId.number()) {
            refuse(m, new Catalog.Refusal(game, RefusalCode.PHASE_OVER, "the " + room.title() + " is not open for "
                    + f.phase() + " " + f.day(), "floor", f.round(), f.phase(), f.day(), null));
            return;
        }
        floor = addresses(f.writers());
        if (groupChat != null) {
            try {
                java.util.Set<String> speak = new java.util.HashSet<>(floor.values());
                speak.retainAll(people.values());
                groupChat.open(people, speak, readers);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        reply(m, Performative.AGREE, new Catalog.Ok(game, "floor"));
    }

    private void onClose(Message m, Catalog.CloseRoom c) {
        if (!fromGameMaster(m)) {
            refuse(m, game, RefusalCode.NOT_YOURS, "only the GameMaster closes the " + room.title());
            return;
        }
        open = false;
        for (Waiting w : waiting) {
            answer(w, true);
        }
        waiting.clear();
        followers.clear(); // they hear of the close from the GameMaster's next phase
        if (groupChat != null) {
            try {
                groupChat.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeArchive();
        reply(m, Performative.AGREE, new Catalog.Ok(game, "closed"));
    }

    private void onChat(Message m, Catalog.Chat c) {
        Jid from = m.sender().bare();
        Catalog.Refusal no = whyNot(from, c.game(), c.round(), true);
        if (no == null && !c.phaseId().equals(phaseId)) {
            no = Catalog.Refusal.of(game, RefusalCode.PHASE_OVER, "that line was for " + c.phaseId()
                    + ", which is over", "chat");
        }
        if (no == null && c.message().length() > MAX_MESSAGE_LENGTH) {
            no = Catalog.Refusal.of(game, RefusalCode.BAD_TEXT, "a message is at most " + MAX_MESSAGE_LENGTH
                    + " characters", "chat");
        }
        if (no != null) {
            refuse(m, new Catalog.Refusal(game, no.code(), no.reason(), "chat", c.round(), c.phase(), c.day(), null));
            return;
        }
        Line line = new Line(nextIndex++, writers.get(from), c.message().strip());
        lines.addLast(line);
        if (groupChat != null && !(m.replyWith() != null && fromGroupChat.remove(m.replyWith()))) {
            try {
                groupChat.show(Text.said(line.from(), line.text()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        writeArchive(line);
        listener.line(room, game, round, phase, line);
        push(line);
        if (floor != null) {
            // The floor's line is said: its turn is over (every reader waiting has the line before the next turn).
            for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
                answer(it.next(), false);
                it.remove();
            }
            send(gameMaster, Performative.INFORM, new Catalog.LineSaid(game, round, phaseId.phase(), phaseId.number(),
                    line.from(), line.index()));
        }
        for (Jid w : watchers) {
            send(w, Performative.INFORM, new WatchCatalog.Watched(game, round, readers.values().stream().sorted().toList(),
                    lines(List.of(line), line.index(), false)));
        }
        for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
            answer(it.next(), false);
            it.remove();
        }
    }

    private void onGetNew(Message m, Catalog.GetNewMessages g) {
        Jid from = m.sender().bare();
        if (!open && game != null && game.equals(g.game()) && round == g.round() && readers.containsKey(from)) {
            // A reader of the phase just over (its poll crossed the close): the last lines, and that it is closed.
            answer(new Waiting(m, from, g.index(), 0), true);
            return;
        }
        Catalog.Refusal no = whyNot(from, g.game(), g.round(), false);
        if (no != null) {
            refuse(m, new Catalog.Refusal(no.game(), no.code(), no.reason(), "get_new_messages", g.round(), null,
                    null, null));
            return;
        }
        lastRead.put(from, g.index());
        purge();
        Waiting w = new Waiting(m, from, g.index(), System.nanoTime() + HOLD.toNanos());
        boolean nothingNew = lines.isEmpty() || lines.peekLast().index() <= g.index();
        if (Boolean.TRUE.equals(g.follow())) {
            // A follower is answered at once with what it has not read (perhaps nothing); every later line is sent
            // to it as the room takes it.
            followers.put(from, nothingNew ? g.index() : lines.peekLast().index());
            answer(w, false);
        } else if (nothingNew) {
            waiting.add(w);
        } else {
            answer(w, false);
        }
    }

    /** Why {@code from} may not write (or read) now, with its code; null if it may. */
    private Catalog.Refusal whyNot(Jid from, String msgGame, int msgRound, boolean write) {
        String what = write ? "chat" : "get_new_messages";
        if (!open) {
            return Catalog.Refusal.of(game, RefusalCode.ROOM_CLOSED, game == null ? "the " + room.title()
                    + " has not opened yet" : room.whenClosed(), what);
        }
        if (!game.equals(msgGame) || round != msgRound) {
            return Catalog.Refusal.of(game, RefusalCode.OTHER_GAME, "that message belongs to another game or round",
                    what);
        }
        if (!readers.containsKey(from)) {
            return Catalog.Refusal.of(game, RefusalCode.NOT_A_MEMBER, room.notMember(), what);
        }
        if (write && !writers.containsKey(from)) {
            return Catalog.Refusal.of(game, RefusalCode.READ_ONLY, room.readOnly(), what);
        }
        if (write && floor != null && !floor.containsKey(from)) {
            return Catalog.Refusal.of(game, RefusalCode.NOT_YOUR_TURN, floor.isEmpty()
                    ? "nobody speaks in the voting round" : "it is " + String.join(", ", floor.values())
                    + "'s turn to speak", what);
        }
        if (write && paused) {
            return Catalog.Refusal.of(game, RefusalCode.PAUSED, "the game is paused by its host: say it again when "
                    + "it goes on", what);
        }
        return null;
    }

    private void answer(Waiting w, boolean closed) {
        List<Line> fresh = lines.stream().filter(l -> l.index() > w.after()).toList();
        long index = fresh.isEmpty() ? w.after() : fresh.get(fresh.size() - 1).index();
        send(w.request().createReply().performative(Performative.INFORM).ontology(ONTOLOGY)
                .body(lines(fresh, index, closed)).build());
    }

    /** Lines of this phase, as a reader gets them. */
    private Catalog.NewMessages lines(List<Line> fresh, long index, boolean closed) {
        return new Catalog.NewMessages(game, round, room.title(), fresh, index, closed, phaseId.phase(),
                phaseId.number());
    }

    /** A line just taken, sent to the room's followers at once: one message the server hands each of them. */
    private void push(Line line) {
        if (followers.isEmpty()) {
            return;
        }
        send(Message.builder().performative(Performative.INFORM).ontology(ONTOLOGY)
                .body(lines(List.of(line), line.index(), false)).build(), List.copyOf(followers.keySet()));
        followers.replaceAll((reader, last) -> line.index());
        followers.keySet().forEach(reader -> lastRead.put(reader, line.index()));
        purge();
    }

    /** Forgets the lines every reader has read. */
    private void purge() {
        if (lastRead.size() < readers.size()) {
            return;
        }
        long readByAll = lastRead.values().stream().mapToLong(Long::longValue).min().orElse(0);
        while (!lines.isEmpty() && lines.peekFirst().index() <= readByAll) {
            lines.pollFirst();
        }
    }

    /** Lines kept in memory right now (for tests of the purge). */
    public int logSize() {
        return lines.size();
    }

    private long nextDeadline() {
        return waiting.stream().mapToLong(Waiting::deadline).min().orElse(Long.MAX_VALUE);
    }

    private void expireWaiting() {
        long now = System.nanoTime();
        for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
            Waiting w = it.next();
            if (w.deadline() <= now) {
                answer(w, false);
                it.remove();
            }
        }
    }

    private static Map<Jid, String> addresses(Map<String, String> byName) {
        Map<Jid, String> out = new LinkedHashMap<>();
        if (byName != null) {
            byName.forEach((name, jid) -> out.put(Jid.parse(jid).bare(), name));
        }
        return out;
    }

    // --- archive ---------------------------------------------------------------------------------------------------

    private void openArchive() {
        if (archiveDir == null) {
            return;
        }
        try {
            Files.createDirectories(archiveDir);
            String file = String.format("%s-round%d-%s.jsonl", room.name(), round, phase.replace(' ', '-'));
            archive = Text.writer(archiveDir.resolve(file), StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        } catch (IOException e) {
            log.warn("{}: cannot archive to {}: {}", jid(), archiveDir, e.getMessage());
            archive = null;
        }
    }

    private void writeArchive(Line line) {
        if (archive == null) {
            return;
        }
        try {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("game", game);
            entry.put("round", round);
            entry.put("phase", phase);
            entry.put("index", line.index());
            entry.put("from", line.from());
            entry.put("text", line.text());
            archive.write(Json.write(entry));
            archive.newLine();
            archive.flush(); // each line on disk as it is said: a room stopped any way (SIGTERM, kill -9) keeps it
        } catch (IOException e) {
            log.warn("{}: archive write failed: {}", jid(), e.getMessage());
        }
    }

    private void closeArchive() {
        if (archive != null) {
            try {
                archive.close();
            } catch (IOException e) {
                log.warn("{}: archive close failed: {}", jid(), e.getMessage());
            }
            archive = null;
        }
    }

    @Override
    protected void takeDown() {
        closeArchive();
        if (groupChat != null) {
            groupChat.destroy();
        }
    }

    // --- the group chat of the readers at chat clients ------------------------------------------------------------

    /** Makes the room's group chat follow the phase: its members, who speaks, the invitations. */
    private void followGroupChat(Catalog.OpenRoom o) {
        List<String> chat = o.chatClients();
        if (chat.isEmpty() && groupChat == null) {
            people = Map.of();
            return;
        }
        if (groupChat == null) {
            groupChat = groupChat(room.title(), this::saidInGroupChat);
            if (groupChat == null) {
                log.warn("{}: players at chat clients ({}) need the XMPP transport; they cannot enter the {}", jid(),
                        chat, room.title());
                return;
            }
        }
        Map<Jid, String> now = new LinkedHashMap<>();
        readers.forEach((account, name) -> {
            if (chat.contains(name)) {
                now.put(account, name);
            }
        });
        people = Map.copyOf(now);
        java.util.Set<String> speak = new java.util.HashSet<>(writers.values());
        speak.retainAll(now.values());
        try {
            groupChat.open(now, speak, readers);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A person said a line in the group chat: it becomes their chat act, judged as any other. */
    private void saidInGroupChat(Jid person, String text) {
        String g = game;
        PhaseId p = phaseId;
        if (g == null || p == null) {
            return;
        }
        String id = newId();
        fromGroupChat.add(id);
        if (!postLimited(Message.builder().sender(person).to(jid()).performative(Performative.REQUEST)
                .ontology(ONTOLOGY).replyWith(id).thread(newId())
                .body(new Catalog.Chat(g, round, p.phase(), p.number(), text)).build())) {
            fromGroupChat.remove(id);
            log.debug("{}: {} is over its rate limit; a line in the group chat is dropped", jid(), person);
        }
    }

    /** What the room tells a person at a chat client: a refusal in words; the rest they see in the group chat. */
    @Override
    protected boolean divert(Message m) {
        if (m.to() == null || m.performative().isEmpty() || !people.containsKey(m.to().bare())) {
            return false;
        }
        if (m.is(Performative.REFUSE) && m.original() instanceof Catalog.Refusal r) {
            fromGroupChat.remove(m.inReplyTo());
            send(Message.builder().to(m.to().bare()).rawBody("The " + room.title() + " did not take your line: "
                    + r.reason() + ".").build());
        }
        return true;
    }

}
