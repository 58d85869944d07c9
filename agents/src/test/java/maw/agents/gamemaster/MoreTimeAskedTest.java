package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import maw.agents.Catalog;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import org.junit.jupiter.api.Test;

/** More time is a living person's to ask, by day, for the day under way, once a day; anything else is refused. */
class MoreTimeAskedTest {

    private static final List<String> LIVING = List.of("Ann", "Bob");
    private static final PhaseId DAY_2 = new PhaseId(Phase.DAY, 2, 0);

    private static Catalog.MoreTime ask(Phase phase, int day) {
        return new Catalog.MoreTime("g", 1, phase, day, null, null, null);
    }

    private static RefusalCode code(MoreTimeAsked.No no) {
        return no == null ? null : no.code();
    }

    @Test
    void aLivingPersonAsksOnceADayByDay() {
        MoreTimeAsked asked = new MoreTimeAsked();
        assertThat(code(asked.judge(ask(Phase.DAY, 2), null, false, 1, DAY_2, LIVING))).isEqualTo(RefusalCode.NOT_SEATED);
        assertThat(code(asked.judge(ask(Phase.DAY, 2), "Ann", true, 1, null, LIVING))).isEqualTo(RefusalCode.NOT_STARTED);
        assertThat(code(asked.judge(ask(Phase.DAY, 2), "Bob", false, 1, DAY_2, LIVING))).isEqualTo(RefusalCode.NOT_YOURS);
        assertThat(code(asked.judge(ask(Phase.DAY, 2), "Cid", true, 1, DAY_2, LIVING))).isEqualTo(RefusalCode.DEAD);
        assertThat(code(asked.judge(ask(Phase.NIGHT, 2), "Ann", true, 1, new PhaseId(Phase.NIGHT, 2, 0), LIVING)))
                .isEqualTo(RefusalCode.NOT_NOW);
        assertThat(code(asked.judge(ask(Phase.DAY, 1), "Ann", true, 1, DAY_2, LIVING)))
                .as("an ask for a day that is over").isEqualTo(RefusalCode.PHASE_OVER);
        assertThat(asked.judge(ask(Phase.DAY, 2), "Ann", true, 1, DAY_2, LIVING)).as("granted").isNull();
        assertThat(code(asked.judge(ask(Phase.DAY, 2), "Ann", true, 1, DAY_2, LIVING))).isEqualTo(RefusalCode.ALREADY_DONE);
        PhaseId day3 = new PhaseId(Phase.DAY, 3, 0);
        assertThat(asked.judge(ask(Phase.DAY, 3), "Ann", true, 1, day3, LIVING)).as("a new day, a new ask").isNull();
    }
}
