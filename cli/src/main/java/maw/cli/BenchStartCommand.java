package maw.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.bench.StartBench;
import maw.config.ConfigException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code maw bench start}: how long a command takes to print and end, against a bare JVM (docs/BENCHMARKS.md). */
@Command(name = "start", mixinStandardHelpOptions = true,
        header = "How long ./maw --help and other short commands take, against a bare JVM, in the same run.",
        description = {"Runs `./maw --help`, `./maw game --help` and `./maw --version` through the launcher as a person",
            "does, in turn with a bare JVM that prints its version (the least a Java command can take), N times each",
            "after a warm-up round; reports each one's wall time (median, min-max), its CPU with its children's, and",
            "its ratio to the bare JVM; and `game --help` with the JVM's both compilers, against the quick one alone",
            "that the launcher chooses for a page of help. With --against, also `--help` on this build's JVM and on",
            "another build's (a checkout or its cli/target directory), in the same turns. Target: `./maw --help`",
            "under 0.5 s of wall time on a quiet machine."})
final class BenchStartCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "9", description = "times each command is run (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--against", paramLabel = "DIR",
            description = "another build to compare `--help` with: a checkout, or its cli/target directory")
    Path against;

    @Option(names = "--json", description = "print the figures as one JSON object on the last line")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (runs < 1 || runs > 1000) {
            throw new ConfigException("invalid value '" + runs + "' for --runs: expected 1 to 1000");
        }
        Path home = Main.Home.path();
        Path launcher = home.resolve("maw");
        if (!Files.isExecutable(launcher)) {
            throw new ConfigException("bench start runs " + launcher + ", which is not there");
        }
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<String> jvm = List.of("--enable-native-access=ALL-UNNAMED", "-Dmaw.home=" + home);
        List<StartBench.Probe> probes = new ArrayList<>();
        probes.add(new StartBench.Probe("bare JVM (java -version)", List.of(javaBin, "-version")));
        probes.add(new StartBench.Probe("./maw --help", List.of(launcher.toString(), "--help")));
        probes.add(new StartBench.Probe("./maw game --help", List.of(launcher.toString(), "game", "--help")));
        probes.add(new StartBench.Probe("./maw --version", List.of(launcher.toString(), "--version")));
        // What the launcher's choice of the quick compiler alone for a page of help saves: the same with both.
        probes.add(new StartBench.Probe("./maw game --help, both compilers", List.of(launcher.toString(), "game",
                "--help"), Map.of("MAW_JAVA_OPTS", "-XX:TieredStopAtLevel=4")));
        if (against != null) {
            Path other = Files.isRegularFile(against.resolve("maw.jar")) ? against : against.resolve("cli/target");
            if (!Files.isRegularFile(other.resolve("maw.jar")) || !Files.isDirectory(other.resolve("lib"))) {
                throw new ConfigException("invalid value '" + against + "' for --against: no maw.jar and lib/ there "
                        + "(give a built checkout, or its cli/target directory)");
            }
            Path mine = home.resolve("cli/target");
            probes.add(new StartBench.Probe("--help, this build's JVM", StartBench.java(javaBin, jvm,
                    mine.resolve("maw.jar") + ":" + mine.resolve("lib") + "/*", "maw.cli.Main", "--help")));
            probes.add(new StartBench.Probe("--help, the other build's JVM", StartBench.java(javaBin, jvm,
                    other.resolve("maw.jar") + ":" + other.resolve("lib") + "/*", "maw.cli.Main", "--help")));
        }
        System.out.printf("bench start: %d runs of %d commands in turn, on %d cores%n", runs, probes.size(),
                Runtime.getRuntime().availableProcessors());
        List<StartBench.Times> times = new StartBench(System.out).run(probes, runs, home);
        System.out.printf("%n%s", StartBench.table(times));
        double help = times.get(1).medianWall();
        System.out.printf("./maw --help: %.2f s of wall time at the median   (target: under 0.5 s on a quiet machine)%n",
                help);
        System.out.printf("./maw game --help, the quick compiler alone / both: %.2f of the wall time, %.2f of the "
                + "CPU%n", times.get(2).medianWall() / times.get(4).medianWall(),
                times.get(2).medianCpu() / Math.max(1e-9, times.get(4).medianCpu()));
        if (against != null) {
            System.out.printf("--help, this build / the other: %.2f of the wall time, %.2f of the CPU%n",
                    times.get(5).medianWall() / times.get(6).medianWall(),
                    times.get(5).medianCpu() / Math.max(1e-9, times.get(6).medianCpu()));
        }
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("runs", runs);
            for (StartBench.Times t : times) {
                out.put(t.label(), t.toJson(times.getFirst()));
            }
            BenchCommand.printJson(out);
        }
        return 0;
    }
}
