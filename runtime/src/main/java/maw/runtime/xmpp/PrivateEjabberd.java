package maw.runtime.xmpp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The project's private ejabberd, driven through {@code xmpp-config/maw-xmpp} so that the JVM and the shell use one
 * implementation: start (installing the package when needed), stop, status and bulk account provisioning. One
 * instance, or a cluster of nodes on this machine ({@link #cluster}), node K on the K-th loopback address from the
 * first, all on the same ports, their accounts in one replicated database.
 */
public final class PrivateEjabberd {

    private final Path script;
    private final Path home;
    private final int port;
    private final int httpPort;
    private final int distPort;
    private final String domain;
    private final Consumer<String> output;
    /** A cluster's nodes (0: one instance), and its first node's address. */
    private final int nodes;
    private final String firstAddress;

    /**
     * @param script   {@code xmpp-config/maw-xmpp}
     * @param home     the instance directory
     * @param output   where the script's progress lines go
     */
    public PrivateEjabberd(Path script, Path home, int port, int httpPort, int distPort, String domain,
            Consumer<String> output) {
        this(script, home, port, httpPort, distPort, domain, 0, "127.0.0.1", output);
    }

    private PrivateEjabberd(Path script, Path home, int port, int httpPort, int distPort, String domain,
            int nodes, String firstAddress, Consumer<String> output) {
        this.script = Objects.requireNonNull(script, "script");
        this.home = Objects.requireNonNull(home, "home").toAbsolutePath();
        this.port = port;
        this.httpPort = httpPort;
        this.distPort = distPort;
        this.domain = Objects.requireNonNull(domain, "domain");
        this.output = output == null ? line -> {} : output;
        this.nodes = nodes;
        this.firstAddress = Objects.requireNonNull(firstAddress, "firstAddress");
    }

    /**
     * A cluster of {@code nodes} nodes on this machine, in {@code home} ({@code node1}, {@code node2}, ...), node K
     * listening on the K-th loopback address from {@code firstAddress}.
     */
    public static PrivateEjabberd cluster(Path script, Path home, int port, int httpPort, int distPort, String domain,
            int nodes, String firstAddress, Consumer<String> output) {
        if (nodes < 1) {
            throw new IllegalArgumentException("a cluster needs a node");
        }
        return new PrivateEjabberd(script, home, port, httpPort, distPort, domain, nodes, firstAddress, output);
    }

    /** Whether this is a cluster of nodes. */
    public boolean isCluster() {
        return nodes > 0;
    }

    /** The addresses the nodes listen on: the one instance's loopback, or each node's of the cluster. */
    public List<String> addresses() {
        if (nodes == 0) {
            return List.of("127.0.0.1");
        }
        String[] parts = firstAddress.split("\\.");
        int last = Integer.parseInt(parts[3]);
        List<String> out = new ArrayList<>();
        for (int k = 0; k < nodes; k++) {
            out.add(parts[0] + "." + parts[1] + "." + parts[2] + "." + (last + k));
        }
        return out;
    }

    /** The directory of the instance that holds the certificate and the provisioner's secret (a cluster's first). */
    private Path firstHome() {
        return nodes == 0 ? home : home.resolve("node1");
    }

    public Path home() {
        return home;
    }

    public int port() {
        return port;
    }

    public String domain() {
        return domain;
    }

    public int httpPort() {
        return httpPort;
    }

    public int distPort() {
        return distPort;
    }

    /** The instance's certificate, which clients trust explicitly. */
    public Path certificate() {
        return firstHome().resolve("tls").resolve("cert.pem");
    }

    /** How agents connect to this instance. */
    public XmppSettings clientSettings() {
        return new XmppSettings(addresses().stream().map(a -> new XmppSettings.Node(a, port)).toList(), domain,
                XmppSettings.Tls.REQUIRED, certificate(), Duration.ofSeconds(10), Duration.ofSeconds(1));
    }

    /**
     * Starts the instance, or reuses it if it already runs; returns once it accepts logins: true when this call
     * started it.
     */
    public boolean start() throws IOException {
        List<String> args = nodes == 0 ? List.of("start")
                : List.of("cluster", "start", "--nodes", Integer.toString(nodes), "--first-address", firstAddress);
        List<String> lines = run(args, Duration.ofMinutes(10), false).lines();
        return nodes == 0 ? lines.stream().noneMatch(l -> l.contains("already running on"))
                : lines.stream().anyMatch(l -> l.contains("private ejabberd ready on"));
    }

    public void stop() throws IOException {
        run(nodes == 0 ? List.of("stop") : List.of("cluster", "stop"), Duration.ofSeconds(60 + 30L * nodes), false);
    }

    /**
     * What {@code status} says: a line for the instance, or for each node of a cluster (running or stopped, its
     * connections, and the nodes it sees).
     */
    public List<String> status() throws IOException {
        return run(nodes == 0 ? List.of("status") : List.of("cluster", "status"), Duration.ofSeconds(30), true)
                .lines();
    }

    /**
     * The CPU time the instance's processes have used so far (a cluster's nodes together), as the operating system
     * counts it; empty where a node's process cannot be found or its time read (it is not running, or not here).
     */
    public java.util.Optional<Duration> cpuTime() {
        List<Path> homes = new java.util.ArrayList<>();
        if (nodes == 0) {
            homes.add(home);
        } else {
            for (int k = 1; k <= nodes; k++) {
                homes.add(home.resolve("node" + k));
            }
        }
        Duration total = Duration.ZERO;
        for (Path h : homes) {
            try {
                long pid = Long.parseLong(java.nio.file.Files.readString(h.resolve("ejabberd.pid")).strip());
                java.util.Optional<Duration> cpu = ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration());
                if (cpu.isEmpty()) {
                    return java.util.Optional.empty();
                }
                total = total.plus(cpu.get());
            } catch (IOException | NumberFormatException e) {
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(total);
    }

    /** Whether it runs (a cluster: every node). */
    public boolean isRunning() throws IOException {
        return run(nodes == 0 ? List.of("status") : List.of("cluster", "status"), Duration.ofSeconds(30), true)
                .code() == 0;
    }

    /** The instance's account API, as its provisioner (whose password only the instance's owner can read). */
    public EjabberdApi api() throws IOException {
        return new EjabberdApi("http://" + addresses().getFirst() + ":" + httpPort + "/api", domain,
                EjabberdApi.readSecret(firstHome().resolve("tls").resolve("provisioner.secret")));
    }

    /** Creates the accounts, or resets their passwords if they exist, in one bulk call. */
    public void register(Map<String, String> accounts) throws IOException {
        if (accounts.isEmpty()) {
            return;
        }
        Files.createDirectories(home);
        Path file = Files.createTempFile(home, "accounts", ".txt",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            StringBuilder sb = new StringBuilder();
            accounts.forEach((name, password) -> sb.append(name).append(':').append(password).append('\n'));
            Files.writeString(file, sb, StandardCharsets.UTF_8);
            run(firstHome(), List.of("register", "--file", file.toString()), Duration.ofMinutes(2), false);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private record Ran(int code, List<String> lines) {}

    private Ran run(List<String> args, Duration timeout, boolean exitCodeIsAnswer) throws IOException {
        return run(home, args, timeout, exitCodeIsAnswer);
    }

    private Ran run(Path home, List<String> args, Duration timeout, boolean exitCodeIsAnswer) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(script.toString());
        cmd.addAll(List.of("--home", home.toString(), "--port", Integer.toString(port), "--http-port",
                Integer.toString(httpPort), "--dist-port", Integer.toString(distPort), "--domain", domain));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        p.getOutputStream().close();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.add(line);
                output.accept(line);
            }
        }
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException("maw-xmpp " + String.join(" ", args) + " did not finish within " + timeout);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running maw-xmpp " + args.get(0), e);
        }
        int code = p.exitValue();
        if (code != 0 && !exitCodeIsAnswer) {
            throw new IOException("maw-xmpp " + args.get(0) + " failed (exit " + code + "): "
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
        }
        return new Ran(code, lines);
    }
}
