package maw.llm;

import java.util.List;
import java.util.Map;

/**
 * How a model seat's talk becomes protocol text in a game whose talk is a protocol (AIWolf): the text the model gave,
 * checked and written in its canonical form, or a sentence written from the answer's fields ({@code verb},
 * {@code target}, {@code role}, {@code species}). The llm module knows no protocol: the game gives the writer.
 */
public interface TalkWriter {

    /**
     * The protocol text of a talk answer.
     *
     * @param text   the answer's {@code message} (null or blank when it gave fields instead)
     * @param fields the answer's other text fields
     * @param agents the players in agent order (Agent[01] first), so that a target may be a name or a number
     * @throws IllegalArgumentException naming what is wrong, for the model to try again
     */
    String write(String text, Map<String, String> fields, List<String> agents);

    /**
     * The text of a talk answer where talk is natural language (the AIWolf NLP contest's game): the message as it is,
     * else what the fields mean, said in words (a writer that knows the protocol says it; this one cannot).
     *
     * @throws IllegalArgumentException naming what is wrong, for the model to try again
     */
    default String writeNatural(String text, Map<String, String> fields, List<String> agents) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("a talk needs a message: what you say, or Skip, or Over");
        }
        return text.strip();
    }
}
