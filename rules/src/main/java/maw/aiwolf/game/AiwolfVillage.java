package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act.Kind;
import maw.base.Role;

/**
 * An AIWolf village as the game has it: the players and their dealt roles, who lives, where the game is (stage, day,
 * step, turn, re-vote), the day's talk counts and Skips, the step's ballots and night acts, the talk so far, the
 * events not yet drained, and the game's own randomness. {@link AiwolfGame} plays it.
 */
abstract sealed class AiwolfVillage permits AiwolfGame {

    /** What a player may be asked for. */
    final AiwolfSettings settings;
    /** SplitMix64's state: the game's randomness, copied with the game (see {@link AiwolfGame#copy}). */
    long random;
    final List<String> players;
    final Map<String, Role> roles = new LinkedHashMap<>();
    final Set<String> alive = new LinkedHashSet<>();
    final List<AiwolfEvent> events = new ArrayList<>();

    AiwolfGame.Stage stage;
    int day;
    /** Counts every step of the game: a talk turn, a vote, a re-vote, a whisper turn, a night. */
    int step;
    int turn;
    int revote;
    /** The day's next talk and whisper numbers (each day starts both at 0, as talk references count them). */
    int talkIdx;
    int whisperIdx;
    final Map<String, Integer> remaining = new HashMap<>();
    final Map<String, Integer> skips = new HashMap<>();
    final Map<String, String> said = new LinkedHashMap<>();
    final Map<String, String> ballots = new LinkedHashMap<>();
    final Map<String, String> attackBallots = new LinkedHashMap<>();
    /** Who gave up this step's vote or attack vote ({@link AiwolfGame#pass}): answered, with no ballot. */
    final Set<String> passed = new LinkedHashSet<>();
    String divineTarget;
    boolean divined;
    String guardTarget;
    boolean guarded;
    String executedYesterday;
    String executedToday;
    final Appended<AiwolfEvent.Utterance> talks;
    final Appended<AiwolfEvent.Utterance> whispers;


    /** Deals {@code players} their roles (role requests first, as the official server does); no day has begun. */
    AiwolfVillage(AiwolfSettings settings, List<String> players, long seed, Map<String, Role> requests) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.talks = new Appended<>();
        this.whispers = new Appended<>();
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
    }
    AiwolfVillage(AiwolfVillage o) {
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
        talks = new Appended<>(o.talks);
        whispers = new Appended<>(o.whispers);
    }

    /** A number in [0, bound) from the game's SplitMix64 sequence. */
    int nextInt(int bound) {
        random += 0x9E3779B97F4A7C15L;
        long z = random;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) ((z >>> 1) % bound);
    }
    public AiwolfGame.Stage stage() {
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

    /** What {@code player} did in the step under way that the step still waits on others for: its ballot or act. */
    public Map<Kind, String> done(String player) {
        Map<Kind, String> out = new EnumMap<>(Kind.class);
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
        return stage == AiwolfGame.Stage.OVER;
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
        return null;
    }

    /** In the NLP game, the Skips a speaker has left today. */
    public int skipsLeft(String player) {
        return skips.getOrDefault(player, 0);
    }

    /** Who is asked to speak now, in the NLP game's talk and whispers (null: nobody, or not that game). */
    public String speaker() {
        return null;
    }

    /** Whether the game is in its daytime: talk and the vote, and in the NLP game day 0's morning whispers. */
    public boolean daytime() {
        return stage == AiwolfGame.Stage.TALK || stage == AiwolfGame.Stage.VOTE;
    }

    /** Every talk of the game so far. */
    public List<AiwolfEvent.Utterance> talks() {
        return talks.list();
    }

    /** Every whisper of the game so far. */
    public List<AiwolfEvent.Utterance> whispers() {
        return whispers.list();
    }

    /** The events since the last call, in order. */
    public List<AiwolfEvent> drain() {
        List<AiwolfEvent> out = List.copyOf(events);
        events.clear();
        return out;
    }

    /** A living player other than {@code player}, at random: the regulation's vote for one that gave none valid. */
    String randomOther(String player) {
        List<String> others = alive.stream().filter(o -> !o.equals(player)).toList();
        return others.get(nextInt(others.size()));
    }
    boolean isWolf(String p) {
        return roles.get(p) == Role.WEREWOLF;
    }
    List<String> mostVoted(Map<String, String> votes) {
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
}
