package maw.aiwolf.game;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Act.Kind;
import maw.base.Role;
import maw.base.Team;

/**
 * An AIWolf game: the village, the deal, the acts and their checks, the votes, the dawn and the winner, which every
 * regulation shares; how the days run is its regulation's, {@link Gat2017Game} (the AIWolf server's protocol game) or
 * {@link NlpGame} (the NLP contest's), and {@link #deal} picks the one the settings name. Pure and deterministic: all
 * chance comes from the seed.
 *
 * <p>Acts are offered with {@link #talk}, {@link #whisper}, {@link #vote}, {@link #divine}, {@link #guard} and
 * {@link #attack}; each returns null when taken, or why it is refused. When every player awaited has acted, the step
 * ends by itself; {@link #timeout()} ends it for those who did not (a missing talk is Skip, a missing vote a random
 * legal one, a missing night act none). Events accumulate until {@link #drain()}.
 */
public abstract sealed class AiwolfGame extends AiwolfVillage permits Gat2017Game, NlpGame {

    /** Where the game is. */
    public enum Stage { TALK, VOTE, WHISPER, NIGHT, OVER }

    /**
     * Deals {@code players} (as many as the composition has) their roles, and begins day 0 by the regulation the
     * settings name.
     */
    public static AiwolfGame deal(AiwolfSettings settings, List<String> players, long seed) {
        return deal(settings, players, seed, Map.of());
    }

    /**
     * Deals as the official server does with role requests: a player who asked for a role the village still has
     * gets it (in the order of the players); the others are dealt the rest at random.
     */
    public static AiwolfGame deal(AiwolfSettings settings, List<String> players, long seed,
            Map<String, Role> requests) {
        return settings.natural() ? new NlpGame(settings, players, seed, requests)
                : new Gat2017Game(settings, players, seed, requests);
    }

    /** The deal alone; the regulation begins day 0. */
    AiwolfGame(AiwolfSettings settings, List<String> players, long seed, Map<String, Role> requests) {
        super(settings, players, seed, requests);
    }

    AiwolfGame(AiwolfGame o) {
        super(o);
    }

    /** A copy that goes on independently of this game (the same randomness to come). */
    public abstract AiwolfGame copy();

    // --- what the game is -------------------------------------------------------------------------------------------

    /** Whom {@code player} may name for an act of {@code kind} now (every living player but itself; an attack, humans). */
    public List<String> targets(String player, Kind kind) {
        return kind.targeted() ? players.stream().filter(t -> target(player, t, kind) == null).toList() : List.of();
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

    Set<Kind> awaitedFrom(String p) {
        if (!alive.contains(p)) {
            return Set.of();
        }
        Set<Kind> k = EnumSet.noneOf(Kind.class);
        awaits(p, k);
        return k;
    }

    /** Adds to {@code kinds} what the step under way awaits from the living player {@code p}. */
    abstract void awaits(String p, Set<Kind> kinds);

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
        uttered(player, text == null ? "Skip" : text.strip(), asked == Stage.WHISPER);
        return null;
    }

    /** An utterance taken from {@code player}, awaited from it now: the regulation hears it and goes on. */
    abstract void uttered(String player, String text, boolean whisper);

    /** A vote for an execution: a living player other than the voter. */
    public String vote(String player, String target) {
        String why = outOfPlay(player);
        return take(why != null ? why : stage != Stage.VOTE ? "this is not a time to vote"
                : refusal(player, Kind.VOTE), player, target, Kind.VOTE, () -> ballots.put(player, target));
    }

    /** The seer's divination of a living player other than itself. */
    public String divine(String player, String target) {
        return take(refusal(player, Kind.DIVINE), player, target, Kind.DIVINE, () -> {
            divined = true;
            divineTarget = target;
        });
    }

    /** The bodyguard's guard of a living player other than itself. */
    public String guard(String player, String target) {
        return take(refusal(player, Kind.GUARD), player, target, Kind.GUARD, () -> {
            guarded = true;
            guardTarget = target;
        });
    }

    /** A werewolf's attack vote: a living human. */
    public String attack(String player, String target) {
        String why = outOfPlay(player);
        return take(why != null ? why : stage != Stage.NIGHT ? (!isWolf(player) ? "only werewolves attack"
                : "this is not a time to attack") : refusal(player, Kind.VOTE), player, target, Kind.VOTE,
                () -> attackBallots.put(player, target));
    }

    /**
     * An act that names a target: refused for {@code why}, or for its target; else {@code taken} records it and the
     * step ends if nobody else is awaited. Returns null when taken, or why it is refused.
     */
    private String take(String why, String player, String target, Kind kind, Runnable taken) {
        String no = why != null ? why : target(player, target, kind);
        if (no != null) {
            return no;
        }
        taken.run();
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
                    if (passTalk(player)) {
                        return null; // the next speaker is asked: the conversation moved on by itself
                    }
                }
                case VOTE -> passVote(player);
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

    /**
     * {@code player} gives up its talk or whisper: true when that moved the step on by itself (the next speaker is
     * asked), false when the step waits on others still.
     */
    abstract boolean passTalk(String player);

    /** {@code player} gives up its vote or attack vote. */
    abstract void passVote(String player);

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
        if (target.equals(player) && !selfAllowed(kind, attack)) {
            return "not oneself";
        }
        if (attack && isWolf(target)) {
            return "werewolves do not attack werewolves";
        }
        return null;
    }

    /** Whether a player may name itself for an act of {@code kind} ({@code attack}: the night's attack vote). */
    boolean selfAllowed(Kind kind, boolean attack) {
        return false;
    }

    // --- steps ------------------------------------------------------------------------------------------------------

    /**
     * In a group chat (the NLP contest's speak-anytime talk), the lines {@code player} has said in it and the lines
     * each may say; null outside one, or for a player not in it.
     */
    public int[] chatLines(String player) {
        return null;
    }

    /** How long the step under way lasts, where the game says (a group chat's phase); null: the table's step. */
    public java.time.Duration stepLength() {
        return null;
    }

    /** The step's time is up: whoever has not acted gets the default, and the step ends. */
    public void timeout() {
        if (stage != Stage.OVER) {
            timedOut();
        }
    }

    /** The regulation's defaults for whoever the step under way still awaits, and the step's end. */
    abstract void timedOut();

    void endStepIfDone() {
        if (awaiting().isEmpty()) {
            endStep();
        }
    }

    /** Every player awaited has answered (or given up): the regulation goes on to the next step. */
    abstract void endStep();

    void beginStep() {
        step++;
        said.clear();
        passed.clear();
    }

    /**
     * The night's results (the seer's divination, the attacked, the bodyguard's guard) and the next day: announced,
     * with the medium's result of yesterday's execution.
     */
    void dawn(String attacked) {
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

    /**
     * A game still going when this day would begin ends as a draw: a safety cap, far past any game the regulation
     * plays (a day without a death happens only when no vote and no attack counts, as when every seat is gone or
     * passes, and such a game would otherwise never end).
     */
    public static final int DAY_CAP = 20;

    /** Whether a side has won, or the day cap is passed (the game is then over). */
    boolean decided() {
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
}
