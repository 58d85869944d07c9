package maw.aiwolf.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Set;

/**
 * Jazzer over the parser and the game checker: whatever the text, parsing answers (a sentence or an error inside the
 * text) and never throws; what parses writes back to itself and can be checked against a game. The suite runs it for
 * a bounded time (JAZZER_FUZZ=1, set for the test run); {@code ./maw bench aiwolf-parse} runs longer.
 */
class ProtocolFuzzTest {

    private static final GameCheck GAME = new GameCheck(Set.of(1, 2, 3, 4, 5), 3, ref -> ref.id() % 2 == 0);

    @FuzzTest(maxDuration = "10s")
    void parsingAndCheckingNeverThrow(FuzzedDataProvider data) {
        Version v = data.consumeBoolean() ? Version.V3_6 : Version.V2_01;
        String text = data.consumeRemainingAsString();
        Parsed p = Protocol.parse(text, v);
        switch (p) {
            case Parsed.Ok ok -> {
                String canonical = Protocol.write(ok.sentence());
                assertThat(Protocol.parse(canonical, v).sentence()).isEqualTo(ok.sentence());
                GAME.problems(ok.sentence());
                Protocol.resolve(Protocol.normalise(ok.sentence(), null), new Words.AgentId(1));
            }
            case Parsed.Failed f -> {
                assertThat(f.error().position()).isBetween(0, Math.max(text.length(), Protocol.MAX_LENGTH));
                assertThat(f.error().message()).isNotEmpty();
            }
        }
    }
}
