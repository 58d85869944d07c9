package maw.agents.bot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.agents.Catalog;
import maw.agents.Text;
import maw.base.Phase;
import maw.base.Role;

/**
 * A seat's reading of a MAW table, as a careful player keeps it: who voted for whom each day, who was executed and who
 * was murdered (the murdered were never werewolves), who claimed to be the seer and what they said they found, which
 * claims the facts contradict, what the seat learned itself (its own divinations, its pack). From these it ranks the
 * living by suspicion.
 *
 * <p>The ranking has a public part that every seat reading the same table computes alike (claims, votes, deaths, and a
 * tie-break drawn from the table's names, the round and the day, not from the seat), so that readers who share no
 * secret still agree on one suspect and their votes carry the day instead of scattering; and a private part (the seat
 * itself, what it knows for sure). A werewolf reads the public part to know where the village's votes go.
 *
 * <p>Pure: it is told the GameMaster's news and the rooms' lines, and answers questions; no clock, no transport.
 */
public final class TableReading {

    /**
     * How much a reason weighs: facts outweigh claims, claims outweigh votes, votes outweigh today's first lines, and
     * they the tie-break.
     */
    static final int KNOWN = 1000;
    static final int LIAR = 800;
    static final int ACCUSED_BY_TRUSTED = 500;
    static final int CONTESTED = 200;
    static final int ACCUSED_BY_CONTESTED = 50;
    static final int DEFENDED_A_WOLF = 60;
    static final int STRAYED = 20;
    static final int ACCUSED_TODAY = 3;
    static final int CLEARED_BY_TRUSTED = -300;
    static final int TRUSTED = -400;

    /** A seer's claim: what a claimant said it found, in the order said (true: a werewolf). */
    public record Claim(String claimant, int day, Map<String, Boolean> found) {}

    private final String me;
    private String game = "";
    private List<String> players = List.of();
    /** The players a person plays. */
    private List<String> people = List.of();
    private Role role;
    private List<String> partners = List.of();
    private Phase phase = Phase.LOBBY;
    private int day;
    private final Set<String> living = new LinkedHashSet<>();
    private final Set<String> murdered = new LinkedHashSet<>();
    private final Map<Integer, String> executed = new TreeMap<>();
    /** Each day's votes as last told, voter to target. */
    private final Map<Integer, Map<String, String>> votes = new TreeMap<>();
    /** What the seat knows for sure: its own divinations, its pack, the roles the werewolves are told. */
    private final Map<String, Role> known = new HashMap<>();
    private final Map<String, Claim> claims = new LinkedHashMap<>();
    /** How many lines each player has said in the room this phase; the phase's end (ms since the epoch) and length. */
    private final Map<String, Integer> spoken = new HashMap<>();
    private long deadline;
    private int seconds;
    /** The last day whose outcome was told (an execution or none). */
    private int decidedDay;
    /** Today's first lines that name one player: speaker to the player named. */
    private final Map<String, String> accusations = new LinkedHashMap<>();

    public TableReading(String me) {
        this.me = me;
    }

    // --- what the seat is told -----------------------------------------------------------------------------------

    /** The GameMaster's news, as the seat's Player passes it on. */
    public void hear(Catalog.Body news) {
        switch (news) {
            case Catalog.StartGame sg -> {
                // The tie-break's salt: what every seat knows alike and a seed replays (not the game's id).
                game = String.join(",", sg.players() == null ? List.of() : sg.players()) + "/" + sg.round();
                players = sg.players() == null ? List.of() : List.copyOf(sg.players());
                people = sg.people() == null ? List.of() : sg.people();
                living.clear();
                living.addAll(players);
                role = null;
                partners = List.of();
                phase = Phase.LOBBY;
                day = 0;
                decidedDay = 0;
                spoken.clear();
                accusations.clear();
                murdered.clear();
                executed.clear();
                votes.clear();
                known.clear();
                claims.clear();
            }
            case Catalog.AssignRole ar -> {
                role = ar.role();
                partners = ar.partners() == null ? List.of() : List.copyOf(ar.partners());
                known.put(me, role);
                partners.forEach(p -> known.put(p, Role.WEREWOLF));
            }
            case Catalog.MoreTime mt when mt.deadline() != null && mt.seconds() != null && mt.phase() == phase
                    && mt.day() == day -> {
                // A person was given more time: the day is longer, and half of it comes later.
                deadline = mt.deadline();
                seconds += mt.seconds();
            }
            case Catalog.PhaseChange pc -> {
                phase = pc.new_phase();
                day = pc.day();
                deadline = pc.deadline();
                seconds = pc.seconds();
                spoken.clear();
                accusations.clear();
                if (pc.living() != null) {
                    living.clear();
                    living.addAll(pc.living());
                }
                if (pc.murdered() != null) {
                    murdered.add(pc.murdered());
                    living.remove(pc.murdered());
                }
            }
            case Catalog.VoteCast vc when vc.phase() == Phase.DAY ->
                    votes.computeIfAbsent(vc.day(), d -> new LinkedHashMap<>()).put(vc.voter(), vc.target());
            case Catalog.VoteResult vr -> {
                decidedDay = Math.max(decidedDay, vr.day());
                if (vr.target() != null) {
                    executed.put(vr.day(), vr.target());
                    living.remove(vr.target());
                }
            }
            case Catalog.NightResult nr when nr.victim() != null -> {
                murdered.add(nr.victim());
                living.remove(nr.victim());
            }
            case Catalog.Divined d when d.role() != null -> known.put(d.target(), d.role());
            case Catalog.RoleRevealed rr -> known.put(rr.player(), rr.role());
            default -> { }
        }
    }

    private static final Pattern FOUND = Pattern.compile("([\\p{L}\\p{N}][\\p{L}\\p{N} _.'-]*?)\\s+is\\s+"
            + "(not\\s+a\\s+werewolf|a\\s+werewolf|a\\s+wolf|human|a\\s+human|a\\s+villager|innocent)",
            Pattern.CASE_INSENSITIVE);

    /**
     * A line said in a room by {@code from}. A line that says its speaker is the seer ("I am the seer: Bob is a
     * werewolf, Carol is human") is a claim; later lines of the same claimant add to it.
     */
    public void chat(String from, String text) {
        if (from == null || text == null || !players.contains(from)) {
            return;
        }
        int lines = spoken.merge(from, 1, Integer::sum);
        String lower = text.toLowerCase(Locale.ROOT);
        boolean claimsSeer = lower.matches(".*\\bi(?:'m| am)(?: the| a)? seer\\b.*");
        if (lines == 1 && !claimsSeer && phase == Phase.DAY) {
            List<String> named = players.stream().filter(p -> !p.equals(from) && mentions(lower, p)).toList();
            if (named.size() == 1) {
                accusations.put(from, named.getFirst());
            }
        }
        Claim before = claims.get(from);
        if (!claimsSeer && before == null) {
            return;
        }
        Map<String, Boolean> found = new LinkedHashMap<>(before == null ? Map.of() : before.found());
        Matcher m = FOUND.matcher(text);
        while (m.find()) {
            String named = lastName(m.group(1));
            if (named != null && !named.equals(from)) {
                found.put(named, m.group(2).toLowerCase(Locale.ROOT).matches("a\\s+(werewolf|wolf)"));
            }
        }
        claims.put(from, new Claim(from, before == null ? day : before.day(), found));
    }

    private static boolean mentions(String lowerText, String player) {
        String p = player.toLowerCase(Locale.ROOT);
        int i = lowerText.indexOf(p);
        while (i >= 0) {
            boolean before = i == 0 || !Character.isLetterOrDigit(lowerText.charAt(i - 1));
            int end = i + p.length();
            boolean after = end >= lowerText.length() || !Character.isLetterOrDigit(lowerText.charAt(end));
            if (before && after) {
                return true;
            }
            i = lowerText.indexOf(p, i + 1);
        }
        return false;
    }

    /** The player a phrase ends with ("so far: Bob" names Bob; "Bob 2" is Bob 2 where both sit). */
    private String lastName(String phrase) {
        String best = null;
        for (String p : players) {
            if ((phrase.equals(p) || phrase.endsWith(" " + p)) && (best == null || p.length() > best.length())) {
                best = p;
            }
        }
        return best;
    }

    /** A line as a seat perceives it ({@code Bob says: "text"}, or {@code Bob (earlier, in the Village) says: "text"}). */
    public void chatLine(String line) {
        String[] said = Text.unsaid(line);
        if (said == null) {
            return;
        }
        String from = said[0];
        int earlier = from.indexOf(" (earlier, in the ");
        if (earlier > 0) {
            Map<String, Integer> now = Map.copyOf(spoken);
            chat(from.substring(0, earlier), said[1]);
            spoken.clear(); // said in a phase that is over: not a word of this one
            spoken.putAll(now);
        } else {
            chat(from, said[1]);
        }
    }

    /** Whether every living player has said at least {@code lines} lines in the room this phase. */
    public boolean allSaid(int lines) {
        return living.stream().allMatch(p -> spoken.getOrDefault(p, 0) >= lines);
    }

    /** Whether anything but today's first lines and the tie-break sets the living apart (a claim, a vote, a fact). */
    public boolean hasEvidence() {
        Map<String, Double> s = suspicion();
        double max = s.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double min = s.values().stream().mapToDouble(Double::doubleValue).min().orElse(0);
        return max - min >= STRAYED;
    }

    /** When this phase began (ms since the epoch; 0: not known). */
    public long began() {
        return deadline == 0 ? 0 : deadline - seconds * 1000L;
    }

    /**
     * The living players a person plays, other than this seat, who have not voted today: while there is one, the bots
     * leave people time to read the table and answer it before they vote (a person's vote says they are ready).
     */
    public List<String> peopleStillReading() {
        Map<String, String> today = votes.getOrDefault(day, Map.of());
        return people.stream().filter(p -> !p.equals(me) && living.contains(p) && !today.containsKey(p)).toList();
    }

    /** When this phase is half over (ms since the epoch; 0: not known). */
    public long halfway() {
        return deadline == 0 ? 0 : deadline - seconds * 500L;
    }

    /** Whether today's outcome (an execution, or none) has been told: the day's votes are over. */
    public boolean dayDecided() {
        return phase == Phase.DAY && decidedDay >= day;
    }

    // --- what it concludes ---------------------------------------------------------------------------------------

    public Role role() {
        return role;
    }

    public int day() {
        return day;
    }

    public Phase phase() {
        return phase;
    }

    public List<String> living() {
        return List.copyOf(living);
    }

    /** The living werewolves of the seat's pack, the seat included if it is one. */
    public List<String> pack() {
        List<String> out = new ArrayList<>();
        if (role == Role.WEREWOLF && living.contains(me)) {
            out.add(me);
        }
        partners.stream().filter(living::contains).forEach(out::add);
        return out;
    }

    /** What the seat knows for sure of a player's role (null: nothing). */
    public Role known(String player) {
        return known.get(player);
    }

    /** The seer claims said so far, in the order they were first made. */
    public List<Claim> claims() {
        return List.copyOf(claims.values());
    }

    /**
     * Claimants the facts every seat knows contradict: one called a werewolf someone the pack murdered, or called
     * the same player a werewolf and human.
     */
    public Set<String> publicLiars() {
        Set<String> out = new LinkedHashSet<>();
        for (Claim c : claims.values()) {
            for (var e : c.found().entrySet()) {
                if (e.getValue() && murdered.contains(e.getKey())) {
                    out.add(c.claimant());
                }
            }
        }
        return out;
    }

    /** Claimants this seat knows to lie: the public liars, and any claim that what the seat knows for sure denies. */
    public Set<String> liars() {
        Set<String> out = publicLiars();
        for (Claim c : claims.values()) {
            if (role == Role.SEER && !c.claimant().equals(me)) {
                out.add(c.claimant()); // there is one seer, and it is this seat
            }
            for (var e : c.found().entrySet()) {
                Role k = known.get(e.getKey());
                if (k != null && k.isWerewolf() != e.getValue()) {
                    out.add(c.claimant());
                }
            }
        }
        return out;
    }

    /** The claimant the village can believe: the one claimant no fact contradicts (null: none, or several). */
    public String trustedSeer() {
        return trusted(publicLiars());
    }

    private String trusted(Set<String> liars) {
        List<String> standing = claims.keySet().stream().filter(c -> !liars.contains(c)).toList();
        return standing.size() == 1 ? standing.getFirst() : null;
    }

    /**
     * The village's suspicion of each living player as anyone reading the table sees it, the private knowledge of no
     * seat in it; higher is more suspect.
     */
    public Map<String, Double> publicSuspicion() {
        return suspicion(publicLiars(), Map.of());
    }

    /** This seat's suspicion of each living player but itself: the public reading and what it knows for sure. */
    public Map<String, Double> suspicion() {
        Map<String, Role> sure = new HashMap<>(known);
        sure.remove(me);
        Map<String, Double> s = suspicion(liars(), sure);
        s.remove(me);
        return s;
    }

    private Map<String, Double> suspicion(Set<String> liars, Map<String, Role> sure) {
        return suspicion(liars, sure, null);
    }

    /** Likewise; {@code why} (when not null) gets each living player's reasons, in words, weightiest first. */
    private Map<String, Double> suspicion(Set<String> liars, Map<String, Role> sure, Map<String, List<Why>> why) {
        Map<String, Double> score = new LinkedHashMap<>();
        long salt = tieBreakSalt();
        for (String p : living) {
            score.put(p, tieBreak(salt, p));
        }
        String trusted = trusted(liars);
        for (Claim c : claims.values()) {
            String who = c.claimant();
            if (liars.contains(who)) {
                score.computeIfPresent(who, (k, v) -> v + LIAR);
                because(why, who, LIAR, "claims the seer, and the facts contradict the claim");
                continue;
            }
            if (who.equals(trusted)) {
                score.computeIfPresent(who, (k, v) -> v + TRUSTED);
                because(why, who, TRUSTED, "the one seer claim nothing contradicts");
                c.found().forEach((t, wolf) -> {
                    score.computeIfPresent(t, (k, v) -> v + (wolf ? ACCUSED_BY_TRUSTED : CLEARED_BY_TRUSTED));
                    because(why, t, wolf ? ACCUSED_BY_TRUSTED : CLEARED_BY_TRUSTED, wolf
                            ? "called a werewolf by " + who + ", the seer claim nothing contradicts"
                            : "called human by " + who + ", the seer claim nothing contradicts");
                });
            } else {
                score.computeIfPresent(who, (k, v) -> v + CONTESTED);
                because(why, who, CONTESTED, "claims the seer against another claim");
                c.found().forEach((t, wolf) -> {
                    if (wolf) {
                        score.computeIfPresent(t, (k, v) -> v + ACCUSED_BY_CONTESTED);
                        because(why, t, ACCUSED_BY_CONTESTED, "called a werewolf by " + who + ", a contested claim");
                    }
                });
            }
        }
        // The votes: who strayed from the day's outcome, and who did not vote out a player shown to be a werewolf.
        for (var d : votes.entrySet()) {
            String out = executed.get(d.getKey());
            if (out == null) {
                continue;
            }
            boolean wolfOut = sure.containsKey(out) ? sure.get(out).isWerewolf()
                    : trusted != null && Boolean.TRUE.equals(claims.get(trusted).found().get(out));
            for (var v : d.getValue().entrySet()) {
                if (!v.getValue().equals(out)) {
                    int add = wolfOut ? DEFENDED_A_WOLF : STRAYED;
                    score.computeIfPresent(v.getKey(), (k, x) -> x + add);
                    because(why, v.getKey(), add, "voted for " + v.getValue() + " on day " + d.getKey() + ", not "
                            + (wolfOut ? "the werewolf " : "") + out + " whom the village executed");
                }
            }
        }
        // Today's first lines: each names a suspect; the most named is where undecided readers' votes meet. A player
        // is weighed by the share of those who could name them that did: a seat whose first line named nobody (a
        // person's "Good morning") could be named by every accuser, and is not singled out for it.
        Map<String, List<String>> namedBy = new LinkedHashMap<>();
        accusations.forEach((from, p) -> namedBy.computeIfAbsent(p, k -> new ArrayList<>()).add(from));
        int accusers = accusations.size();
        namedBy.forEach((p, by) -> {
            int couldName = accusers - (accusations.containsKey(p) ? 1 : 0);
            double add = ACCUSED_TODAY * (double) by.size() * Math.max(1, accusers - 1) / Math.max(1, couldName);
            score.computeIfPresent(p, (k, v) -> v + add);
            because(why, p, (int) Math.round(add), "named today by " + String.join(" and ", by));
        });
        sure.forEach((p, r) -> {
            score.computeIfPresent(p, (k, v) -> v + (r.isWerewolf() ? KNOWN : -KNOWN));
            because(why, p, r.isWerewolf() ? KNOWN : -KNOWN, "you know: " + (r.isWerewolf() ? "a werewolf"
                    : "human (" + r.wire() + ")"));
        });
        if (why != null) {
            why.keySet().retainAll(score.keySet());
            why.values().forEach(l -> l.sort(Comparator.comparingInt((Why w) -> -Math.abs(w.weight()))));
        }
        return score;
    }

    /** A reason in a player's suspicion: its weight (negative: it clears) and what it is, in words. */
    record Why(int weight, String what) {}

    private static void because(Map<String, List<Why>> why, String player, int weight, String what) {
        if (why != null) {
            why.computeIfAbsent(player, k -> new ArrayList<>()).add(new Why(weight, what));
        }
    }

    /** How many suspects, and how many reasons each, a hint names. */
    static final int HINT_SUSPECTS = 3;
    static final int HINT_REASONS = 2;

    /**
     * The reading in words, for a seat that decides by itself (a model seat's hint): the most suspect living players
     * with their reasons, the seer claims and what contradicts them, and what the seat knows for sure; for a werewolf,
     * where the village's votes are heading and which of the pack it points at. Empty before the first day. The same
     * news gives the same text, so a caller can tell whether anything changed.
     */
    public List<String> hint() {
        if (day == 0 || role == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        boolean wolf = role.isWerewolf();
        Map<String, List<Why>> why = new HashMap<>();
        Map<String, Role> sure = new HashMap<>(known);
        sure.remove(me);
        Map<String, Double> scores = wolf ? suspicion(publicLiars(), Map.of(), why) : suspicion(liars(), sure, why);
        scores.remove(me);
        List<String> order = ranked(scores, List.copyOf(scores.keySet()));
        List<String> named = new ArrayList<>();
        for (String p : order) {
            if (named.size() == HINT_SUSPECTS) {
                break;
            }
            if (wolf || known.get(p) == null || known.get(p).isWerewolf()) {
                List<Why> reasons = why.getOrDefault(p, List.of()).stream().filter(w -> w.weight() > 0)
                        .limit(HINT_REASONS).toList();
                named.add(p + (reasons.isEmpty() ? " (nothing against them yet)"
                        : " (" + String.join("; ", reasons.stream().map(Why::what).toList()) + ")"));
            }
        }
        if (!named.isEmpty()) {
            out.add((wolf ? "The village, reading the table, suspects most: " : "Most suspect now: ")
                    + String.join(", ", named) + ".");
        }
        if (wolf) {
            List<String> exposed = pack().stream().filter(p -> !p.equals(me))
                    .filter(p -> order.indexOf(p) >= 0 && order.indexOf(p) < HINT_SUSPECTS).toList();
            if (!exposed.isEmpty()) {
                out.add("Of your pack, the village's reading points at " + String.join(" and ", exposed) + ".");
            }
        }
        for (Claim c : claims.values()) {
            String found = c.found().isEmpty() ? "named nobody yet" : "says " + String.join(", ", c.found().entrySet()
                    .stream().map(e -> e.getKey() + (e.getValue() ? " is a werewolf" : " is human")).toList());
            out.add(c.claimant() + " claims the seer (day " + c.day() + "), " + found
                    + (murdered.contains(c.claimant()) ? "; murdered since" : executed.containsValue(c.claimant())
                    ? "; executed since" : "") + ".");
        }
        for (Claim c : claims.values()) {
            for (var e : c.found().entrySet()) {
                if (e.getValue() && murdered.contains(e.getKey())) {
                    out.add("Contradiction: " + c.claimant() + " called " + e.getKey() + " a werewolf, but the "
                            + "werewolves murdered " + e.getKey() + ".");
                } else if (!wolf && known.containsKey(e.getKey()) && !e.getKey().equals(me)
                        && known.get(e.getKey()).isWerewolf() != e.getValue()) {
                    out.add("Contradiction: " + c.claimant() + " called " + e.getKey() + (e.getValue()
                            ? " a werewolf" : " human") + ", and you know otherwise.");
                }
            }
        }
        if (role == Role.SEER && !divined().isEmpty()) {
            out.add("What you found: " + String.join(", ", divined().entrySet().stream().map(e -> e.getKey()
                    + (e.getValue().isWerewolf() ? " is a werewolf" : " is human")).toList()) + ".");
        }
        return out;
    }

    /**
     * What the day's tie-break is drawn from: what every reader of the table shares (its names, the round, the day, and
     * who named whom in the day's first lines), so that readers agree and a seed replays a game, yet a name's place
     * differs from table to table (from the names and the day alone, one name came first at every table of those
     * names).
     */
    private long tieBreakSalt() {
        return (game + "/" + day + "/" + new java.util.TreeMap<>(accusations)).hashCode() * 0x9E3779B97F4A7C15L;
    }

    /** A number under one, the same for every seat that reads this table on this day of this round. */
    private static double tieBreak(long salt, String player) {
        // Mixed whole (SplitMix64's finalizer), never by a name's letters.
        long z = salt + player.hashCode();
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) / (double) (1L << 53);
    }

    /** The most suspect of {@code among} by {@code scores} (null: none of them is scored). */
    public static String top(Map<String, Double> scores, List<String> among) {
        return among.stream().filter(scores::containsKey)
                .max(Comparator.comparingDouble(scores::get)).orElse(null);
    }

    /** {@code among} from most to least suspect by {@code scores}. */
    public static List<String> ranked(Map<String, Double> scores, List<String> among) {
        return among.stream().filter(scores::containsKey)
                .sorted(Comparator.comparingDouble((String p) -> scores.get(p)).reversed()).toList();
    }

    /**
     * Where the village's votes go today as the table reads in public: the most suspect living player, or, for a
     * reader who is that player, the next (nobody votes for themselves).
     */
    public String villageChoice() {
        List<String> order = ranked(publicSuspicion(), List.copyOf(living));
        return order.isEmpty() ? null : order.getFirst();
    }

    /** What this seat found as the seer, in the order it asked. */
    public Map<String, Role> divined() {
        Map<String, Role> out = new LinkedHashMap<>(known);
        out.remove(me);
        return out;
    }
}
