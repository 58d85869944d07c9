package maw.runtime.xmpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.testing.Await;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ejabberd of the docker compose stack, as its container runs it: {@code maw-xmpp run} in the foreground,
 * listening on every address, letting the other containers create accounts through the HTTP API from the addresses
 * {@code --api-from} names, and stopping cleanly on TERM. The other containers are stood in for by this machine's own
 * non-loopback address.
 */
class ContainerEjabberdTest {

    @TempDir
    Path home;

    private final int port = TestXmpp.freePort();
    private final int httpPort = TestXmpp.freePort();
    private final int distPort = TestXmpp.freePort();
    private Process running;

    @AfterEach
    void stop() throws Exception {
        if (running != null && running.isAlive()) {
            running.destroy();
            running.waitFor(30, TimeUnit.SECONDS);
        }
        script("stop");
    }

    private List<String> command(String... args) {
        List<String> cmd = new ArrayList<>(List.of(TestXmpp.home().resolve("xmpp-config/maw-xmpp").toString(),
                "--home", home.toString(), "--port", Integer.toString(port), "--http-port", Integer.toString(httpPort),
                "--dist-port", Integer.toString(distPort)));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private String script(String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command(args)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    /** Starts {@code maw-xmpp run} and waits until it says it is in the foreground. */
    private void run(String apiFrom) throws Exception {
        Path log = home.resolveSibling(home.getFileName() + "-run.log");
        running = new ProcessBuilder(command("--listen", "0.0.0.0", "--api-from", apiFrom, "run"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Await.value("maw-xmpp run says it is in the foreground", Duration.ofSeconds(60), () -> {
            String said = Files.readString(log);
            assertThat(running.isAlive()).as(said).isTrue();
            return said.contains("in the foreground") ? said : null;
        });
    }

    private void terminate() throws Exception {
        running.destroy(); // SIGTERM, as docker stop sends
        assertThat(running.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(running.exitValue()).isZero();
        assertThat(script("status")).contains("stopped");
    }

    @Test
    void otherMachinesNamedByApiFromCreateAccountsAndLogInOthersMayNot() throws Exception {
        String address = siteAddress();
        assumeTrue(address != null, "this machine has no non-loopback IPv4 address to stand in for a container");
        String api = "http://" + address + ":" + httpPort + "/api";

        run("10.255.255.0/24");
        assertThat(script("status")).contains("running").contains("0.0.0.0:" + port);
        String secret = EjabberdApi.readSecret(home.resolve("tls/provisioner.secret"));
        // With the provisioner's password, but from an address --api-from does not name.
        assertThatThrownBy(() -> new EjabberdApi(api, "localhost", secret).register(Map.of("nobody", "pw")))
                .isInstanceOf(IOException.class).hasMessageContaining("could not create the accounts nobody");
        terminate();

        run(address + "/32");
        // From a named address, but without the password.
        assertThatThrownBy(() -> new EjabberdApi(api, "localhost", "guess").register(Map.of("nobody", "pw")))
                .isInstanceOf(IOException.class).hasMessageContaining("HTTP 401");
        new EjabberdApi(api, "localhost", secret).register(Map.of("remote-a", "pw-a", "remote-b", "pw-b"));
        // Registering again resets the password rather than failing: a rerun of the stack finds its accounts.
        new EjabberdApi(api, "localhost", secret).register(Map.of("remote-a", "pw-a2"));
        XmppSettings settings = new XmppSettings(address, port, "localhost", XmppSettings.Tls.REQUIRED,
                home.resolve("tls/cert.pem"), Duration.ofSeconds(10), Duration.ofSeconds(1));
        try (XmppTransport transport = new XmppTransport(settings)) {
            Agent a = new Agent(Jid.of("remote-a", "localhost"), "pw-a2");
            a.start(transport);
            assertThat(a.isConnected()).isTrue();
            a.stop();
        }
        terminate();
    }

    @Test
    void anInstanceRunningOnOtherPortsIsNotTakenForTheOneAskedFor() throws Exception {
        assertThat(script("start")).contains("ready on 127.0.0.1:" + port);
        int other = TestXmpp.freePort();
        String out = script("--port", Integer.toString(other), "start");
        assertThat(out).contains("already runs with other settings").contains(Integer.toString(port))
                .contains("asked for " + other);
        assertThat(script("start")).contains("already running on 127.0.0.1:" + port);
    }

    @Test
    void badListenAndApiFromValuesAreNamed() throws Exception {
        assertThat(script("--listen", "everywhere", "start")).contains("invalid --listen address 'everywhere'");
        assertThat(script("--api-from", "the docker network", "start")).contains("invalid --api-from 'the'");
    }

    private static String siteAddress() throws IOException {
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!ni.isUp() || ni.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                    return a.getHostAddress();
                }
            }
        }
        return null;
    }

}
