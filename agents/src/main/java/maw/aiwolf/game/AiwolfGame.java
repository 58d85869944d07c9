package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Sentence;
import maw.aiwolf.protocol.Version;
import maw.base.Act;
import maw.base.Act.Kind;
import maw.base.Role;
import maw.base.Team;

/**
 * An AIWolf game by the GAT2017 regulation, as the official server 0.6.x applies it where the regulation is silent:
 * day 0 without talk (the werewolves whisper, the seer divines); from day 1 turn-based talk, the execution vote with
 * its re-vote, the werewolves' whispers, the seer's divination, the bodyguard's guard and the attack vote; the winner
 * after each full night. Pure and deterministic: all chance comes from the seed.
 *
 * <p>Acts are offered with {@link #talk}, {@link #whisper}, {@link #vote}, {@link #divine}, {@link #guard} and
 * {@link #attack}; each returns null when taken, or why it is refused. When every player awaited has acted, the step
 * ends by itself; {@link #timeout()} ends it for those who did not (a missing talk is Skip, a missing vote a random
 * legal one, a missing night act none). Events accumulate until {@link #drain()}.
 */
public final class AiwolfGame {

    /** Where the game is. */
    public enum Stage { TALK, VOTE, WHISPER, NIGHT, OVER }

    /** What a player may be asked for. */
    private final AiwolfSettings settings;
    /** SplitMix64's state: the game's randomness, copied with the game (see {@link #copy}). */
    private long random;
    private final List<String> players;
    private final Map<String, Role> roles = new LinkedHashMap<>();
    private final Set<String> alive = new LinkedHashSet<>();
    private final List<AiwolfEvent> events = new ArrayList<>();

    private Stage stage;
    private int day;
    /** Counts every step of the game: a talk turn, a vote, a re-vote, a whisper turn, a night. */
    private int step;
    private int turn;
    private int revote;
    /** The day's next talk and whisper numbers (each day starts both at 0, as talk references count them). */
    private int talkIdx;
    private int whisperIdx;
    private final Map<String, Integer> remaining = new HashMap<>();
    private final Map<String, Integer> skips = new HashMap<>();
    private final Map<String, String> said = new LinkedHashMap<>();
    private final Map<String, String> ballots = new LinkedHashMap<>();
    private final Map<String, String> attackBallots = new LinkedHashMap<>();
    /** Who gave up this step's vote or attack vote ({@link #pass}): answered, with no ballot. */
    private final Set<String> passed = new LinkedHashSet<>();
    private String divineTarget;
    private boolean divined;
    private String guardTarget;
    private boolean guarded;
    private String executedYesterday;
    private String executedToday;
    private final List<AiwolfEvent.Utterance> talks = new ArrayList<>();
    private final List<AiwolfEvent.Utterance> whispers = new ArrayList<>();

    // The NLP contest's game (settings.nlp()): one speaker at a time, in an order shuffled for the day.
    /** Which whispers these are: day 0's morning and evening, or a night's. */
    private enum Whispers { MORNING, EVENING, NIGHT }

    /** A night of the NLP game: the seer's divination first, then (after the whispers) the guard and the attack. */
    private enum NightPart { DIVINE, ACTS }

    private final List<String> order = new ArrayList<>();
    private int pos;
    private boolean spoke;
    private String speaker;
    private final Map<String, Integer> lengthLeft = new HashMap<>();
    private Whispers whisperKind = Whispers.NIGHT;
    private NightPart nightPart = NightPart.ACTS;

    /** Deals {@code players} (as many as the composition has) their roles, and begins day 0. */
    public AiwolfGame(AiwolfSettings settings, List<String> players, long seed) {
        this(settings, players, seed, Map.of());
    }

    /**
     * Deals as the official server does with role requests: a player who asked for a role the village still has
     * gets it (in the order of the players); the others are dealt the rest at random.
     */
    public AiwolfGame(AiwolfSettings settings, List<String> players, long seed, Map<String, Role> requests) {
        this.settings = Objects.requireNonNull(settings, "settings");
        if (players.size() != settings.players() || new LinkedHashSet<>(players).size() != players.size()) {
            throw new IllegalArgumentException("the village has " + settings.players() + " seats for "
                    + players.size() + " players, or a name is there twice");
        }
        this.players = List.copyOf(players);
        this.random = seed;
        List<Role> deck = new ArrayList<>(settings.composition().roles());
        for (int i = deck.size() - 1; i > 0; i--) {
            Collections.swap(deck, i, nextInt(i + 1));
        }
        Map<String, Role> dealt = new HashMap<>();
        for (String p : players) {
            Role wanted = requests.get(p);
            if (wanted != null && deck.remove(wanted)) {
                dealt.put(p, wanted);
            }
        }
        for (String p : players) {
            roles.put(p, dealt.containsKey(p) ? dealt.get(p) : deck.removeFirst());
            alive.add(p);
        }
        List<String> pack = players.stream().filter(p -> roles.get(p) == Role.WEREWOLF).toList();
        for (String p : players) {
            events.add(new AiwolfEvent.Dealt(p, roles.get(p), roles.get(p) == Role.WEREWOLF ? pack : List.of()));
        }
        day = 0;
        if (settings.natural()) {
            // The NLP game begins by day: day 0 is announced as every day is.
            events.add(new AiwolfEvent.DayBegan(0, null, List.copyOf(alive)));
            beginNaturalDay();
        } else if (settings.talkOnFirstDay()) {
            beginTalk();
        } else {
            beginNight();
        }
    }

    /** A copy that goes on independently of this game (the same randomness to come). */
    public AiwolfGame copy() {
        return new AiwolfGame(this);
    }

    private AiwolfGame(AiwolfGame o) {
        settings = o.settings;
        random = o.random;
        players = o.players;
        roles.putAll(o.roles);
        alive.addAll(o.alive);
        events.addAll(o.events);
        stage = o.stage;
        day = o.day;
        step = o.step;
        turn = o.turn;
        revote = o.revote;
        talkIdx = o.talkIdx;
        whisperIdx = o.whisperIdx;
        remaining.putAll(o.remaining);
        skips.putAll(o.skips);
        said.putAll(o.said);
        ballots.putAll(o.ballots);
        attackBallots.putAll(o.attackBallots);
        passed.addAll(o.passed);
        divineTarget = o.divineTarget;
        divined = o.divined;
        guardTarget = o.guardTarget;
        guarded = o.guarded;
        executedYesterday = o.executedYesterday;
        executedToday = o.executedToday;
        talks.addAll(o.talks);
        whispers.addAll(o.whispers);
        order.addAll(o.order);
        pos = o.pos;
        spoke = o.spoke;
        speaker = o.speaker;
        lengthLeft.putAll(o.lengthLeft);
        whisperKind = o.whisperKind;
        nightPart = o.nightPart;
    }

    /** A number in [0, bound) from the game's SplitMix64 sequence. */
    private int nextInt(int bound) {
        random += 0x9E3779B97F4A7C15L;
        long z = random;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) ((z >>> 1) % bound);
    }

    // --- what the game is -------------------------------------------------------------------------------------------

    public Stage stage() {
        return stage;
    }

    public int day() {
        return day;
    }

    /** A number that changes with every step (talk turn, vote, re-vote, whisper turn, night): acts carry it. */
    public int step() {
        return step;
    }

    public int turn() {
        return turn;
    }

    /** The re-vote under way (0: the first vote) of the day's vote or the night's attack. */
    public int revote() {
        return revote;
    }

    /** Whom {@code player} may name for an act of {@code kind} now (every living player but itself; an attack, humans). */
    public List<String> targets(String player, Kind kind) {
        return kind.targeted() ? players.stream().filter(t -> target(player, t, kind) == null).toList() : List.of();
    }

    /** What {@code player} did in the step under way that the step still waits on others for: its ballot or act. */
    public Map<Kind, String> done(String player) {
        Map<Kind, String> out = new java.util.EnumMap<>(Kind.class);
        switch (stage) {
            case TALK, WHISPER -> {
                if (said.containsKey(player)) {
                    out.put(Kind.TALK, said.get(player));
                }
            }
            case VOTE -> {
                if (ballots.containsKey(player)) {
                    out.put(Kind.VOTE, ballots.get(player));
                }
            }
            case NIGHT -> {
                if (attackBallots.containsKey(player)) {
                    out.put(Kind.VOTE, attackBallots.get(player));
                }
                if (divined && divineTarget != null && roles.get(player) == Role.SEER) {
                    out.put(Kind.DIVINE, divineTarget);
                }
                if (guarded && guardTarget != null && roles.get(player) == Role.BODYGUARD) {
                    out.put(Kind.GUARD, guardTarget);
                }
            }
            default -> { }
        }
        return out;
    }

    public List<String> players() {
        return players;
    }

    public List<String> living() {
        return List.copyOf(alive);
    }

    public Role role(String player) {
        return roles.get(player);
    }

    public Map<String, Role> roles() {
        return Collections.unmodifiableMap(roles);
    }

    public boolean isOver() {
        return stage == Stage.OVER;
    }

    public AiwolfSettings settings() {
        return settings;
    }

    /** Talks left today for a player. */
    public int talksLeft(String player) {
        return remaining.getOrDefault(player, 0);
    }

    /** In the NLP game, a speaker's day budget of length left (null: none is kept). */
    public Integer lengthLeft(String player) {
        return lengthLeft.get(player);
    }

    /** In the NLP game, the Skips a speaker has left today. */
    public int skipsLeft(String player) {
        return skips.getOrDefault(player, 0);
    }

    /** Who is asked to speak now, in the NLP game's talk and whispers (null: nobody, or not that game). */
    public String speaker() {
        return speaker;
    }

    /** Whether the game is in its daytime: talk and the vote, and in the NLP game day 0's morning whispers. */
    public boolean daytime() {
        return stage == Stage.TALK || stage == Stage.VOTE
                || stage == Stage.WHISPER && settings.natural() && whisperKind == Whispers.MORNING;
    }

    /** Every talk of the game so far. */
    public List<AiwolfEvent.Utterance> talks() {
        return List.copyOf(talks);
    }

    /** Every whisper of the game so far. */
    public List<AiwolfEvent.Utterance> whispers() {
        return List.copyOf(whispers);
    }

    /** What the game awaits now, per player. */
    public Map<String, Set<Kind>> awaiting() {
        Map<String, Set<Kind>> out = new TreeMap<>();
        for (String p : alive) {
            Set<Kind> k = awaitedFrom(p);
            if (!k.isEmpty()) {
                out.put(p, k);
            }
        }
        return out;
    }

    private Set<Kind> awaitedFrom(String p) {
        if (!alive.contains(p)) {
            return Set.of();
        }
        Set<Kind> k = EnumSet.noneOf(Kind.class);
        if (settings.natural()) {
            switch (stage) {
                case TALK -> {
                    if (p.equals(speaker)) {
                        k.add(Kind.TALK);
                    }
                }
                case WHISPER -> {
                    if (p.equals(speaker)) {
                        k.add(Kind.TALK);
                    }
                }
                case VOTE -> {
                    if (!ballots.containsKey(p) && !passed.contains(p)) {
                        k.add(Kind.VOTE);
                    }
                }
                case NIGHT -> {
                    if (nightPart == NightPart.DIVINE) {
                        if (roles.get(p) == Role.SEER && !divined) {
                            k.add(Kind.DIVINE);
                        }
                    } else {
                        if (revote == 0 && roles.get(p) == Role.BODYGUARD && !guarded) {
                            k.add(Kind.GUARD);
                        }
                        if (isWolf(p) && !attackBallots.containsKey(p) && !passed.contains(p)) {
                            k.add(Kind.VOTE);
                        }
                    }
                }
                default -> { }
            }
            return k;
        }
        switch (stage) {
            case TALK -> {
                if (talksLeft(p) > 0 && !said.containsKey(p)) {
                    k.add(Kind.TALK);
                }
            }
            case WHISPER -> {
                if (isWolf(p) && talksLeft(p) > 0 && !said.containsKey(p)) {
                    k.add(Kind.TALK);
                }
            }
            case VOTE -> {
                if (!ballots.containsKey(p) && !passed.contains(p)) {
                    k.add(Kind.VOTE);
                }
            }
            case NIGHT -> {
                if (revote == 0 && roles.get(p) == Role.SEER && !divined) {
                    k.add(Kind.DIVINE);
                }
                if (day > 0 && revote == 0 && roles.get(p) == Role.BODYGUARD && !guarded) {
                    k.add(Kind.GUARD);
                }
                if (day > 0 && isWolf(p) && !attackBallots.containsKey(p) && !passed.contains(p)) {
                    k.add(Kind.VOTE);
                }
            }
            default -> { }
        }
        return k;
    }

    /** The events since the last call, in order. */
    public List<AiwolfEvent> drain() {
        List<AiwolfEvent> out = List.copyOf(events);
        events.clear();
        return out;
    }

    // --- acts -------------------------------------------------------------------------------------------------------

    /** A talk (protocol text); invalid text counts as Skip and the speaker is told why. */
    public String talk(String player, String text) {
        return utter(player, text, Stage.TALK);
    }

    /** A werewolf's whisper (protocol text). */
    public String whisper(String player, String text) {
        return utter(player, text, Stage.WHISPER);
    }

    /**
     * An act as every seat gives it: a talk is a talk or a whisper and a vote a vote or an attack vote, as the step
     * under way says. Returns null when taken, or why it is refused.
     */
    public String perform(String player, Act act) {
        return switch (act) {
            case Act.Talk t -> stage == Stage.WHISPER ? whisper(player, t.text()) : talk(player, t.text());
            case Act.Vote v -> stage == Stage.NIGHT ? attack(player, v.target()) : vote(player, v.target());
            case Act.Divine d -> divine(player, d.target());
            case Act.Guard g -> guard(player, g.target());
            case Act.Pass x -> pass(player);
            case Act.Whisper w -> "AIWolf has no private whispers: the werewolves whisper to each other with talk at "
                    + "night";
            case Act.Speak x -> "this is not a time to speak";
            case Act.Listen x -> "listening is no act";
        };
    }

    private String utter(String player, String text, Stage asked) {
        String why = outOfPlay(player);
        if (why == null) {
            why = stage != asked ? (asked == Stage.TALK ? "this is not a time to talk"
                    : !isWolf(player) ? "only werewolves whisper" : "this is not a time to whisper")
                    : refusal(player, Kind.TALK);
        }
        if (why != null) {
            return why;
        }
        if (settings.natural()) {
            speak(player, text == null ? "Skip" : text.strip(), false, asked == Stage.WHISPER);
            return null;
        }
        String utterance = text == null ? "Skip" : text.strip();
        if (settings.validateUtterance()) {
            Parsed p = Protocol.parse(utterance, Version.V3_6);
            if (p instanceof Parsed.Failed f) {
                events.add(new AiwolfEvent.Invalid(player, utterance, f.error().message()));
                utterance = "Skip";
            } else {
                utterance = Protocol.write(p.sentence());
            }
        }
        said.put(player, utterance);
        endStepIfDone();
        return null;
    }

    /** A vote for an execution: a living player other than the voter. */
    public String vote(String player, String target) {
        String why = outOfPlay(player);
        if (why == null) {
            why = stage != Stage.VOTE ? "this is not a time to vote" : refusal(player, Kind.VOTE);
        }
        if (why == null) {
            why = target(player, target, Kind.VOTE);
        }
        if (why != null) {
            return why;
        }
        ballots.put(player, target);
        endStepIfDone();
        return null;
    }

    /** The seer's divination of a living player other than itself. */
    public String divine(String player, String target) {
        String why = refusal(player, Kind.DIVINE);
        if (why == null) {
            why = target(player, target, Kind.DIVINE);
        }
        if (why != null) {
            return why;
        }
        divined = true;
        divineTarget = target;
        endStepIfDone();
        return null;
    }

    /** The bodyguard's guard of a living player other than itself. */
    public String guard(String player, String target) {
        String why = refusal(player, Kind.GUARD);
        if (why == null) {
            why = target(player, target, Kind.GUARD);
        }
        if (why != null) {
            return why;
        }
        guarded = true;
        guardTarget = target;
        endStepIfDone();
        return null;
    }

    /** A werewolf's attack vote: a living human. */
    public String attack(String player, String target) {
        String why = outOfPlay(player);
        if (why == null) {
            why = stage != Stage.NIGHT ? (!isWolf(player) ? "only werewolves attack" : "this is not a time to attack")
                    : refusal(player, Kind.VOTE);
        }
        if (why == null) {
            why = target(player, target, Kind.VOTE);
        }
        if (why != null) {
            return why;
        }
        attackBallots.put(player, target);
        endStepIfDone();
        return null;
    }

    /**
     * {@code player} gives up what the step awaits from it, and takes the default the official servers give an answer
     * that is not valid, at once: a Skip for a talk or a whisper (the NLP server: a Skip of the speaker's own); no
     * divination; no guard; an attack vote dropped; a vote for a random other living player (the NLP server: no vote).
     * The step ends when nobody else is awaited. Returns null when taken, or why it is refused.
     */
    public String pass(String player) {
        String out = outOfPlay(player);
        if (out != null) {
            return out;
        }
        Set<Kind> kinds = awaitedFrom(player);
        if (kinds.isEmpty()) {
            return "nothing is awaited from " + player + " in this step";
        }
        for (Kind kind : kinds) {
            switch (kind) {
                case TALK -> {
                    if (settings.natural()) {
                        speak(player, "Skip", false, stage == Stage.WHISPER);
                        return null; // the next speaker is asked: the conversation moved on by itself
                    }
                    said.put(player, "Skip");
                }
                case VOTE -> {
                    if (stage == Stage.NIGHT || settings.natural()) {
                        passed.add(player); // an attack vote dropped; the NLP server counts no vote
                    } else {
                        ballots.put(player, randomOther(player));
                    }
                }
                case DIVINE -> {
                    divined = true;
                    divineTarget = null;
                }
                case GUARD -> {
                    guarded = true;
                    guardTarget = null;
                }
                default -> { }
            }
        }
        endStepIfDone();
        return null;
    }

    /** Why {@code player} can do nothing now whatever it asks (not in the game, the game over, dead), or null. */
    private String outOfPlay(String player) {
        if (!roles.containsKey(player)) {
            return player + " does not play in this game";
        }
        if (stage == Stage.OVER) {
            return "the game is over";
        }
        if (!alive.contains(player)) {
            return "the dead neither talk nor act";
        }
        return null;
    }

    /** A living player other than {@code player}, at random: the regulation's vote for one that gave none valid. */
    private String randomOther(String player) {
        List<String> others = alive.stream().filter(o -> !o.equals(player)).toList();
        return others.get(nextInt(others.size()));
    }

    private String refusal(String player, Kind kind) {
        String out = outOfPlay(player);
        if (out != null) {
            return out;
        }
        if (!awaitedFrom(player).contains(kind)) {
            return switch (kind) {
                case TALK -> stage == Stage.TALK ? (talksLeft(player) == 0 ? "no talks are left today"
                        : "one talk a turn") : stage == Stage.WHISPER ? (!isWolf(player) ? "only werewolves whisper"
                        : "this is not a time to whisper") : "this is not a time to talk";
                case VOTE -> stage == Stage.VOTE ? "already voted" : stage == Stage.NIGHT ? (!isWolf(player)
                        ? "only werewolves attack" : "this is not a time to attack") : "this is not a time to vote";
                case DIVINE -> roles.get(player) != Role.SEER ? "only the seer divines"
                        : "the seer divines once a night";
                case GUARD -> roles.get(player) != Role.BODYGUARD ? "only the bodyguard guards"
                        : "the bodyguard guards once a night, from night 1";
                default -> "this is not a time to " + kind;
            };
        }
        return null;
    }

    private String target(String player, String target, Kind kind) {
        if (target == null || !roles.containsKey(target)) {
            return target + " does not play in this game";
        }
        if (!alive.contains(target)) {
            return target + " is dead";
        }
        boolean attack = kind == Kind.VOTE && stage == Stage.NIGHT;
        boolean selfAllowed = settings.natural() && (kind == Kind.VOTE && !attack && settings.nlp().allowSelfVote()
                || attack && settings.nlp().allowSelfAttack());
        if (target.equals(player) && !selfAllowed) {
            return "not oneself";
        }
        if (attack && isWolf(target)) {
            return "werewolves do not attack werewolves";
        }
        return null;
    }

    private boolean isWolf(String p) {
        return roles.get(p) == Role.WEREWOLF;
    }

    // --- steps ------------------------------------------------------------------------------------------------------

    /** The step's time is up: whoever has not acted gets the default, and the step ends. */
    public void timeout() {
        if (stage == Stage.OVER) {
            return;
        }
        if (settings.natural()) {
            // The NLP server: a late speaker's turn is a free Skip; a missing vote or act is simply not there.
            if ((stage == Stage.TALK || stage == Stage.WHISPER) && speaker != null) {
                speak(speaker, "Skip", true, stage == Stage.WHISPER);
            } else {
                endStep();
            }
            return;
        }
        switch (stage) {
            case TALK, WHISPER -> {
                for (String p : List.copyOf(alive)) {
                    if (awaitedFrom(p).contains(Kind.TALK)) {
                        said.put(p, "Skip");
                    }
                }
            }
            case VOTE -> {
                for (String p : List.copyOf(alive)) {
                    if (!ballots.containsKey(p)) {
                        ballots.put(p, randomOther(p));
                    }
                }
            }
            default -> { }
        }
        endStep();
    }

    private void endStepIfDone() {
        if (awaiting().isEmpty()) {
            endStep();
        }
    }

    private void endStep() {
        if (settings.natural()) {
            switch (stage) {
                case VOTE -> endNaturalVote();
                case NIGHT -> {
                    if (nightPart == NightPart.DIVINE) {
                        afterDivination();
                    } else {
                        endNaturalNight();
                    }
                }
                default -> { }
            }
            return;
        }
        switch (stage) {
            case TALK, WHISPER -> endTurn();
            case VOTE -> endVote();
            case NIGHT -> endNight();
            default -> { }
        }
    }

    private void beginTalk() {
        stage = Stage.TALK;
        turn = 0;
        for (String p : alive) {
            remaining.put(p, settings.maxTalk());
            skips.put(p, 0);
        }
        beginStep();
        if (awaiting().isEmpty()) {
            beginVote();
        }
    }

    private void beginStep() {
        step++;
        said.clear();
        passed.clear();
    }

    private void endTurn() {
        boolean whisper = stage == Stage.WHISPER;
        List<String> speakers = new ArrayList<>(said.keySet());
        for (int i = speakers.size() - 1; i > 0; i--) {
            Collections.swap(speakers, i, nextInt(i + 1));
        }
        List<AiwolfEvent.Utterance> turnTalks = new ArrayList<>();
        boolean allOver = !speakers.isEmpty();
        for (String p : speakers) {
            String text = said.get(p);
            if (text.equals("Skip")) {
                int n = skips.merge(p, 1, Integer::sum);
                if (n > settings.maxSkip()) {
                    text = "Over";
                }
            } else if (!text.equals("Over")) {
                skips.put(p, 0);
                remaining.merge(p, -1, Integer::sum);
            }
            allOver &= text.equals("Over");
            AiwolfEvent.Utterance u = new AiwolfEvent.Utterance(day, whisper ? whisperIdx++ : talkIdx++, turn, p,
                    text);
            turnTalks.add(u);
            (whisper ? whispers : talks).add(u);
        }
        Set<String> audience = whisper ? Set.copyOf(alive.stream().filter(this::isWolf).toList()) : null;
        events.add(new AiwolfEvent.Turn(day, turn, whisper, turnTalks, audience));
        turn++;
        int maxTurns = whisper ? settings.maxWhisperTurn() : settings.maxTalkTurn();
        beginStep();
        if (allOver || turn >= maxTurns || awaiting().isEmpty()) {
            if (whisper) {
                beginNightActs();
            } else {
                beginVote();
            }
        }
    }

    private void beginVote() {
        stage = Stage.VOTE;
        revote = 0;
        ballots.clear();
        beginStep();
    }

    private void endVote() {
        events.add(new AiwolfEvent.Votes(day, revote, false, Map.copyOf(ballots), settings.voteVisible() ? null
                : Set.of()));
        List<String> top = mostVoted(ballots);
        if (top.size() > 1 && revote < settings.maxRevote()) {
            revote++;
            ballots.clear();
            beginStep();
            return;
        }
        String executed = top.get(nextInt(top.size()));
        alive.remove(executed);
        executedToday = executed;
        events.add(new AiwolfEvent.Executed(day, executed));
        beginNight();
    }

    private List<String> mostVoted(Map<String, String> votes) {
        Map<String, Integer> count = new TreeMap<>();
        votes.values().forEach(t -> count.merge(t, 1, Integer::sum));
        int max = count.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<String> top = new ArrayList<>();
        for (String p : players) {
            if (count.getOrDefault(p, 0) == max && max > 0) {
                top.add(p);
            }
        }
        return top;
    }

    /** The night: whisper turns first when two werewolves or more live, then the acts. */
    private void beginNight() {
        if (alive.stream().filter(this::isWolf).count() >= 2) {
            stage = Stage.WHISPER;
            turn = 0;
            for (String p : alive) {
                if (isWolf(p)) {
                    remaining.put(p, settings.maxWhisper());
                    skips.put(p, 0);
                }
            }
            beginStep();
            if (!awaiting().isEmpty()) {
                return;
            }
        }
        beginNightActs();
    }

    private void beginNightActs() {
        stage = Stage.NIGHT;
        revote = 0;
        divined = false;
        guarded = false;
        divineTarget = null;
        guardTarget = null;
        attackBallots.clear();
        beginStep();
        if (awaiting().isEmpty()) {
            endNight();
        }
    }

    private void endNight() {
        String victim = null;
        boolean saved = false;
        Set<String> wolves = Set.copyOf(alive.stream().filter(this::isWolf).toList());
        if (day > 0 && !wolves.isEmpty()) {
            events.add(new AiwolfEvent.Votes(day, revote, true, Map.copyOf(attackBallots), wolves));
            List<String> top = mostVoted(attackBallots);
            if (top.size() > 1 && revote < settings.maxAttackRevote()) {
                revote++;
                attackBallots.clear();
                beginStep();
                return;
            }
            if (top.isEmpty() && !settings.enableNoAttack()) {
                top = alive.stream().filter(p -> !isWolf(p)).toList();
            }
            if (!top.isEmpty()) {
                victim = top.get(nextInt(top.size()));
                saved = victim.equals(guardTarget);
            }
            events.add(new AiwolfEvent.Attack(day, victim, saved, wolves));
        }
        dawn(victim != null && !saved ? victim : null);
        if (!decided()) {
            beginTalk();
        }
    }

    /**
     * The night's results (the seer's divination, the attacked, the bodyguard's guard) and the next day: announced,
     * with the medium's result of yesterday's execution.
     */
    private void dawn(String attacked) {
        for (String p : alive) {
            if (roles.get(p) == Role.SEER && divineTarget != null) {
                events.add(new AiwolfEvent.Divined(day, p, divineTarget, roles.get(divineTarget).species()));
            }
        }
        if (attacked != null) {
            alive.remove(attacked);
        }
        if (guardTarget != null) {
            for (String p : alive) {
                if (roles.get(p) == Role.BODYGUARD) {
                    events.add(new AiwolfEvent.Guarded(day, p, guardTarget));
                }
            }
        }
        day++;
        talkIdx = 0;
        whisperIdx = 0;
        executedYesterday = executedToday;
        executedToday = null;
        events.add(new AiwolfEvent.DayBegan(day, attacked, List.copyOf(alive)));
        if (executedYesterday != null) {
            for (String p : alive) {
                if (roles.get(p) == Role.MEDIUM) {
                    events.add(new AiwolfEvent.Identified(day, p, executedYesterday,
                            roles.get(executedYesterday).species()));
                }
            }
        }
    }

    // --- the NLP contest's game -------------------------------------------------------------------------------------

    /** A day of the NLP game: on day 0 the werewolves whisper first (the morning), then everyone talks. */
    private void beginNaturalDay() {
        if (day == 0) {
            beginNaturalWhispers(Whispers.MORNING);
        } else {
            beginNaturalTalk();
        }
    }

    private void beginNaturalTalk() {
        stage = Stage.TALK;
        talkIdx = 0;
        beginConversation(alive.stream().toList(), settings.nlp().talk());
    }

    private void beginNaturalWhispers(Whispers kind) {
        stage = Stage.WHISPER;
        whisperKind = kind;
        whisperIdx = 0;
        beginConversation(alive.stream().filter(this::isWolf).toList(), settings.nlp().whisper());
    }

    /** The speakers shuffled once, their counts, Skips and length budgets set; then the first is asked. */
    private void beginConversation(List<String> speakers, NlTalk limits) {
        order.clear();
        remaining.clear();
        skips.clear();
        lengthLeft.clear();
        turn = 0;
        pos = -1;
        spoke = false;
        speaker = null;
        if (speakers.size() < 2) {
            endConversation();
            return;
        }
        order.addAll(speakers);
        for (int i = order.size() - 1; i > 0; i--) {
            Collections.swap(order, i, nextInt(i + 1));
        }
        for (String p : order) {
            remaining.put(p, limits.perAgent());
            skips.put(p, limits.maxSkip());
            if (limits.perAgentLength() != null) {
                lengthLeft.put(p, limits.perAgentLength());
            }
        }
        nextSpeaker(limits);
    }

    private NlTalk limits() {
        return stage == Stage.WHISPER ? settings.nlp().whisper() : settings.nlp().talk();
    }

    /** The next speaker of this turn, or of the next turn; the conversation ends as the NLP server ends it. */
    private void nextSpeaker(NlTalk limits) {
        for (int pass = 0; pass < 2; pass++) {
            for (int i = pos + 1; i < order.size(); i++) {
                String p = order.get(i);
                if (remaining.getOrDefault(p, 0) > 0 && lengthLeft.getOrDefault(p, 1) > 0 && turn < limits.perDay()) {
                    pos = i;
                    speaker = p;
                    beginStep();
                    return;
                }
            }
            // The turn is over: it ends the conversation if nobody said more than Over, or the turns are spent.
            if (pass == 1 || !spoke || turn + 1 >= limits.perDay()) {
                break;
            }
            turn++;
            spoke = false;
            pos = -1;
        }
        endConversation();
    }

    /** An utterance of the speaker asked now, as the NLP server takes it (a forced Skip spends no Skip). */
    private void speak(String player, String text, boolean forced, boolean whisper) {
        NlTalk limits = limits();
        remaining.merge(player, -1, Integer::sum);
        String utterance = text;
        if (forced) {
            utterance = "Skip";
        } else if (utterance.equals("Skip")) {
            if (skips.getOrDefault(player, 0) <= 0) {
                utterance = "Over";
            } else {
                skips.merge(player, -1, Integer::sum);
            }
        }
        if (!forced && !utterance.equals("Skip") && !utterance.equals("Over")) {
            skips.put(player, limits.maxSkip());
            NlTalk.Cut cut = limits.cut(utterance, lengthLeft.get(player), player, players);
            utterance = cut.text();
            if (cut.budgetLeft() != null) {
                lengthLeft.put(player, cut.budgetLeft());
            }
        }
        if (utterance.isEmpty()) {
            utterance = "Over";
        }
        AiwolfEvent.Utterance u = new AiwolfEvent.Utterance(day, whisper ? whisperIdx++ : talkIdx++, turn, player,
                utterance);
        (whisper ? whispers : talks).add(u);
        if (utterance.equals("Over")) {
            remaining.put(player, 0);
        } else {
            spoke = true;
        }
        Set<String> audience = whisper ? Set.copyOf(alive.stream().filter(this::isWolf).toList()) : null;
        events.add(new AiwolfEvent.Turn(day, turn, whisper, List.of(u), audience));
        nextSpeaker(limits);
    }

    private void endConversation() {
        speaker = null;
        if (stage == Stage.TALK) {
            // The night section: day 0's evening whispers, or the execution vote.
            if (day == 0) {
                beginNaturalWhispers(Whispers.EVENING);
            } else {
                stage = Stage.VOTE;
                revote = 0;
                ballots.clear();
                beginStep();
            }
            return;
        }
        switch (whisperKind) {
            case MORNING -> beginNaturalTalk();
            case EVENING -> beginDivination();
            case NIGHT -> beginNightActsNatural();
        }
    }

    private void endNaturalVote() {
        events.add(new AiwolfEvent.Votes(day, revote, false, Map.copyOf(ballots), settings.voteVisible() ? null
                : Set.of()));
        List<String> top = mostVoted(ballots);
        if (top.size() > 1 && revote + 1 < settings.nlp().voteRounds()) {
            revote++;
            ballots.clear();
            beginStep();
            return;
        }
        if (!top.isEmpty()) {
            String executed = top.get(nextInt(top.size()));
            alive.remove(executed);
            executedToday = executed;
            events.add(new AiwolfEvent.Executed(day, executed));
            if (decided()) {
                return;
            }
        }
        beginDivination();
    }

    private void beginDivination() {
        stage = Stage.NIGHT;
        nightPart = NightPart.DIVINE;
        revote = 0;
        divined = false;
        divineTarget = null;
        guarded = false;
        guardTarget = null;
        attackBallots.clear();
        beginStep();
        if (awaiting().isEmpty()) {
            afterDivination();
        }
    }

    private void afterDivination() {
        if (day == 0) {
            endNaturalNight();
        } else {
            beginNaturalWhispers(Whispers.NIGHT);
        }
    }

    private void beginNightActsNatural() {
        stage = Stage.NIGHT;
        nightPart = NightPart.ACTS;
        revote = 0;
        beginStep();
        if (awaiting().isEmpty()) {
            endNaturalNight();
        }
    }

    /** The attack (from day 1; a vote for a werewolf does not count), the night's results, and the next day. */
    private void endNaturalNight() {
        String attacked = null;
        Set<String> wolves = Set.copyOf(alive.stream().filter(this::isWolf).toList());
        if (day > 0 && nightPart == NightPart.ACTS && !wolves.isEmpty()) {
            events.add(new AiwolfEvent.Votes(day, revote, true, Map.copyOf(attackBallots), wolves));
            Map<String, String> counted = new LinkedHashMap<>(attackBallots);
            counted.values().removeIf(this::isWolf);
            List<String> top = mostVoted(counted);
            String victim = null;
            if (top.size() == 1) {
                victim = top.getFirst();
            } else if (top.size() > 1 && revote + 1 < settings.nlp().attackRounds()) {
                revote++;
                attackBallots.clear();
                beginStep();
                return;
            } else if (!top.isEmpty() && !settings.nlp().allowNoTarget()) {
                victim = top.get(nextInt(top.size()));
            }
            boolean saved = victim != null && victim.equals(guardTarget) && alive.stream()
                    .anyMatch(p -> roles.get(p) == Role.BODYGUARD);
            events.add(new AiwolfEvent.Attack(day, victim, saved, wolves));
            attacked = victim != null && !saved ? victim : null;
        }
        dawn(attacked);
        if (!decided()) {
            beginNaturalDay();
        }
    }

    /**
     * A game still going when this day would begin ends as a draw: a safety cap, far past any game the regulation
     * plays (a day without a death happens only when no vote and no attack counts, as when every seat is gone or
     * passes, and such a game would otherwise never end).
     */
    public static final int DAY_CAP = 20;

    /** Whether a side has won, or the day cap is passed (the game is then over). */
    private boolean decided() {
        long wolvesAlive = alive.stream().filter(this::isWolf).count();
        long humansAlive = alive.size() - wolvesAlive;
        if (wolvesAlive == 0) {
            finish(Team.VILLAGERS, "no werewolf is left");
            return true;
        }
        if (humansAlive <= wolvesAlive) {
            finish(Team.WEREWOLVES, "the humans are no more than the werewolves");
            return true;
        }
        if (day > DAY_CAP) {
            finish(null, "no side won in " + DAY_CAP + " days: a draw");
            return true;
        }
        return false;
    }

    private void finish(Team winner, String reason) {
        stage = Stage.OVER;
        beginStep();
        events.add(new AiwolfEvent.Over(winner, reason, Map.copyOf(roles)));
    }

    /** The sentence a talk says, if it is protocol text (for bots reading the day's talk). */
    public static Sentence sentence(AiwolfEvent.Utterance u) {
        Parsed p = Protocol.parse(u.text(), Version.V3_6);
        return p.ok() ? p.sentence() : null;
    }

    /**
     * What a talk says: its sentence if it is protocol text, else the meanings {@code plain} finds in it (natural
     * language, as in the NLP contest's game).
     */
    public static List<Sentence> sentences(AiwolfEvent.Utterance u, maw.aiwolf.protocol.Plain plain) {
        Sentence s = sentence(u);
        if (s != null) {
            return List.of(s);
        }
        return plain == null ? List.of() : plain.read(u.text(), u.agent());
    }
}
