package maw.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/**
 * One seat's account floods the GameMaster and the Village with thousands of messages during a game over real
 * ejabberd: the other seats lose no act, no connection drops, and the flood is cut at the per-sender limits.
 */
class FloodBenchTest {

    @Test
    void aFloodFromOneSeatChangesNothingForTheOthers() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        FloodBench bench = new FloodBench(xmpp.transport(), accounts -> {
            try {
                xmpp.server().register(accounts);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, new PrintStream(said, true, StandardCharsets.UTF_8), Duration.ofSeconds(6));
        FloodBench.Result r = bench.run(6, 3000, 4);
        String out = said.toString(StandardCharsets.UTF_8);
        assertThat(r.baseline().othersActsSent()).as(out).isPositive();
        assertThat(r.flood().othersActsSent()).as(out).isPositive();
        assertThat(r.flood().othersActsUnanswered()).as(out).isZero();
        assertThat(r.flood().connectionLosses()).as(out).isZero();
        assertThat(r.flood().floodSent()).isEqualTo(3000);
        assertThat(r.flood().gameMasterRateLimited()).as(out).isGreaterThan(1000);
        assertThat(r.flood().villageRateLimited()).as(out).isGreaterThan(0);
        assertThat(r.baseline().gameMasterRateLimited()).as("a game without a flood stays under the limits: " + out)
                .isZero();
        assertThat(r.baseline().villageRateLimited()).as(out).isZero();
    }
}
