package maw.agents.bot;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A rule-based player behind a seat: it answers the Player's {@code get_input} the way the language-model and human
 * interfaces do, and asks its Player to pass on everything the seat perceives, which it reads as a careful player does
 * ({@link TableReading}: the votes, the deaths, the seer claims and what contradicts them).
 *
 * <p>By day a villager votes for the table's most suspect player, and changes its vote as the reading changes; the
 * readers of one table agree on that suspect without a word, so their votes carry the day. The seer asks about the
 * most suspect player it knows nothing of, and comes out ("I am the seer: Bob is a werewolf, Carol is human") once it
 * has found a werewolf, or when the village is down to its last few. A werewolf answers in kind: it votes where the
 * village's votes go, never for a pack-mate unless the village's votes already doom that mate (then it does, and
 * leaves no tell), and when a standing seer names one of the pack it comes out as the seer itself and names the
 * claimant. At night it plays with any pack-mate, bot, model or person: it follows a pack-mate's vote for a victim, or
 * a pack-mate's line in the Hideout that names exactly one valid victim, in any words; the first living werewolf by
 * name proposes at once (a standing seer first); any other proposes itself when nobody has by half the night.
 *
 * <p>A bot that reads the table is asked once a turn ({@link SeatCatalog.Asking#TURN}): at the clock's pace it holds
 * the question while it waits (to vote once everyone has spoken, to propose at half the night), decides again on
 * every observe and when its plan falls due, and answers once it acts; the Player then asks again.
 *
 * <p>Each side may instead play at random but legally ({@link Style#RANDOM}), as the baseline the strength bench
 * measures the reading against. Its choices depend only on its seed and what the seat is told, so a seed replays a
 * bot-only game.
 */
public final class RuleBotAgent extends GameAgent {

    /** How a side plays: by reading the table, or at random but legally. */
    public enum Style { RULE, RANDOM }

    private static final String[] SUSPICIONS = {
        "I suspect %s.", "%s has been too quiet.", "Something about %s bothers me.", "My vote goes to %s.",
        "I do not trust %s.", "Watch %s closely."
    };

    private final String name;
    private final long seed;
    private final Style village;
    private final Style pack;

    // The current night's plan: whom the pack takes, and when to propose if nobody has.
    private String nightKey;
    private String proposal;
    private long proposeAt;
    // The question held while the bot waits (its decision is to listen, and listening says nothing at the clock's
    // pace): decided again on every observe and when a plan falls due, answered once the bot acts.
    private Message held;
    private SeatView heldView;
    /** How long a person at the table has to read and answer (see {@link #READING}). */
    private long readingMillis = READING;
    /** The seat's view as the Player last sent it (an observe without one leaves it as it was). */
    private SeatView view;
    private int heldRound;
    /** When the held question is decided again unprompted: the next time a plan of the bot's falls due. */
    private long wakeAt = Long.MAX_VALUE;
    /** The phase (round/phase/day) last heard to go at a pace of turns: listening there passes a turn. */
    private String pacedKey;
    /** What the seat perceived lately, as its lines (a pack-mate's proposal is read from them). */
    private final ArrayDeque<String> heard = new ArrayDeque<>();
    // The round, day and vote the bot last whispered to a pack-mate.
    private String whisperedKey;
    // What the seat has read of the table, and what it has said of it.
    private TableReading reading;
    private String divinedKey;
    private String asked;
    private String saidKey;
    private int saidCount;
    private long lastLine;
    private int claimedResults;
    private boolean counterClaimed;

    private final Jid owner;
    /** Flagged as a person (to measure how the table treats one): said in its seat's name; its first line. */
    private boolean person;
    private boolean namesNobodyFirst;

    public RuleBotAgent(Jid jid, String password, String name, long seed) {
        this(jid, password, name, seed, null);
    }

    /** A bot that answers only its own Player ({@code owner}; null: whoever asks). */
    public RuleBotAgent(Jid jid, String password, String name, long seed, Jid owner) {
        this(jid, password, name, seed, owner, Style.RULE, Style.RULE);
    }

    /** A bot whose play depends on its side: {@code village} as a villager or the seer, {@code pack} as a werewolf. */
    public RuleBotAgent(Jid jid, String password, String name, long seed, Jid owner, Style village, Style pack) {
        super(jid, password);
        this.name = name;
        this.seed = seed;
        this.owner = owner == null ? null : owner.bare();
        this.village = village;
        this.pack = pack;
        this.reading = new TableReading(name);
        inspectorsFrom(this.owner);
    }

    /**
     * Plays its seat as a person would be seated, with the same mind: its seat is named a person's (the GameMaster and
     * the other seats treat it as one: the bots leave it time to read until it votes); {@code namesNobodyFirst}: its
     * first line of a day says good morning and names nobody, as a person's often does. Before start.
     */
    public RuleBotAgent asPerson(boolean namesNobody) {
        this.person = true;
        this.namesNobodyFirst = namesNobody;
        return this;
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("SendInput", self -> {
            // Asleep until a message comes, or until a pack's proposal is due: thousands of idle bots cost nothing.
            Message m = self.receive(Duration.ofMillis(untilDue()));
            if (m != null) {
                guarded(m, () -> answer(m));
            }
            if (held != null && System.currentTimeMillis() >= wakeAt) {
                decideHeld(); // a plan fell due: to vote at last, or to propose the night's victim
            }
        }));
    }

    private void answer(Message m) {
        Body body = read(m);
        if (body == null || isComplaint(m)) {
            return;
        }
        if (body instanceof SeatCatalog.Observe o) {
            if (owner == null || fromKnownSession(m, owner)) {
                if (o.view() != null) {
                    view = o.view();
                }
                hear(o);
                if (held != null && view != null) {
                    if (view.phase() != heldView.phase() || view.day() != heldView.day()) {
                        held = null; // the turn is over: the question with it
                    } else if (phaseKey(heldRound, view.phase(), view.day()).equals(pacedKey)) {
                        // Listening means something after all (the phase goes at a pace of turns): answer now.
                        reply(held, Performative.INFORM, SeatCatalog.PlayerAction.of(decide(heldRound, view)));
                        held = null;
                    } else {
                        heldView = view;
                        decideHeld();
                    }
                }
            }
            return;
        }
        if (!(body instanceof SeatCatalog.GetInput in)) {
            refuse(m, body.game(), RefusalCode.WRONG_RECIPIENT, "a bot answers its player's get_input "
                    + "only; " + m.bodyType() + " goes to another agent");
            return;
        }
        if (owner != null && !fromKnownSession(m, owner)) {
            refuse(m, in.game(), RefusalCode.NOT_YOURS, "a bot takes get_input from its own player only");
            return;
        }
        if (in.purpose() == SeatCatalog.Purpose.WITHDRAW) {
            held = null;
            return;
        }
        if (in.purpose() == SeatCatalog.Purpose.ACT && in.view() == null) {
            refuse(m, in.game(), RefusalCode.WRONG_RECIPIENT, "get_input without the seat's view");
            return;
        }
        if (in.purpose() == SeatCatalog.Purpose.NAME) {
            // A bot that reads the table asks to be told everything the seat perceives; a random one needs nothing.
            // It is then asked once a turn, and holds the question until it acts.
            boolean reads = observes();
            reply(m, Performative.INFORM, new SeatCatalog.SeatName(nameFor(in.attempt()), reads,
                    reads ? SeatCatalog.Asking.TURN : null, person ? true : null,
                    reads ? SeatCatalog.Views.CHANGED : null));
            return;
        }
        held = null;
        view = in.view().withUnseen(List.of()); // what an observe without a view leaves
        Act a = decide(in.round(), in.view());
        if (a instanceof Act.Listen && holds(in.round(), in.view())) {
            held = m;
            heldView = in.view();
            heldRound = in.round();
            wakeAt = nextDue();
            return;
        }
        log.debug("{}: answers {} in {} {} of round {}: {}", jid(), m.replyWith(), in.view().phase(),
                in.view().day(), in.round(), a);
        reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(a));
    }

    private static String phaseKey(int round, Phase phase, int day) {
        return round + "/" + phase + "/" + day;
    }

    /** Whether the bot reads the table (and is told everything the seat perceives). */
    private boolean observes() {
        return village == Style.RULE || pack == Style.RULE;
    }

    /**
     * Whether a question the bot would answer {@code listen} is held instead: at the clock's pace, where listening
     * says nothing, for a bot that is told everything (at a pace of turns listening passes the turn, and in AIWolf's
     * talk it is Skip: those are answered at once).
     */
    private boolean holds(int round, SeatView v) {
        return observes() && v.turn() == null && v.agents() == null && v.allowed_actions().size() > 1
                && (v.phase() == Phase.DAY || v.phase() == Phase.NIGHT)
                && !phaseKey(round, v.phase(), v.day()).equals(pacedKey);
    }

    /** The held question decided again on the seat's latest view: answered once the bot acts. */
    private void decideHeld() {
        Act a = decide(heldRound, heldView);
        if (!(a instanceof Act.Listen)) {
            log.debug("{}: answers {} in {} {} of round {}: {}", jid(), held.replyWith(), heldView.phase(),
                    heldView.day(), heldRound, a);
            reply(held, Performative.INFORM, SeatCatalog.PlayerAction.of(a));
            held = null;
        } else {
            wakeAt = nextDue();
        }
    }

    /** What the seat perceived: the GameMaster's news and the rooms' lines go into the reading. */
    private void hear(SeatCatalog.Observe o) {
        if (o.news() instanceof Catalog.StartGame) {
            String you = o.view() != null && o.view().you() != null ? o.view().you() : name;
            reading = new TableReading(you);
            divinedKey = null;
            asked = null;
            saidKey = null;
            saidCount = 0;
            claimedResults = 0;
            heard.clear();
            counterClaimed = false;
        }
        if (o.text() != null) {
            heard.addLast(o.text());
            while (heard.size() > 200) {
                heard.removeFirst();
            }
        }
        if (o.news() instanceof Catalog.TurnBegan tb) {
            pacedKey = phaseKey(tb.round(), tb.phase(), tb.day());
        }
        if (o.kind() == SeatCatalog.Perceived.CHAT) {
            reading.chatLine(o.text());
            lastLine = System.currentTimeMillis();
        } else if (o.news() != null) {
            reading.hear(o.news());
            if (o.news() instanceof Catalog.MoreTime) {
                lastLine = System.currentTimeMillis(); // a person asked for time to read: their reading starts again
            }
        }
    }

    /** The reading of the table this bot keeps. */
    TableReading reading() {
        return reading;
    }

    /** The bot's name, or after {@code attempt} refused names a new one with a number (Bob 2, Bob 3...). */
    String nameFor(int attempt) {
        return attempt <= 0 ? name : name + " " + (attempt + 1);
    }

    /** The bot's move for this turn. */
    Act decide(int round, SeatView v) {
        if (v == null || v.valid_targets() == null || v.valid_targets().isEmpty()
                || !v.allowed_actions().contains(Act.Kind.VOTE)) {
            return new Act.Listen();
        }
        boolean wolf = wolf(v);
        Style style = wolf ? pack : village;
        if (v.phase() == Phase.NIGHT) {
            return style == Style.RANDOM ? randomNight(round, v) : night(round, v);
        }
        return style == Style.RANDOM ? randomDay(round, v) : day(round, v, wolf);
    }

    /** Random but legal: ask about anyone, say a suspicion of anyone, vote for anyone, once a day each. */
    private Act randomDay(int round, SeatView v) {
        SplittableRandom r = random(round, "day", v.day());
        List<String> divinable = targets(v, Act.Kind.DIVINE);
        if (!divinable.isEmpty() && !(round + "/" + v.day()).equals(divinedKey)) {
            divinedKey = round + "/" + v.day();
            return new Act.Divine(divinable.get(r.nextInt(divinable.size())));
        }
        String suspect = v.valid_targets().get(r.nextInt(v.valid_targets().size()));
        if (saidToday(round, v) < 2 && v.allowed_actions().contains(Act.Kind.SPEAK)) {
            return speak(round, v, String.format(SUSPICIONS[r.nextInt(SUSPICIONS.length)], suspect));
        }
        return v.voted_for() == null ? new Act.Vote(suspect) : new Act.Listen();
    }

    /**
     * Random but legal at night, no word with the pack: any victim, or the one the first pack-mate by name voted for
     * (a murder needs the pack to agree, and a night without one is no choice of a victim).
     */
    private Act randomNight(int round, SeatView v) {
        String lead = null;
        if (v.votes() != null && v.partners() != null) {
            lead = v.votes().entrySet().stream().filter(e -> v.partners().contains(e.getKey())
                    && e.getKey().compareTo(v.you()) < 0 && v.valid_targets().contains(e.getValue()))
                    .min(Map.Entry.comparingByKey()).map(Map.Entry::getValue).orElse(null);
        }
        if (lead != null) {
            return lead.equals(v.voted_for()) ? new Act.Listen() : new Act.Vote(lead);
        }
        if (v.voted_for() != null) {
            return new Act.Listen();
        }
        SplittableRandom r = random(round, "night", v.day());
        return new Act.Vote(v.valid_targets().get(r.nextInt(v.valid_targets().size())));
    }

    private static List<String> targets(SeatView v, Act.Kind kind) {
        if (!v.allowed_actions().contains(kind)) {
            return List.of();
        }
        return v.targets() == null ? List.of() : v.targets().getOrDefault(kind, List.of());
    }

    /** A day as the reading plays it: ask (the seer), say what it knows or suspects, vote, whisper to the pack. */
    private Act day(int round, SeatView v, boolean wolf) {
        TableReading t = reading;
        if (t.dayDecided()) {
            return new Act.Listen(); // the day's votes are over; what was asked before that is moot
        }
        List<String> divinable = targets(v, Act.Kind.DIVINE);
        if (!divinable.isEmpty() && !(round + "/" + v.day()).equals(divinedKey)) {
            divinedKey = round + "/" + v.day();
            Map<String, Double> s = t.suspicion();
            List<String> unknown = divinable.stream().filter(p -> t.known(p) == null).toList();
            asked = TableReading.top(s, unknown.isEmpty() ? divinable : unknown) instanceof String p ? p
                    : divinable.getFirst();
            return new Act.Divine(asked);
        }
        if (asked != null && t.known(asked) == null && t.living().contains(asked)
                && System.currentTimeMillis() < t.halfway()) {
            return new Act.Listen(); // the seer says nothing and votes for nobody before it knows what it asked
        }
        String target = wolf ? packVote(v) : villageVote(v);
        if (v.allowed_actions().contains(Act.Kind.SPEAK) && target != null) {
            // Two lines a day: what it suspects (or found), then, once everyone has said a first line, its answer to
            // them (a counter-claim) or its vote. Everyone votes once everyone has said two: what each knows then is
            // what every line said, whatever the order the lines came in, so a seed replays a bot-only game.
            int said = saidToday(round, v);
            String claim = said == 0 && !wolf ? seerClaim(v) : said == 1 && t.allSaid(1)
                    ? (wolf ? counterClaim(v) : seerClaim(v)) : null;
            if (claim != null) {
                return speak(round, v, claim);
            }
            if (said == 0 && namesNobodyFirst) {
                return speak(round, v, "Good morning.");
            }
            if (said == 0) {
                // Its first line names its suspect: the most suspect when the table holds evidence, else one of its
                // own choosing (a pack-mate never), so that the readers' votes meet where the first lines point.
                SplittableRandom r = random(round, "day", v.day());
                String named = target;
                if (!t.hasEvidence()) {
                    List<String> open = v.valid_targets().stream().filter(p -> t.known(p) == null
                            || t.known(p).isWerewolf() && !wolf).toList();
                    named = open.isEmpty() ? target : open.get(r.nextInt(open.size()));
                }
                return speak(round, v, String.format(SUSPICIONS[r.nextInt(SUSPICIONS.length)], named));
            }
            if (said == 1 && t.allSaid(1)) {
                return speak(round, v, "I vote for " + target + ".");
            }
        }
        if (target == null || target.equals(v.voted_for())) {
            return new Act.Listen();
        }
        boolean votingRound = v.turn() != null && v.turn().voting(); // a pace of turns asks for the vote now
        if (v.voted_for() == null && !votingRound && System.currentTimeMillis() < voteAt()) {
            return new Act.Listen(); // everyone has a say before the votes: the bot votes then, or at half the day
        }
        List<String> mates = wolf ? v.partners().stream().filter(p -> v.living().contains(p)).toList() : List.of();
        if (wolf && (v.voted_for() == null || mates.contains(target))) {
            // It tells the pack its vote before it votes, and again before it gives up a pack-mate (with why).
            List<String> whisperTo = targets(v, Act.Kind.WHISPER);
            if (!mates.isEmpty() && whisperTo.contains(mates.get(0)) && !whispered(round, v, target)) {
                whisperedKey = round + "/" + v.day() + "/" + target;
                return new Act.Whisper(mates.get(0), packWhisper(mates.get(0), target, mates));
            }
        }
        return new Act.Vote(target);
    }

    /**
     * What a werewolf whispers to its first living pack-mate before it votes: its vote, and why when it gives up a
     * pack-mate (the village's votes doom that mate, and a vote with the village hides the rest of the pack), so that
     * whoever sees the whispers (the pack, the god view, the console) sees the reason.
     */
    static String packWhisper(String to, String target, List<String> mates) {
        if (!mates.contains(target)) {
            return "I vote for " + target + " today.";
        }
        return target.equals(to)
                ? "The village's votes doom you: I vote for you today, to keep the rest of us hidden."
                : "The village's votes doom " + target + ": I vote for " + target + " today, to keep us hidden.";
    }

    /** How many lines the bot has said today. */
    private int saidToday(int round, SeatView v) {
        return (round + "/" + v.day()).equals(saidKey) ? saidCount : 0;
    }

    private Act speak(int round, SeatView v, String text) {
        String key = round + "/" + v.day();
        saidCount = key.equals(saidKey) ? saidCount + 1 : 1;
        saidKey = key;
        return new Act.Speak(text);
    }

    /**
     * When the bot votes: once everyone has said two lines, or once everyone has said one and the room has been quiet
     * for {@link #QUIET} ms (a person or a model says one and waits), else at half the day. While a person at the
     * table has not voted yet, the bot waits besides for {@link #READING} ms from the day's start and from the latest
     * line (the person reads the table and answers what was said), never past half the day.
     */
    private long voteAt() {
        return voteAt(reading, lastLine, readingMillis);
    }

    static long voteAt(TableReading t, long lastLine) {
        return voteAt(t, lastLine, READING);
    }

    /** {@link #voteAt()} for a table read as {@code t}, a person given {@code readingMillis} to read. */
    static long voteAt(TableReading t, long lastLine, long readingMillis) {
        long half = t.halfway();
        long at = t.allSaid(2) ? 0 : t.allSaid(1) ? Math.min(half, lastLine + QUIET) : half;
        if (t.peopleStillReading().isEmpty()) {
            return at;
        }
        return Math.max(at, Math.min(half, Math.max(t.began(), lastLine) + readingMillis));
    }

    /** How long a room stays quiet, once everyone has spoken, before the bots vote without a second line from all. */
    static final long QUIET = 2000;

    /**
     * How long a person at the table has to read and answer, from the day's start and from the latest line, unless
     * the bot is given another time ({@link #readingTime}; the setting {@code bots.reading-seconds}).
     */
    static final long READING = 20_000;

    /** Gives a person at the table {@code time} to read and answer before this bot votes (a table's setting). */
    public RuleBotAgent readingTime(java.time.Duration time) {
        readingMillis = time.toMillis();
        return this;
    }

    private static boolean wolf(SeatView v) {
        return v.partners() != null && !v.partners().isEmpty() || v.role() == Role.WEREWOLF;
    }

    /** A villager's vote: the most suspect player it may vote for. */
    private String villageVote(SeatView v) {
        return TableReading.top(reading.suspicion(), v.valid_targets());
    }

    /**
     * A werewolf's vote: where the village's votes go, read in public; never a pack-mate, unless the village's votes
     * already doom that mate (the village's choice, and the village outnumbers the pack): then a vote for it costs
     * nothing and hides the pack.
     */
    private String packVote(SeatView v) {
        List<String> mates = v.partners() == null ? List.of() : v.partners();
        Map<String, Double> open = reading.publicSuspicion();
        String choice = reading.villageChoice();
        int packAlive = (int) v.living().stream().filter(p -> mates.contains(p) || p.equals(v.you())).count();
        boolean doomed = choice != null && mates.contains(choice) && v.living().size() - packAlive > packAlive;
        for (String p : TableReading.ranked(open, v.valid_targets())) {
            if (!mates.contains(p) || (doomed && p.equals(choice))) {
                return p;
            }
        }
        return null;
    }

    /**
     * The seer's coming out, when it pays: once it has found a werewolf, or a human the village is about to vote
     * out (itself included), or when the village is down to its last few; again when it has found more. Null:
     * nothing new to say.
     */
    private String seerClaim(SeatView v) {
        if (v.role() != Role.SEER) {
            return null;
        }
        Map<String, Role> found = reading.divined();
        boolean wolf = found.values().stream().anyMatch(Role::isWerewolf);
        String choice = reading.villageChoice();
        boolean saves = choice != null && (choice.equals(v.you())
                || found.containsKey(choice) && !found.get(choice).isWerewolf());
        if (found.size() <= claimedResults || !(wolf || saves || claimedResults > 0 || v.living().size() <= 4)) {
            return null;
        }
        claimedResults = found.size();
        return "I am the seer: " + found.entrySet().stream().map(e -> e.getKey() + (e.getValue().isWerewolf()
                ? " is a werewolf" : " is human")).collect(Collectors.joining(", ")) + ".";
    }

    /**
     * A werewolf's answer to a seer who names one of the pack: the pack's first living werewolf by name, unless that
     * is the one named and another can, comes out as the seer and names the claimant. Once a game; null: not now.
     */
    private String counterClaim(SeatView v) {
        String seer = reading.trustedSeer();
        if (counterClaimed || seer == null || !v.living().contains(seer)) {
            return null;
        }
        List<String> ours = reading.pack();
        boolean named = reading.claims().stream().filter(c -> c.claimant().equals(seer))
                .flatMap(c -> c.found().entrySet().stream()).anyMatch(e -> e.getValue() && ours.contains(e.getKey()));
        if (!named || reading.claims().stream().anyMatch(c -> ours.contains(c.claimant()))) {
            return null;
        }
        List<String> unnamed = ours.stream().sorted().filter(p -> reading.claims().stream()
                .noneMatch(c -> Boolean.TRUE.equals(c.found().get(p)))).toList();
        String speaker = unnamed.isEmpty() ? ours.stream().sorted().findFirst().orElse(null) : unnamed.getFirst();
        if (!v.you().equals(speaker)) {
            return null;
        }
        counterClaimed = true;
        return "I am the seer: " + seer + " is a werewolf.";
    }

    private boolean whispered(int round, SeatView v, String target) {
        return (round + "/" + v.day() + "/" + target).equals(whisperedKey);
    }

    private Act night(int round, SeatView v) {
        String key = round + "/" + v.day();
        if (!key.equals(nightKey)) {
            nightKey = key;
            proposal = null;
            long now = System.currentTimeMillis();
            proposeAt = v.deadline() > now ? now + (v.deadline() - now) / 2 : now;
        }
        List<String> mates = v.partners() == null ? List.of()
                : v.partners().stream().filter(p -> v.living().contains(p)).toList();
        // A pack-mate's vote is the clearest proposal; the latest one counts.
        String followed = null;
        if (v.votes() != null) {
            for (var e : v.votes().entrySet()) {
                if (mates.contains(e.getKey()) && v.valid_targets().contains(e.getValue())) {
                    followed = e.getValue();
                }
            }
        }
        if (followed == null) {
            followed = PackNight.proposalInWords(List.copyOf(heard), v, mates);
        }
        long now = System.currentTimeMillis();
        if (followed != null) {
            proposal = followed;
        } else if (proposal == null && (isLeader(v, mates) || now >= proposeAt && now <= v.deadline() - 500)) {
            proposal = victim(round, v); // the first by name proposes at once, any other when nobody has by half the night
        }
        if (proposal == null) {
            return new Act.Listen(); // wait for the pack, or for half the night
        }
        if (!v.spoke() && v.allowed_actions().contains(Act.Kind.SPEAK)) {
            return new Act.Speak(followed != null && !followed.equals(v.voted_for())
                    ? "Agreed: " + proposal + "." : "Tonight we take " + proposal + ".");
        }
        return proposal.equals(v.voted_for()) ? new Act.Listen() : new Act.Vote(proposal);
    }

    private static boolean isLeader(SeatView v, List<String> mates) {
        return mates.stream().allMatch(m -> v.you().compareTo(m) < 0);
    }

    /** The pack's victim: a seer claimant the village believes, else the pack's draw ({@link #pick}). */
    private String victim(int round, SeatView v) {
        String seer = reading.trustedSeer();
        if (seer != null && v.valid_targets().contains(seer)) {
            return seer;
        }
        List<String> claimants = reading.claims().stream().map(TableReading.Claim::claimant)
                .filter(v.valid_targets()::contains).sorted().toList();
        return claimants.isEmpty() ? PackNight.pick(round, v) : claimants.getFirst();
    }

    /**
     * How long the bot may sleep: while it holds a question, until a plan of its falls due; else until a message
     * comes. Thousands of idle bots cost nothing.
     */
    private long untilDue() {
        return held == null || wakeAt == Long.MAX_VALUE ? 60_000
                : Math.clamp(wakeAt - System.currentTimeMillis(), 1, 60_000);
    }

    /**
     * The next time ahead at which the held question's answer may change with no news: the night's proposal, or by
     * day the vote without a second line from all, or half the day (the seer's wait); never when none is ahead.
     */
    private long nextDue() {
        long now = System.currentTimeMillis();
        long next = Long.MAX_VALUE;
        for (long t : heldView.phase() == Phase.NIGHT ? new long[] {proposeAt}
                : new long[] {voteAt(), reading.halfway()}) {
            if (t > now) {
                next = Math.min(next, t);
            }
        }
        return next;
    }

    private SplittableRandom random(int round, String phase, int day) {
        return new SplittableRandom(seed ^ name.hashCode() * 0x9E3779B97F4A7C15L ^ (round * 1_000_003L)
                ^ (day * 7919L) ^ phase.hashCode());
    }
}
