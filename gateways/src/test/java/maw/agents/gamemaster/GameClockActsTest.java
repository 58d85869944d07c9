package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.base.Phase;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.junit.jupiter.api.Test;

/** A paused GameMaster holds every act, the core's and a rule set's own, and takes everything else. */
class GameClockActsTest {

    private static Message to(Catalog.Body body) {
        return Message.of(Jid.parse("gm@localhost"), Performative.REQUEST, body);
    }

    @Test
    void theActsARuleSetAddsAreHeldAsTheCoresAre() {
        assertThat(GameClock.isAct(to(new Catalog.Vote("g", 1, Phase.DAY, 1, "Bob", null)))).isTrue();
        assertThat(GameClock.isAct(to(new Catalog.Chat("g", 1, Phase.DAY, 1, "hello")))).isTrue();
        assertThat(GameClock.isAct(to(new AiwolfCatalog.Talk("g", 1, Phase.DAY, 1, "Over", 0)))).isTrue();
        assertThat(GameClock.isAct(to(new AiwolfCatalog.Guard("g", 1, Phase.NIGHT, 1, "Bob", null)))).isTrue();
        assertThat(GameClock.isAct(to(new Catalog.Ping("g")))).isFalse();
        assertThat(GameClock.isAct(to(new WatchCatalog.Watch("g", WatchCatalog.WatchView.PUBLIC, null)))).isFalse();
    }
}
