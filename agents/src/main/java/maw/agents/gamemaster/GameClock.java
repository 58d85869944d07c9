package maw.agents.gamemaster;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.agents.WatchCatalog.StepUnit;
import maw.game.PhaseId;
import maw.runtime.Message;
import maw.runtime.Template;

/**
 * The GameMaster's phase clock, which the host of a game may stop: running, a phase ends at its deadline (wall clock);
 * paused, the time left is frozen and the acts that come are held in the mailbox; a step runs the game until the next
 * phase (or AIWolf step) begins, and pauses it there with the whole of that phase's time left. Used by the
 * GameMaster's one thread only.
 */
final class GameClock {

    /**
     * The catalog's acts (every {@link Catalog.Stamped} body, the core's and the rule sets'), and a room's word that
     * its floor's line was said (it ends a turn as an act does): what a paused GameMaster holds.
     */
    private static final Set<String> ACTS = java.util.stream.Stream.concat(java.util.stream.Stream.concat(
            Arrays.stream(Catalog.Body.class.getAnnotation(com.fasterxml.jackson.annotation.JsonSubTypes.class)
                    .value()).map(com.fasterxml.jackson.annotation.JsonSubTypes.Type::value),
            maw.agents.CatalogExtension.all().stream()).filter(Catalog.Stamped.class::isAssignableFrom)
            .map(c -> c.getAnnotation(com.fasterxml.jackson.annotation.JsonTypeName.class).value()),
            java.util.stream.Stream.of("line_said")).collect(Collectors.toUnmodifiableSet());

    /** What a paused GameMaster takes: everything but acts (watchers, pings, controls, the lobby, chat clients). */
    static final Template NOT_AN_ACT = Template.where("not an act", m -> !isAct(m));

    private long deadline;
    private boolean paused;
    private long left;
    private StepUnit stepping;
    private PhaseId stepFrom;
    private String by;

    static boolean isAct(Message m) {
        return ACTS.contains(m.bodyType());
    }

    /** The phase's end (wall clock): when paused, the end it would have if it resumed now. */
    long deadline() {
        return paused ? System.currentTimeMillis() + left : deadline;
    }

    boolean paused() {
        return paused;
    }

    /** Whether the phase's time is up (never while paused). */
    boolean expired() {
        return !paused && System.currentTimeMillis() >= deadline;
    }

    /** How long to wait for the next message before looking at the clock again. */
    long waitMillis() {
        return paused ? 500 : Math.max(1, deadline - System.currentTimeMillis());
    }

    /**
     * A phase (or step) begins and lasts {@code lengthMillis}; a step under way that reaches it pauses here (and
     * returns true).
     */
    boolean begin(PhaseId phase, long lengthMillis) {
        boolean stops = stepping != null && boundary(stepping, stepFrom, phase);
        if (stops) {
            paused = true;
            stepping = null;
        }
        if (paused) {
            left = lengthMillis;
        } else {
            deadline = System.currentTimeMillis() + lengthMillis;
        }
        return stops;
    }

    private static boolean boundary(StepUnit unit, PhaseId from, PhaseId to) {
        return from == null || unit == StepUnit.STEP ? !to.equals(from) : to.phase() != from.phase() || to.number() != from.number();
    }

    /** The phase ends at {@code deadlineMillis} (a resumed game's, from its journal), unless it is paused. */
    void runTo(long deadlineMillis) {
        deadline = deadlineMillis;
    }

    /** A resumed game that its host had paused ({@code leftMillis} of its phase left; null: it ran). */
    void restore(Long leftMillis) {
        if (leftMillis != null) {
            paused = true;
            left = leftMillis;
        }
    }

    /** Does what {@code c} asks ({@code now}: the phase, null in the lobby); true if the clock stopped or started. */
    boolean control(WatchCatalog.Control c, PhaseId now, String who) {
        return switch (c.action()) {
            case PAUSE -> pause(who);
            case RESUME -> resume(who);
            case STEP -> step(c.unit(), now, who);
            case STATUS -> false;
        };
    }

    /** Stops the clock; true if it ran. */
    boolean pause(String who) {
        stepping = null;
        if (paused) {
            return false;
        }
        left = Math.max(0, deadline - System.currentTimeMillis());
        paused = true;
        by = who;
        return true;
    }

    /** Starts the clock again with the time that was left; true if it was stopped. */
    boolean resume(String who) {
        stepping = null;
        by = who;
        return start();
    }

    /** Runs the game from {@code now} until the next phase or step begins, then pauses; true if the clock was stopped. */
    boolean step(StepUnit unit, PhaseId now, String who) {
        stepping = unit == null ? StepUnit.PHASE : unit;
        stepFrom = now;
        by = who;
        return start();
    }

    private boolean start() {
        if (!paused) {
            return false;
        }
        deadline = System.currentTimeMillis() + left;
        paused = false;
        return true;
    }

    /** The phase ends {@code millis} later (paused: {@code millis} more are left when it resumes). */
    void extend(long millis) {
        if (paused) {
            left += millis;
        } else {
            deadline += millis;
        }
    }

    /** Where the clock stands, as the catalog tells it. */
    WatchCatalog.Clock status(String game, int round, PhaseId phase, int held) {
        long l = phase == null ? 0 : paused ? left : Math.max(0, deadline - System.currentTimeMillis());
        return new WatchCatalog.Clock(game, round, paused, phase == null ? "lobby" : phase.phase().wire(),
                phase == null ? 0 : phase.number(), phase == null || phase.step() == 0 ? null : phase.step(), l,
                stepping, held, by);
    }
}
