package maw.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.bench.PersonAtTerminal;
import maw.config.ConfigException;
import maw.config.MawConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw bench person}: a person at a real terminal, against every other seat (docs/BENCHMARKS.md). */
@Command(name = "person", mixinStandardHelpOptions = true,
        header = "How often a person at a real terminal is executed on day 1, against every other seat.",
        description = {"Games of `maw game --humans 1` (you and five rule bots), one after another, each in a terminal",
            "of tmux's, the person's keys typed as a person plays: they read the table, greet it naming nobody,",
            "read again and vote for a player of their own choosing; once day 1's result is shown they quit. How",
            "often the village executed the person on day 1, against every other seat of the same games, with 95%%",
            "Wilson intervals. Needs tmux (apt-get install tmux) and the private ejabberd."})
final class BenchPersonCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--games", defaultValue = "20", description = "games (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--seed", defaultValue = "1", description = "the first game's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--reads", defaultValue = "8", paramLabel = "SECONDS",
            description = "how long the person reads before their first line, and again before they vote (default: "
                    + "${DEFAULT-VALUE})")
    double reads;

    @Option(names = "--name", defaultValue = "Ann", description = "the person's name (default: ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (games < 1 || games > 10_000) {
            throw new ConfigException("invalid value '" + games + "' for --games: expected 1 to 10000");
        }
        if (reads < 0 || reads > 600) {
            throw new ConfigException("invalid value '" + reads + "' for --reads: expected 0 to 600 seconds");
        }
        MawConfig config = options.load();
        if (!maw.bench.Tmux.works()) {
            throw new ConfigException("bench person types at a terminal of tmux's, and tmux is not installed here "
                    + "(apt-get install tmux)");
        }
        Path launcher = Main.Home.path().resolve("maw");
        if (!Files.isExecutable(launcher)) {
            throw new ConfigException("bench person starts its games with " + launcher + ", which is not there");
        }
        Path dir = config.home().resolve("var").resolve("bench").resolve("person-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(dir);
        System.out.printf("bench person: %d games from seed %d, the person reading %.0f s; the games in %s%n", games,
                seed, reads, dir);
        PersonAtTerminal.Result r = new PersonAtTerminal(java.util.List.of(launcher.toString()), options.asArguments(),
                dir, System.out)
                .run(games, seed, Duration.ofMillis(Math.round(reads * 1000)), name);
        System.out.printf("%n%s%n", PersonAtTerminal.summary(r, name));
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>(r.toJson());
            out.put("readsSeconds", reads);
            BenchCommand.printJson(out);
        }
        return 0;
    }
}
