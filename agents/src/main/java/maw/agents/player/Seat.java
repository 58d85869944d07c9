package maw.agents.player;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
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
 * What a seat knows and owes, as a value, without a transport: the table of the round (its players and rooms, how
 * its seats talk), the seat's view as the rules gave it last (the GameMaster's {@code news}: it keeps no copy of the
 * rules), and what only the seat knows (the lines its interface has not seen, its vote on its way, the acts its
 * interface asked for before its turn came, whether it spoke). A message in gives the next seat and what follows, as
 * {@link Effect}s for the Player agent to carry out ({@link Next}): lines to tell, an answer, acts to perform now, a
 * question to withdraw, the end. What the seat is doing ({@link #mode}) follows from it. It judges an act against its
 * view in a person's words ({@link WhyNot}) and gives the view an interface decides on ({@link #view}).
 *
 * @param name  the seat's name, as its interface chose it (null until then)
 * @param game  the game the GameMaster seated it in (null until then)
 * @param table the round the seat plays (its start), or {@link Table#NONE} before the first
 * @param view  the seat's view as the GameMaster last sent it, or null before the round's first news
 * @param inbox what the interface has not been told yet
 * @param own   what the seat itself did and keeps in this phase
 */
record Seat(String name, String game, Table table, SeatView view, Inbox inbox, Own own) {

    /** What the seat is doing: waiting in the lobby, awaited for acts, not awaited, or dead (watching). */
    enum Mode { LOBBY, AWAKE, ASLEEP, DEAD }

    /** What follows from what the seat heard, for the agent to carry out in order. */
    sealed interface Effect {}

    /**
     * A line for the seat's interface (and tap); kept for the next get_input too when the seat noted it. {@code news}:
     * the GameMaster's piece of news the line tells, if it tells one (an interface that watches gets it with the line).
     */
    record Tell(Perceived kind, String text, Body news) implements Effect {
        Tell(Perceived kind, String text) {
            this(kind, text, null);
        }
    }

    /** An answer to the message heard. */
    record Reply(Body body) implements Effect {}

    /** An act the interface asked for before the turn came, to perform now. */
    record Perform(Act act) implements Effect {}

    /** A question to the interface still pending no longer applies (a new phase or step): ask again. */
    record Reask() implements Effect {}

    /** The last round is over: the final leaderboard. */
    record Over(Map<String, Integer> totals) implements Effect {}

    /** The seat after a message, and what follows from it. */
    record Next(Seat seat, List<Effect> effects) {}

    /** The seat after its unseen lines were taken, and those lines. */
    record Taken(Seat seat, List<String> lines) {}

    /** The seat after it gave up its turn, and the pass to send. */
    record Passed(Seat seat, Catalog.Pass pass) {}

    /**
     * A round as the seat was told it began: its number, the players in deal order, the rooms' agents and each
     * room's title, the rule set's name (for its interface), how its seats talk and its longest line, and how the
     * seat tells the rule set's own news.
     */
    record Table(int round, List<String> players, Map<Jid, String> rooms, String rules, Speech talk, int longest,
            SeatKit.Narration narration, boolean ended) {
        static final Table NONE = new Table(0, List.of(), Map.of(), "maw", Speech.CHAT, maw.game.Rules.LONGEST_LINE,
                SeatKit.Narration.PLAIN, false);

        /** The round, told it has ended. */
        Table over() {
            return new Table(round, players, rooms, rules, talk, longest, narration, true);
        }
    }

    /**
     * What the interface has not been told: the lines since its last question, whether it learned anything since
     * ({@code news}), and whether its turn changed or it acted ({@code turnNews}: an interface asked by turns is
     * asked again).
     */
    record Inbox(List<String> unseen, boolean news, boolean turnNews) {
        static final Inbox EMPTY = new Inbox(List.of(), false, false);

        Inbox {
            unseen = List.copyOf(unseen);
        }
    }

    /**
     * What the seat did and keeps in this phase: its vote on its way ({@code votedFor}, the request {@code voteId}),
     * the acts its interface asked for before its turn ({@code beforeTurn}), whether it spoke, whose turn it is at a
     * pace of turns ({@code turnOf}), the step whose turn it has taken ({@code takenStep}, 0: none), the acts of the
     * step it has made where talk comes in turns (one of each kind a step: {@code spent}), and whether its room said
     * it is closed.
     */
    record Own(String votedFor, String voteId, List<Act> beforeTurn, boolean spoke, String turnOf, int takenStep,
            Set<Act.Kind> spent, boolean roomClosed) {
        static final Own NONE = new Own(null, null, List.of(), false, null, 0, Set.of(), false);

        Own {
            beforeTurn = List.copyOf(beforeTurn);
            spent = spent.isEmpty() ? Set.of() : Set.copyOf(spent);
        }
    }

    /** A seat nobody has named yet. */
    static final Seat NEW = new Seat(null, null, Table.NONE, null, Inbox.EMPTY, Own.NONE);

    // --- what the seat is -------------------------------------------------------------------------------------------

    /** The seat's name, as its interface chose it. */
    Seat named(String newName) {
        return new Seat(newName, game, table, view, inbox, own);
    }

    /** The GameMaster seated it in {@code newGame}. */
    Seat joined(String newGame) {
        return new Seat(name, newGame, table, view, inbox, own);
    }

    int round() {
        return table.round();
    }

    Phase phase() {
        return view == null ? Phase.LOBBY : view.phase();
    }

    int day() {
        return view == null ? 0 : view.day();
    }

    /** Whether the seat lives (a seat is alive until its view says it is not). */
    boolean alive() {
        return view == null || view.living() == null || view.living().contains(name);
    }

    /** Whether {@code from} is the agent of one of the round's rooms. */
    boolean isRoom(Jid from) {
        return from != null && table.rooms().containsKey(from.bare());
    }

    /** The title of the room {@code agent} keeps ({@code Village}), or null. */
    String roomTitle(Jid agent) {
        return agent == null ? null : table.rooms().get(agent.bare());
    }

    /** The room the seat reads now, as its view names it (null: none). */
    Jid room() {
        if (view == null || view.room() == null) {
            return null;
        }
        return table.rooms().entrySet().stream().filter(e -> e.getValue().equals(view.room())).map(Map.Entry::getKey)
                .findFirst().orElse(null);
    }

    /** Whether the seat reads a room now and it is open. */
    boolean roomOpen() {
        return room() != null && !own.roomClosed();
    }

    /** The room said it is closed, or refused the seat's poll. */
    Seat roomClosed() {
        return with(new Own(own.votedFor(), own.voteId(), own.beforeTurn(), own.spoke(), own.turnOf(), own.takenStep(),
                own.spent(), true));
    }

    /** Which phase of which round the seat is in, as a key for what it has read of each phase's room. */
    String phaseKey() {
        return phaseKey(table.round(), phase(), day());
    }

    /** The key of a phase of a round. */
    static String phaseKey(int round, Phase phase, int day) {
        return round + "/" + phase + "/" + day;
    }

    /** Whether the round's talk comes in turns, with players numbered in the deal (AIWolf's games). */
    boolean inTurns() {
        return table.talk().inTurns();
    }

    /** The view's step (0: none). */
    private int step() {
        return view == null || view.step() == null ? 0 : view.step();
    }

    /**
     * The acts the seat may make now, as its view says less what it has already made of them: at a pace of turns
     * nothing once it has taken the step's turn; where talk comes in turns, one act of each kind a step. Where the
     * rules take the phase in steps, a seat awaited for an act may also pass.
     */
    List<Act.Kind> acts() {
        if (view == null || !alive() || own.takenStep() != 0 && own.takenStep() == step()) {
            return List.of();
        }
        List<Act.Kind> out = new ArrayList<>();
        for (Act.Kind k : view.allowed_actions()) {
            if (k != Act.Kind.LISTEN && !own.spent().contains(k)) {
                out.add(k);
            }
        }
        if (!out.isEmpty() && step() > 0) {
            out.add(Act.Kind.PASS);
        }
        return out;
    }

    /** Whether the seat may make an act of {@code kind} now. */
    boolean awaits(Act.Kind kind) {
        return acts().contains(kind);
    }

    /**
     * Whether the seat plays MAW's game at a pace of turns: its turn is one act (a line, a vote, a whisper, a
     * question) and then a pass, or a pass alone.
     */
    boolean takesTurns() {
        return !inTurns() && step() > 0 && awaits(Act.Kind.PASS);
    }

    /**
     * Whether the interface is to be asked again: it learned something it has not been asked about yet, or (asked
     * {@code byTurns}) its turn changed or it acted.
     */
    boolean hasNews(boolean byTurns) {
        return byTurns ? inbox.turnNews() : inbox.news();
    }

    /** The interface acted: it is asked about what follows. */
    Seat news() {
        return with(new Inbox(inbox.unseen(), true, true));
    }

    /** The lines the interface has not seen, taken for a get_input (the news is then told). */
    Taken takeUnseen() {
        return new Taken(with(Inbox.EMPTY), inbox.unseen());
    }

    /** Something the seat learned: kept for the next get_input, and told at once to an interface that watches. */
    Next note(Perceived kind, String text) {
        Change c = new Change(this);
        c.note(kind, text);
        return c.next();
    }

    /**
     * A line said in the room ({@code late}: where, when it was said in a phase that is over): the speaker's quoted
     * words, one line, for people and the seat's interface (a model's prompt) alike.
     */
    Next said(String from, String text, String late) {
        return note(Perceived.CHAT, Text.said(from + late, text));
    }

    // --- the GameMaster's news ----------------------------------------------------------------------------------------

    /**
     * The GameMaster refused an act ({@code inReplyTo}: the request's id): a refused vote is taken back; where talk
     * comes in turns, an act of this step that was not taken may be made again.
     */
    Next refused(Catalog.Refusal r, String inReplyTo) {
        Change c = new Change(this);
        // Only the refusal of the seat's latest vote takes the vote back; an older one changes nothing.
        if (own.voteId() != null && own.voteId().equals(inReplyTo)) {
            c.votedFor = null;
            c.voteId = null;
        }
        String what = String.valueOf(r.refused()).replace('_', ' '); // the message's type, in words
        c.note(Perceived.REFUSAL, "The GameMaster refused your " + what + (r.target() == null ? ""
                : " (" + r.target() + ")") + ": " + r.reason() + ".");
        if (inTurns() && alive() && !own.spent().isEmpty() && r.code() != RefusalCode.ALREADY_DONE
                && r.code() != RefusalCode.PHASE_OVER) {
            c.spent = Set.of(); // the act was not taken: the seat may make it again
            c.turnNews = true;
            if (chatting() && !c.beforeTurn.isEmpty()) {
                c.effects.add(new Perform(c.beforeTurn.removeFirst())); // the line that waited for it goes now
            }
        }
        return c.next();
    }

    /** The GameMaster's news (its refusals go to {@link #refused}): what the seat learns of it, and what follows. */
    Next hear(Body body, String inReplyTo) {
        Change c = new Change(this);
        c.telling = body instanceof Catalog.News ? null : body;
        switch (body) {
            case Catalog.ReadyCheck rc -> c.effects.add(new Reply(new Catalog.Ready(rc.game())));
            case Catalog.StartGame sg -> c.start(sg);
            case Catalog.News n -> c.news(n);
            case Catalog.Accepted a -> {
                if (a.act() == Act.Kind.VOTE && inReplyTo != null && inReplyTo.equals(own.voteId())) {
                    c.votedFor = a.target();
                }
                if (a.act() == Act.Kind.WHISPER && a.target() != null) {
                    // Nobody else tells the whisperer: the GameMaster's word that it went is the confirmation.
                    c.note(Perceived.WHISPER, "You whisper to " + Text.inert(a.target()) + ".");
                } else {
                    // The rules took the act: told to an interface that watches (not news for a model's prompt).
                    c.effects.add(new Tell(Perceived.ACCEPTED, "Done: " + a.act().wire() + (a.target() == null ? ""
                            : " " + Text.inert(a.target())) + ".", a));
                }
            }
            case Catalog.Scores sc -> {
                c.note(Perceived.SCORES, "Leaderboard after round " + sc.round() + ": " + sc.totals().entrySet()
                        .stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                        .map(en -> en.getKey() + " " + en.getValue()).collect(Collectors.joining(", ")) + ".");
                if (sc.last()) {
                    c.effects.add(new Tell(Perceived.OVER, "The game is over."));
                    c.effects.add(new Over(sc.totals()));
                }
            }
            case Catalog.MoreTime mt -> c.moreTime(mt);
            case Catalog.Joined j -> { }
            case Catalog.Pong p -> { }
            default -> c.told(body); // a piece of news told alone
        }
        return c.next();
    }

    /** The seat is done with {@code kind} in this step (one act of each kind a step): a turn left with none is over. */
    Seat doneWith(Act.Kind kind) {
        Change c = new Change(this);
        Set<Act.Kind> spent = EnumSet.of(kind);
        spent.addAll(own.spent());
        c.spent = spent;
        return c.seat();
    }

    /** Why the seat cannot do {@code action} now, in a person's words; null if it can (as its view says). */
    String problemWith(Act action) {
        if (action instanceof Act.Talk && lineOnItsWay()) {
            return "Your last line is still on its way (the rules take one at a time): say this one again in a moment.";
        }
        return WhyNot.problemWith(action, alive(), othersTurn() ? own.turnOf() : null, view == null ? null : acts(),
                phase(), roomOpen());
    }

    /** Whether another seat's turn is under way and this one has none (at a pace of turns). */
    private boolean othersTurn() {
        return own.turnOf() != null && !own.turnOf().equals(name) && acts().isEmpty();
    }

    /** The view the interface decides on: the rules' view, less the acts made, with what only the seat knows. */
    SeatView view(List<String> lines) {
        String votedFor = own.votedFor();
        if (view == null) {
            return new SeatView(name, null, List.of(), Phase.LOBBY, 0, 0, table.players(), List.of(), List.of(),
                    List.of(Act.Kind.LISTEN), Map.of(), null, table.longest(), lines, votedFor, own.spoke(), Map.of(),
                    table.rules(), table.talk(), inTurns() ? table.players() : null, null, null);
        }
        List<Act.Kind> acts = acts();
        List<Act.Kind> actions = new ArrayList<>();
        Map<Act.Kind, List<String>> targets = new EnumMap<>(Act.Kind.class);
        for (Act.Kind k : acts) {
            if (k != Act.Kind.PASS) {
                actions.add(k);
                List<String> t = view.targets() == null ? null : view.targets().get(k);
                if (t != null) {
                    targets.put(k, t);
                }
            }
        }
        actions.add(Act.Kind.LISTEN);
        return new SeatView(view.you(), view.role(), view.partners(), view.phase(), view.day(), view.deadline(),
                view.living(), view.dead(), targets.getOrDefault(Act.Kind.VOTE, List.of()), actions, targets,
                view.room(), view.max_message_length(), lines, votedFor, own.spoke(), view.votes(), view.rules(),
                view.talk(), view.agents(), ownTurn(), view.step());
    }

    /**
     * The seat's own turn as the rules gave it: at MAW's pace of turns while the seat holds the turn and has not acted
     * in it; in a speak-anytime phase (AIWolf's talk, no steps of turns) its count of lines while it may say another.
     */
    private SeatView.Turn ownTurn() {
        return takesTurns() || inTurns() && view.turn() != null && !view.turn().voting() && awaits(Act.Kind.TALK)
                ? view.turn() : null;
    }

    // --- the seat's own acts ------------------------------------------------------------------------------------------

    /**
     * Whether the interface's act waits for the turn: at a pace of turns, another seat's turn is under way (the act
     * waits for the seat's own).
     */
    boolean beforeTheTurn() {
        return alive() && (phase() == Phase.DAY || phase() == Phase.NIGHT) && othersTurn();
    }

    /**
     * In a speak-anytime phase (AIWolf's talk with the seat's own count of lines in its view), whether the seat's last
     * line is on its way: the rules take one line at a time, and the next waits until they have counted it.
     */
    boolean lineOnItsWay() {
        return chatting() && own.spent().contains(Act.Kind.TALK);
    }

    /** Whether the seat is in a speak-anytime phase: talk in turns, and its own count of lines in the rules' view. */
    private boolean chatting() {
        return alive() && inTurns() && view != null && view.turn() != null && !view.turn().voting();
    }

    /**
     * Keeps an act the interface asked for before the turn came (or, in a speak-anytime phase, a line said while the
     * last is on its way), to judge when it comes.
     */
    Next keep(Act act) {
        Change c = new Change(this);
        c.beforeTurn.add(act);
        if (own.turnOf() != null && !own.turnOf().equals(name)) {
            c.effects.add(new Tell(Perceived.TURN, "It is " + Text.inert(own.turnOf()) + "'s turn: your "
                    + act.kind().wire() + " waits for yours."));
        }
        return c.next();
    }

    /** The person's ask for more time, for this phase. */
    Catalog.MoreTime moreTime() {
        return new Catalog.MoreTime(game, round(), phase(), day(), null, null, null);
    }

    /** The request that carries {@code act} in this phase (and step); null for one that sends nothing. */
    Catalog.Stamped request(Act act) {
        return Catalog.request(act, game, round(), phase(), day(), view == null ? null : view.step());
    }

    /** The seat sent {@code act} ({@code id}: the request's reply-with): its vote, or that it spoke. */
    Seat sent(Act act, String id) {
        Change c = new Change(this);
        if (act instanceof Act.Vote v) {
            c.votedFor = v.target();
            c.voteId = id;
        } else if (act instanceof Act.Speak || act instanceof Act.Talk) {
            c.spoke = true;
        }
        return c.seat();
    }

    /** The seat gives up what the step awaits: the pass to send; the seat is then asleep until the next turn. */
    Passed pass() {
        Change c = new Change(this);
        c.news = true;
        c.takenStep = step();
        return new Passed(c.seat(), new Catalog.Pass(game, round(), phase(), day(), view == null ? null : view.step()));
    }

    private Seat with(Inbox newInbox) {
        return new Seat(name, game, table, view, newInbox, own);
    }

    private Seat with(Own newOwn) {
        return new Seat(name, game, table, view, inbox, newOwn);
    }

    /**
     * What the seat is doing, as its view and its own acts say: in the lobby (before a round's first news, and once the
     * round has ended), dead (watching), awaited for acts it has not made, or not awaited.
     */
    Mode mode() {
        if (table.ended() || view == null || view.phase() == Phase.LOBBY || view.phase() == Phase.OVER) {
            return Mode.LOBBY;
        }
        return !alive() ? Mode.DEAD : !acts().isEmpty() ? Mode.AWAKE : Mode.ASLEEP;
    }

    /**
     * One message's change to a seat: the seat's parts copied to be changed, and the effects that follow, made into
     * the next seat at the end ({@link #next}).
     */
    private static final class Change {
        private final Seat from;
        private Table table;
        private SeatView view;
        private final List<String> unseen;
        private boolean news;
        private boolean turnNews;
        private String votedFor;
        private String voteId;
        private final List<Act> beforeTurn;
        private boolean spoke;
        private String turnOf;
        private int takenStep;
        private Set<Act.Kind> spent;
        private boolean roomClosed;
        private final List<Effect> effects = new ArrayList<>();
        /** The piece of the GameMaster's news being told, if any. */
        private Body telling;

        Change(Seat s) {
            from = s;
            table = s.table();
            view = s.view();
            unseen = new ArrayList<>(s.inbox().unseen());
            news = s.inbox().news();
            turnNews = s.inbox().turnNews();
            votedFor = s.own().votedFor();
            voteId = s.own().voteId();
            beforeTurn = new ArrayList<>(s.own().beforeTurn());
            spoke = s.own().spoke();
            turnOf = s.own().turnOf();
            takenStep = s.own().takenStep();
            spent = s.own().spent();
            roomClosed = s.own().roomClosed();
        }

        Seat seat() {
            return new Seat(from.name(), from.game(), table, view, new Inbox(unseen, news, turnNews),
                    new Own(votedFor, voteId, beforeTurn, spoke, turnOf, takenStep, spent, roomClosed));
        }

        Next next() {
            return new Next(seat(), List.copyOf(effects));
        }

        private String me() {
            return from.name();
        }

        /** Something learned, kept for the seat's interface and told to people. */
        void note(Perceived kind, String text) {
            unseen.add(text);
            news = true;
            effects.add(new Tell(kind, text, telling));
        }

        void start(Catalog.StartGame sg) {
            Map<Jid, String> rooms = new HashMap<>();
            sg.rooms().forEach((title, agent) -> rooms.put(Jid.parse(agent).bare(), title));
            String rules = sg.rules() == null ? "maw" : sg.rules();
            SeatKit.Narration narration = SeatKit.of(rules).narration(sg.players(), sg.talk());
            table = new Table(sg.round(), List.copyOf(sg.players()), Map.copyOf(rooms), rules, sg.talk(),
                    sg.longest() == null ? maw.game.Rules.LONGEST_LINE : sg.longest(), narration, false);
            view = null;
            votedFor = null;
            voteId = null;
            beforeTurn.clear();
            spoke = false;
            turnOf = null;
            takenStep = 0;
            spent = Set.of();
            roomClosed = false;
            String inWords = narration.rulesInWords();
            note(Perceived.START, "Round " + sg.round() + " of " + sg.rounds() + " begins with " + sg.total_players()
                    + " players: " + String.join(", ", narration.who(sg.players()))
                    + (inWords.isEmpty() ? "" : ". " + inWords) + ".");
        }

        /**
         * One step of the game as the GameMaster tells it: the seat's new view first (a new phase or step asks the
         * interface again, and sets the phase's own record anew), then each piece of news in a line, then the mode the
         * view gives, then the acts kept for the turn that came.
         */
        void news(Catalog.News n) {
            if (n.round() != table.round()) {
                return; // news of another round than the one the seat was told began
            }
            SeatView before = view;
            if (n.view() != null) {
                takeView(before, n.view());
            }
            for (Body b : n.told()) {
                told(b);
            }
            Seat after = seat();
            if (n.view() != null && !after.acts().isEmpty() && !beforeTurn.isEmpty() && !after.lineOnItsWay()) {
                // What the interface asked for before the turn came is judged now: at a pace of turns one act a turn,
                // the others waiting for the seat's next turns; in a speak-anytime phase one line, the others waiting
                // until the rules have counted it.
                List<Act> waiting = after.takesTurns() || after.chatting() ? List.of(beforeTurn.getFirst())
                        : List.copyOf(beforeTurn);
                beforeTurn.removeAll(waiting);
                waiting.forEach(a -> effects.add(new Perform(a)));
            }
        }

        private void takeView(SeatView before, SeatView now) {
            boolean newPhase = before == null || before.phase() != now.phase() || before.day() != now.day();
            boolean newStep = !newPhase && !Objects.equals(before.step(), now.step());
            if (newPhase) {
                votedFor = null;
                voteId = null;
                beforeTurn.clear();
                spoke = false;
                turnOf = null;
                takenStep = 0;
                roomClosed = false;
            }
            if (newPhase || newStep) {
                spent = Set.of();
                if (newStep) {
                    votedFor = null; // a new step (a re-vote): the ballot is to cast again
                    voteId = null;
                }
                effects.add(new Reask());
            }
            if (!newPhase && !Objects.equals(before.room(), now.room())) {
                roomClosed = false;
            }
            if (!newPhase && !newStep && before.turn() != null && now.turn() != null
                    && before.turn().talk_round() != now.turn().talk_round() && table.talk().inTurns()) {
                // A group chat (talk in turns, the seat's own count of lines in its view): the line it said is
                // counted, and it may say the next (one line on its way at a time): its interface is asked again,
                // with the count.
                spent = Set.of();
                effects.add(new Reask());
            }
            if (now.voted_for() != null || voteId == null) {
                votedFor = now.voted_for();
            }
            if (newPhase || newStep || !turnOf(before).equals(turnOf(now))) {
                turnNews = true;
            }
            news = true;
            view = now;
        }

        /** What of a view makes a turn: the acts and their targets, the vote, the room. */
        private static List<Object> turnOf(SeatView v) {
            return java.util.Arrays.asList(v.allowed_actions(), v.targets(), v.voted_for(), v.room(), v.turn());
        }

        /** A piece of the GameMaster's news, as the seat tells it. */
        void told(Body body) {
            Body was = telling;
            telling = body;
            try {
                tell(body);
            } finally {
                telling = was;
            }
        }

        private void tell(Body body) {
            switch (body) {
                case Catalog.AssignRole ar -> note(Perceived.ROLE, "You are a " + ar.role() + "."
                        + (ar.partners() == null || ar.partners().isEmpty() ? ""
                                : " Your fellow werewolves: " + String.join(", ", ar.partners()) + "."));
                case Catalog.PhaseChange pc -> phase(pc);
                case Catalog.TurnBegan tb -> turnBegan(tb);
                case Catalog.VoteCast vc -> note(Perceived.VOTE, (vc.voter().equals(me()) ? "You vote"
                        : vc.voter() + " votes") + " for " + vc.target() + ". " + tally(vc.tally()));
                case Catalog.VoteResult vr -> note(Perceived.RESULT, vr.target() == null
                        ? "Nobody is executed today: " + vr.reason() + "."
                        : "The village executes " + vr.target() + " (" + vr.reason() + ").");
                case Catalog.Kill k -> note(Perceived.DEATH, k.cause() == Catalog.Cause.EXECUTED
                        ? "You were executed by the village. You can watch."
                        : "The werewolves murdered you in the night. You can watch.");
                case Catalog.RoleRevealed rr -> note(Perceived.REVEAL, rr.player() + " was a " + rr.role() + ".");
                case Catalog.NightResult nr -> note(Perceived.NIGHT, nr.victim() == null
                        ? "No murder tonight: " + nr.reason() + "." : "The pack killed " + nr.victim() + ".");
                case Catalog.Divined d -> note(Perceived.DIVINED, d.species() != null
                        ? "Your divination: " + table.narration().who(d.target()) + " is "
                                + (d.species() == Species.WEREWOLF ? "a werewolf." : "human.")
                        : d.target() + " is a " + d.role() + ".");
                case Catalog.Whispered w -> note(Perceived.WHISPER, Text.inert(w.from()) + " whispers to you: "
                        + Text.quoted(w.message()));
                case Catalog.EndGame e -> {
                    roomClosed = true;
                    table = table.over();
                    note(Perceived.END, (e.winning_team() == Catalog.Winner.DRAW ? "The game is a draw"
                            : "The " + e.winning_team() + " win") + " (" + e.reason() + "). Roles: "
                            + e.roles().entrySet().stream().map(en -> en.getKey() + " " + en.getValue())
                                    .collect(Collectors.joining(", ")) + ".");
                }
                default -> {
                    SeatKit.Told t = table.narration().tell(body, me()); // the rule set's own news, if it is
                    if (t != null) {
                        note(t.kind(), t.text());
                    }
                }
            }
        }

        private void phase(Catalog.PhaseChange pc) {
            List<String> living = pc.living() == null ? List.of() : pc.living();
            if (pc.new_phase() == Phase.DAY) {
                note(Perceived.PHASE, "Day " + pc.day() + " begins." + (pc.murdered() != null ? " " + pc.murdered()
                        + " was murdered in the night." : "") + " Living: " + String.join(", ", living) + ".");
            } else {
                boolean wolf = view != null && view.role() == Role.WEREWOLF;
                note(Perceived.PHASE, "Night " + pc.day() + " falls." + (wolf && living.contains(me())
                        ? " The pack meets in the Hideout." : " The village sleeps."));
            }
        }

        /** At a pace of turns, a seat's turn begins: the seat's own, or another's (told, not kept as news). */
        private void turnBegan(Catalog.TurnBegan tb) {
            if (view == null || tb.round() != table.round() || tb.phase() != view.phase() || tb.day() != view.day()) {
                return;
            }
            turnOf = tb.player();
            boolean mine = tb.player().equals(me());
            String when = tb.voting() ? "the voting round"
                    : "talk round " + tb.talk_round() + " of " + tb.talk_rounds();
            effects.add(new Tell(Perceived.TURN, mine
                    ? "Your turn (" + when + ", up to " + tb.seconds() + " s): " + (tb.voting()
                            ? "vote, or pass to keep your vote." : "one act (speak, vote, whisper...), or pass.")
                    : Text.inert(tb.player()) + (tb.voting() ? " votes (the voting round)."
                            : "'s turn (" + when + ")."), tb));
        }

        /** A person at the table was given more time: the day ends later (for this seat's turn too). */
        void moreTime(Catalog.MoreTime mt) {
            if (view == null || mt.deadline() == null || mt.round() != table.round() || mt.phase() != view.phase()
                    || mt.day() != view.day()) {
                return;
            }
            view = view.withDeadline(mt.deadline());
            long left = Math.max(0, (mt.deadline() - System.currentTimeMillis() + 500) / 1000);
            note(Perceived.PHASE, (Objects.equals(mt.player(), me()) ? "You are" : Text.inert(mt.player()) + " is")
                    + " given " + mt.seconds() + " s more to read: the day now ends in " + left + " s.");
        }

        private static String tally(Map<String, Integer> tally) {
            return tally == null || tally.isEmpty() ? "" : "Votes: " + tally.entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")) + ".";
        }
    }
}
