package maw.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long a command takes from the moment it is typed until it has printed and ended, as a person runs it: whole
 * processes, one after another in turn (the same number of each, so that a machine's passing load falls on all), each
 * one's wall time and CPU (its own and its children's: the launcher's shell, the JVM). The floor is a bare JVM that
 * prints its version, the least any Java command can take; each command's figures are given as a ratio to it.
 */
public final class StartBench {

    /** One command to time: its label, the process it runs, and what it adds to the environment. */
    public record Probe(String label, List<String> command, Map<String, String> env) {
        public Probe {
            command = List.copyOf(command);
            env = Map.copyOf(env);
        }

        public Probe(String label, List<String> command) {
            this(label, command, Map.of());
        }
    }

    /** A command's times over the runs, in seconds, in the order taken. */
    public record Times(String label, List<Double> wall, List<Double> cpu) {

        public double medianWall() {
            return median(wall);
        }

        public double medianCpu() {
            return median(cpu);
        }

        public Map<String, Object> toJson(Times floor) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("wallMedianSeconds", Figures.round(medianWall()));
            m.put("wallMinSeconds", Figures.round(wall.stream().mapToDouble(Double::doubleValue).min().orElse(0)));
            m.put("wallMaxSeconds", Figures.round(wall.stream().mapToDouble(Double::doubleValue).max().orElse(0)));
            m.put("cpuMedianSeconds", Figures.round(medianCpu()));
            if (floor != null && floor != this) {
                m.put("wallToBareJvm", Figures.round(medianWall() / floor.medianWall()));
            }
            return m;
        }
    }

    private final PrintStream out;

    public StartBench(PrintStream out) {
        this.out = out;
    }

    /**
     * Runs every probe {@code runs} times, in turn, after one warm-up round (the file cache); the first probe is the
     * floor the others are compared with.
     */
    public List<Times> run(List<Probe> probes, int runs, Path dir) throws IOException, InterruptedException {
        List<List<Double>> wall = new ArrayList<>();
        List<List<Double>> cpu = new ArrayList<>();
        for (int p = 0; p < probes.size(); p++) {
            wall.add(new ArrayList<>());
            cpu.add(new ArrayList<>());
        }
        for (int r = -1; r < runs; r++) {
            for (int p = 0; p < probes.size(); p++) {
                double[] t = once(probes.get(p), dir);
                if (r >= 0) {
                    wall.get(p).add(t[0]);
                    cpu.get(p).add(t[1]);
                }
            }
            if (r >= 0) {
                out.printf(Locale.ROOT, "run %d of %d: %s%n", r + 1, runs, String.join(", ", probes.stream()
                        .map(pr -> String.format(Locale.ROOT, "%s %.2f s", pr.label(),
                                wall.get(probes.indexOf(pr)).getLast())).toList()));
            }
        }
        List<Times> out = new ArrayList<>();
        for (int p = 0; p < probes.size(); p++) {
            out.add(new Times(probes.get(p).label(), List.copyOf(wall.get(p)), List.copyOf(cpu.get(p))));
        }
        return out;
    }

    /** One process of {@code probe}: its wall time and its CPU (with its children's), in seconds. */
    private static double[] once(Probe probe, Path dir) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(probe.command()).directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("COLUMNS", "120");
        pb.environment().putAll(probe.env());
        long cpuBefore = childrenCpuTicks();
        long t0 = System.nanoTime();
        Process process = pb.start();
        int rc = process.waitFor();
        long wall = System.nanoTime() - t0;
        // The JDK reaps the process before waitFor returns: its time (and that of the children it waited for) is in
        // this process's children's time by then.
        long cpu = childrenCpuTicks() - cpuBefore;
        if (rc != 0) {
            throw new IOException(String.join(" ", probe.command()) + " ended with " + rc);
        }
        return new double[] {wall / 1e9, cpu / (double) TICKS};
    }

    /** The kernel reports times in these ticks a second (USER_HZ, which Linux fixes at 100 for /proc). */
    private static final int TICKS = 100;

    /** The CPU of this process's reaped children, user and system, in ticks (0 where /proc is not there). */
    static long childrenCpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // After the command's name (in parentheses, which may hold spaces): state is field 3, cutime 16, cstime 17.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[13]) + Long.parseLong(f[14]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (a.length == 0) {
            return 0;
        }
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    /** The figures as a table, one line a command. */
    public static String table(List<Times> times) {
        Times floor = times.getFirst();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-34s %22s %9s %12s%n", "command",
                "wall, median (min-max)", "CPU", "to bare JVM"));
        for (Times t : times) {
            double min = t.wall().stream().mapToDouble(Double::doubleValue).min().orElse(0);
            double max = t.wall().stream().mapToDouble(Double::doubleValue).max().orElse(0);
            b.append(String.format(Locale.ROOT, "%-34s %8.2f s (%.2f-%.2f) %7.2f s %12s%n", t.label(),
                    t.medianWall(), min, max, t.medianCpu(), t == floor ? "1" : String.format(Locale.ROOT, "%.2f",
                            t.medianWall() / floor.medianWall())));
        }
        return b.toString();
    }

    /** The command line of a JVM like this one running {@code mainClass} with {@code args}. */
    public static List<String> java(String javaBin, List<String> jvmArgs, String classPath, String mainClass,
            String... args) {
        List<String> c = new ArrayList<>();
        c.add(javaBin);
        c.addAll(jvmArgs);
        c.add("-cp");
        c.add(classPath);
        c.add(mainClass);
        c.addAll(Arrays.asList(args));
        return c;
    }
}
