package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.local.LocalTransport;
import maw.testing.Agents;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A game agent whose handling of a message throws answers failure and goes on with the next message. */
class GuardedHandlingTest {

    private final LocalTransport local = new LocalTransport();
    private final Agents agents = new Agents(local);

    @AfterEach
    void stop() {
        agents.close();
    }

    /** Throws on a ping whose game is "boom"; answers ok otherwise. */
    static final class Fragile extends GameAgent {
        Fragile(Jid jid) {
            super(jid, "pw");
        }

        @Override
        protected void setup() {
            addBehaviour(CyclicBehaviour.of("fragile", self -> {
                Message m = self.receive(Duration.ofMillis(200));
                if (m != null) {
                    guarded(m, () -> {
                        if (read(m) instanceof Catalog.Ping p && "boom".equals(p.game())) {
                            throw new IllegalStateException("a bug");
                        }
                        reply(m, Performative.AGREE, new Catalog.Ok(null, "fine"));
                    });
                }
            }));
        }
    }

    @Test
    void aHandlerThatThrowsAnswersFailureAndTheAgentCarriesOn() throws Exception {
        local.register("fragile", "pw").register("asker", "pw");
        agents.start(new Fragile(Jid.of("fragile", "localhost")));
        ScriptedSeat asker = agents.start(new ScriptedSeat(Jid.of("asker", "localhost"), "pw", "asker",
                Jid.of("fragile", "localhost")));
        Message failure = asker.ask(Jid.of("fragile", "localhost"), new Catalog.Ping("boom"));
        assertThat(failure.is(Performative.FAILURE)).isTrue();
        assertThat(failure.bodyType()).isEqualTo("failure");
        assertThat(failure.json().get("refused").asText()).isEqualTo("ping");
        Message ok = asker.ask(Jid.of("fragile", "localhost"), new Catalog.Ping("g"));
        assertThat(ok.is(Performative.AGREE)).isTrue();
        assertThat(Map.of("what", ok.json().get("what").asText())).containsEntry("what", "fine");
    }
}
