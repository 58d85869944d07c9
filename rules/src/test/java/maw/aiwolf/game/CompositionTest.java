package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import maw.base.Role;
import maw.base.Species;
import maw.base.Team;
import org.junit.jupiter.api.Test;

/** The regulation's villages, the official server's defaults for every size, and compositions that cannot be. */
class CompositionTest {

    @Test
    void theRegulationsVillagesAreDealtAsItSays() {
        Composition five = Composition.regulation5();
        assertThat(five.players()).isEqualTo(5);
        assertThat(five.counts()).containsAllEntriesOf(Map.of(Role.VILLAGER, 2, Role.SEER, 1,
                Role.WEREWOLF, 1, Role.POSSESSED, 1, Role.MEDIUM, 0, Role.BODYGUARD, 0));
        Composition fifteen = Composition.regulation15();
        assertThat(fifteen.players()).isEqualTo(15);
        assertThat(fifteen.counts()).containsAllEntriesOf(Map.of(Role.VILLAGER, 8, Role.SEER, 1,
                Role.MEDIUM, 1, Role.BODYGUARD, 1, Role.WEREWOLF, 3, Role.POSSESSED, 1));
        assertThat(fifteen.roles()).hasSize(15).filteredOn(r -> r == Role.WEREWOLF).hasSize(3);
    }

    @Test
    void everyOfficialDefaultDealsItsPlayersWithTheVillageAhead() {
        for (int n = 3; n <= 18; n++) {
            Composition c = Composition.of(n);
            assertThat(c.players()).as(n + " players").isEqualTo(n);
            assertThat(c.count(Role.SEER)).as(n + " players").isEqualTo(1);
            assertThat(c.count(Role.WEREWOLF)).as(n + " players").isBetween(1, 3);
        }
        assertThatThrownBy(() -> Composition.of(2)).hasMessageContaining("3 to 18");
        assertThatThrownBy(() -> Composition.of(19)).hasMessageContaining("3 to 18");
    }

    @Test
    void thePossessedIsHumanButWinsWithTheWerewolves() {
        assertThat(Role.POSSESSED.species()).isEqualTo(Species.HUMAN);
        assertThat(Role.POSSESSED.team()).isEqualTo(Team.WEREWOLVES);
        assertThat(Role.WEREWOLF.species()).isEqualTo(Species.WEREWOLF);
        assertThat(Role.MEDIUM.team()).isEqualTo(Team.VILLAGERS);
    }

    @Test
    void aVillageThatCannotBePlayedIsRefused() {
        assertThatThrownBy(() -> new Composition(Map.of(Role.VILLAGER, 4)))
                .hasMessageContaining("needs a werewolf");
        assertThatThrownBy(() -> new Composition(Map.of(Role.VILLAGER, 1, Role.POSSESSED, 1,
                Role.WEREWOLF, 2))).hasMessageContaining("would win before the game begins");
        assertThatThrownBy(() -> new Composition(Map.of(Role.VILLAGER, -1, Role.WEREWOLF, 1)))
                .hasMessageContaining("negative");
        assertThat(new Composition(Map.of(Role.VILLAGER, 6, Role.WEREWOLF, 2, Role.SEER, 1))
                .players()).isEqualTo(9);
    }

    @Test
    void theSettingsDefaultToTheOfficialServers() {
        AiwolfSettings s = AiwolfSettings.defaults(Composition.regulation5());
        assertThat(s.players()).isEqualTo(5);
        assertThat(List.of(s.maxTalk(), s.maxTalkTurn(), s.maxWhisper(), s.maxWhisperTurn(), s.maxSkip(),
                s.maxRevote(), s.maxAttackRevote(), s.timeLimitMillis())).containsExactly(10, 20, 10, 20, 2, 1, 1, -1);
        assertThat(List.of(s.enableNoAttack(), s.enableNoExecution(), s.voteVisible(), s.votableInFirstDay(),
                s.talkOnFirstDay(), s.validateUtterance(), s.whisperBeforeRevote(), s.enableRoleRequest()))
                .containsExactly(false, false, true, false, false, true, false, true);
        assertThat(s.withComposition(Composition.regulation15()).players()).isEqualTo(15);
        assertThatThrownBy(() -> new AiwolfSettings(Composition.regulation5(), 10, 0, 10, 20, 2, 1, 1, false, false,
                true, false, false, true, false, true, -1)).hasMessageContaining("turns at least 1");
    }
}
