package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The command line's answers to a person: its help, and clear refusals of bad options and values. */
class CommandLineTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private PrintStream oldErr;

    @BeforeEach
    void capture() {
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpListsTheCommands() {
        assertThat(Main.execute("--help")).isZero();
        assertThat(out()).contains("xmpp").contains("bench").contains("config");
    }

    @Test
    void aMistypedOptionIsRefusedByName() {
        assertThat(Main.execute("bench", "transport", "--rounds", "many")).isEqualTo(2);
        assertThat(err()).contains("--rounds").contains("many");
        assertThat(Main.execute("bench", "transport", "--roundz", "5")).isEqualTo(2);
        assertThat(err()).contains("--roundz");
    }

    @Test
    void aBadSettingStopsStartUpNamingIt() {
        assertThat(Main.execute("config", "--set", "xmpp.port=99999")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '99999' for xmpp.port (from --set xmpp.port)");
        assertThat(Main.execute("config", "--set", "xmpp.nonsense=1")).isEqualTo(2);
        assertThat(err()).contains("unknown setting 'xmpp.nonsense'");
    }

    @Test
    void configShowsEachValueAndItsSource() {
        assertThat(Main.execute("config", "--set", "xmpp.domain=example.org")).isZero();
        assertThat(out()).containsPattern("xmpp\\.domain\\s+= example\\.org\\s+\\(--set xmpp\\.domain;");
        assertThat(out()).containsPattern("xmpp\\.port\\s+= 15222\\s+\\(default;");
    }
}
