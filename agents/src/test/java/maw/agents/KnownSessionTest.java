package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.junit.jupiter.api.Test;

/** Which session of a counterpart's account an agent trusts: the first it hears live, never one the server kept. */
class KnownSessionTest {

    private static final class Probe extends GameAgent {
        Probe() {
            super(Jid.parse("ui-ann@localhost"), "pw");
        }

        @Override
        protected void setup() {}

        boolean trusts(Message m) {
            return fromKnownSession(m, Jid.parse("player-ann@localhost"));
        }
    }

    private static Message from(String session, Instant storedAt) {
        return Message.builder().to(Jid.parse("ui-ann@localhost")).sender(Jid.parse("player-ann@localhost/" + session))
                .performative(Performative.REQUEST).body(new Catalog.Ping("g")).storedAt(storedAt).build();
    }

    @Test
    void theEarlierSessionsLastWordKeptByTheServerDoesNotShutOutItsSuccessor() {
        Probe ui = new Probe();
        assertThat(ui.trusts(from("old", Instant.now()))).isTrue(); // taken, but it names no session
        assertThat(ui.trusts(from("new", null))).isTrue(); // the first live session is the one trusted
        assertThat(ui.trusts(from("old", null))).isFalse();
        // Once a session is known, a kept message of another is not trusted either.
        assertThat(ui.trusts(from("old", Instant.now()))).isFalse();
        assertThat(ui.trusts(from("new", null))).isTrue();
    }
}
