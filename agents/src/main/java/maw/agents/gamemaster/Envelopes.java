package maw.agents.gamemaster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import maw.agents.Catalog;
import maw.base.SeatView;

/**
 * The {@code news} envelopes of the seats that take them: what one step of the game tells each seat, gathered as the
 * rule set's herald tells it, and the view each was sent last, so that a seat hears of one step in one message and is
 * sent its view only when the view changed (a seat awaited for nothing is not told of a new step of the same phase that
 * asks nothing of it either, as no {@code turn} told it before).
 */
final class Envelopes {

    private final Map<String, List<Catalog.Body>> told = new HashMap<>();
    private final Map<String, SeatView> sent = new HashMap<>();

    /** A new round, or a resume: nothing is gathered and no view has been sent. */
    void clear() {
        told.clear();
        sent.clear();
    }

    /** A piece of the step's news for {@code seat}. */
    void add(String seat, Catalog.Body body) {
        told.computeIfAbsent(seat, s -> new ArrayList<>()).add(body);
    }

    /**
     * The envelopes to send now, seat by seat in the order of {@code seats}: each seat's gathered news, with its view
     * (of {@code views}, which gives them all at once) where it differs from the one sent last, or {@code all} (a new phase: every seat is sent its view).
     * A seat with nothing gathered and its view as it was is sent nothing. What is taken is counted as told.
     */
    Map<String, Catalog.News> take(List<String> seats, Function<List<String>, Map<String, SeatView>> views, String game,
            int round, boolean all) {
        Map<String, Catalog.News> out = new LinkedHashMap<>();
        Map<String, SeatView> viewed = views.apply(seats);
        for (String seat : seats) {
            SeatView now = viewed.get(seat);
            List<Catalog.Body> news = told.remove(seat);
            SeatView before = sent.get(seat);
            if (news == null && !all && before != null && idleAcross(before, now)) {
                continue; // awaited for nothing before and after: a new step alone is no news to it
            }
            boolean changed = all || !now.equals(before);
            if (changed) {
                sent.put(seat, now);
            }
            if (changed || news != null) {
                out.put(seat, new Catalog.News(game, round, news, changed ? now : null));
            }
        }
        told.clear(); // news for a seat that is no longer at the table
        return out;
    }

    /**
     * Whether a seat awaited for nothing is still awaited for nothing and its view differs only by the step and its
     * deadline (another seat's turn, a whisper turn of the pack).
     */
    private static boolean idleAcross(SeatView before, SeatView now) {
        return !before.awaited() && !now.awaited() && before.phase() == now.phase() && before.day() == now.day()
                && now.atStep(before.step(), before.deadline()).equals(before);
    }
}
