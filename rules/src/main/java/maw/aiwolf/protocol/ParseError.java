package maw.aiwolf.protocol;

/**
 * Why a text is not a sentence: where (a character offset from 0), what was expected there, and what was found
 * (null at the end of the text).
 */
public record ParseError(int position, String expected, String found) {

    /** In words, for people: {@code at 7: expected a target (Agent[01] or ANY), found 'Bob'}. */
    public String message() {
        return "at " + position + ": expected " + expected + ", found " + (found == null ? "the end of the text"
                : "'" + shorten(found) + "'");
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    @Override
    public String toString() {
        return message();
    }
}
