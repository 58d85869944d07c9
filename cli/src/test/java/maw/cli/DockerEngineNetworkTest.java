package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docker/engine start} and {@code stop} put the network back as they found it, on a machine that had no
 * iptables tables at all (a fresh machine, where installing docker.io brings iptables but nothing has made a table
 * yet): the cycle runs in a network namespace of the test's own, which starts with none, with its own engine
 * directories beside whatever engine the suite runs. Skipped, saying why, where no engine can run (not root, no
 * dockerd, no network namespaces).
 */
class DockerEngineNetworkTest {

    private static final Path ENGINE = TestXmpp.home().resolve("docker/engine");

    @TempDir
    Path dir;

    private Path cache;

    @Test
    void startAndStopLeaveANamespaceWithoutTablesAsItWas() throws Exception {
        cycle(false);
    }

    /**
     * Where the tables cannot be removed (an {@code nft} that fails stands in for a machine without one), stop empties
     * them: left accepting everything, they filter nothing, and the network counts as it was.
     */
    @Test
    void tablesThatCanOnlyBeEmptiedAreLeftEmptyAndTheNetworkCountsAsItWas() throws Exception {
        cycle(true);
    }

    private void cycle(boolean noNft) throws Exception {
        Assumptions.assumeTrue("0".equals(run(List.of("id", "-u")).out().strip()), "not root: dockerd needs root");
        Assumptions.assumeTrue(run(List.of("sh", "-c", "command -v dockerd && command -v iptables")).code() == 0,
                "no dockerd or iptables here (./maw test installs docker.io as root)");
        String ns = "maw-net-" + ProcessHandle.current().pid();
        Result added = run(List.of("ip", "netns", "add", ns));
        Assumptions.assumeTrue(added.code() == 0, () -> "no network namespaces here: " + added.out().strip());
        try {
            assertThat(inside(ns, "iptables-save").out()).as("a namespace starts without tables")
                    .doesNotContain("*filter").doesNotContain("*nat");
            inside(ns, "ip", "link", "set", "lo", "up");
            String forwarding = inside(ns, "sysctl", "-n", "net.ipv4.ip_forward").out().strip();
            // Its own engine directories (dockerd's data on /var/tmp, a disk, as the suite's engine has it).
            Path run = dir.resolve("run");
            cache = Files.createTempDirectory(Path.of("/var/tmp"), "maw-engine-test");
            List<String> env = new ArrayList<>(List.of("env", "MAW_DOCKER_RUN=" + run, "MAW_DOCKER_CACHE=" + cache,
                    "MAW_DOCKER_LOG=" + dir.resolve("dockerd.log")));
            if (noNft) {
                Path bin = Files.createDirectories(dir.resolve("bin"));
                Path nft = bin.resolve("nft");
                Files.writeString(nft, "#!/bin/sh\nexit 1\n");
                nft.toFile().setExecutable(true);
                env.add("PATH=" + bin + ":" + System.getenv("PATH"));
            }
            Result start = run(inside(ns, concat(env, ENGINE.toString(), "start")));
            Assumptions.assumeTrue(start.code() != 3, () -> "no Docker engine can run here: " + start.out().strip());
            try {
                assertThat(start.code()).as(start.out()).isZero();
                assertThat(start.out()).contains("DOCKER_HOST=unix://" + run.resolve("docker.sock"));
                // The engine did change the namespace: the cycle has something to put back.
                String during = inside(ns, "iptables-save").out();
                assertThat(during).as("dockerd's tables").contains("*filter").contains("DOCKER");
                assertThat(inside(ns, "ip", "-o", "link", "show", "type", "bridge").out()).contains("docker0");
            } finally {
                Result stop = run(inside(ns, concat(env, ENGINE.toString(), "stop")));
                assertThat(stop.code()).as(stop.out()).isZero();
                assertThat(stop.out()).contains("the network is as it was before the engine started");
                if (noNft) {
                    assertThat(stop.out()).contains("tables dockerd made, emptied");
                }
            }
            String after = inside(ns, "iptables-save").out();
            if (noNft) {
                assertThat(after).as("tables left, but empty and accepting").doesNotContain("DOCKER")
                        .doesNotContain("DROP").doesNotContain("-A ");
            } else {
                assertThat(after).as("no table is left behind").doesNotContain("*");
            }
            assertThat(inside(ns, "ip", "-o", "link", "show", "type", "bridge").out()).isBlank();
            assertThat(inside(ns, "sysctl", "-n", "net.ipv4.ip_forward").out().strip()).isEqualTo(forwarding);
        } finally {
            run(List.of("ip", "netns", "del", ns));
        }
    }

    @org.junit.jupiter.api.AfterEach
    void removeTheEnginesData() throws Exception {
        if (cache != null) {
            run(List.of("rm", "-rf", cache.toString()));
        }
    }

    private static List<String> concat(List<String> head, String... tail) {
        List<String> out = new ArrayList<>(head);
        out.addAll(List.of(tail));
        return out;
    }

    /**
     * {@code command} in the namespace's network only ({@code nsenter --net}): {@code ip netns exec} would also mount
     * a sysfs of the namespace's own over /sys, hiding the cgroups dockerd needs.
     */
    private static List<String> inside(String ns, List<String> command) {
        List<String> out = new ArrayList<>(List.of("nsenter", "--net=/run/netns/" + ns));
        out.addAll(command);
        return out;
    }

    private Result inside(String ns, String... command) throws Exception {
        return run(inside(ns, List.of(command)));
    }

    private record Result(int code, String out) {}

    private Result run(List<String> command) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not finish within 3 minutes: " + Files.readString(out));
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }
}
