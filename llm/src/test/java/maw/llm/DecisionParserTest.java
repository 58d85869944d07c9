package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import maw.base.Act;
import maw.llm.DecisionParser.Problem;
import org.junit.jupiter.api.Test;

class DecisionParserTest {

    private final DecisionParser parser = new DecisionParser(List.of("Alice", "Bob", "Carol"), 40);

    @Test
    void theThreeActionsParse() {
        assertThat(parser.parse("{\"action\":\"listen\"}").decision()).isEqualTo(new Act.Listen());
        assertThat(parser.parse("{\"action\":\"speak\",\"message\":\"Bob is lying.\"}").decision())
                .isEqualTo(new Act.Speak("Bob is lying."));
        assertThat(parser.parse("{\"action\": \"VOTE\", \"target\": \" bob \"}").decision())
                .isEqualTo(new Act.Vote("Bob"));
    }

    @Test
    void jsonWrappedInProseOrFencesIsFoundAndFlagged() {
        var r = parser.parse("Sure! Here is my move:\n```json\n{\"action\": \"vote\", \"target\": \"Carol\"}\n```");
        assertThat(r.decision()).isEqualTo(new Act.Vote("Carol"));
        assertThat(r.wrappedInProse()).isTrue();
        var braces = parser.parse("I think {not json} but {\"action\":\"speak\",\"message\":\"a } b\"} ok");
        assertThat(braces.decision()).isEqualTo(new Act.Speak("a } b"));
    }

    @Test
    void eachKindOfBadAnswerIsNamed() {
        assertThat(parser.parse("I will vote for Bob").problem()).isEqualTo(Problem.NOT_JSON);
        assertThat(parser.parse("").problem()).isEqualTo(Problem.NOT_JSON);
        assertThat(parser.parse("[1,2]").problem()).isEqualTo(Problem.NOT_JSON);
        assertThat(parser.parse("{\"action\":\"dance\"}").problem()).isEqualTo(Problem.UNKNOWN_ACTION);
        assertThat(parser.parse("{\"target\":\"Bob\"}").problem()).isEqualTo(Problem.UNKNOWN_ACTION);
        assertThat(parser.parse("{\"action\":\"vote\",\"target\":\"Mallory\"}").detail())
                .contains("\"Mallory\" is not a valid target").contains("Alice, Bob, Carol");
        assertThat(parser.parse("{\"action\":\"vote\"}").problem()).isEqualTo(Problem.INVALID_TARGET);
        assertThat(parser.parse("{\"action\":\"speak\",\"message\":\"  \"}").problem()).isEqualTo(Problem.EMPTY_MESSAGE);
        assertThat(parser.parse("{\"action\":\"speak\",\"message\":\"" + "x".repeat(41) + "\"}").problem())
                .isEqualTo(Problem.MESSAGE_TOO_LONG);
    }

    @Test
    void naturalTalkIsTakenInTheModelsWordsAndCutAtAWordsEndNotSentBack() {
        DecisionParser natural = new DecisionParser(List.of("Bob"), 30, List.of("talk", "listen"))
                .natural(new TalkWriter() {
                    @Override
                    public String write(String text, java.util.Map<String, String> fields, List<String> agents) {
                        throw new AssertionError("natural talk is not protocol text");
                    }
                }, List.of("Ann", "Bob"));
        assertThat(natural.parse("{\"action\":\"talk\",\"message\":\"Hi @Bob, who do you suspect?\"}").decision())
                .isEqualTo(new Act.Talk("Hi @Bob, who do you suspect?"));
        assertThat(natural.parse("{\"action\":\"talk\",\"message\":\"I think Ann is lying about her role "
                + "today\"}").decision()).isEqualTo(new Act.Talk("I think Ann is lying about"));
        assertThat(natural.parse("{\"action\":\"talk\",\"verb\":\"VOTE\",\"target\":\"Bob\"}").problem())
                .as("fields without a message: this writer cannot say them").isEqualTo(Problem.INVALID_TALK);
    }
}
