package maw.agents.gamemaster;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import maw.agents.Catalog;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.game.RefusalCode;

/**
 * Who asked for more time, and whether they may: a person at the table, alive, by day, once a day. The day's end moves
 * by {@link #MORE} for everyone.
 */
final class MoreTimeAsked {

    /** How much later the day ends when a person asks. */
    static final Duration MORE = Duration.ofSeconds(30);

    /** Why a request is refused: its code and reason. */
    record No(RefusalCode code, String reason) {}

    private final Set<String> asked = new HashSet<>();

    /** A resumed game: those its journal says were given more time in round {@code round} ("day/player"). */
    void restore(int round, Set<String> given) {
        given.forEach(dayAndPlayer -> asked.add(round + "/" + dayAndPlayer));
    }

    /**
     * Judges {@code t} from the seat {@code who} (null: not seated; {@code person}: a person plays it) in the phase
     * {@code now} of round {@code round} (null: no game under way), the living {@code living}. Null: granted, and
     * counted as the person's ask of the day.
     */
    No judge(Catalog.MoreTime t, String who, boolean person, int round, PhaseId now, List<String> living) {
        if (who == null) {
            return new No(RefusalCode.NOT_SEATED, "you have no seat at this table");
        }
        if (now == null) {
            return new No(RefusalCode.NOT_STARTED, "no game is under way");
        }
        if (!person) {
            return new No(RefusalCode.NOT_YOURS, "more time is for a person at the table; a program's seat answers "
                    + "at its own pace");
        }
        if (!living.contains(who)) {
            return new No(RefusalCode.DEAD, "the dead read at leisure: the day's time is the living's");
        }
        if (now.phase() != Phase.DAY) {
            return new No(RefusalCode.NOT_NOW, "more time is asked by day");
        }
        if (t.round() != round || t.phase() != now.phase() || t.day() != now.number()) {
            return new No(RefusalCode.PHASE_OVER, "that ask was for " + t.phase() + " " + t.day() + ", which is over");
        }
        if (!asked.add(round + "/" + now.number() + "/" + who)) {
            return new No(RefusalCode.ALREADY_DONE, "you asked for more time today already (once a day)");
        }
        return null;
    }
}
