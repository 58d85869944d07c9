package maw.agents.player;

import java.util.List;
import java.util.Objects;
import maw.base.SeatView;

/**
 * Which of the seat's views go to its interface. An interface that asked for views only when they change
 * ({@code seat_name}'s {@code views: changed}) gets one in an observe only when it differs from the last one it was
 * sent in this game and round ({@code unseen} aside: an observe's is empty), or when the observe tells a game's start;
 * an observe without a view leaves the last one as it was. Every {@code get_input} carries its view all the same.
 */
final class ViewsSent {

    private boolean changedOnly;
    private SeatView last;
    private String lastOf;

    /** A new session of the interface, which asked for views only when they change or not. */
    void reset(boolean changedOnly) {
        this.changedOnly = changedOnly;
        last = null;
        lastOf = null;
    }

    /** The view a get_input carries: always there, and the interface keeps it. */
    SeatView asked(SeatView view, String game, int round) {
        keep(view, game, round);
        return view;
    }

    /** The view an observe carries, or null where the interface keeps it already; {@code start}: a game's start. */
    SeatView observed(SeatView view, String game, int round, boolean start) {
        boolean changed = keep(view, game, round);
        return changed || start || !changedOnly ? view : null;
    }

    /** Keeps {@code view} as the interface's; whether it differs from the one it had. */
    private boolean keep(SeatView view, String game, int round) {
        if (!changedOnly) {
            return true;
        }
        SeatView kept = view.withUnseen(List.of());
        String of = game + "/" + round;
        if (kept.equals(last) && Objects.equals(of, lastOf)) {
            return false;
        }
        last = kept;
        lastOf = of;
        return true;
    }
}
