package maw.runtime;

/** An agent could not connect or log in; the message names the JID and where it tried. */
public final class TransportException extends Exception {
    public TransportException(String message) {
        super(message);
    }

    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
