package maw.llm;

/**
 * A token count that errs high, so that a prompt estimated under the budget is under it for the model too. Llama 3's
 * tokenizer averages about 4 characters a token on English text; this counts 3.2, and never fewer tokens than words
 * and punctuation marks.
 */
public final class Tokens {

    /** Each message costs a few tokens of framing (role, separators) besides its text. */
    static final int PER_MESSAGE = 4;

    private Tokens() {}

    public static int estimate(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        int byChars = (int) Math.ceil(text.length() / 3.2);
        return Math.max(byChars, wordsAndMarks(text));
    }

    /** Words and punctuation marks: roughly what a BPE tokenizer makes of plain text, a little under. */
    public static int wordsAndMarks(String text) {
        int count = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                if (!inWord) {
                    count++;
                    inWord = true;
                }
            } else {
                inWord = false;
                if (!Character.isWhitespace(c)) {
                    count++;
                }
            }
        }
        return count;
    }
}
