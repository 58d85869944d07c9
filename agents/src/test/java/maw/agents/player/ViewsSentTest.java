package maw.agents.player;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import org.junit.jupiter.api.Test;

/**
 * The views a seat's interface is sent: with {@code views: changed}, an interface that keeps the last view it was sent
 * knows the seat's view after every observe, though most observes come without one.
 */
class ViewsSentTest {

    private static SeatView view(int day, Map<String, String> votes, List<String> unseen) {
        return new SeatView("Ann", Role.VILLAGER, List.of(), Phase.DAY, day, 0, List.of("Ann", "Bob", "Cid"),
                List.of(), List.of("Bob", "Cid"), List.of(Act.Kind.VOTE, Act.Kind.LISTEN), Map.of(), "Village", 500,
                unseen, null, false, votes);
    }

    @Test
    void anInterfaceThatKeepsTheLastViewKnowsTheSeatsViewAfterEveryObserve() {
        SplittableRandom random = new SplittableRandom(7);
        ViewsSent sent = new ViewsSent();
        sent.reset(true);
        SeatView kept = null;
        int observes = 0;
        int withView = 0;
        String game = "g1";
        int round = 1;
        int day = 1;
        Map<String, String> votes = Map.of();
        for (int i = 0; i < 2_000; i++) {
            if (random.nextInt(200) == 0) {
                game = "g" + (i + 2); // a new game: the same views may come again, and must be told again
                round = 1;
            } else if (random.nextInt(100) == 0) {
                round++;
            }
            if (random.nextInt(20) == 0) {
                day = 1 + random.nextInt(2);
            }
            if (random.nextInt(10) == 0) {
                votes = votes.isEmpty() ? Map.of("Bob", "Cid") : Map.of(); // news that changes the view
            }
            if (random.nextInt(5) == 0) {
                SeatView asked = sent.asked(view(day, votes, List.of("a line " + i)), game, round);
                assertThat(asked).isNotNull();
                kept = asked.withUnseen(List.of());
                continue;
            }
            boolean start = random.nextInt(50) == 0;
            SeatView now = view(day, votes, List.of());
            SeatView told = sent.observed(now, game, round, start);
            observes++;
            if (told != null) {
                withView++;
                kept = told;
            }
            if (start) {
                assertThat(told).as("a game's start is told with its view").isEqualTo(now);
            }
            assertThat(kept).as("observe %d", i).isEqualTo(now);
        }
        assertThat(withView).as("most observes leave the view as it was").isLessThan(observes / 2);
    }

    @Test
    void aNewGameOrRoundIsToldItsViewEvenWhereItIsTheSame() {
        ViewsSent sent = new ViewsSent();
        sent.reset(true);
        SeatView v = view(1, Map.of(), List.of());
        assertThat(sent.observed(v, "g", 1, false)).isEqualTo(v);
        assertThat(sent.observed(v, "g", 1, false)).isNull();
        assertThat(sent.observed(v, "g", 2, false)).isEqualTo(v);
        assertThat(sent.observed(v, "h", 2, false)).isEqualTo(v);
        sent.reset(true); // a new session of the interface knows nothing yet
        assertThat(sent.observed(v, "h", 2, false)).isEqualTo(v);
    }

    @Test
    void anInterfaceThatDidNotAskIsSentEveryView() {
        ViewsSent sent = new ViewsSent();
        sent.reset(false);
        SeatView v = view(1, Map.of(), List.of());
        for (int i = 0; i < 3; i++) {
            assertThat(sent.observed(v, "g", 1, false)).isEqualTo(v);
        }
    }

    @Test
    void aGetInputsUnseenLinesDoNotMakeTheNextObserveCarryTheViewAgain() {
        ViewsSent sent = new ViewsSent();
        sent.reset(true);
        sent.asked(view(1, Map.of(), List.of("Bob says: hello")), "g", 1);
        assertThat(sent.observed(view(1, Map.of(), List.of()), "g", 1, false)).isNull();
        assertThat(sent.observed(view(1, Map.of("Bob", "Cid"), List.of()), "g", 1, false)).isNotNull();
    }
}
