package maw.runtime;

/** Runs {@link #run()} once (SPADE's OneShotBehaviour). */
public abstract class OneShotBehaviour extends Behaviour {

    @Override
    protected final boolean isDone() {
        return true;
    }

    public static OneShotBehaviour of(String name, Step<OneShotBehaviour> step) {
        return new OneShotBehaviour() {
            @Override
            protected void run() throws Exception {
                step.run(this);
            }
        }.named(name);
    }
}
