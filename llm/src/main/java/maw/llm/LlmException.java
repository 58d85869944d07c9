package maw.llm;

/** A call to the model failed: it timed out, or the server answered with an error or not at all. */
public final class LlmException extends Exception {

    /**
     * What kind of failure, as the game summary counts them. {@code CANCELLED}: the caller gave up on the answer (its
     * thread was interrupted because the turn was over), which is no fault of the model.
     */
    public enum Kind { TIMEOUT, HTTP_ERROR, CANCELLED }

    private final Kind kind;

    public LlmException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
