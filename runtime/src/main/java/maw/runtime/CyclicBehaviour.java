package maw.runtime;

/** Runs {@link #run()} again and again until killed or the agent stops (SPADE's CyclicBehaviour). */
public abstract class CyclicBehaviour extends Behaviour {

    @Override
    protected final boolean isDone() {
        return false;
    }

    public static CyclicBehaviour of(String name, Step<CyclicBehaviour> step) {
        return new CyclicBehaviour() {
            @Override
            protected void run() throws Exception {
                step.run(this);
            }
        }.named(name);
    }
}
