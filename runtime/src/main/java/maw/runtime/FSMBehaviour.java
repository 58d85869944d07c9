package maw.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A finite-state machine of {@link State}s with declared transitions, like SPADE's FSMBehaviour: the machine runs the
 * current state, then moves to the state it chose. Choosing a state that is not a declared transition from the
 * current one ends the machine with an {@link FsmException}; choosing none ends it normally.
 */
public class FSMBehaviour extends Behaviour {

    private final Map<String, State> states = new LinkedHashMap<>();
    private final Map<String, Set<String>> transitions = new LinkedHashMap<>();
    private final List<String> visited = Collections.synchronizedList(new ArrayList<>());
    private String initial;
    private volatile String current;
    private volatile boolean finished;

    public FSMBehaviour() {
        this(null);
    }

    public FSMBehaviour(String name) {
        named(name);
    }

    public final FSMBehaviour addState(String name, State state) {
        return addState(name, state, states.isEmpty() && initial == null);
    }

    public final FSMBehaviour addState(String name, State state, boolean isInitial) {
        Objects.requireNonNull(name, "state name");
        Objects.requireNonNull(state, "state");
        if (states.putIfAbsent(name, state) != null) {
            throw new FsmException(name() + ": state " + name + " is declared twice");
        }
        transitions.putIfAbsent(name, new LinkedHashSet<>());
        if (isInitial) {
            initial = name;
        }
        return this;
    }

    public final FSMBehaviour addState(String name, Step<State> step) {
        return addState(name, State.of(name, step));
    }

    public final FSMBehaviour setInitialState(String name) {
        requireState(name);
        initial = name;
        return this;
    }

    public final FSMBehaviour addTransition(String from, String to) {
        requireState(from);
        requireState(to);
        transitions.get(from).add(to);
        return this;
    }

    public final String initialState() {
        return initial;
    }

    public final String currentState() {
        return current;
    }

    /** How many of the states entered the machine keeps (a state may take one message a run, for a game's life). */
    static final int VISITED_KEPT = 256;

    /** The states entered so far, in order: the latest {@value #VISITED_KEPT}. */
    public final List<String> visited() {
        synchronized (visited) {
            return List.copyOf(visited);
        }
    }

    public final Set<String> transitionsFrom(String state) {
        requireState(state);
        return Collections.unmodifiableSet(transitions.get(state));
    }

    public final Set<String> states() {
        return Collections.unmodifiableSet(states.keySet());
    }

    @Override
    protected void onStart() throws Exception {
        if (initial == null) {
            throw new FsmException(name() + ": no initial state");
        }
        current = initial;
        finished = false;
    }

    @Override
    protected final void run() throws Exception {
        String name = current;
        State state = states.get(name);
        synchronized (visited) {
            visited.add(name);
            if (visited.size() > VISITED_KEPT) {
                visited.removeFirst();
            }
        }
        state.attach(agent(), state.template() == Template.any() ? template() : null);
        state.enter();
        state.execute();
        String next = state.nextState();
        if (isKilled() || !agent().isActive()) {
            finished = true;
            return;
        }
        if (next == null) {
            finished = true;
            return;
        }
        if (!transitions.get(name).contains(next)) {
            throw new FsmException(name() + ": undeclared transition " + name + " -> " + next
                    + " (declared from " + name + ": " + transitions.get(name) + ")");
        }
        current = next;
    }

    @Override
    protected final boolean isDone() {
        return finished;
    }

    @Override
    void onKill() {
        String name = current;
        if (name != null) {
            states.get(name).kill();
        }
    }

    /** The machine as a Graphviz digraph: the initial state marked by an arrow, final states double-circled. */
    public final String toGraphviz() {
        StringBuilder dot = new StringBuilder();
        dot.append("digraph \"").append(escape(name())).append("\" {\n");
        dot.append("  rankdir=LR;\n  node [shape=box, style=rounded];\n");
        if (initial != null) {
            dot.append("  \"__start\" [shape=point, label=\"\"];\n");
            dot.append("  \"__start\" -> \"").append(escape(initial)).append("\";\n");
        }
        for (String s : states.keySet()) {
            boolean terminal = transitions.get(s).isEmpty();
            dot.append("  \"").append(escape(s)).append('"');
            dot.append(terminal ? " [peripheries=2];\n" : ";\n");
        }
        transitions.forEach((from, tos) -> tos.forEach(to -> dot.append("  \"").append(escape(from))
                .append("\" -> \"").append(escape(to)).append("\";\n")));
        return dot.append("}\n").toString();
    }

    private void requireState(String name) {
        if (!states.containsKey(name)) {
            throw new FsmException(name() + ": unknown state " + name + " (known: " + states.keySet() + ")");
        }
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
