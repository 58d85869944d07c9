package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one rule for seats' names, with the names an attacker tried beside the real ones. */
class NamesTest {

    @Test
    void namesAreLettersAndDigitsInUpToThreeWordsOfOneScript() {
        for (String ok : new String[] {"Ann", "Bob 2", "Mary Ann Lee", "Zoë", "Виктор", "ミサキ", "kanolab1", "O2"}) {
            assertThat(Names.problem(ok)).as(ok).isNull();
        }
        for (String bad : new String[] {"", " Ann", "Ann ", "Ann  Lee", "Ann.", "Ann-Lee", "O'Neil", "a b c d",
                "x".repeat(25), "\u0410nn", "Ann\u200b", "Ann\nLee", "Bob\u202e"}) {
            assertThat(Names.problem(bad)).as(bad).isNotNull();
        }
    }

    @Test
    void theGamesOwnVoicesAreNoPlayersName() {
        for (String voice : new String[] {"GameMaster", "Game Master", "Village", "Hideout", "The village executes",
                "gm", "M0derator", "Vi11age", "GameMaster2"}) {
            assertThat(Names.problem(voice)).as(voice).isNotNull();
        }
        assertThat(Names.problem("Villager Bob")).isNull();
    }

    @Test
    void lookAlikesAreOneName() {
        assertThat(Names.lookAlike("AIice", "Alice")).isTrue(); // a capital I for the l
        assertThat(Names.lookAlike("A1ice", "Alice")).isTrue();
        assertThat(Names.lookAlike("\u0412\u041e\u0412", "BOB")).isTrue(); // Cyrillic
        assertThat(Names.lookAlike("Zo\u00eb", "Zoe")).isTrue();
        assertThat(Names.lookAlike("alice", "Alice")).isTrue();
        assertThat(Names.lookAlike("rn", "m")).isTrue();
        assertThat(Names.lookAlike("Bob 2", "Bob")).isFalse();
        assertThat(Names.lookAlike("Ann", "Anna")).isFalse();
    }

    @Test
    void anOutsideAgentsNameComesNearestToTheRule() {
        assertThat(Names.nearest("Agent[01]", 24)).isEqualTo("Agent 01");
        assertThat(Names.nearest("sample_role-assign.player x", 24)).isEqualTo("sample role assignplayer");
        assertThat(Names.nearest("  ", 24)).isEmpty();
        assertThat(Names.nearest("kanolab1", 24)).isEqualTo("kanolab1");
    }
}
