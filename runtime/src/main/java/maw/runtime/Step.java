package maw.runtime;

/** The body of a behaviour written as a lambda; it receives the behaviour itself to receive, send or kill. */
@FunctionalInterface
public interface Step<B extends Behaviour> {
    void run(B self) throws Exception;
}
