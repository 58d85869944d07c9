package maw.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.app.AgentNetwork;
import maw.bench.PaceBench;
import maw.config.ConfigException;
import maw.config.LlmConfig;
import maw.config.MawConfig;
import maw.game.maw.Pace;
import maw.llm.standin.CostProfile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw bench llm paces}: six model seats on one model server at a real model's speed (docs/BENCHMARKS.md). */
@Command(name = "paces", mixinStandardHelpOptions = true,
        header = "Six model seats on one model server that costs what a real model costs, by the clock and by turns.",
        description = {"Each table: six model seats on one stand-in server of a cost profile (gpu-8b: about 2,000",
            "prompt and 60 answer tokens a second; cpu-8b: 13.6 and 1.0, Llama-3.1-8B on a laptop's CPU) with 1 or",
            "more slots, each keeping its prompt cache. Measured: a seat's time from its turn to its decision (median,",
            "p95), the share of living seats that acted each day, the days that ended by a vote (and, by turns, with",
            "every living seat's vote), the prompt tokens re-read after a seat's first call of a phase, the queue.",
            "A profile run faster (--speed) has every timer of its games shortened alike; times are the model's.",
            "Goals: by turns, one slot, every living seat acts every day and votes in the voting round; re-read <= 20%%",
            "of a prompt; no call waits behind more than one other; a gpu-8b game by turns ends by the rules within 15",
            "minutes; by the clock on gpu-8b, at least 90%% of the living act each day."})
final class BenchLlmPacesCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--profiles", split = ",", defaultValue = "gpu-8b,cpu-8b",
            description = "cost profiles of the model server (default: ${DEFAULT-VALUE})")
    List<String> profiles;

    @Option(names = "--paces", split = ",", defaultValue = "clock,turns",
            description = "paces to play (default: ${DEFAULT-VALUE})")
    List<String> paces;

    @Option(names = "--slots", split = ",", defaultValue = "1,2", description = "the server's slots, a table each "
            + "(default: ${DEFAULT-VALUE})")
    List<Integer> slots;

    @Option(names = "--speed", split = ",", defaultValue = "gpu-8b=1,cpu-8b=20,cpu-0.5b=4,cpu-135m=1",
            description = "how many times "
            + "faster than the profile a table runs, by profile: every timer of its games shortened alike (default: "
            + "${DEFAULT-VALUE})")
    Map<String, Double> speed;

    @Option(names = "--days", split = ",", defaultValue = "gpu-8b=20,cpu-8b=2,cpu-0.5b=20,cpu-135m=20",
            description = "the day cap of "
            + "a table's game, by profile (default: ${DEFAULT-VALUE}: whole games on a GPU, two days on a CPU)")
    Map<String, Integer> days;

    @Option(names = "--day-seconds", defaultValue = "60", description = "by the clock, a day's length in the "
            + "model's seconds (default: ${DEFAULT-VALUE}, ./maw game's)")
    double daySeconds;

    @Option(names = "--night-seconds", defaultValue = "30", description = "by the clock, a night's length "
            + "(default: ${DEFAULT-VALUE})")
    double nightSeconds;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the deal (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        List<CostProfile> costs = new ArrayList<>();
        for (String p : profiles) {
            try {
                costs.add(CostProfile.named(p));
            } catch (IllegalArgumentException e) {
                throw new ConfigException("invalid value '" + p + "' for --profiles: " + e.getMessage());
            }
        }
        List<Pace> ps = new ArrayList<>();
        for (String p : paces) {
            Pace pace = Pace.parse(p);
            if (pace == null) {
                throw new ConfigException("invalid value '" + p + "' for --paces: expected clock or turns");
            }
            ps.add(pace);
        }
        for (int n : slots) {
            if (n < 1 || n > 64) {
                throw new ConfigException("invalid value '" + n + "' for --slots: expected 1 to 64");
            }
        }
        if (!(daySeconds > 0) || !(nightSeconds > 0)) {
            throw new ConfigException("--day-seconds and --night-seconds are more than 0");
        }
        MawConfig config = options.load();
        List<Map<String, Object>> rows = new ArrayList<>();
        try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
            System.out.println("bench llm paces on " + network.describe());
            PaceBench bench = new PaceBench(network.transport(), network::provision, LlmConfig.prompts(config),
                    System.out);
            int table = 0;
            for (CostProfile cost : costs) {
                double k = speed.getOrDefault(cost.name(), 1.0);
                int cap = days.getOrDefault(cost.name(), 20);
                if (!(k > 0) || cap < 1) {
                    throw new ConfigException("--speed is above 0 and --days at least 1 for " + cost.name());
                }
                System.out.printf("%s at %s times its speed, games of at most %d day(s):%n", cost.name(),
                        k == Math.rint(k) ? Long.toString((long) k) : Double.toString(k), cap);
                for (Pace pace : ps) {
                    for (int n : slots) {
                        PaceBench.Run run = bench.play(new PaceBench.Setup(cost, n, pace, k, cap,
                                Duration.ofMillis(Math.round(daySeconds * 1000)),
                                Duration.ofMillis(Math.round(nightSeconds * 1000))), seed, "bench-pace-" + table++
                                + "-");
                        rows.add(run.toJson());
                    }
                }
            }
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("tables", rows);
                out.put("server", network.describe());
                BenchCommand.printJson(out);
            }
            return 0;
        }
    }
}
