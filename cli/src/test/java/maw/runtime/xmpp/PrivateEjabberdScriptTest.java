package maw.runtime.xmpp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** xmpp-config/maw-xmpp's answers to bad requests, which need no running server. */
class PrivateEjabberdScriptTest {

    @TempDir
    Path home;

    record Run(int exit, String output) {}

    private Run script(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(TestXmpp.home().resolve("xmpp-config/maw-xmpp").toString());
        cmd.addAll(List.of("--home", home.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    @Test
    void statusOfAStoppedInstanceSaysSoWithExitCode3() throws Exception {
        Run r = script("--port", "15999", "status");
        assertThat(r.exit()).isEqualTo(3);
        assertThat(r.output()).contains("stopped");
    }

    @Test
    void badAccountsAreRefusedBeforeAnythingIsSent() throws Exception {
        Run badName = script("register", "Bad Name:secret");
        assertThat(badName.exit()).isEqualTo(1);
        assertThat(badName.output()).contains("invalid account name 'Bad Name'");
        Run badPassword = script("register", "alice:has space");
        assertThat(badPassword.output()).contains("invalid password for 'alice'");
        Run noColon = script("register", "alice");
        assertThat(noColon.output()).contains("'alice' is not NAME:PASSWORD");
    }

    @Test
    void registeringOnAStoppedInstanceSaysToStartIt() throws Exception {
        Run r = script("--port", "15998", "register", "alice:secret");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.output()).contains("is not running").contains("maw-xmpp start");
    }

    @Test
    void aPortTakenByAnotherProgramIsNamed() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Run r = script("--port", Integer.toString(taken.getLocalPort()), "--http-port", "0", "start");
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.output()).contains("invalid port '0'");
            r = script("--port", Integer.toString(taken.getLocalPort()), "start");
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.output()).contains("port " + taken.getLocalPort() + " on 127.0.0.1 is taken by another program");
        }
    }

    @Test
    void anUnknownCommandOrOptionIsNamed() throws Exception {
        assertThat(script("launch").output()).contains("unknown command: launch");
        assertThat(script("--prot", "1", "start").output()).contains("unknown option: --prot");
    }

    /**
     * A fresh machine's unattended upgrades hold the package lock in its first minutes: an install waits for it (with
     * a message, and apt-get's bounded wait) instead of failing, and goes on once the lock is let go. The test holds
     * dpkg's own lock (as apt-get takes it) while the script installs a package that is already here.
     */
    @Test
    void anInstallWaitsWhileAnotherAptGetHoldsThePackageLock() throws Exception {
        Path lock = Path.of("/var/lib/dpkg/lock-frontend");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(lock) && Files.isExecutable(
                Path.of("/usr/bin/apt-get")), "holding the package lock needs Debian's apt-get and root");
        Path out = home.resolve("install.out");
        Process p;
        long held;
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(lock,
                java.nio.file.StandardOpenOption.WRITE); java.nio.channels.FileLock taken = ch.lock()) {
            assertThat(taken.isValid()).isTrue();
            long t0 = System.nanoTime();
            p = new ProcessBuilder(TestXmpp.home().resolve("xmpp-config/maw-xmpp").toString(), "--home",
                    home.toString(), "install", "bash").redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("the install waits while the lock is held: "
                    + Files.readString(out)).isFalse();
            held = System.nanoTime() - t0;
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as(Files.readString(out)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(out)).isZero();
        assertThat(Files.readString(out)).contains("waits up to 5 minutes for another apt-get's lock")
                .containsPattern("installed bash in \\d+ s");
        assertThat(held).isGreaterThan(TimeUnit.SECONDS.toNanos(10));
        assertThat(Files.readString(home.resolve("log/apt-get.log"))).containsPattern("(?i)lock");
    }
}
