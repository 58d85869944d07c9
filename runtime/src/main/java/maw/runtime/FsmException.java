package maw.runtime;

/** A finite-state machine was built or driven against its declaration, e.g. an undeclared transition. */
public final class FsmException extends RuntimeException {
    public FsmException(String message) {
        super(message);
    }
}
