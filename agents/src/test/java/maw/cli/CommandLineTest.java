package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The command line's answers to a person: its help, and clear refusals of bad options and values. */
class CommandLineTest {

    @RegisterExtension
    final Console console = new Console();

    private String out() {
        return console.out();
    }

    private String err() {
        return console.err();
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
