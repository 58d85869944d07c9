package maw.aiwolf.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import maw.aiwolf.protocol.Words.AgentId;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every example sentence of the three protocol documents (version 3.6 in English and in Japanese, version 2.01): the
 * valid ones parse to their canonical form and back; what the documents get wrong, and what only the other version
 * allows, is refused with the position and what was expected.
 */
class ProtocolSeedsTest {

    private static String canonical(String text, Version v) {
        Parsed p = Protocol.parse(text, v);
        assertThat(p.ok()).as(text + ": " + p).isTrue();
        String out = Protocol.write(p.sentence());
        assertThat(Protocol.parse(out, v).sentence()).as("round trip of " + out).isEqualTo(p.sentence());
        return out;
    }

    private static ParseError refused(String text, Version v) {
        Parsed p = Protocol.parse(text, v);
        assertThat(p).as(text).isInstanceOf(Parsed.Failed.class);
        return ((Parsed.Failed) p).error();
    }

    /** The English specification of 3.6: its section 5 (placeholders filled in: SEER, HUMAN, TALK day1 ID:3). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            COMINGOUT Agent1 SEER | COMINGOUT Agent[01] SEER
            Agent1 COMINGOUT Agent1 SEER | Agent[01] COMINGOUT Agent[01] SEER
            DIVINED Agent1 HUMAN | DIVINED Agent[01] HUMAN
            Agent1 DIVINED Agent2 WEREWOLF | Agent[01] DIVINED Agent[02] WEREWOLF
            REQUEST Agent2 (DIVINATION Agent3) | REQUEST Agent[02] (DIVINATION Agent[03])
            REQUEST Agent2 (Agent2 DIVINATION Agent3) | REQUEST Agent[02] (Agent[02] DIVINATION Agent[03])
            GUARD Agent2 | GUARD Agent[02]
            Agent1 REQUEST Agent2 (GUARD Agent3) | Agent[01] REQUEST Agent[02] (GUARD Agent[03])
            REQUEST Agent1 (ESTIMATE Agent2 WEREWOLF) | REQUEST Agent[01] (ESTIMATE Agent[02] WEREWOLF)
            REQUEST ANY (ESTIMATE Agent1 WEREWOLF) | REQUEST ANY (ESTIMATE Agent[01] WEREWOLF)
            REQUEST Agent1 (COMINGOUT Agent2 SEER) | REQUEST Agent[01] (COMINGOUT Agent[02] SEER)
            REQUEST ANY (COMINGOUT Agent1 SEER) | REQUEST ANY (COMINGOUT Agent[01] SEER)
            REQUEST Agent1 (DIVINATION Agent2) | REQUEST Agent[01] (DIVINATION Agent[02])
            REQUEST ANY (DIVINATION Agent1) | REQUEST ANY (DIVINATION Agent[01])
            REQUEST Agent1 (GUARD Agent2) | REQUEST Agent[01] (GUARD Agent[02])
            REQUEST ANY (GUARD Agent1) | REQUEST ANY (GUARD Agent[01])
            REQUEST ANY (VOTE Agent1) | REQUEST ANY (VOTE Agent[01])
            REQUEST Agent1 (ATTACK Agent2) | REQUEST Agent[01] (ATTACK Agent[02])
            REQUEST Agent1 (DIVINED Agent2 HUMAN) | REQUEST Agent[01] (DIVINED Agent[02] HUMAN)
            REQUEST Agent1 (GUARDED Agent2) | REQUEST Agent[01] (GUARDED Agent[02])
            REQUEST ANY (IDENTIFIED Agent1 WEREWOLF) | REQUEST ANY (IDENTIFIED Agent[01] WEREWOLF)
            REQUEST Agent1 (AGREE TALK day1 ID:3) | REQUEST Agent[01] (AGREE TALK day1 ID:3)
            REQUEST ANY (DISAGREE TALK day1 ID:3) | REQUEST ANY (DISAGREE TALK day1 ID:3)
            Agent2 BECAUSE (DAY 1 (Agent1 VOTE Agent2)) (VOTE Agent1) | Agent[02] BECAUSE (DAY 1 (Agent[01] VOTE Agent[02])) (VOTE Agent[01])
            Agent2 INQUIRE Agent1 (VOTED ANY) | Agent[02] INQUIRE Agent[01] (VOTED ANY)
            Agent2 INQUIRE Agent1 (VOTE ANY) | Agent[02] INQUIRE Agent[01] (VOTE ANY)
            Agent2 INQUIRE Agent1 (ESTIMATE Agent2 WEREWOLF) | Agent[02] INQUIRE Agent[01] (ESTIMATE Agent[02] WEREWOLF)
            Agent2 INQUIRE Agent1 (OR (VOTED Agent1) (VOTED Agent2) (VOTED Agent3)) | Agent[02] INQUIRE Agent[01] (OR (VOTED Agent[01]) (VOTED Agent[02]) (VOTED Agent[03]))
            OR (REQUEST Agent1 (DIVINED Agent3 HUMAN)) (REQUEST Agent2 (DIVINED Agent3 HUMAN)) | OR (REQUEST Agent[01] (DIVINED Agent[03] HUMAN)) (REQUEST Agent[02] (DIVINED Agent[03] HUMAN))
            OVER | Over
            SKIP | Skip
            """)
    void theEnglishSpecificationsExamples(String text, String expected) {
        assertThat(canonical(text, Version.V3_6)).isEqualTo(expected);
    }

    /** The Japanese summary of 3.6: its REQUEST and INQUIRE examples and the omitted-subject rule. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Agent1 REQUEST Agent2 (ESTIMATE Agent3 WEREWOLF) | Agent[01] REQUEST Agent[02] (ESTIMATE Agent[03] WEREWOLF)
            Agent1 REQUEST ANY (ESTIMATE Agent3 WEREWOLF) | Agent[01] REQUEST ANY (ESTIMATE Agent[03] WEREWOLF)
            Agent1 INQUIRE Agent2 (Agent2 VOTED ANY) | Agent[01] INQUIRE Agent[02] (Agent[02] VOTED ANY)
            Agent1 INQUIRE Agent2 (VOTED ANY) | Agent[01] INQUIRE Agent[02] (VOTED ANY)
            Agent1 INQUIRE Agent2 (Agent2 VOTE ANY) | Agent[01] INQUIRE Agent[02] (Agent[02] VOTE ANY)
            Agent1 INQUIRE Agent2 (OR (VOTED Agent1) (VOTED Agent2)) | Agent[01] INQUIRE Agent[02] (OR (VOTED Agent[01]) (VOTED Agent[02]))
            Agent1 INQUIRE Agent2 (Agent2 OR (Agent2 VOTED Agent1) (Agent2 VOTED Agent2)) | Agent[01] INQUIRE Agent[02] (Agent[02] OR (Agent[02] VOTED Agent[01]) (Agent[02] VOTED Agent[02]))
            """)
    void theJapaneseSummarysExamples(String text, String expected) {
        assertThat(canonical(text, Version.V3_6)).isEqualTo(expected);
    }

    /** The 2.01 summary: its examples and every REQUEST form it explains, with and without the inner subject. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            COMINGOUT Agent1 SEER | COMINGOUT Agent[01] SEER
            Agent0 COMINGOUT Agent0 SEER | Agent[00] COMINGOUT Agent[00] SEER
            DIVINED Agent1 HUMAN | DIVINED Agent[01] HUMAN
            Agent0 DIVINED Agent2 WEREWOLF | Agent[00] DIVINED Agent[02] WEREWOLF
            REQUEST (Agent2 DIVINATION Agent3) | REQUEST (Agent[02] DIVINATION Agent[03])
            GUARD Agent2 | GUARD Agent[02]
            Agent1 REQUEST (Agent0 GUARD Agent3) | Agent[01] REQUEST (Agent[00] GUARD Agent[03])
            REQUEST (Agent1 ESTIMATE Agent2 WEREWOLF) | REQUEST (Agent[01] ESTIMATE Agent[02] WEREWOLF)
            REQUEST (ESTIMATE Agent2 WEREWOLF) | REQUEST (ESTIMATE Agent[02] WEREWOLF)
            REQUEST (Agent1 COMINGOUT Agent2 SEER) | REQUEST (Agent[01] COMINGOUT Agent[02] SEER)
            REQUEST (COMINGOUT Agent2 SEER) | REQUEST (COMINGOUT Agent[02] SEER)
            REQUEST (DIVINATION Agent3) | REQUEST (DIVINATION Agent[03])
            REQUEST (Agent1 GUARD Agent2) | REQUEST (Agent[01] GUARD Agent[02])
            REQUEST (Agent1 VOTE Agent2) | REQUEST (Agent[01] VOTE Agent[02])
            REQUEST (VOTE Agent2) | REQUEST (VOTE Agent[02])
            REQUEST (Agent1 ATTACK Agent2) | REQUEST (Agent[01] ATTACK Agent[02])
            REQUEST (Agent1 DIVINED Agent2 HUMAN) | REQUEST (Agent[01] DIVINED Agent[02] HUMAN)
            REQUEST (IDENTIFIED Agent2 WEREWOLF) | REQUEST (IDENTIFIED Agent[02] WEREWOLF)
            REQUEST (Agent1 GUARDED Agent2) | REQUEST (Agent[01] GUARDED Agent[02])
            REQUEST (Agent1 AGREE TALK day1 ID:3) | REQUEST (Agent[01] AGREE TALK day1 ID:3)
            REQUEST (DISAGREE TALK day2 ID:0) | REQUEST (DISAGREE TALK day2 ID:0)
            REQUEST (Agent1 OVER) | REQUEST (Agent[01] Over)
            REQUEST (OVER) | REQUEST (Over)
            REQUEST (Agent1 SKIP) | REQUEST (Agent[01] Skip)
            REQUEST (SKIP) | REQUEST (Skip)
            INQUESTED Agent1 HUMAN | IDENTIFIED Agent[01] HUMAN
            """)
    void theVersion201SummarysExamples(String text, String expected) {
        assertThat(canonical(text, Version.V2_01)).isEqualTo(expected);
    }

    @Nested
    class WhatTheDocumentsGetWrongIsRefused {

        @Test
        void aLowerCaseVerbInTheBecauseExample() {
            String text = "Agent2 BECAUSE (DAY 1 (Agent1 VOTE Agent2)) (vote Agent1)";
            ParseError e = refused(text, Version.V3_6);
            assertThat(e.position()).isEqualTo(text.indexOf("vote"));
            assertThat(e.found()).isEqualTo("vote");
            assertThat(e.expected()).contains("a verb or an operator");
        }

        @Test
        void anUpperCaseAgentInTheJapaneseInquireExample() {
            String text = "Agent1 INQUIRE Agent2 (AGENT2 ESTIMATE Agent1 WEREWOLF)";
            ParseError e = refused(text, Version.V3_6);
            assertThat(e.position()).isEqualTo(text.indexOf("AGENT2"));
            assertThat(e.found()).isEqualTo("AGENT2");
        }

        @Test
        void theOfficialServersCrashersAreRefusedCleanly() {
            assertThat(refused("XOR (VOTE Agent[01])", Version.V3_6).message())
                    .isEqualTo("at 20: expected a second '(' sentence ')': XOR (sentence1) (sentence2), found the end "
                            + "of the text");
            assertThat(refused("BECAUSE (VOTE Agent[01])", Version.V3_6).expected()).contains("BECAUSE (reason) (claim)");
            assertThat(refused("AND (VOTE Agent[01])", Version.V3_6).expected()).contains("two sentences or more");
            assertThat(refused("REQUEST Agent[01] ()", Version.V3_6).position()).isEqualTo(19);
            assertThat(refused("", Version.V3_6).found()).isNull();
            assertThat(refused("(VOTE Agent[01])", Version.V3_6).expected()).contains("one sentence");
        }

        @Test
        void skipAndOverStandAloneIn36() {
            assertThat(refused("REQUEST ANY (Skip)", Version.V3_6).expected()).contains("stand alone");
            assertThat(refused("Agent[01] Over", Version.V3_6).expected()).contains("take no subject");
            assertThat(refused("VOTE Agent[01] Over", Version.V3_6).expected()).contains("the end of the sentence");
        }
    }

    @Nested
    class TextValidInOneVersionOnlyIsToldApart {

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', textBlock = """
                REQUEST Agent[02] (VOTE Agent[03]) | 3.6 | REQUEST names no target
                REQUEST ANY (VOTE Agent[03]) | 3.6 | names no target
                VOTED Agent[01] | 3.6 | VOTED is a verb of version 3.6
                ATTACKED Agent[01] | 3.6 | ATTACKED is a verb of version 3.6
                ESTIMATE Agent[01] ANY | 3.6 | a role
                INQUIRE Agent[01] (VOTE Agent[02]) | 3.6 | INQUIRE is an operator of version 3.6
                NOT (VOTE Agent[02]) | 3.6 | NOT is an operator of version 3.6
                REQUEST (Agent[02] VOTE Agent[03]) | 2.01 | REQUEST without a target is version 2.01
                INQUESTED Agent[01] HUMAN | 2.01 | write IDENTIFIED
                Agent[01] Skip | 2.01 | take no subject
                """)
        void eachVersionSaysWhereTheOtherDiffers(String text, String validIn, String why) {
            Version valid = Version.of(validIn);
            assertThat(Protocol.isValid(text, valid)).as(text + " in " + valid).isTrue();
            ParseError e = refused(text, valid.other());
            assertThat(e.message()).contains(why);
        }
    }

    @Test
    void theOfficialNormalisationDropsImpliedSubjects() {
        Sentence s = Protocol.parse("Agent1 INQUIRE Agent2 (Agent2 OR (Agent2 VOTED Agent1) (Agent2 VOTED Agent2))",
                Version.V3_6).sentence();
        assertThat(Protocol.write(Protocol.normalise(s, new AgentId(1))))
                .isEqualTo("INQUIRE Agent[02] (OR (VOTED Agent[01]) (VOTED Agent[02]))");
        Sentence request = Protocol.parse("REQUEST Agent2 (Agent2 DIVINATION Agent3)", Version.V3_6).sentence();
        assertThat(Protocol.normalise(request, null))
                .isEqualTo(Protocol.parse("REQUEST Agent2 (DIVINATION Agent3)", Version.V3_6).sentence());
    }

    @Test
    void omittedSubjectsAreReadAsTheRulesSay() {
        AgentId speaker = new AgentId(1);
        // At the top: the speaker. In REQUEST and INQUIRE: their target. Elsewhere: the enclosing subject.
        assertThat(Protocol.write(Protocol.resolve(Protocol.parse("INQUIRE Agent2 (VOTED ANY)", Version.V3_6)
                .sentence(), speaker))).isEqualTo("Agent[01] INQUIRE Agent[02] (Agent[02] VOTED ANY)");
        assertThat(Protocol.write(Protocol.resolve(Protocol.parse(
                "Agent3 BECAUSE (DAY 1 (DIVINED Agent2 WEREWOLF)) (AND (VOTE Agent2) (REQUEST ANY (VOTE Agent2)))",
                Version.V3_6).sentence(), speaker))).isEqualTo("Agent[03] BECAUSE (Agent[03] DAY 1 (Agent[03] "
                + "DIVINED Agent[02] WEREWOLF)) (Agent[03] AND (Agent[03] VOTE Agent[02]) (Agent[03] REQUEST ANY "
                + "(ANY VOTE Agent[02])))");
        // 2.01: a REQUEST names nobody, so its subjectless sentence is everyone's.
        assertThat(Protocol.write(Protocol.resolve(Protocol.parse("REQUEST (VOTE Agent2)", Version.V2_01)
                .sentence(), speaker))).isEqualTo("Agent[01] REQUEST (ANY VOTE Agent[02])");
    }

    @Test
    void sentencesAreCheckedAgainstTheirGame() {
        GameCheck game = new GameCheck(Set.of(1, 2, 3, 4, 5), 2,
                ref -> ref.kind() == Words.TalkKind.TALK && ref.day() == 1 && ref.id() < 10);
        assertThat(game.problems(Protocol.parse("AGREE TALK day1 ID:3", Version.V3_6).sentence())).isEmpty();
        assertThat(game.problems(Protocol.parse("VOTE Agent[07]", Version.V3_6).sentence()))
                .containsExactly("Agent[07] does not play in this game");
        assertThat(game.problems(Protocol.parse("DAY 3 (VOTE Agent[01])", Version.V3_6).sentence()))
                .containsExactly("DAY 3 is in the future: today is day 2");
        assertThat(game.problems(Protocol.parse("DISAGREE WHISPER day1 ID:3", Version.V3_6).sentence()))
                .containsExactly("WHISPER day1 ID:3 was never said");
        assertThat(game.problems(Protocol.parse("AGREE TALK day5 ID:0", Version.V3_6).sentence()))
                .containsExactly("TALK day5 ID:0 is in the future: today is day 2");
        assertThat(game.problems(Protocol.parse("Agent[09] REQUEST ANY (VOTE Agent[09])", Version.V3_6).sentence()))
                .containsExactly("Agent[09] does not play in this game");
    }
}
