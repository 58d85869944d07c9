package maw.aiwolf.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import maw.aiwolf.protocol.Words.AgentId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Random sentence trees of each version: written and parsed back they are the same sentence; they are valid in their
 * version; normalising drops only what the omission rules put back. Random damage to their text never makes the
 * parser throw, and whatever still parses writes back to itself.
 */
class ProtocolPropertyTest {

    private static final int TREES = 5_000;

    @ParameterizedTest
    @EnumSource(Version.class)
    void randomTreesWriteAndParseBackIdentically(Version version) {
        RandomSentences gen = new RandomSentences(new SplittableRandom(36 + version.ordinal()), version, 15);
        for (int i = 0; i < TREES; i++) {
            Sentence s = gen.next(i % 5);
            String text = Protocol.write(s);
            Parsed p = Protocol.parse(text, version);
            assertThat(p.ok()).as(text + ": " + p).isTrue();
            assertThat(p.sentence()).as(text).isEqualTo(s);
            assertThat(Protocol.write(p.sentence())).isEqualTo(text);
        }
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void normalisingDropsOnlyWhatTheRulesPutBack(Version version) {
        RandomSentences gen = new RandomSentences(new SplittableRandom(7 + version.ordinal()), version, 5);
        AgentId speaker = new AgentId(3);
        for (int i = 0; i < TREES; i++) {
            Sentence s = gen.next(i % 5);
            Sentence n = Protocol.normalise(s, speaker);
            assertThat(Protocol.resolve(n, speaker)).as(Protocol.write(s)).isEqualTo(Protocol.resolve(s, speaker));
            assertThat(Protocol.normalise(n, speaker)).isEqualTo(n);
            assertThat(Protocol.parse(Protocol.write(n), version).sentence()).isEqualTo(n);
        }
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void damagedTextNeverMakesTheParserThrow(Version version) {
        SplittableRandom random = new SplittableRandom(99 + version.ordinal());
        RandomSentences gen = new RandomSentences(random.split(), version, 15);
        String alphabet = "()[]: AgentANYREQUESTVOTEDOROverSkip0123456789\u0000\ud800\u3000\n";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder(Protocol.write(gen.next(i % 4)));
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits && b.length() > 0; e++) {
                int at = random.nextInt(b.length());
                switch (random.nextInt(3)) {
                    case 0 -> b.deleteCharAt(at);
                    case 1 -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> b.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String text = b.toString();
            Parsed p = Protocol.parse(text, version);
            if (p instanceof Parsed.Ok ok) {
                String again = Protocol.write(ok.sentence());
                assertThat(Protocol.parse(again, version).sentence()).as(text).isEqualTo(ok.sentence());
            } else {
                ParseError err = ((Parsed.Failed) p).error();
                assertThat(err.position()).as(text).isBetween(0, text.length());
                assertThat(err.message()).isNotBlank();
            }
        }
    }

    @Test
    void deepNestingIsRefusedNotOverflowed() {
        String deep = "NOT (".repeat(100_000) + "VOTE Agent[01]" + ")".repeat(100_000);
        Parsed p = Protocol.parse(deep, Version.V3_6);
        assertThat(p.ok()).isFalse();
        String limit = "NOT (".repeat(Protocol.MAX_DEPTH) + "VOTE Agent[01]" + ")".repeat(Protocol.MAX_DEPTH);
        assertThat(Protocol.parse(limit, Version.V3_6).ok()).isTrue();
        assertThat(Protocol.parse("NOT (" + limit + ")", Version.V3_6).ok()).isFalse();
        assertThat(Protocol.parse(null, Version.V3_6).ok()).isFalse();
    }
}
