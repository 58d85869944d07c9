package maw.app;

import static org.assertj.core.api.Assertions.assertThat;

import maw.agents.WatchCatalog;
import org.junit.jupiter.api.Test;

/** The host's words at the terminal of {@code ./maw gm}. */
class HostConsoleParseTest {

    @Test
    void theHostsWordsAreControlsAndAnythingElseIsNamed() {
        assertThat(HostConsole.parse("pause")).isEqualTo(new HostConsole.Command(WatchCatalog.ClockAction.PAUSE, null,
                null));
        assertThat(HostConsole.parse(" Step ")).isEqualTo(new HostConsole.Command(WatchCatalog.ClockAction.STEP,
                WatchCatalog.StepUnit.PHASE, null));
        assertThat(HostConsole.parse("step step").unit()).isEqualTo(WatchCatalog.StepUnit.STEP);
        assertThat(HostConsole.parse("resume").action()).isEqualTo(WatchCatalog.ClockAction.RESUME);
        assertThat(HostConsole.parse("status").action()).isEqualTo(WatchCatalog.ClockAction.STATUS);
        assertThat(HostConsole.parse("halt").why()).isEqualTo("not a command: halt (pause, step, step step, resume, "
                + "status)");
        assertThat(HostConsole.parse("pause now").why()).contains("pause takes nothing more");
        assertThat(HostConsole.parse("").why()).isEmpty();
    }
}
