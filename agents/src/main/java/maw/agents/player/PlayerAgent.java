package maw.agents.player;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.Catalog.Perceived;
import maw.agents.GameAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.base.Act;
import maw.base.Role;
import maw.base.Species;
import maw.base.Speech;
import maw.game.Phase;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.runtime.FSMBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.State;

/**
 * A seat at the table. The Player joins the GameMaster's lobby under the name its interface chose, follows the
 * phases (awake when the GameMaster's {@code turn} awaits acts from it, asleep when not, dead once killed), reads the
 * open room, and asks its interface agent what to do with {@code get_input}: the same request whether a rule-based bot,
 * a language model or a person fills the seat. It keeps no copy of the rules: what the seat may do, and to whom, is
 * what the GameMaster's last {@code turn} said. Every act it sends names the game, round, phase and day, and is matched
 * with its answer by {@code reply-with}. It accepts announcements only from the GameMaster and room news only from the
 * rooms.
 */
public final class PlayerAgent extends GameAgent {

    static final String GET_NAME = "GetNameState";
    static final String JOIN_LOBBY = "JoinLobbyState";
    static final String LOBBY = "LobbyState";
    static final String AWAKE = "AwakeState";
    static final String ASLEEP = "AsleepState";
    static final String DEAD = "DeadState";

    private static final Duration ANSWER_WAIT = Duration.ofSeconds(10);
    private static final int MAX_NAME_ATTEMPTS = 10;

    private final Jid gameMaster;
    private final Jid ui;
    private final CompletableFuture<Map<String, Integer>> finished = new CompletableFuture<>();

    // What the seat knows.
    private String name;
    private String game;
    private int round;
    private Role role;
    private List<String> partners = List.of();
    private boolean alive = true;
    private Phase phase = Phase.LOBBY;
    private int day;
    private Catalog.YourTurn turn;
    private long deadline;
    private List<String> players = List.of();
    private List<String> living = List.of();
    private Jid village;
    private Jid hideout;
    private boolean observe;
    /** The rule set of the round as the seat is told it ({@code maw}, {@code aiwolf}), for its interface. */
    private String rules = "maw";
    /** How the round's seats talk: the seat reads this, never the rule set's name. */
    private Speech talk = Speech.CHAT;
    /** The step of the phase the last turn named (AIWolf's talk turns and re-votes; null: 0). */
    private Integer step;
    /** The last turn the GameMaster told (the seat's own {@link #turn} drops the AIWolf acts it has made). */
    private Catalog.YourTurn told;
    /** The GameMaster's message being handled: an interface that watches gets it with the line it makes. */
    private Body heard;
    private maw.aiwolf.game.AiwolfNarration narration;

    // The open room.
    private Jid room;
    private boolean roomOpen;
    private String pollId;
    // Polls still unanswered, by id, with the phase each was made in: a room's answer that arrives after the phase
    // has changed still brings the last lines said in it, which the seat must not lose.
    private final Map<String, String> polls = new java.util.LinkedHashMap<>();
    private final Map<String, Long> seenByPhase = new java.util.HashMap<>();
    private String phaseKey = "";

    // The interface.
    private final List<String> unseen = new ArrayList<>();
    private String askId;
    private boolean asked;
    /** When the pending ask left, and whether its long wait was told. */
    private long askedAt;
    private static final Duration ASK_OVERDUE = Duration.ofSeconds(10);
    private boolean askOverdueTold;
    private boolean news;
    private String votedFor;
    private String voteId;
    private final List<Act> beforeTurn = new ArrayList<>();
    private final Map<String, String> phaseVotes = new java.util.LinkedHashMap<>();
    private boolean spoke;
    private String next;
    private String nameRefusal;
    private int nameAttempt;

    private volatile java.util.function.Consumer<String> tap = text -> { };

    // A silent GameMaster: asked whether it is there after a while, given up on after a longer one.
    private static final Duration PONG_WAIT = Duration.ofSeconds(5);
    private Duration silence = Duration.ofSeconds(20);
    private Duration giveUp = Duration.ofMinutes(10);
    private long lastHeard = System.nanoTime();
    private long pingSent;
    private boolean silent;
    /** The acts sent to the GameMaster and not answered yet (their reply-with ids), and the counts. */
    private final Set<String> unanswered = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicInteger actsSent = new java.util.concurrent.atomic.AtomicInteger();

    public PlayerAgent(Jid jid, String password, Jid gameMaster, Jid ui) {
        super(jid, password);
        this.gameMaster = gameMaster.bare();
        this.ui = ui.bare();
        inspectorsFrom(this.gameMaster);
    }

    /** The GameMaster named who may see the inside: the seat's interface agent hears it too. */
    @Override
    protected void inspectorsNamed(Catalog.Inspectors named) {
        send(ui, Performative.INFORM, named);
    }

    @Override
    protected void describe(com.fasterxml.jackson.databind.node.ObjectNode inside, boolean detail) {
        inside.putObject("links").put("interface", ui.toString()).put("gameMaster", gameMaster.toString());
        inside.put("seat", name);
        inside.put("game", game);
    }

    /** Also hands every line the seat learns to {@code tap} (to print a seat's view of the game). */
    public PlayerAgent tap(java.util.function.Consumer<String> newTap) {
        this.tap = newTap;
        return this;
    }

    /**
     * How long the seat waits for a word from its GameMaster before it asks whether it is there (and, with no answer,
     * tells its interface it waits for the GameMaster to come back), and how long before it gives up.
     */
    public PlayerAgent patience(Duration newSilence, Duration newGiveUp) {
        if (newSilence.isNegative() || newSilence.isZero() || newGiveUp.compareTo(newSilence) <= 0) {
            throw new IllegalArgumentException("the seat gives up after it asks: " + newSilence + " < " + newGiveUp);
        }
        this.silence = newSilence;
        this.giveUp = newGiveUp;
        return this;
    }

    /** Completes with the final leaderboard when the last round is over. */
    public CompletableFuture<Map<String, Integer>> finished() {
        return finished;
    }

    public String playerName() {
        return name;
    }

    /** How many acts (votes, divinations, whispers) this seat sent its GameMaster. */
    public int actsSent() {
        return actsSent.get();
    }

    /** How many of them the GameMaster has not answered (neither accepted nor refused). */
    public int actsUnanswered() {
        return unanswered.size();
    }

    @Override
    protected void setup() {
        FSMBehaviour fsm = new FSMBehaviour("PlayerBehaviour");
        fsm.addState(GET_NAME, State.of(GET_NAME, this::getName));
        fsm.addState(JOIN_LOBBY, State.of(JOIN_LOBBY, this::joinLobby));
        fsm.addState(LOBBY, State.of(LOBBY, s -> play(s, LOBBY)));
        fsm.addState(AWAKE, State.of(AWAKE, s -> play(s, AWAKE)));
        fsm.addState(ASLEEP, State.of(ASLEEP, s -> play(s, ASLEEP)));
        fsm.addState(DEAD, State.of(DEAD, s -> play(s, DEAD)));
        fsm.addTransition(GET_NAME, JOIN_LOBBY).addTransition(JOIN_LOBBY, GET_NAME).addTransition(JOIN_LOBBY, LOBBY)
                .addTransition(LOBBY, AWAKE).addTransition(LOBBY, ASLEEP).addTransition(LOBBY, DEAD)
                .addTransition(AWAKE, ASLEEP).addTransition(AWAKE, DEAD).addTransition(AWAKE, LOBBY)
                .addTransition(AWAKE, AWAKE)
                .addTransition(ASLEEP, AWAKE).addTransition(ASLEEP, DEAD).addTransition(ASLEEP, LOBBY)
                .addTransition(ASLEEP, ASLEEP).addTransition(LOBBY, LOBBY)
                .addTransition(DEAD, LOBBY).addTransition(DEAD, DEAD);
        addBehaviour(fsm);
    }

    // --- joining ----------------------------------------------------------------------------------------------------

    /**
     * Asks the interface for a name; {@code attempt} counts the names refused so far, so that the interface's fallback
     * (its name with a number) is new each time. After {@value #MAX_NAME_ATTEMPTS} refused names the seat gives up.
     */
    private void getName(State s) throws InterruptedException {
        if (nameAttempt >= MAX_NAME_ATTEMPTS) {
            giveUp("the GameMaster refused " + nameAttempt + " names; the last: " + nameRefusal);
            return;
        }
        for (int ask = 0; ask < 3 && isActive(); ask++) {
            List<String> why = nameRefusal == null ? List.of() : List.of(nameRefusal);
            Message answer = s.ask(Message.builder().to(ui).performative(Performative.REQUEST).ontology(ONTOLOGY)
                    .body(new Catalog.GetInput(null, 0, Catalog.Purpose.NAME, nameAttempt, nameView(why))).build(),
                    ANSWER_WAIT);
            if (answer != null && read(answer) instanceof Catalog.SeatName a && !a.name().isBlank()) {
                name = a.name().strip();
                observe = Boolean.TRUE.equals(a.observe());
                knowSession(answer.sender()); // the interface's session that named the seat speaks for it
                // What the interface's account sent before it answered is of an earlier session (the server keeps
                // messages for an account that is away): a vote from then must not be cast now.
                int old = 0;
                while (s.receive(maw.runtime.Template.sender(ui), Duration.ZERO) != null) {
                    old++;
                }
                if (old > 0) {
                    log.debug("{}: dropped {} message(s) of an earlier session from {}", jid(), old, ui);
                }
                s.setNextState(JOIN_LOBBY);
                return;
            }
        }
        giveUp("its interface " + ui + " gave no name");
    }

    private void giveUp(String why) {
        log.warn("{}: {}", jid(), why);
        tell(Perceived.OVER, "This seat gives up: " + why + ".");
        finished.completeExceptionally(new IllegalStateException(why));
    }

    /** Takes a seat in the lobby; a refused name goes back to the interface for another. */
    private void joinLobby(State s) throws InterruptedException {
        while (isActive()) {
            Message answer = s.ask(Message.builder().to(gameMaster).performative(Performative.REQUEST)
                    .ontology(ONTOLOGY).body(new Catalog.JoinLobby(name)).build(), ANSWER_WAIT);
            if (answer == null) {
                tell(Perceived.WAITING, "No answer yet from the GameMaster " + gameMaster + "; still asking.");
                continue;
            }
            Body body = read(answer);
            if (answer.is(Performative.AGREE) && body instanceof Catalog.Joined j) {
                game = j.game();
                knowSession(answer.sender()); // the GameMaster's session that seated us runs the game
                tell(Perceived.LOBBY, "You sit at the table as " + name + " (" + j.waiting() + " of " + j.needed()
                        + " players).");
                s.setNextState(LOBBY);
                return;
            }
            if (body instanceof Catalog.Refusal r) {
                if (r.code() != RefusalCode.NAME_TAKEN && r.code() != RefusalCode.NAME_INVALID) {
                    // Not the name: the table is full, or its game has begun. No other name would help.
                    tell(Perceived.OVER, "The GameMaster " + gameMaster + " has no seat for you: " + r.reason() + ".");
                    finished.completeExceptionally(new IllegalStateException(r.reason()));
                    return;
                }
                nameAttempt++;
                nameRefusal = "The GameMaster refused the name " + name + ": " + r.reason();
                tell(Perceived.REFUSAL, nameRefusal);
                s.setNextState(GET_NAME);
                return;
            }
        }
    }

    private Catalog.SeatView nameView(List<String> notes) {
        return new Catalog.SeatView(null, null, List.of(), Phase.LOBBY, 0, 0, List.of(), List.of(), List.of(),
                List.of(), Map.of(), null, 0, notes, null, false, Map.of());
    }

    // --- playing ----------------------------------------------------------------------------------------------------

    /** Handles what arrives until the seat changes state: the lobby, awake, asleep or dead. */
    private void play(State s, String current) throws InterruptedException {
        next = null;
        while (isActive() && next == null && !finished.isDone()) {
            if (readsRoom(current) && roomOpen && pollId == null) {
                poll();
            }
            if (current.equals(AWAKE) && !asked && news) {
                askInterface();
            }
            Message m = s.receive(Duration.ofSeconds(1));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
            checkGameMaster();
            if (asked && askId != null && !askOverdueTold && System.nanoTime() - askedAt > ASK_OVERDUE.toNanos()) {
                askOverdueTold = true;
                // For the log only: a person thinking is no fault, and the seat's line is not for them.
                log.info("{}: its interface {} has not answered {} ({} {} of round {}) for {} s", jid(), ui, askId,
                        phase, day, round, ASK_OVERDUE.toSeconds());
            }
        }
        if (next != null) {
            s.setNextState(next);
        }
    }

    /** A GameMaster that has said nothing for a while is asked whether it is there; one that stays silent, waited for. */
    private void checkGameMaster() {
        long now = System.nanoTime();
        long quiet = now - lastHeard;
        if (quiet > giveUp.toNanos()) {
            giveUp("the GameMaster " + gameMaster + " has said nothing for " + giveUp.toSeconds() + " s");
            return;
        }
        long pongWait = Math.min(PONG_WAIT.toNanos(), silence.toNanos());
        if (pingSent != 0 && now - pingSent > pongWait && !silent) {
            silent = true;
            tell(Perceived.SILENCE, "The GameMaster has said nothing for " + quiet / 1_000_000_000L
                    + " s and does not answer. Waiting for it to come back (a crashed game is taken up again with "
                    + "./maw gm --resume); this seat gives up after " + giveUp.toSeconds() + " s.");
        }
        // Asked once the silence is long enough, then again now and then (a GameMaster that comes back answers).
        long again = Math.max(silence.toNanos(), pongWait);
        if (quiet > silence.toNanos() && (pingSent == 0 || now - pingSent > again)) {
            pingSent = now;
            send(request(gameMaster, new Catalog.Ping(game)).toBuilder().performative(Performative.QUERY_IF).build());
        }
    }

    private void heardFromGameMaster() {
        lastHeard = System.nanoTime();
        pingSent = 0;
        if (silent) {
            silent = false;
            tell(Perceived.SILENCE, "The GameMaster is back.");
        }
    }

    private static boolean readsRoom(String state) {
        return state.equals(AWAKE) || state.equals(DEAD);
    }

    private void handle(Message m) {
        Body body = read(m);
        if (body == null) {
            return;
        }
        Jid from = m.sender().bare();
        if (from.equals(ui) || from.equals(gameMaster)) {
            if (!fromKnownSession(m, from)) {
                if (!isComplaint(m)) {
                    refuse(m, game, RefusalCode.NOT_YOURS, "another session of " + from + " than the one this seat "
                            + "knows: only that one is trusted");
                }
            } else if (from.equals(ui)) {
                onInterface(m, body);
            } else {
                onGameMaster(m, body);
            }
        } else if (from.equals(village) || from.equals(hideout)) {
            onRoom(m, body);
        } else if (!isComplaint(m)) {
            refuse(m, game, RefusalCode.NOT_YOURS, forgedReason(body));
        }
    }

    /** Why a message from a stranger is refused: game news comes from the GameMaster and the rooms only. */
    private static String forgedReason(Body body) {
        return switch (body) {
            case Catalog.PhaseChange p -> "only the GameMaster announces phase changes";
            case Catalog.Kill k -> "only the GameMaster kills";
            case Catalog.AssignRole a -> "only the GameMaster deals roles";
            case Catalog.StartGame sg -> "only the GameMaster starts games";
            case Catalog.EndGame e -> "only the GameMaster ends games";
            case Catalog.VoteResult v -> "only the GameMaster counts votes";
            case Catalog.NewMessages n -> "room news comes from the rooms only";
            default -> "a player takes messages from its GameMaster, its rooms and its interface only";
        };
    }

    private void onGameMaster(Message m, Body body) {
        heardFromGameMaster();
        if (m.inReplyTo() != null) {
            unanswered.remove(m.inReplyTo());
        }
        if (body.game() != null && game != null && !game.equals(body.game())) {
            log.debug("{}: ignored a message of another game: {}", jid(), m);
            return;
        }
        if (m.is(Performative.REFUSE) && body instanceof Catalog.Refusal r) {
            // Only the refusal of the seat's latest vote takes the vote back; an older one changes nothing.
            if (voteId != null && voteId.equals(m.inReplyTo())) {
                votedFor = null;
                voteId = null;
            }
            note(Perceived.REFUSAL, "The GameMaster refused your " + r.refused() + (r.target() == null ? ""
                    : " (" + r.target() + ")") + ": " + r.reason() + ".");
            if (inTurns() && alive && told != null && turn != null && told.stepOrZero() == turn.stepOrZero()
                    && r.code() != RefusalCode.ALREADY_DONE && r.code() != RefusalCode.PHASE_OVER
                    && !told.acts().isEmpty()) {
                turn = told; // the act was not taken: the seat may make it again
                next = AWAKE;
            }
            return;
        }
        heard = body;
        try {
            fromGameMaster(m, body);
        } finally {
            heard = null;
        }
    }

    private void fromGameMaster(Message m, Body body) {
        switch (body) {
            case Catalog.ReadyCheck rc -> reply(m, Performative.INFORM, new Catalog.Ready(rc.game()));
            case Catalog.StartGame sg -> {
                round = sg.round();
                players = sg.players();
                living = sg.players();
                village = Jid.parse(sg.village()).bare();
                hideout = Jid.parse(sg.hideout()).bare();
                alive = true;
                role = null;
                turn = null;
                step = null;
                partners = List.of();
                rules = sg.rules() == null ? "maw" : sg.rules();
                talk = sg.talk();
                narration = inTurns() ? new maw.aiwolf.game.AiwolfNarration(sg.players()) : null;
                note(Perceived.START, "Round " + sg.round() + " of " + sg.rounds() + " begins with "
                        + sg.total_players() + " players: " + (inTurns()
                                ? sg.players().stream().map(narration::who).collect(Collectors.joining(", "))
                                        + (talk == Speech.NATURAL ? ". The AIWolf NLP contest's rules: talk in your "
                                        + "own words, one speaker at a time, @Name to address a player"
                                        : ". AIWolf rules: talk is protocol text, and a player is Agent[NN] by its "
                                        + "number") : String.join(", ", sg.players())) + ".");
            }
            case Catalog.AssignRole ar -> {
                role = ar.role();
                partners = ar.partners() == null ? List.of() : ar.partners();
                note(Perceived.ROLE, "You are a " + role + "." + (partners.isEmpty() ? ""
                        : " Your fellow werewolves: " + String.join(", ", partners) + "."));
            }
            case Catalog.PhaseChange pc -> onPhase(pc);
            case Catalog.YourTurn t -> onTurn(t);
            case Catalog.Accepted a -> {
                if (a.act() == Act.Kind.VOTE && m.inReplyTo() != null && m.inReplyTo().equals(voteId)) {
                    votedFor = a.target();
                }
            }
            case Catalog.VoteCast vc -> {
                if (vc.phase() == phase && vc.day() == day) {
                    phaseVotes.put(vc.voter(), vc.target());
                }
                note(Perceived.VOTE, (vc.voter().equals(name) ? "You vote"
                    : vc.voter() + " votes") + " for " + vc.target() + ". " + tally(vc.tally()));
            }
            case Catalog.VoteResult vr -> note(Perceived.RESULT, vr.target() == null
                    ? "Nobody is executed today: " + vr.reason() + "."
                    : "The village executes " + vr.target() + " (" + vr.reason() + ").");
            case Catalog.Kill k -> {
                alive = false;
                note(Perceived.DEATH, k.cause() == Catalog.Cause.EXECUTED
                        ? "You were executed by the village. You can watch."
                        : "The werewolves murdered you in the night. You can watch.");
                next = DEAD;
            }
            case Catalog.RoleRevealed rr -> note(Perceived.REVEAL, rr.player() + " was a " + rr.role() + ".");
            case Catalog.NightResult nr -> note(Perceived.NIGHT, nr.victim() == null
                    ? "No murder tonight: " + nr.reason() + "." : "The pack killed " + nr.victim() + ".");
            case Catalog.Divined d -> note(Perceived.DIVINED, d.species() != null
                    ? "Your divination: " + who(d.target()) + " is " + (d.species() == Species.WEREWOLF
                            ? "a werewolf." : "human.")
                    : d.target() + " is a " + d.role() + ".");
            case Catalog.Identified i -> note(Perceived.IDENTIFIED, who(i.target()) + ", executed yesterday, was "
                    + (i.species() == Species.WEREWOLF ? "a werewolf." : "human."));
            case Catalog.Talks t -> note(Perceived.TALK, talks(t));
            case Catalog.InvalidTalk it -> note(Perceived.REFUSAL, "Your talk \"" + it.text() + "\" is not protocol "
                    + "text, and counted as Skip: " + it.reason() + ".");
            case Catalog.Votes v -> {
                if (!v.attack() && phase == Phase.DAY && v.day() == day) {
                    phaseVotes.putAll(v.ballots());
                }
                note(Perceived.VOTE, votes(v));
            }
            case Catalog.Whispered w -> note(Perceived.WHISPER, w.from() + " whispers to you: " + w.message());
            case Catalog.EndGame e -> {
                roomOpen = false;
                phase = Phase.OVER;
                turn = null;
                note(Perceived.END, (e.winning_team() == Catalog.Winner.DRAW ? "The game is a draw"
                        : "The " + e.winning_team() + " win") + " (" + e.reason() + "). Roles: "
                        + e.roles().entrySet().stream().map(en -> en.getKey() + " " + en.getValue())
                                .collect(Collectors.joining(", ")) + ".");
                next = LOBBY;
            }
            case Catalog.Scores sc -> {
                note(Perceived.SCORES, "Leaderboard after round " + sc.round() + ": " + sc.totals().entrySet()
                        .stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                        .map(en -> en.getKey() + " " + en.getValue()).collect(Collectors.joining(", ")) + ".");
                if (sc.last()) {
                    tell(Perceived.OVER, "The game is over.");
                    finished.complete(sc.totals());
                }
            }
            case Catalog.Joined j -> { }
            case Catalog.Pong p -> { }
            default -> log.debug("{}: unexpected {} from the GameMaster", jid(), body);
        }
    }

    /** Whether the round's talk comes in turns, with players numbered in the deal (AIWolf's games). */
    private boolean inTurns() {
        return talk.inTurns();
    }

    /**
     * A talk turn as lines of its own, one talk a line, each gloss in one column; turns counted from 1, as days are.
     * What the speakers said is made inert here: the line breaks are the seat's own, and an interface shows them as
     * lines.
     */
    private String talks(Catalog.Talks t) {
        List<String[]> rows = new ArrayList<>();
        for (Catalog.Utterance u : t.utterances()) {
            if (u.text().equals("Skip") && !u.agent().equals(name)) {
                continue;
            }
            boolean control = u.text().equals("Skip") || u.text().equals("Over");
            String said = (t.whisper() ? "[whisper] " : "") + maw.agents.Text.inert(who(u.agent())) + ": "
                    + maw.agents.Text.inert(u.text());
            String gloss = narration == null || control ? null : narration.gloss(u.agent(), u.text());
            rows.add(new String[] {said, gloss == null ? null : maw.agents.Text.inert(gloss)});
        }
        String head = (t.whisper() ? "Whisper" : "Talk") + " turn " + (t.turn() + 1) + " of day " + t.day();
        if (rows.isEmpty()) {
            return head + ": everyone skips.";
        }
        if (rows.size() == 1) {
            // One speaker at a time (the NLP contest's game): the turn and its talk on one line.
            String[] r = rows.getFirst();
            return head + ": " + r[0] + (r[1] == null ? "" : "   = " + r[1]);
        }
        int width = Math.min(48, rows.stream().filter(r -> r[1] != null).mapToInt(r -> r[0].length()).max()
                .orElse(0));
        StringBuilder b = new StringBuilder(head).append(':');
        for (String[] r : rows) {
            b.append("\n  ").append(r[1] == null ? r[0] : String.format("%-" + width + "s   = %s", r[0], r[1]));
        }
        return b.toString();
    }

    /** A vote's ballots as a short table: each name voted for, its count, and who voted for it. */
    private String votes(Catalog.Votes v) {
        Map<String, List<String>> by = new java.util.LinkedHashMap<>();
        v.ballots().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(b -> by.computeIfAbsent(b.getValue(), k -> new ArrayList<>()).add(who(b.getKey())));
        List<Map.Entry<String, List<String>>> rows = new ArrayList<>(by.entrySet());
        rows.sort((a, b) -> b.getValue().size() - a.getValue().size());
        int width = rows.stream().mapToInt(r -> who(r.getKey()).length()).max().orElse(0);
        StringBuilder b = new StringBuilder(v.attack() ? "The pack's attack votes" : "Votes").append(v.revote() > 0
                ? " (re-vote " + v.revote() + ")" : "").append(rows.isEmpty() ? ": none." : ":");
        for (Map.Entry<String, List<String>> r : rows) {
            b.append("\n  ").append(String.format("%-" + width + "s  %d  <- %s", maw.agents.Text.inert(who(r.getKey())),
                    r.getValue().size(), maw.agents.Text.inert(String.join(", ", r.getValue()))));
        }
        return b.toString();
    }

    /** A player as the seat's lines name it: with its agent number under AIWolf's rules. */
    private String who(String player) {
        return narration == null ? player : narration.who(player);
    }

    /** What the rules await from the seat now: awake when they await acts, asleep (or dead) when not. */
    private void onTurn(Catalog.YourTurn t) {
        if (t.round() != round || t.phase() != phase || t.day() != day) {
            return; // a turn of a phase already over
        }
        if (turn != null && t.stepOrZero() != turn.stepOrZero()) {
            votedFor = null; // a new step (a re-vote): the ballot is to cast again
            voteId = null;
            asked = false;
            askId = null;
        }
        turn = t;
        told = t;
        step = t.step();
        String mine = t.done() == null ? null : t.done().get(Act.Kind.VOTE);
        if (mine != null || voteId == null) {
            votedFor = mine;
        }
        // The room the seat reads now is the one the GameMaster names (the rules open it, and say who writes).
        Jid reads = null;
        if (t.rooms() != null) {
            for (String title : t.rooms().keySet()) {
                Jid r = Room.VILLAGE.title().equals(title) ? village : Room.HIDEOUT.title().equals(title) ? hideout
                        : null;
                if (r != null && reads == null) {
                    reads = r;
                }
            }
        }
        room = reads;
        roomOpen = room != null;
        news = true;
        next = !alive ? DEAD : t.acts().isEmpty() ? ASLEEP : AWAKE;
        // What the interface asked for before the turn came is judged now.
        List<Act> waiting = List.copyOf(beforeTurn);
        beforeTurn.clear();
        for (Act a : waiting) {
            perform(a);
        }
    }

    private void onPhase(Catalog.PhaseChange pc) {
        phase = pc.new_phase();
        day = pc.day();
        deadline = pc.deadline();
        living = pc.living();
        if (name != null && living != null && !living.isEmpty()) {
            alive = living.contains(name); // a seat told again where the round is (a resumed GameMaster) learns it
        }
        votedFor = null;
        voteId = null;
        turn = null;
        phaseVotes.clear();
        spoke = false;
        boolean day = phase == Phase.DAY;
        boolean wolf = role == Role.WEREWOLF;
        // No room until the GameMaster's turn for this phase names the one the seat reads.
        room = null;
        roomOpen = false;
        beforeTurn.clear();
        phaseKey = round + "/" + phase + "/" + pc.day();
        seenByPhase.keySet().retainAll(polls.values());
        pollId = null;
        askId = null;
        asked = false;
        // The seat's state is complete before it is told: an interface that watches gets the view with the line.
        if (day) {
            note(Perceived.PHASE, "Day " + pc.day() + " begins." + (pc.murdered() != null ? " " + pc.murdered()
                    + " was murdered in the night." : "") + " Living: " + String.join(", ", living) + ".");
        } else {
            note(Perceived.PHASE, "Night " + pc.day() + " falls." + (wolf && alive
                    ? " The pack meets in the Hideout." : " The village sleeps."));
        }
        news = true;
        // Asleep until the GameMaster's turn for this phase says what the seat may do.
        next = !alive ? DEAD : ASLEEP;
    }

    private void onRoom(Message m, Body body) {
        if (body instanceof Catalog.NewMessages nm) {
            String key = m.inReplyTo() == null ? null : polls.remove(m.inReplyTo());
            if (key == null) {
                return;
            }
            boolean current = key.equals(phaseKey) && m.inReplyTo().equals(pollId);
            if (current) {
                pollId = null;
            }
            if (body.game() != null && !body.game().equals(game)) {
                return;
            }
            long seen = seenByPhase.getOrDefault(key, 0L);
            // A line of a phase that is over (the room answered after the phase changed) says where it was said.
            String late = key.equals(phaseKey) ? "" : " (earlier, in the " + nm.room_name() + ")";
            for (Catalog.Line line : nm.messages()) {
                if (line.index() > seen) {
                    note(Perceived.CHAT, line.from() + late + ": " + line.text());
                }
            }
            seen = Math.max(seen, nm.index());
            seenByPhase.put(key, seen);
            if (current && nm.closed()) {
                roomOpen = false;
            }
        } else if (m.is(Performative.REFUSE) && body instanceof Catalog.Refusal r) {
            if (r.code() != null && "get_new_messages".equals(r.refused())) {
                pollId = null;
                roomOpen = false;
            }
            note(Perceived.REFUSAL, "The " + (m.sender().sameBare(village) ? "Village" : "Hideout")
                    + " refused your " + r.refused() + ": " + r.reason() + ".");
        } else if (body instanceof Catalog.AnnounceOpen ao) {
            log.debug("{}: {} open (writable: {})", jid(), ao.room_name(), ao.writable());
        }
    }

    private void poll() {
        Message request = Message.builder().to(room).performative(Performative.REQUEST).ontology(ONTOLOGY)
                .replyWith(newId()).body(new Catalog.GetNewMessages(game, round, seenByPhase.getOrDefault(phaseKey, 0L))).build();
        pollId = request.replyWith();
        polls.put(pollId, phaseKey);
        while (polls.size() > 16) { // a room that never answered: forget its oldest polls
            polls.remove(polls.keySet().iterator().next());
        }
        send(request);
    }

    // --- the interface ------------------------------------------------------------------------------------------------

    private void onInterface(Message m, Body body) {
        if (!(body instanceof Catalog.PlayerAction a)) {
            if (!isComplaint(m) && !(body instanceof Catalog.SeatName)) {
                refuse(m, game, RefusalCode.WRONG_RECIPIENT, "an interface answers get_input with a player_action");
            }
            return;
        }
        if (m.inReplyTo() != null) {
            if (!m.inReplyTo().equals(askId)) {
                // The answer to a question of an earlier phase: what it asks for no longer applies.
                log.debug("{}: dropped a stale answer {}", jid(), a);
                return;
            }
            askId = null;
            asked = false;
        }
        Act action = a.toAct();
        if (action instanceof Act.Listen || action instanceof Act.Pass) {
            if (alive && turn != null && turn.acts().contains(Act.Kind.TALK)) {
                perform(new Act.Talk("Skip")); // a talk turn awaits every living player: listening is Skip
            } else if (alive && turn != null && turn.acts().contains(Act.Kind.PASS)) {
                pass(); // a step that asks the seat once: no act is its answer, and the default is played now
            }
            return;
        }
        if (turn == null && alive && (phase == Phase.DAY || phase == Phase.NIGHT)) {
            beforeTurn.add(action); // the phase has begun, and what the seat may do in it is on its way
            return;
        }
        perform(action);
    }

    private void perform(Act action) {
        String problem = problemWith(action);
        if (problem != null) {
            note(Perceived.REFUSAL, problem);
            return;
        }
        act(action);
        news = true;
        Act.Kind kind = action.kind();
        if (inTurns() && turn != null) {
            // AIWolf takes one act of each kind a step: the seat is done with it until the GameMaster's next turn
            // (or its refusal, which gives the act back).
            doneWith(kind);
        }
    }

    /** The seat is done with {@code kind} in this step: a turn left with nothing but a pass is over. */
    private void doneWith(Act.Kind kind) {
        List<Act.Kind> left = turn.acts().stream().filter(k -> k != kind && k != Act.Kind.PASS).toList();
        if (!left.isEmpty() && turn.acts().contains(Act.Kind.PASS)) {
            left = java.util.stream.Stream.concat(left.stream(), java.util.stream.Stream.of(Act.Kind.PASS)).toList();
        }
        turn = new Catalog.YourTurn(turn.game(), turn.round(), turn.phase(), turn.day(), turn.deadline(), left,
                turn.targets(), turn.done(), turn.rooms(), turn.step());
        if (left.isEmpty()) {
            next = ASLEEP;
        }
    }

    /** Gives up what the step awaits from the seat: the rules play its default at once. */
    private void pass() {
        send(request(gameMaster, new Catalog.Pass(game, round, phase, day, step)));
        news = true;
        turn = new Catalog.YourTurn(turn.game(), turn.round(), turn.phase(), turn.day(), turn.deadline(), List.of(),
                turn.targets(), turn.done(), turn.rooms(), turn.step());
        next = ASLEEP;
    }

    /** Why the seat cannot do {@code action} now, in a person's words; null if it can (as the last turn says). */
    private String problemWith(Act action) {
        if (!alive) {
            return "You are dead: you can watch, but no longer speak or vote.";
        }
        Act.Kind kind = action.kind();
        if (turn == null || !turn.acts().contains(kind)) {
            if (action instanceof Act.Speak) {
                return phase == Phase.NIGHT ? "The village sleeps: nobody hears you tonight." : "No room is open now.";
            }
            return phase == Phase.NIGHT && kind == Act.Kind.VOTE
                    ? "The village sleeps: votes are cast during the day."
                    : "You cannot " + action.kind() + " now" + (turn == null || turn.acts().isEmpty() ? "."
                            : " (you may: " + turn.acts().stream().map(Act.Kind::wire)
                                    .collect(Collectors.joining(", ")) + ").");
        }
        return switch (action) {
            case Act.Speak sp when sp.text() == null || sp.text().isBlank() ->
                    "There is nothing to say in an empty message.";
            case Act.Speak sp when room == null || !roomOpen -> phase == Phase.NIGHT
                    ? "The village sleeps: nobody hears you tonight." : "No room is open now.";
            case Act.Whisper w when w.text() == null || w.text().isBlank() ->
                    "There is nothing to whisper in an empty message.";
            case Act.Talk t when t.text() == null || t.text().isBlank() ->
                    "There is nothing to say in an empty talk (say Skip to pass, Over when done for the day).";
            default -> null;
        };
    }

    private void act(Act action) {
        if (action instanceof Act.Listen || action instanceof Act.Pass) {
            return; // nothing to send; a pass is answered before it is performed
        }
        Catalog.Stamped body = Catalog.request(action, game, round, phase, day, step);
        if (action instanceof Act.Speak) {
            spoke = true;
            send(room, Performative.REQUEST, body);
            // A poll right behind the line: the room answers it with the line (and what came before), before any act
            // the seat sends next can end the phase and close the room; so the seat's last word reaches it.
            poll();
            return;
        }
        Message request = request(gameMaster, body);
        if (action instanceof Act.Vote v) {
            votedFor = v.target();
            voteId = request.replyWith();
        } else if (action instanceof Act.Talk) {
            spoke = true;
        }
        send(request);
    }

    /** A request with a fresh reply-with, so that its answer (agree or refuse) is matched to it. */
    private Message request(Jid to, Body body) {
        Message m = Message.builder().to(to).performative(Performative.REQUEST).ontology(ONTOLOGY).replyWith(newId())
                .body(body).build();
        if (to.equals(gameMaster) && body instanceof Catalog.Stamped) {
            actsSent.incrementAndGet();
            unanswered.add(m.replyWith());
        }
        return m;
    }

    private void askInterface() {
        asked = true;
        news = false;
        List<String> lines = List.copyOf(unseen);
        unseen.clear();
        Message request = Message.builder().to(ui).performative(Performative.REQUEST).ontology(ONTOLOGY)
                .replyWith(newId()).body(new Catalog.GetInput(game, round, Catalog.Purpose.ACT, 0, view(lines)))
                .build();
        askId = request.replyWith();
        askedAt = System.nanoTime();
        askOverdueTold = false;
        log.debug("{}: asks its interface ({}) in {} {} of round {}", jid(), askId, phase, day, round);
        send(request);
    }

    private Catalog.SeatView view(List<String> lines) {
        List<Act.Kind> actions = new ArrayList<>();
        Map<Act.Kind, List<String>> targets = new java.util.EnumMap<>(Act.Kind.class);
        if (alive && turn != null) {
            for (Act.Kind k : turn.acts()) {
                if (k == Act.Kind.PASS) {
                    continue; // a pass is what listening says where a turn takes one
                }
                actions.add(k);
                List<String> t = turn.targets() == null ? null : turn.targets().get(k);
                if (t != null) {
                    targets.put(k, t);
                }
            }
        }
        actions.add(Act.Kind.LISTEN);
        List<String> dead = players.stream().filter(p -> !living.contains(p)).toList();
        String roomName = room == null ? null : room.equals(village) ? "Village" : "Hideout";
        return new Catalog.SeatView(name, role, partners, phase, day, deadline, living, dead,
                targets.getOrDefault(Act.Kind.VOTE, List.of()), actions, targets, roomName,
                ChatRoomAgent.MAX_MESSAGE_LENGTH, lines, votedFor, spoke,
                java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(phaseVotes)), rules, talk,
                inTurns() ? players : null);
    }

    /** Something the seat learned: kept for the next get_input, and told at once to an interface that watches. */
    private void note(Perceived kind, String text) {
        unseen.add(text);
        news = true;
        tell(kind, text);
    }

    private void tell(Perceived kind, String text) {
        tap.accept(text);
        if (observe) {
            send(ui, Performative.INFORM, new Catalog.Observe(game, round, kind, text, view(List.of()), heard));
        }
    }

    private static String tally(Map<String, Integer> tally) {
        return tally == null || tally.isEmpty() ? "" : "Votes: " + tally.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")) + ".";
    }
}
