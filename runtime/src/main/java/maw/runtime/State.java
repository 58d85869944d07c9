package maw.runtime;

/**
 * One state of an {@link FSMBehaviour} (SPADE's State): it runs once each time the machine enters it and names the
 * next state with {@link #setNextState}; a state that names none ends the machine.
 */
public abstract class State extends Behaviour {

    private String next;

    /** Chooses the state to go to after this one; it must be a declared transition of the machine. */
    public final void setNextState(String name) {
        this.next = name;
    }

    public final String nextState() {
        return next;
    }

    final void enter() {
        next = null;
    }

    @Override
    protected final boolean isDone() {
        return true;
    }

    public static State of(String name, Step<State> step) {
        return new State() {
            @Override
            protected void run() throws Exception {
                step.run(this);
            }
        }.named(name);
    }
}
