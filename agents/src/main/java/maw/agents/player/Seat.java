package maw.agents.player;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.SeatCatalog;
import maw.agents.SeatCatalog.Perceived;
import maw.agents.Text;
import maw.agents.kit.SeatKit;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.base.Species;
import maw.base.Speech;
import maw.game.RefusalCode;
import maw.runtime.Jid;

/**
 * What a seat knows and owes, without a transport: the round, its role and partners, the phase and its deadline,
 * whether it lives, what the GameMaster's last {@code turn} lets it do (it keeps no copy of the rules), the room it
 * reads, its vote, the lines its interface has not seen yet. The GameMaster's news goes in ({@link #hear}), and what
 * follows comes out as {@link Effect}s for the Player agent to carry out: lines to tell, a state to become, an answer,
 * acts the interface asked for before the turn came, the end. It judges an act against the last turn
 * ({@link WhyNot}) in a person's words, and makes the view an interface decides on ({@link #view}).
 */
final class Seat {

    /** What the seat is doing: waiting in the lobby, awaited for acts, not awaited, or dead (watching). */
    enum Mode { LOBBY, AWAKE, ASLEEP, DEAD }

    /** What follows from what the seat heard, for the agent to carry out in order. */
    sealed interface Effect {}

    /** A line for the seat's interface (and tap); kept for the next get_input too when the seat noted it. */
    record Tell(Perceived kind, String text) implements Effect {}

    /** The seat is now in {@code mode}. */
    record Become(Mode mode) implements Effect {}

    /** An answer to the message heard. */
    record Reply(Body body) implements Effect {}

    /** An act the interface asked for before the turn came, to perform now. */
    record Perform(Act act) implements Effect {}

    /** A question to the interface still pending no longer applies (a new phase or step): ask again. */
    record Reask() implements Effect {}

    /** The last round is over: the final leaderboard. */
    record Over(Map<String, Integer> totals) implements Effect {}

    private String name, game;
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
    /** The rooms' agents (of the round's start), and each room's title. */
    private Map<Jid, String> rooms = Map.of();
    /** The rule set of the round as the seat is told it ({@code maw}, {@code aiwolf}), for its interface. */
    private String rules = "maw";
    /** How the round's seats talk: the seat reads this, never the rule set's name; and its longest line. */
    private Speech talk = Speech.CHAT;
    private int longest = maw.game.Rules.LONGEST_LINE;
    /** The step of the phase the last turn named (AIWolf's talk turns and re-votes; null: 0). */
    private Integer step;
    /** The last turn the GameMaster told (the seat's own {@link #turn} drops the AIWolf acts it has made). */
    private Catalog.YourTurn told;
    private SeatKit.Narration narration = SeatKit.Narration.PLAIN;
    /** The room the seat reads now, and whether it is open. */
    private Jid room;
    private boolean roomOpen;
    private final List<String> unseen = new ArrayList<>();
    private boolean news;
    /** A turn began, an act was given back, or the interface acted: an interface asked by turns is asked again. */
    private boolean turnNews;
    private String votedFor, voteId;
    private final List<Act> beforeTurn = new ArrayList<>();
    private final Map<String, String> phaseVotes = new LinkedHashMap<>();
    private boolean spoke;
    /** At a pace of turns: whose turn it is (null: nobody's, or the clock's pace), and the seat's own turn. */
    private String turnOf;
    private SeatView.Turn ownTurn;
    /** The step whose turn the seat has taken (its one act and its pass), at a pace of turns; 0: none this phase. */
    private int takenStep;
    private final List<Effect> effects = new ArrayList<>();

    private List<Effect> drain() {
        List<Effect> out = List.copyOf(effects);
        effects.clear();
        return out;
    }

    // --- what the seat is -------------------------------------------------------------------------------------------

    /** The seat's name, as its interface chose it. */
    void named(String newName) {
        this.name = newName;
    }

    /** The GameMaster seated it in {@code newGame}. */
    void joined(String newGame) {
        this.game = newGame;
    }

    String name() {
        return name;
    }

    String game() {
        return game;
    }

    int round() {
        return round;
    }

    Phase phase() {
        return phase;
    }

    int day() {
        return day;
    }

    boolean alive() {
        return alive;
    }

    Catalog.YourTurn turn() {
        return turn;
    }

    /** Whether {@code from} is the agent of one of the round's rooms. */
    boolean isRoom(Jid from) {
        return from != null && rooms.containsKey(from.bare());
    }

    /** The title of the room {@code agent} keeps ({@code Village}), or null. */
    String roomTitle(Jid agent) {
        return agent == null ? null : rooms.get(agent.bare());
    }

    /** The room the seat reads now (null: none), and whether it is open. */
    Jid room() {
        return room;
    }

    boolean roomOpen() {
        return roomOpen;
    }

    /** The room said it is closed, or refused the seat's poll. */
    void roomClosed() {
        roomOpen = false;
    }

    /** Which phase of which round the seat is in, as a key for what it has read of each phase's room. */
    String phaseKey() {
        return phaseKey(round, phase, day);
    }

    /** The key of a phase of a round. */
    static String phaseKey(int round, Phase phase, int day) {
        return round + "/" + phase + "/" + day;
    }

    /** Whether the round's talk comes in turns, with players numbered in the deal (AIWolf's games). */
    boolean inTurns() {
        return talk.inTurns();
    }

    /**
     * Whether the seat plays MAW's game at a pace of turns: its turn is one act (a line, a vote, a whisper, a
     * question) and then a pass, or a pass alone.
     */
    boolean takesTurns() {
        return !inTurns() && turn != null && turn.stepOrZero() > 0 && turn.acts().contains(Act.Kind.PASS);
    }

    /**
     * Whether the interface is to be asked again: it learned something it has not been asked about yet, or (asked
     * {@code byTurns}) its turn changed or it acted.
     */
    boolean hasNews(boolean byTurns) {
        return byTurns ? turnNews : news;
    }

    /** The interface acted: it is asked about what follows. */
    void news() {
        news = true;
        turnNews = true;
    }

    /** The lines the interface has not seen, taken for a get_input (the news is then told). */
    List<String> takeUnseen() {
        news = false;
        turnNews = false;
        List<String> lines = List.copyOf(unseen);
        unseen.clear();
        return lines;
    }

    /** Something the seat learned: kept for the next get_input, and told at once to an interface that watches. */
    List<Effect> note(Perceived kind, String text) {
        noteHere(kind, text);
        return drain();
    }

    private void tell(Perceived kind, String text) {
        effects.add(new Tell(kind, text));
    }

    private void noteHere(Perceived kind, String text) {
        noteHere(kind, text, text);
    }

    /** Something learned, told to people as {@code shown} and kept for the seat's interface as {@code kept}. */
    private void noteHere(Perceived kind, String shown, String kept) {
        unseen.add(kept);
        news = true;
        tell(kind, shown);
    }

    /**
     * A line said in the room ({@code late}: where, when it was said in a phase that is over): the speaker's quoted
     * words, one line, for people and the seat's interface (a model's prompt) alike.
     */
    List<Effect> said(String from, String text, String late) {
        noteHere(Perceived.CHAT, Text.said(from + late, text));
        return drain();
    }

    // --- the GameMaster's news ----------------------------------------------------------------------------------------

    /**
     * The GameMaster refused an act ({@code inReplyTo}: the request's id): a refused vote is taken back; where talk
     * comes in turns, an act of this step that was not taken may be made again.
     */
    List<Effect> refused(Catalog.Refusal r, String inReplyTo) {
        // Only the refusal of the seat's latest vote takes the vote back; an older one changes nothing.
        if (voteId != null && voteId.equals(inReplyTo)) {
            votedFor = null;
            voteId = null;
        }
        String what = String.valueOf(r.refused()).replace('_', ' '); // the message's type, in words
        noteHere(Perceived.REFUSAL, "The GameMaster refused your " + what + (r.target() == null ? ""
                : " (" + r.target() + ")") + ": " + r.reason() + ".");
        if (inTurns() && alive && told != null && turn != null && told.stepOrZero() == turn.stepOrZero()
                && r.code() != RefusalCode.ALREADY_DONE && r.code() != RefusalCode.PHASE_OVER
                && !told.acts().isEmpty()) {
            turn = told; // the act was not taken: the seat may make it again
            turnNews = true;
            effects.add(new Become(Mode.AWAKE));
        }
        return drain();
    }

    /**
     * The GameMaster's news (its refusals go to {@link #refused}): what the seat learns of it, and what follows.
     */
    List<Effect> hear(Body body, String inReplyTo) {
        switch (body) {
            case Catalog.ReadyCheck rc -> effects.add(new Reply(new Catalog.Ready(rc.game())));
            case Catalog.StartGame sg -> {
                round = sg.round();
                players = sg.players();
                living = sg.players();
                Map<Jid, String> kept = new HashMap<>();
                sg.rooms().forEach((title, agent) -> kept.put(Jid.parse(agent).bare(), title));
                rooms = Map.copyOf(kept);
                alive = true;
                role = null;
                turn = null;
                step = null;
                partners = List.of();
                rules = sg.rules() == null ? "maw" : sg.rules();
                talk = sg.talk();
                longest = sg.longest() == null ? maw.game.Rules.LONGEST_LINE : sg.longest();
                narration = SeatKit.of(rules).narration(sg.players(), talk);
                String inWords = narration.rulesInWords();
                noteHere(Perceived.START, "Round " + sg.round() + " of " + sg.rounds() + " begins with "
                        + sg.total_players() + " players: " + String.join(", ", narration.who(sg.players()))
                        + (inWords.isEmpty() ? "" : ". " + inWords) + ".");
            }
            case Catalog.AssignRole ar -> {
                role = ar.role();
                partners = ar.partners() == null ? List.of() : ar.partners();
                noteHere(Perceived.ROLE, "You are a " + role + "." + (partners.isEmpty() ? ""
                        : " Your fellow werewolves: " + String.join(", ", partners) + "."));
            }
            case Catalog.PhaseChange pc -> onPhase(pc);
            case Catalog.YourTurn t -> onTurn(t);
            case Catalog.TurnBegan tb -> onTurnBegan(tb);
            case Catalog.Accepted a -> {
                if (a.act() == Act.Kind.VOTE && inReplyTo != null && inReplyTo.equals(voteId)) {
                    votedFor = a.target();
                }
                if (a.act() == Act.Kind.WHISPER && a.target() != null) {
                    // Nobody else tells the whisperer: the GameMaster's word that it went is the confirmation.
                    noteHere(Perceived.WHISPER, "You whisper to " + Text.inert(a.target()) + ".");
                }
            }
            case Catalog.VoteCast vc -> {
                if (vc.phase() == phase && vc.day() == day) {
                    phaseVotes.put(vc.voter(), vc.target());
                }
                noteHere(Perceived.VOTE, (vc.voter().equals(name) ? "You vote"
                    : vc.voter() + " votes") + " for " + vc.target() + ". " + tally(vc.tally()));
            }
            case Catalog.VoteResult vr -> {
                buried(vr.target());
                noteHere(Perceived.RESULT, vr.target() == null
                        ? "Nobody is executed today: " + vr.reason() + "."
                        : "The village executes " + vr.target() + " (" + vr.reason() + ").");
            }
            case Catalog.Kill k -> {
                alive = false;
                noteHere(Perceived.DEATH, k.cause() == Catalog.Cause.EXECUTED
                        ? "You were executed by the village. You can watch."
                        : "The werewolves murdered you in the night. You can watch.");
                effects.add(new Become(Mode.DEAD));
            }
            case Catalog.RoleRevealed rr -> noteHere(Perceived.REVEAL, rr.player() + " was a " + rr.role() + ".");
            case Catalog.NightResult nr -> {
                buried(nr.victim());
                noteHere(Perceived.NIGHT, nr.victim() == null
                        ? "No murder tonight: " + nr.reason() + "." : "The pack killed " + nr.victim() + ".");
            }
            case Catalog.Divined d -> noteHere(Perceived.DIVINED, d.species() != null
                    ? "Your divination: " + who(d.target()) + " is " + (d.species() == Species.WEREWOLF
                            ? "a werewolf." : "human.")
                    : d.target() + " is a " + d.role() + ".");
            case Catalog.Whispered w -> noteHere(Perceived.WHISPER, Text.inert(w.from()) + " whispers to you: "
                    + Text.quoted(w.message()));
            case Catalog.EndGame e -> {
                roomOpen = false;
                phase = Phase.OVER;
                turn = null;
                noteHere(Perceived.END, (e.winning_team() == Catalog.Winner.DRAW ? "The game is a draw"
                        : "The " + e.winning_team() + " win") + " (" + e.reason() + "). Roles: "
                        + e.roles().entrySet().stream().map(en -> en.getKey() + " " + en.getValue())
                                .collect(Collectors.joining(", ")) + ".");
                effects.add(new Become(Mode.LOBBY));
            }
            case Catalog.Scores sc -> {
                noteHere(Perceived.SCORES, "Leaderboard after round " + sc.round() + ": " + sc.totals().entrySet()
                        .stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                        .map(en -> en.getKey() + " " + en.getValue()).collect(Collectors.joining(", ")) + ".");
                if (sc.last()) {
                    tell(Perceived.OVER, "The game is over.");
                    effects.add(new Over(sc.totals()));
                }
            }
            case Catalog.MoreTime mt -> moreTime(mt);
            case Catalog.Joined j -> { }
            case Catalog.Pong p -> { }
            default -> told(narration.tell(body, name)); // the rule set's own news, if it is
        }
        return drain();
    }

    /** A person at the table was given more time: the day ends later (for this seat's turn too). */
    private void moreTime(Catalog.MoreTime mt) {
        if (mt.deadline() == null || mt.round() != round || mt.phase() != phase || mt.day() != day) {
            return;
        }
        deadline = mt.deadline();
        if (turn != null) {
            turn = new Catalog.YourTurn(turn.game(), turn.round(), turn.phase(), turn.day(), deadline, turn.acts(),
                    turn.targets(), turn.done(), turn.rooms(), turn.step());
        }
        long left = Math.max(0, (deadline - System.currentTimeMillis() + 500) / 1000);
        noteHere(Perceived.PHASE, (Objects.equals(mt.player(), name) ? "You are" : Text.inert(mt.player()) + " is")
                + " given " + mt.seconds() + " s more to read: the day now ends in " + left + " s.");
    }

    /** At a pace of turns, a seat's turn begins: the seat's own, or another's (told, not kept as news). */
    private void onTurnBegan(Catalog.TurnBegan tb) {
        if (tb.round() != round || tb.phase() != phase || tb.day() != day) {
            return;
        }
        turnOf = tb.player();
        boolean mine = tb.player().equals(name);
        ownTurn = mine ? new SeatView.Turn(tb.talk_round(), tb.talk_rounds(), tb.voting(), tb.deadline()) : null;
        String when = tb.voting() ? "the voting round" : "talk round " + tb.talk_round() + " of " + tb.talk_rounds();
        tell(Perceived.TURN, mine
                ? "Your turn (" + when + ", up to " + tb.seconds() + " s): " + (tb.voting()
                        ? "vote, or pass to keep your vote." : "one act (speak, vote, whisper...), or pass.")
                : Text.inert(tb.player()) + (tb.voting() ? " votes (the voting round)." : "'s turn (" + when + ")."));
    }

    /** What the rules await from the seat now: awake when they await acts, asleep (or dead) when not. */
    private void onTurn(Catalog.YourTurn t) {
        if (t.round() != round || t.phase() != phase || t.day() != day) {
            return; // a turn of a phase already over
        }
        if (turn != null && t.stepOrZero() != turn.stepOrZero()) {
            votedFor = null; // a new step (a re-vote): the ballot is to cast again
            voteId = null;
            effects.add(new Reask());
        }
        if (!inTurns() && takenStep > 0 && t.stepOrZero() == takenStep) {
            // The turn's one act is made and its pass sent: what the GameMaster tells of this step meanwhile (the
            // vote counted) asks nothing more.
            t = new Catalog.YourTurn(t.game(), t.round(), t.phase(), t.day(), t.deadline(), List.of(), t.targets(),
                    t.done(), t.rooms(), t.step());
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
                Jid r = rooms.entrySet().stream().filter(e -> e.getValue().equals(title)).map(Map.Entry::getKey)
                        .findFirst().orElse(null);
                if (r != null && reads == null) {
                    reads = r;
                }
            }
        }
        room = reads;
        roomOpen = room != null;
        news = true;
        turnNews = true;
        effects.add(new Become(!alive ? Mode.DEAD : t.acts().isEmpty() ? Mode.ASLEEP : Mode.AWAKE));
        // What the interface asked for before the turn came is judged now: at a pace of turns one act a turn, the
        // others waiting for the seat's next turns.
        boolean byTurns = !inTurns() && t.stepOrZero() > 0;
        List<Act> waiting = !byTurns ? List.copyOf(beforeTurn) : t.acts().isEmpty() || beforeTurn.isEmpty()
                ? List.of() : List.of(beforeTurn.getFirst());
        beforeTurn.removeAll(waiting);
        for (Act a : waiting) {
            effects.add(new Perform(a));
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
        turnOf = null;
        ownTurn = null;
        takenStep = 0;
        phaseVotes.clear();
        spoke = false;
        boolean day = phase == Phase.DAY;
        boolean wolf = role == Role.WEREWOLF;
        // No room until the GameMaster's turn for this phase names the one the seat reads.
        room = null;
        roomOpen = false;
        beforeTurn.clear();
        effects.add(new Reask());
        // The seat's state is complete before it is told: an interface that watches gets the view with the line.
        if (day) {
            noteHere(Perceived.PHASE, "Day " + pc.day() + " begins." + (pc.murdered() != null ? " " + pc.murdered()
                    + " was murdered in the night." : "") + " Living: " + String.join(", ", living) + ".");
        } else {
            noteHere(Perceived.PHASE, "Night " + pc.day() + " falls." + (wolf && alive
                    ? " The pack meets in the Hideout." : " The village sleeps."));
        }
        news = true;
        // Asleep until the GameMaster's turn for this phase says what the seat may do.
        effects.add(new Become(!alive ? Mode.DEAD : Mode.ASLEEP));
    }

    /** A player who died: no longer among the living the seat's view shows, before the next phase says so. */
    private void buried(String player) {
        if (player != null && living != null && living.contains(player)) {
            living = living.stream().filter(p -> !p.equals(player)).toList();
        }
    }

    /** A player as the seat's lines name it (under AIWolf's rules with its agent number). */
    private String who(String player) {
        return narration.who(player);
    }

    private void told(SeatKit.Told t) {
        if (t != null) {
            if (t.votes() != null && phase == Phase.DAY && t.day() == day) {
                phaseVotes.putAll(t.votes());
            }
            noteHere(t.kind(), t.text());
        }
    }

    /** The seat is done with {@code kind} in this step: a turn left with nothing but a pass is over. */
    List<Effect> doneWith(Act.Kind kind) {
        List<Act.Kind> left = turn.acts().stream().filter(k -> k != kind && k != Act.Kind.PASS).toList();
        if (!left.isEmpty() && turn.acts().contains(Act.Kind.PASS)) {
            left = Stream.concat(left.stream(), Stream.of(Act.Kind.PASS)).toList();
        }
        turn = new Catalog.YourTurn(turn.game(), turn.round(), turn.phase(), turn.day(), turn.deadline(), left,
                turn.targets(), turn.done(), turn.rooms(), turn.step());
        if (left.isEmpty() && alive) {
            effects.add(new Become(Mode.ASLEEP));
        }
        return drain();
    }

    /** Why the seat cannot do {@code action} now, in a person's words; null if it can (as the last turn says). */
    String problemWith(Act action) {
        return WhyNot.problemWith(action, alive, othersTurn() ? turnOf : null, turn, phase, room != null && roomOpen);
    }

    /** Whether another seat's turn is under way and this one has none (at a pace of turns). */
    private boolean othersTurn() {
        return turnOf != null && !turnOf.equals(name) && (turn == null || turn.acts().isEmpty());
    }

    SeatView view(List<String> lines) {
        List<Act.Kind> actions = new ArrayList<>();
        Map<Act.Kind, List<String>> targets = new EnumMap<>(Act.Kind.class);
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
        String roomName = roomTitle(room);
        return new SeatView(name, role, partners, phase, day, deadline, living, dead,
                targets.getOrDefault(Act.Kind.VOTE, List.of()), actions, targets, roomName,
                longest, lines, votedFor, spoke,
                Collections.unmodifiableMap(new LinkedHashMap<>(phaseVotes)), rules, talk,
                inTurns() ? players : null, takesTurns() ? ownTurn : null);
    }

    private static String tally(Map<String, Integer> tally) {
        return tally == null || tally.isEmpty() ? "" : "Votes: " + tally.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")) + ".";
    }

    // --- the seat's own acts ------------------------------------------------------------------------------------------

    /**
     * Whether the interface's act waits for the turn: the phase has begun, and what the seat may do is on its way; or,
     * at a pace of turns, another seat's turn is under way (the act waits for the seat's own).
     */
    boolean beforeTheTurn() {
        return alive && (phase == Phase.DAY || phase == Phase.NIGHT) && (turn == null || othersTurn());
    }

    /** Keeps an act the interface asked for before the turn came, to judge when it comes. */
    List<Effect> keep(Act act) {
        beforeTurn.add(act);
        if (turnOf != null && !turnOf.equals(name)) {
            tell(Perceived.TURN, "It is " + Text.inert(turnOf) + "'s turn: your " + act.kind().wire()
                    + " waits for yours.");
        }
        return drain();
    }

    /** The person's ask for more time, for this phase. */
    Catalog.MoreTime moreTime() {
        return new Catalog.MoreTime(game, round, phase, day, null, null, null);
    }

    /** The request that carries {@code act} in this phase (and step); null for one that sends nothing. */
    Catalog.Stamped request(Act act) {
        return Catalog.request(act, game, round, phase, day, step);
    }

    /** The seat sent {@code act} ({@code id}: the request's reply-with): its vote, or that it spoke. */
    void sent(Act act, String id) {
        if (act instanceof Act.Vote v) {
            votedFor = v.target();
            voteId = id;
        } else if (act instanceof Act.Speak || act instanceof Act.Talk) {
            spoke = true;
        }
    }

    /** The seat gives up what the step awaits: the pass to send; the seat is then asleep until the next turn. */
    Catalog.Pass pass() {
        news = true;
        takenStep = turn.stepOrZero();
        turn = new Catalog.YourTurn(turn.game(), turn.round(), turn.phase(), turn.day(), turn.deadline(), List.of(),
                turn.targets(), turn.done(), turn.rooms(), turn.step());
        return new Catalog.Pass(game, round, phase, day, step);
    }
}
