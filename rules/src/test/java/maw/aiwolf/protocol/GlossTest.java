package maw.aiwolf.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import maw.aiwolf.protocol.Words.AgentId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Sentences in plain English for the people watching, with the players' names and omitted subjects read. */
class GlossTest {

    private static final List<String> NAMES = List.of("", "Ann", "Bob", "Cid", "Dee", "Eve");
    private final Gloss gloss = new Gloss(i -> i > 0 && i < NAMES.size() ? NAMES.get(i) : null);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            COMINGOUT Agent[03] SEER | Cid (3) says they are the seer
            COMINGOUT Agent[02] MEDIUM | Cid (3) says Bob (2) is the medium
            ESTIMATE Agent[04] WEREWOLF | Cid (3) thinks Dee (4) is a werewolf
            DIVINED Agent[01] HUMAN | Cid (3) says divining Ann (1) showed human
            IDENTIFIED Agent[05] WEREWOLF | Cid (3) says Eve (5), dead, was a werewolf
            VOTE Agent[09] | Cid (3) votes for Agent[09]
            Agent[01] VOTED ANY | Ann (1) voted for anyone
            Skip | Cid (3) has nothing to say now
            Over | Cid (3) has nothing more to say today
            AGREE TALK day1 ID:3 | Cid (3) agrees with talk 3 of day 1
            DISAGREE WHISPER day0 ID:12 | Cid (3) disagrees with whisper 12 of day 0
            REQUEST ANY (VOTE Agent[02]) | Cid (3) asks everyone: "everyone votes for Bob (2)"
            REQUEST Agent[01] (DIVINATION Agent[02]) | Cid (3) asks Ann (1): "Ann (1) divines Bob (2)"
            INQUIRE Agent[01] (VOTED ANY) | Cid (3) asks Ann (1) whether Ann (1) voted for anyone
            BECAUSE (DAY 1 (DIVINED Agent[02] WEREWOLF)) (VOTE Agent[02]) | Cid (3) says Cid (3) votes for Bob (2), because on day 1, Cid (3) says divining Bob (2) showed a werewolf
            NOT (ESTIMATE Agent[01] SEER) | Cid (3) says it is not so that Cid (3) thinks Ann (1) is the seer
            AND (VOTE Agent[02]) (REQUEST ANY (VOTE Agent[02])) | Cid (3) votes for Bob (2), and Cid (3) asks everyone: "everyone votes for Bob (2)"
            OR (GUARD Agent[01]) (GUARD Agent[02]) | Either Cid (3) guards Ann (1), or Cid (3) guards Bob (2)
            XOR (ATTACK Agent[01]) (ATTACK Agent[02]) | Either Cid (3) attacks Ann (1), or else Cid (3) attacks Bob (2) (not both)
            """)
    void sentencesReadAsPeopleWouldSayThem(String text, String expected) {
        assertThat(gloss.of(Protocol.parse(text, Version.V3_6).sentence(), new AgentId(3))).isEqualTo(expected);
    }

    @Test
    void version201RequestsAskEveryone() {
        assertThat(gloss.of(Protocol.parse("REQUEST (VOTE Agent[02])", Version.V2_01).sentence(), new AgentId(1)))
                .isEqualTo("Ann (1) asks everyone: \"everyone votes for Bob (2)\"");
    }

    @Test
    void everySentenceHasAGloss() {
        for (Version v : Version.values()) {
            RandomSentences gen = new RandomSentences(new SplittableRandom(5), v, 9);
            for (int i = 0; i < 2_000; i++) {
                assertThat(gloss.of(gen.next(i % 4), new AgentId(2))).isNotBlank();
            }
        }
    }
}
