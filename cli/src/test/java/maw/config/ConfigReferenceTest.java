package maw.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;

/** docs/CONFIGURATION.md lists every setting as the settings themselves say it ({@code ./maw config --reference}). */
class ConfigReferenceTest {

    private static final String BEGIN = "<!-- settings: begin (./maw config --reference) -->\n";
    private static final String END = "<!-- settings: end -->";

    @Test
    void theGuidesReferenceIsTheSettingsOwn() throws Exception {
        String page = Files.readString(TestXmpp.home().resolve(Path.of("docs", "CONFIGURATION.md")));
        int from = page.indexOf(BEGIN);
        int to = page.indexOf(END);
        assertThat(from).as("the reference's opening marker").isNotNegative();
        assertThat(to).as("the reference's closing marker").isGreaterThan(from);
        assertThat(page.substring(from + BEGIN.length(), to))
                .as("docs/CONFIGURATION.md's reference; run ./maw config --reference and put its output there")
                .isEqualTo(Setting.reference());
        for (Setting s : Setting.values()) {
            assertThat(Setting.reference()).contains("`" + s.key() + "`").contains(s.envName());
        }
    }
}
