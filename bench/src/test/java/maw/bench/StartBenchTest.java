package maw.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start bench times whole processes: each probe as often, its CPU with its children's, a failure named. */
class StartBenchTest {

    @TempDir
    Path dir;

    @Test
    void eachProbeRunsAsOftenAndABusyOnesCpuIsCounted() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<StartBench.Times> t = new StartBench(new PrintStream(log, true)).run(List.of(
                new StartBench.Probe("idle", List.of("true")),
                // A child of the shell that spins: counted once both are reaped.
                new StartBench.Probe("busy", List.of("sh", "-c", "sh -c 'i=0; while [ $i -lt 200000 ]; do "
                        + "i=$((i+1)); done'"))), 3, dir);
        assertThat(t).extracting(StartBench.Times::label).containsExactly("idle", "busy");
        assertThat(t).allSatisfy(x -> assertThat(x.wall()).hasSize(3).allSatisfy(w -> assertThat(w).isPositive()));
        assertThat(t.get(1).medianCpu()).as("the spinning grandchild's CPU").isGreaterThan(t.get(0).medianCpu());
        assertThat(log.toString()).contains("run 3 of 3: idle ");
        assertThat(StartBench.table(t)).contains("busy").contains("to bare JVM");
    }

    @Test
    void aCommandThatFailsIsNamed() {
        assertThatThrownBy(() -> new StartBench(new PrintStream(new ByteArrayOutputStream())).run(
                List.of(new StartBench.Probe("false", List.of("false"))), 1, dir))
                .isInstanceOf(IOException.class).hasMessageContaining("false ended with 1");
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(StartBench.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
        assertThat(StartBench.median(List.of(4.0, 1.0, 2.0, 3.0))).isEqualTo(2.5);
    }
}
