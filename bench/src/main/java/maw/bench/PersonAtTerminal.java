package maw.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A person at a real terminal: whole games of {@code maw game --humans 1}, each in a terminal of tmux's, the person's
 * keys typed as a person plays (they read the table for a while, greet it naming nobody, read again, and vote for a
 * player of their own choosing), and how often the village executes the person on day 1 against every other seat of
 * the same games. The person quits once day 1's result is shown.
 */
public final class PersonAtTerminal {

    /** The games' counts. */
    public record Result(int games, int personDay1, int others, int othersDay1, int nobodyDay1) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("games", games);
            m.put("personExecutedDay1", rate(personDay1, games));
            m.put("othersExecutedDay1", rate(othersDay1, others));
            m.put("nobodyExecutedDay1", nobodyDay1);
            return m;
        }

        private static Map<String, Object> rate(int k, int n) {
            double[] i = StrengthBench.wilson(k, n);
            return Map.of("rate", Figures.round(n == 0 ? 0 : (double) k / n), "interval95",
                    List.of(Figures.round(i[0]), Figures.round(i[1])));
        }
    }

    private static final Pattern DAY_ONE = Pattern.compile("Day 1 begins\\. Living: ([^.]+)\\.");
    private static final Pattern PARTNERS = Pattern.compile("Your fellow werewolves: ([^.]+)\\.");
    private static final Pattern RESULT = Pattern.compile(
            "The village executes (\\S+) \\(|Nobody is executed today|You were executed by the village");

    private final List<String> maw;
    private final List<String> settings;
    private final Path dir;
    private final PrintStream out;

    /**
     * @param maw      the command that runs maw (the {@code maw} script, or a JVM with its class path)
     * @param settings the settings options each game is given (where the server is)
     * @param dir      where the games' journals go
     */
    public PersonAtTerminal(List<String> maw, List<String> settings, Path dir, PrintStream out) {
        this.maw = List.copyOf(maw);
        this.settings = List.copyOf(settings);
        this.dir = dir;
        this.out = out;
    }

    /** {@code games} games from {@code seed}, one after another, the person called {@code name}. */
    public Result run(int games, long seed, Duration reads, String name) throws Exception {
        int personDay1 = 0;
        int others = 0;
        int othersDay1 = 0;
        int nobody = 0;
        for (int g = 0; g < games; g++) {
            long s = seed + g;
            Played p = play(s, reads, name, "g" + s);
            others += p.players - 1;
            if (p.executed == null) {
                nobody++;
            } else if (p.executed.equals(name)) {
                personDay1++;
            } else {
                othersDay1++;
            }
            out.printf("  game %d of %d (seed %d, %s): %s; %s executed on day 1 in %d of %d so far%n", g + 1, games, s,
                    p.role, p.executed == null ? "nobody executed on day 1" : "the village executes " + p.executed,
                    name, personDay1, g + 1);
        }
        return new Result(games, personDay1, others, othersDay1, nobody);
    }

    private record Played(int players, String executed, String role) {}

    private Played play(long seed, Duration reads, String name, String game) throws Exception {
        List<String> cmd = new ArrayList<>(maw);
        cmd.addAll(List.of("game", "--humans", "1", "--name", name, "--seed", Long.toString(seed), "--out",
                dir.resolve(game).toString()));
        cmd.addAll(settings);
        String line = cmd.stream().map(PersonAtTerminal::quote).collect(Collectors.joining(" "))
                + "; echo EXITED $?; sleep 30";
        try (Tmux t = new Tmux("bench-person")) {
            t.start(160, 50, line);
            Matcher day = t.waitFor(DAY_ONE, Duration.ofMinutes(2));
            List<String> living = Arrays.stream(day.group(1).split(",")).map(String::strip).toList();
            Matcher pack = PARTNERS.matcher(t.pane());
            List<String> partners = pack.find() ? Arrays.stream(pack.group(1).split(",")).map(String::strip).toList()
                    : List.of();
            String role = partners.isEmpty() ? "not a werewolf" : "a werewolf";
            // A person reads what the table says, greets it without naming anyone, reads again, and votes.
            Thread.sleep(reads.toMillis());
            if (!RESULT.matcher(t.pane()).find()) {
                t.line("Good morning.");
                Thread.sleep(reads.toMillis());
            }
            if (!RESULT.matcher(t.pane()).find()) {
                List<String> choices = living.stream().filter(p -> !p.equals(name) && !partners.contains(p)).toList();
                t.line("/vote " + choices.get(new SplittableRandom(seed).nextInt(choices.size())));
            }
            Matcher result = t.waitFor(RESULT, Duration.ofMinutes(2));
            String executed = result.group().startsWith("You were executed") ? name : result.group(1);
            t.line("/quit");
            t.waitFor(Pattern.compile("EXITED \\d+"), Duration.ofMinutes(1));
            return new Played(living.size(), executed, role);
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** The line a report prints. */
    public static String summary(Result r, String name) {
        double[] p = StrengthBench.wilson(r.personDay1, r.games);
        double[] o = StrengthBench.wilson(r.othersDay1, r.others);
        return String.format(Locale.ROOT, "%s (a person at a terminal) executed on day 1 in %d of %d games: %.3f "
                + "[%.3f, %.3f]; any other seat of the same games %.3f [%.3f, %.3f]; ratio %.2f; nobody executed on "
                + "day 1 in %d", name, r.personDay1, r.games, (double) r.personDay1 / r.games, p[0], p[1],
                (double) r.othersDay1 / r.others, o[0], o[1], ((double) r.personDay1 / r.games)
                        / Math.max(1e-9, (double) r.othersDay1 / r.others), r.nobodyDay1);
    }
}
