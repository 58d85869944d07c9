package maw.llm;

/** A call to the model failed: it timed out, or the server answered with an error or not at all. */
public final class LlmException extends Exception {

    /** What kind of failure, as the game summary counts them. */
    public enum Kind { TIMEOUT, HTTP_ERROR }

    private final Kind kind;

    public LlmException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
