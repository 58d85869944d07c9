package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import maw.base.Act;
import maw.llm.standin.OllamaStandIn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The stand-in model that plays from the guiding prompt: its moves are valid for every role and phase. */
class GameBrainTest {

    private final OllamaStandIn ollama;

    GameBrainTest() throws Exception {
        ollama = new OllamaStandIn(); // its brain is a GameBrain unless told otherwise
    }

    @AfterEach
    void close() {
        ollama.close();
    }

    private Act decide(maw.base.SeatView view) {
        ModelSeat seat = new ModelSeat(new Llm(LlmSettings.ollamaDefaults().withBaseUrl(ollama.baseUrl())),
                new PromptTemplates(Views.prompts()));
        Act d = seat.decide(view, List.of());
        assertThat(seat.stats().problems()).isEmpty();
        return d;
    }

    @Test
    void itSpeaksFirstThenVotesForAValidTargetThenListens() {
        assertThat(decide(Views.villagerDay())).isInstanceOfSatisfying(Act.Speak.class,
                s -> assertThat(s.text()).matches("I suspect (Bob|Cid|Dee|Eve)\\."));
        assertThat(decide(Views.werewolfDay())).isInstanceOfSatisfying(Act.Vote.class,
                v -> assertThat(v.target()).isIn("Ann", "Bob", "Dee", "Eve"));
        assertThat(decide(Views.werewolfNight())).isEqualTo(new Act.Listen());
    }

    @Test
    void werewolvesAtNightAllPickTheSameVictim() {
        maw.base.SeatView cid = Views.werewolfNight();
        maw.base.SeatView notYet = Views.view("Eve", maw.base.Role.WEREWOLF, List.of("Cid"), maw.base.Phase.NIGHT,
                cid.valid_targets(), "Hideout", null, true);
        assertThat(decide(notYet)).isEqualTo(new Act.Vote("Ann"));
    }
}
