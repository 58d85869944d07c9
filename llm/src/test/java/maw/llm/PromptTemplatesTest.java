package maw.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The guiding prompts in prompts/, rendered with a seat's view for each role and phase. */
class PromptTemplatesTest {

    private final PromptTemplates templates = new PromptTemplates(Views.prompts());

    @Test
    void theShippedTemplatesAreCompleteAndRender() {
        templates.check();
    }

    @Test
    void aVillagersDayPromptCarriesItsViewAndTheExpectedJson() {
        String p = templates.guidingPrompt(Views.villagerDay()).whole();
        assertThat(p).contains("You are Ann").contains("Your role: villager").contains("It is day 2")
                .contains("Living: Ann, Bob, Cid, Dee, Eve. Dead: Fay.")
                .contains("Valid vote targets: Bob, Cid, Dee, Eve.").contains("speak, vote, listen")
                .contains("at most 200 characters").contains("{\"action\": \"vote\", \"target\":")
                .doesNotContain("{{");
    }

    @Test
    void aRolesGuideBetweenTurnsIsItsPhasesOrWhereThePhaseHasNoneItsDays() {
        assertThat(templates.roleGuide(Views.werewolfNight())).isEqualTo(templates.guidingPrompt(
                Views.werewolfNight()).system());
        // A villager has no night's prompt (it has nothing to do then): its guide is the day's.
        maw.base.SeatView night = Views.view("Ann", maw.base.Role.VILLAGER, java.util.List.of(),
                maw.base.Phase.NIGHT, java.util.List.of(), null, null, false);
        assertThat(templates.roleGuide(night)).contains("You are Ann", "Your role: villager")
                .isEqualTo(templates.guidingPrompt(Views.villagerDay()).system());
    }

    @Test
    void aWerewolfLearnsItsPartnersByDayAndAgreesOnAVictimByNight() {
        String day = templates.guidingPrompt(Views.werewolfDay()).whole();
        assertThat(day).contains("Your role: WEREWOLF").contains("Your fellow werewolves: Eve")
                .contains("Never reveal your role").contains("You have spoken today: yes");
        String night = templates.guidingPrompt(Views.werewolfNight()).whole();
        assertThat(night).contains("It is night 2").contains("Valid victims: Ann, Bob, Dee.")
                .contains("every living werewolf votes for the same player").contains("Your vote tonight: Bob");
    }

    @Test
    void theGuidingPromptStaysTheSameThroughAPhaseAndTheTurnsStateGoesWithTheTurn() {
        for (maw.base.SeatView v : java.util.List.of(Views.villagerDay(), Views.werewolfDay(), Views.werewolfNight())) {
            PromptTemplates.Prompt p = templates.guidingPrompt(v);
            // What changes turn by turn is below the line, never in the system message.
            assertThat(p.system()).doesNotContain("Living:").doesNotContain("Your vote").doesNotContain("{\"action\"")
                    .doesNotContain(PromptTemplates.EACH_TURN);
            assertThat(p.turn()).contains("Living:").contains("{\"action\"").doesNotContain(PromptTemplates.EACH_TURN);
        }
        // The same phase with another turn's state: the same guiding prompt.
        maw.base.SeatView later = Views.villagerDay();
        maw.base.SeatView voted = new maw.base.SeatView(later.you(), later.role(), later.partners(), later.phase(),
                later.day(), 0, later.living(), later.dead(), later.valid_targets(),
                java.util.List.of(maw.base.Act.Kind.LISTEN), null, later.room(), later.max_message_length(),
                java.util.List.of(), "Bob", true, java.util.Map.of());
        assertThat(templates.guidingPrompt(voted).system()).isEqualTo(templates.guidingPrompt(later).system());
        assertThat(templates.guidingPrompt(voted).turn()).contains("Your vote today: Bob")
                .isNotEqualTo(templates.guidingPrompt(later).turn());
    }

    @Test
    void aPlaceholderThatChangesTurnByTurnAboveTheLineIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("villager-day.txt"), "You are {{name}}. Your vote: {{voted_for}}.\n"
                + PromptTemplates.EACH_TURN + "\n{{json}}");
        Files.writeString(dir.resolve("werewolf-day.txt"), "x");
        Files.writeString(dir.resolve("werewolf-night.txt"), "x");
        assertThatThrownBy(() -> new PromptTemplates(dir).check()).hasMessageContaining("villager-day.txt")
                .hasMessageContaining("{{voted_for}} changes turn by turn");
    }

    @Test
    void aSeerWithoutATemplateOfItsOwnGetsTheVillagersAtNight(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("villager-night.txt"), "{{name}} sleeps.");
        assertThat(new PromptTemplates(dir).templateFor("seer", "night")).isEqualTo(dir.resolve("villager-night.txt"));
    }

    @Test
    void anUnknownPlaceholderOrAMissingTemplateIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("villager-day.txt"), "Hello {{nickname}}");
        Files.writeString(dir.resolve("werewolf-day.txt"), "x");
        Files.writeString(dir.resolve("werewolf-night.txt"), "x");
        assertThatThrownBy(() -> new PromptTemplates(dir).check()).hasMessageContaining("villager-day.txt")
                .hasMessageContaining("unknown placeholder {{nickname}}");
        Files.delete(dir.resolve("werewolf-night.txt"));
        Files.writeString(dir.resolve("villager-day.txt"), "Hello {{name}}");
        assertThatThrownBy(() -> new PromptTemplates(dir).check()).hasMessageContaining("werewolf-night.txt is missing");
    }
}
