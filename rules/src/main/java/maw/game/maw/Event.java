package maw.game.maw;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.base.Role;
import maw.base.Team;
import maw.game.Audience;
import maw.game.GameEvent;
import maw.game.PhaseId;
import maw.game.Result;

/** What MAW's rules announce, each with the audience allowed to learn it. */
public sealed interface Event extends GameEvent {

    /** A player learns its role; a werewolf also learns its partners. */
    record RoleAssigned(String player, Role role, List<String> partners) implements Event {
        @Override
        public Audience audience() {
            return Audience.only(player);
        }
    }

    /**
     * A phase begins. At dawn it names who the werewolves murdered in the night, if anyone (the name, never the
     * role).
     */
    record PhaseBegan(PhaseId phase, Duration duration, List<String> living, String murdered) implements Event {
        @Override
        public Audience audience() {
            return Audience.EVERYONE;
        }

        @Override
        public PhaseId began() {
            return phase;
        }
    }

    /**
     * At a pace of turns, a seat's turn begins: {@code player} acts now, in talk round {@code talkRound} of
     * {@code talkRounds} or (when {@code voting}) in the closing voting round, for at most {@code length}. Told to
     * those who read the phase's room (everyone by day, the pack by night), so that every seat and watcher sees whose
     * turn it is.
     */
    record TurnBegan(PhaseId phase, String player, int talkRound, int talkRounds, boolean voting, Duration length,
            Audience audience) implements Event {
        @Override
        public PhaseId began() {
            return phase;
        }
    }

    /** A vote was cast; {@code tally} counts the current votes per target. */
    record VoteCast(PhaseId phase, String voter, String target, Map<String, Integer> tally, Audience audience)
            implements Event {}

    /**
     * The village executed a player. The role stays secret (the werewolves learn it at night). {@code ended}: how the
     * day ended without a majority (every living player had voted, its time ran out, its voting round was over);
     * null for a majority.
     */
    record Executed(int day, String player, boolean byMajority, String ended) implements Event {
        public Executed(int day, String player, boolean byMajority) {
            this(day, player, byMajority, null);
        }

        @Override
        public Audience audience() {
            return Audience.EVERYONE;
        }
    }

    /** The day ended without an execution. */
    record NoExecution(int day, String reason) implements Event {
        @Override
        public Audience audience() {
            return Audience.EVERYONE;
        }
    }

    /** At nightfall the werewolves learn the role of the player executed that day. */
    record RoleRevealed(String player, Role role) implements Event {
        @Override
        public Audience audience() {
            return Audience.WEREWOLVES;
        }
    }

    /** The werewolves agreed and killed. The victim learns at once; the village at dawn. */
    record Murdered(int night, String player, Audience audience) implements Event {}

    /** The night ended without a murder. */
    record NoMurder(int night, String reason) implements Event {
        @Override
        public Audience audience() {
            return Audience.WEREWOLVES;
        }
    }

    /** The seer's answer. */
    record Divined(int day, String seer, String target, Role role) implements Event {
        @Override
        public Audience audience() {
            return Audience.only(seer);
        }
    }

    /** A living player whispered to another: only the recipient learns it (and the journal keeps it). */
    record Whispered(PhaseId phase, String from, String to, String text) implements Event {
        @Override
        public Audience audience() {
            return Audience.only(to);
        }
    }

    /**
     * The game is over. {@code winner} is null for a draw (the day cap). Roles are revealed to everyone now.
     */
    record GameOver(Team winner, String reason, int days, Map<String, Role> roles, Map<String, Integer> scores)
            implements Event, Result {
        @Override
        public Audience audience() {
            return Audience.EVERYONE;
        }
    }
}
