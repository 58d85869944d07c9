package maw.agents;

import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The catalog's messages for watching a game and seeing the inside of its agents (docs/PROTOCOL.md, "Watching a
 * game"): the views, the watchers' messages, and an agent's inside for those allowed to see it. Part of the one
 * catalog: each is a {@link Catalog.Body}.
 */
public final class WatchCatalog {

    private WatchCatalog() {}

    // --- watching a game ---------------------------------------------------------------------------------------------

    /** What a watcher of a game is shown: what every player is told, or everything (roles, the pack, whispers). */
    public enum WatchView implements Catalog.Wire {
        PUBLIC, GOD;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * A watcher (a monitor, a viewer) to the GameMaster, request: from now on, send me what this view shows.
     * {@code god} needs the token the GameMaster printed at start-up; {@code public} needs none.
     */
    @JsonTypeName("watch")
    public record Watch(String game, WatchView view, String token) implements Catalog.Body {
        public Watch {
            Catalog.required(view, "watch's view");
        }
    }

    /** GameMaster to a watcher, agree: watching, with where the game stands (the players seated so far). */
    @JsonTypeName("watching")
    public record Watching(String game, int round, String rules, WatchView view, List<String> players, int seats)
            implements Catalog.Body {}

    /**
     * GameMaster to its watchers, inform: a message it sent ({@code body}) and to whom ({@code to}); the public view
     * gets only what every player was told.
     */
    @JsonTypeName("watched")
    public record Watched(String game, int round, List<String> to, Catalog.Body body) implements Catalog.Body {}

    // --- the inside of an agent -------------------------------------------------------------------------------------

    /** How much of its inside an agent shows: a line for a list, everything, or the messages it sent lately. */
    public enum InsidePart implements Catalog.Wire {
        SUMMARY, DETAIL, SENT;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * A monitor to any agent of a game, request: show me your inside. Only a session its voucher named (the GameMaster
     * names its god-view watchers) is answered; anyone else is refused {@code not_yours}.
     */
    @JsonTypeName("inspect")
    public record Inspect(InsidePart part) implements Catalog.Body {}

    /**
     * An agent to a monitor that asked, inform: its inside as {@code Introspection} writes it (name, kind, status,
     * mailbox, counts, state machine, behaviours, latest messages, the agents it works with in {@code links}).
     */
    @JsonTypeName("inside")
    public record Inside(String agent, InsidePart part, JsonNode inside) implements Catalog.Body {}

    /**
     * GameMaster to a seated player, and a player to its interface agent, inform: the sessions that may see your inside
     * from now on (the GameMaster's god-view watchers), replacing the earlier list.
     */
    @JsonTypeName("inspectors")
    public record Inspectors(String game, List<String> sessions) implements Catalog.Body {
        public Inspectors {
            Catalog.required(sessions, "inspectors' sessions");
        }
    }

    // --- the lab: pausing a game, breaking an agent -----------------------------------------------------------------

    /** What a {@code control} asks of the GameMaster's phase clock. */
    public enum ClockAction implements Catalog.Wire {
        PAUSE, RESUME, STEP, STATUS;

        @Override
        public String toString() {
            return wire();
        }
    }

    /** How far a {@code step} runs: to the next phase (day, night), or to the next step of one (AIWolf's turns). */
    public enum StepUnit implements Catalog.Wire {
        PHASE, STEP;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * A god-view watcher to the GameMaster, request: pause the game (its phase clock stops, acts are held), resume it,
     * step it (run until the next phase or step begins, then pause), or tell where the clock stands. {@code token}
     * (the watch token) lets anyone who holds it control the game without watching it.
     */
    @JsonTypeName("control")
    public record Control(String game, ClockAction action, StepUnit unit, String token) implements Catalog.Body {
        public Control {
            Catalog.required(action, "control's action");
        }

        public Control(String game, ClockAction action, StepUnit unit) {
            this(game, action, unit, null);
        }
    }

    /**
     * GameMaster to whoever controls it (agree) and to every watcher (inside {@code watched}): where the phase clock
     * stands. {@code left_ms} is the time left in the phase (frozen while paused), {@code stepping} the unit of a step
     * under way, {@code held} the acts waiting to be judged, {@code by} who paused or resumed it.
     */
    @JsonTypeName("clock")
    public record Clock(String game, int round, boolean paused, String phase, int day, Integer step, long left_ms,
            StepUnit stepping, int held, String by) implements Catalog.Body {}

    /** What a {@code debug} does to an agent's behaviours: JADE Introspector's Step, Break, Slow and Go. */
    public enum DebugAction implements Catalog.Wire {
        STEP, BREAK, SLOW, GO;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * A god-view watcher to any agent of the game, request: break its behaviours at their next message in or out, step
     * one message on, slow every message by {@code delay_ms}, or let it go; answered (inform) with its {@code inside}
     * summary, whose {@code breaks} says where it stands. Only a session allowed to see its inside is obeyed.
     */
    @JsonTypeName("debug")
    public record Debug(DebugAction action, Long delay_ms) implements Catalog.Body {
        public Debug {
            Catalog.required(action, "debug's action");
        }
    }
}
