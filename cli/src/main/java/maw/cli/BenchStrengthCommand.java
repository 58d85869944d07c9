package maw.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import maw.bench.StrengthBench;
import maw.config.ConfigException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code maw bench strength}: how well the rule seats play (docs/BENCHMARKS.md, "Play strength"). */
@Command(name = "strength", mixinStandardHelpOptions = true,
        header = "How well the rule seats play, against random-but-legal seats in the same run.",
        description = {"For MAW's game (6 and 12 players, with and without the seer, under the GameMaster in this",
            "JVM), AIWolf's protocol game (5 and 15 players) and the NLP contest's (5 players, plain English), on the",
            "rule engine: rule seats on both sides, rule villagers against random werewolves, random villagers",
            "against rule werewolves, random on both sides. The village's win rate and each role's, with 95%% Wilson",
            "intervals. Then, at MAW's tables, how the bots treat a person: one seat (a different one each game) a",
            "rule bot flagged as a person, who names a suspect first or names nobody, against a table of bots alone;",
            "how often that seat is executed on day 1 and at all, against every other seat."})
final class BenchStrengthCommand implements Callable<Integer> {

    @Option(names = "--games", defaultValue = "200", description = "games per table (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--seed", defaultValue = "1", description = "the first game's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--maw-players", split = ",", defaultValue = "6,12", description = "MAW table sizes "
            + "(default: ${DEFAULT-VALUE}; 0: no MAW tables)")
    int[] mawPlayers;

    @Option(names = "--werewolves", defaultValue = "0", description = "werewolves at MAW's tables (default: "
            + "the design's third of the players)")
    int werewolves;

    @Option(names = "--no-aiwolf", description = "leave AIWolf's games out")
    boolean noAiwolf;

    @Option(names = "--no-fairness", description = "leave out the table of how the bots treat a person")
    boolean noFairness;

    @Option(names = "--fairness-only", description = "only the table of how the bots treat a person")
    boolean fairnessOnly;

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (games < 1 || games > 1_000_000) {
            throw new ConfigException("invalid value '" + games + "' for --games: expected 1 to 1000000");
        }
        int[] sizes = Arrays.stream(mawPlayers).filter(n -> n != 0).toArray();
        for (int n : sizes) {
            if (n < 3 || n > 60 || (werewolves > 0 && werewolves * 2 >= n)) {
                throw new ConfigException("invalid value '" + n + "' for --maw-players: expected 3 to 60, and "
                        + "more than twice --werewolves");
            }
        }
        if (werewolves < 0) {
            throw new ConfigException("invalid value '" + werewolves + "' for --werewolves: expected 0 or more");
        }
        StrengthBench bench = new StrengthBench(System.out);
        List<StrengthBench.Tally> rows = new ArrayList<>();
        System.out.printf(Locale.ROOT, "%,d games per table%n", games);
        if (fairnessOnly && (noFairness || sizes.length == 0)) {
            throw new ConfigException("invalid value for --fairness-only: it needs MAW's tables (--maw-players) and "
                    + "the fairness table (no --no-fairness)");
        }
        if (sizes.length > 0 && !fairnessOnly) {
            rows.addAll(bench.maw(sizes, games, seed, werewolves));
        }
        if (!noAiwolf && !fairnessOnly) {
            rows.addAll(bench.aiwolf(games, seed));
        }
        List<maw.bench.PersonFairness.Row> fairness = List.of();
        if (sizes.length > 0 && !noFairness) {
            System.out.println("a person at MAW's table: how often their seat is executed (95% intervals)");
            fairness = new maw.bench.PersonFairness(System.out).run(sizes, games, seed, werewolves);
        }
        if (json) {
            LinkedHashMap<String, Object> all = new LinkedHashMap<>(StrengthBench.toJson(rows));
            all.putAll(maw.bench.PersonFairness.toJson(fairness));
            BenchCommand.printJson(all);
        }
        return 0;
    }
}
