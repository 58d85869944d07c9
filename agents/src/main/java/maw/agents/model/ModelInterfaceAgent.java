package maw.agents.model;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.agents.kit.SeatKit;
import maw.agents.bot.TableReading;
import maw.agents.table.GameTable;
import maw.base.Act;
import maw.base.SeatView;
import maw.base.Speech;
import maw.game.RefusalCode;
import maw.llm.Llm;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.PromptTemplates;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.Template;

/**
 * A seat played by a language model: the design's ModelInterface. It answers its Player's {@code get_input} with
 * Algorithm 1 of the design: wait a random 0..n seconds, then send the messages the seat has not seen yet with the
 * guiding prompt for its role and phase, and answer with the model's decision (speak, vote, divine or listen). What
 * arrives while it waits or while the model thinks is taken together into the next prompt, so nothing is lost and a
 * slow model is never asked about a turn that is already over. Each round starts a fresh context (roles are dealt
 * again); with a context directory, each round's context is saved there.
 */
public final class ModelInterfaceAgent extends GameAgent implements GameTable.SeatReport {

    private final String name;
    private final ModelSeat seat;
    private final Duration think;
    private final Jid player;
    private final Path contextDir;
    private final SplittableRandom random;
    /** Whether each turn's message carries a rule player's reading of the table ({@code llm.hint=reading}). */
    private final boolean hint;
    private TableReading reading;

    private String game;
    private int round = -1;
    /** How long each decision took from the turn's question to the answer (the latest, at most 1,000), and withdrawals. */
    private final java.util.ArrayDeque<Long> decisionMillis = new java.util.ArrayDeque<>();
    private int withdrawals;

    private synchronized void decided(boolean answered, long millis) {
        if (!answered) {
            withdrawals++;
            return;
        }
        decisionMillis.addLast(millis);
        while (decisionMillis.size() > 1000) {
            decisionMillis.removeFirst();
        }
    }

    /** News of a turn withdrawn before the model received it, for the next turn. */
    private final List<String> carried = new ArrayList<>();
    private volatile Thread worker;
    private volatile long thinkingSince;

    /**
     * @param player     the Player it answers (others are refused); null to answer anyone
     * @param think      the longest random wait before a turn (Algorithm 1's n)
     * @param contextDir where each round's context is saved (null: not saved)
     */
    public ModelInterfaceAgent(Jid jid, String password, String name, ModelSeat seat, Duration think, Jid player,
            Path contextDir, long seed) {
        this(jid, password, name, seat, think, player, contextDir, seed, false);
    }

    /**
     * @param hint whether each turn's message carries the reading of the table a rule player keeps from the same
     *             news (suspects and why, seer claims, contradictions): MAW's game; AIWolf games have none
     */
    public ModelInterfaceAgent(Jid jid, String password, String name, ModelSeat seat, Duration think, Jid player,
            Path contextDir, long seed, boolean hint) {
        super(jid, password);
        this.hint = hint;
        this.name = Objects.requireNonNull(name, "name");
        this.seat = Objects.requireNonNull(seat, "seat");
        this.think = Objects.requireNonNull(think, "think");
        this.player = player == null ? null : player.bare();
        inspectorsFrom(this.player);
        this.contextDir = contextDir;
        this.random = new SplittableRandom(seed);
    }

    /** Fills seats with language models, each with its own context, all on one model server. */
    public static GameTable.SeatFiller filler(LlmSettings settings, PromptTemplates templates, Duration think,
            Path contextDir) {
        return filler(settings, templates, think, contextDir, false);
    }

    /** Likewise; {@code hint}: each turn's message carries a rule player's reading of the table. */
    public static GameTable.SeatFiller filler(LlmSettings settings, PromptTemplates templates, Duration think,
            Path contextDir, boolean hint) {
        return filler(settings, templates, think, contextDir, hint, null);
    }

    /** Likewise, each call going through {@code cassette} (kept there, or answered from it; null: none). */
    public static GameTable.SeatFiller filler(LlmSettings settings, PromptTemplates templates, Duration think,
            Path contextDir, boolean hint, maw.llm.Cassette cassette) {
        // A pool of model servers is one for all the seats it fills, so that it sends each call to the server with
        // the fewest calls outstanding among all of theirs.
        java.util.function.Supplier<Llm> contexts = Llm.forSeats(settings, cassette);
        return new GameTable.SeatFiller() {
            @Override
            public ModelInterfaceAgent create(GameTable.Seat s) {
                Llm llm = contexts.get();
                return new ModelInterfaceAgent(s.jid(), s.password(), s.name(),
                        new ModelSeat(llm, templates), think, s.player(),
                        contextDir, s.seed(), hint);
            }

            @Override
            public String kind() {
                return "llm";
            }
        };
    }

    /** Its inside shows the latest calls to the model: the guiding prompt as sent, the raw answer, tokens, time. */
    @Override
    protected void describe(ObjectNode inside, boolean detail) {
        if (player != null) {
            inside.putObject("links").put("player", player.toString());
        }
        if (!detail) {
            return;
        }
        inside.set("report", Json.MAPPER.valueToTree(report()));
        ArrayNode calls = inside.putArray("calls");
        for (ModelSeat.Call c : lastCalls()) {
            ObjectNode cn = calls.addObject();
            cn.put("t", c.at());
            cn.put("system", cut(c.system(), 8000));
            cn.put("user", cut(c.user(), 8000));
            cn.put("answer", c.answer() == null ? null : cut(c.answer(), 4000));
            cn.put("problem", c.problem());
            cn.put("promptTokens", c.promptTokens());
            cn.put("outputTokens", c.outputTokens());
            cn.put("millis", c.millis());
        }
    }

    private static String cut(String s, int n) {
        return s == null || s.length() <= n ? s : s.substring(0, n) + "...";
    }

    /** The latest calls to the model (for the monitor's view of the agent's inside). */
    public List<ModelSeat.Call> lastCalls() {
        return seat.lastCalls();
    }

    /** The seat's name at the table. */
    public String seatName() {
        return name;
    }

    /** How long the model has been working on the current turn, in milliseconds; 0 when it is not. */
    public long thinkingMillis() {
        long since = thinkingSince;
        return since == 0 ? 0 : (System.nanoTime() - since) / 1_000_000;
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("SendInput", self -> {
            Message m = self.receive(); // it acts on messages alone: it waits for the next
            if (m != null) {
                handle(self, m);
            }
        }));
    }

    private void handle(CyclicBehaviour self, Message m) throws InterruptedException {
        SeatCatalog.GetInput in = askedToAct(m);
        if (in != null) {
            play(self, m, in);
        }
    }

    /** The player's question for an act, or null when {@code m} is none (it is answered here as it asks). */
    private SeatCatalog.GetInput askedToAct(Message m) {
        Body body = read(m);
        if (body == null || isComplaint(m)) {
            return null;
        }
        if (player != null && !fromKnownSession(m, player)) {
            refuse(m, body.game(), RefusalCode.NOT_YOURS, "a model seat takes get_input from its own player only");
            return null;
        }
        if (!(body instanceof SeatCatalog.GetInput in)) {
            if (body instanceof SeatCatalog.Observe o) {
                hear(o);
            } else {
                refuse(m, body.game(), RefusalCode.WRONG_RECIPIENT, "a model seat answers get_input only");
            }
            return null;
        }
        if (in.purpose() == SeatCatalog.Purpose.NAME) {
            // With the hint, the seat asks to be told everything it perceives, to read the table as a rule player.
            // It reads an observe's view at a game's start only: the others need not carry it.
            reply(m, Performative.INFORM, new SeatCatalog.SeatName(in.attempt() <= 0 ? name
                    : name + " " + (in.attempt() + 1), hint, null, null, hint ? SeatCatalog.Views.CHANGED : null));
            return null;
        }
        if (in.purpose() == SeatCatalog.Purpose.WITHDRAW) {
            return null; // nothing is being decided (a withdrawal while the model thinks is taken below)
        }
        if (in.view() == null) {
            refuse(m, in.game(), RefusalCode.WRONG_RECIPIENT, "get_input without the seat's view");
            return null;
        }
        return in;
    }

    /** Plays the turn {@code in} asks for (and the turns asked meanwhile) with the model. */
    private void play(CyclicBehaviour self, Message m, SeatCatalog.GetInput in) throws InterruptedException {
        Template more = Template.bodyType("get_input").and(Template.sender(m.sender().bare()));
        if (in.round() != round || !Objects.equals(in.game(), game)) {
            carried.clear(); // a new round deals new roles: nothing of the last is news
        }
        long askedAt = System.nanoTime(); // the seat's turn began: its decision's time runs from here
        List<String> unseen = new ArrayList<>(carried);
        carried.clear();
        unseen.addAll(lines(in));
        Message latest = m;
        SeatCatalog.GetInput latestInput = in;
        while (latest != null && isActive()) {
            // Algorithm 1: wait a random while, so that the seats do not all speak at once (at a pace of turns they
            // do not: one is asked at a time, and a wait would only slow the table; a speak-anytime phase's count of
            // lines is no turn of that kind).
            long waitMillis = think.isZero() || latestInput.view().turn() != null
                    && !latestInput.view().talk().inTurns() ? 0
                    : random.nextLong(think.toMillis() + 1);
            if (waitMillis > 0 && !self.pause(Duration.ofMillis(waitMillis))) {
                return;
            }
            // Whatever the player asked meanwhile is one turn: the newest view, and every unseen line of them all.
            boolean withdrawn = false;
            for (Message next = self.receive(more, Duration.ZERO); next != null;
                    next = self.receive(more, Duration.ZERO)) {
                if (read(next) instanceof SeatCatalog.GetInput later && later.view() != null
                        && later.purpose() == SeatCatalog.Purpose.ACT) {
                    reply(latest, Performative.INFORM, listen()); // superseded: the player no longer waits for it
                    unseen.addAll(lines(later));
                    latest = next;
                    latestInput = later;
                    withdrawn = false;
                } else if (read(next) instanceof SeatCatalog.GetInput later
                        && later.purpose() == SeatCatalog.Purpose.WITHDRAW) {
                    withdrawn = true;
                }
            }
            if (withdrawn) {
                carried.addAll(unseen); // the turn is over before the model was asked: its news goes with the next
                return;
            }
            newRound(latestInput);
            Message asked = latest;
            SeatCatalog.GetInput input = latestInput;
            List<String> news = List.copyOf(unseen);
            List<String> reading = readingNow(self, input);
            CompletableFuture<ModelSeat.Turn> turn = new CompletableFuture<>();
            seat.talk(SeatKit.of(input.view().rules()).talkWriter()); // how talk is written under the game's rules
            Thread worker = Thread.ofVirtual().name(jid().local() + "-model").start(() -> {
                try {
                    turn.complete(seat.turn(input.view(), news, reading));
                } catch (Throwable e) {
                    turn.completeExceptionally(e);
                } finally {
                    self.wakeUp();
                }
            });
            this.worker = worker;
            thinkingSince = System.nanoTime();
            Ended ended = whileThinking(self, more, worker, turn);
            boolean cut = ended != null && ended.withdrawn();
            latest = ended == null ? null : ended.newer();
            if (latest != null) {
                latestInput = ended.input();
            }
            ModelSeat.Turn done = join(worker, turn);
            unseen.clear();
            if (done == null || !done.newsSeen()) {
                unseen.addAll(news);
            }
            if (latest != null) {
                unseen.addAll(lines(latestInput));
            } else if (!unseen.isEmpty()) {
                carried.addAll(unseen); // a withdrawn turn's news the model never received goes with the next
            }
            Act d = done == null ? new Act.Listen() : done.decision();
            log.debug("{}: {} {} -> {}", jid(), input.view().phase(), input.view().day(), d);
            reply(asked, Performative.INFORM, latest != null ? listen() : SeatCatalog.PlayerAction.of(d));
            if (latest == null) {
                decided(done != null && !cut, (System.nanoTime() - askedAt) / 1_000_000);
            }
        }
    }

    /** What ended a turn before the model answered: a newer question, or its withdrawal (its time ran out). */
    private record Ended(Message newer, SeatCatalog.GetInput input, boolean withdrawn) {}

    /**
     * Waits for the model while it thinks: a new question from the player means the turn is over (a phase changed);
     * so does a withdrawal (the turn's time ran out); either way the call is abandoned (its connection closed). Null:
     * the model answered.
     */
    private Ended whileThinking(CyclicBehaviour self, Template more, Thread worker, CompletableFuture<?> turn)
            throws InterruptedException {
        while (!turn.isDone()) {
            // A message, or the model's answer (its thread completes the turn, then wakes this behaviour).
            Message next = self.receive(more, turn::isDone);
            if (next == null) {
                continue;
            }
            if (read(next) instanceof SeatCatalog.GetInput later && later.view() != null
                    && later.purpose() == SeatCatalog.Purpose.ACT) {
                worker.interrupt();
                return new Ended(next, later, false);
            }
            if (read(next) instanceof SeatCatalog.GetInput later && later.purpose() == SeatCatalog.Purpose.WITHDRAW) {
                log.info("{}: {}'s turn ended before the model answered ({} ms): the call is cancelled", jid(), name,
                        (System.nanoTime() - thinkingSince) / 1_000_000);
                worker.interrupt();
                return new Ended(null, null, true);
            }
        }
        return null;
    }

    /** What the seat perceived: with the hint, the GameMaster's news and the rooms' lines go into the reading. */
    private void hear(SeatCatalog.Observe o) {
        if (!hint) {
            return;
        }
        if (o.news() instanceof Catalog.StartGame) {
            reading = new TableReading(o.view() != null && o.view().you() != null ? o.view().you() : name);
        }
        if (reading == null) {
            return;
        }
        if (o.kind() == SeatCatalog.Perceived.CHAT) {
            reading.chatLine(o.text());
        } else if (o.news() != null) {
            reading.hear(o.news());
        }
    }

    /**
     * The hint for this turn: the reading once everything perceived before the question is in it (the observes that
     * came before it are taken first); none without the setting, before the game's start, or in an AIWolf game.
     */
    private List<String> readingNow(CyclicBehaviour self, SeatCatalog.GetInput input) throws InterruptedException {
        if (!hint || input.view().talk().inTurns()) {
            return List.of();
        }
        Template observed = player == null ? Template.bodyType("observe")
                : Template.bodyType("observe").and(Template.sender(player));
        for (Message o = self.receive(observed, Duration.ZERO); o != null; o = self.receive(observed, Duration.ZERO)) {
            if (read(o) instanceof SeatCatalog.Observe seen && (player == null || fromKnownSession(o, player))) {
                hear(seen);
            }
        }
        return reading == null ? List.of() : reading.hint();
    }

    private ModelSeat.Turn join(Thread worker, CompletableFuture<ModelSeat.Turn> turn) throws InterruptedException {
        try {
            return turn.get();
        } catch (ExecutionException e) {
            log.warn("{}: the model seat failed: {}", jid(), e.getCause().toString());
            return null;
        } finally {
            worker.join();
            this.worker = null;
            thinkingSince = 0;
        }
    }

    private static List<String> lines(SeatCatalog.GetInput in) {
        return in.view().unseen() == null ? List.of() : in.view().unseen();
    }

    /** A new round deals new roles: what the model remembers of the last one would only mislead it. */
    private void newRound(SeatCatalog.GetInput in) {
        if (in.round() == round && Objects.equals(in.game(), game)) {
            return;
        }
        if (round >= 0) {
            saveContext();
            seat.llm().clear();
        }
        game = in.game();
        round = in.round();
    }

    private void saveContext() {
        if (contextDir == null || round < 0) {
            return;
        }
        try {
            seat.llm().save(contextDir.resolve(name + "-round-" + round + ".jsonl"));
        } catch (RuntimeException e) {
            log.warn("{}: could not save the context of round {}: {}", jid(), round, e.getMessage());
        }
    }

    @Override
    protected void takeDown() {
        Thread w = worker;
        if (w != null) {
            w.interrupt();
            try {
                w.join(Duration.ofSeconds(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        saveContext();
    }

    private static SeatCatalog.PlayerAction listen() {
        return SeatCatalog.PlayerAction.of(new Act.Listen());
    }

    @Override
    public Map<String, Object> report() {
        Map<String, Object> r = new LinkedHashMap<>(seat.stats().toMap(seat.llm()));
        synchronized (this) {
            r.put("decisionMillis", List.copyOf(decisionMillis));
            r.put("withdrawn", withdrawals);
        }
        return r;
    }
}
