package maw.agents.kit;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.List;
import java.util.Map;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.aiwolf.game.AiwolfEvent;
import maw.base.Role;
import maw.agents.SeatCatalog.Perceived;
import maw.base.Speech;
import org.junit.jupiter.api.Test;

/** A seat finds its rule set's kit by the name start_game gives the rule set; MAW's game and strangers get none. */
class SeatKitTest {

    private static final List<String> DEAL = List.of("Ann", "Bob", "Cid");

    @Test
    void aiwolfsGamesBringTheirOwnAndMawsGameAndAnUnknownRuleSetPlayPlain() {
        assertThat(SeatKit.of("maw")).isSameAs(SeatKit.PLAIN);
        assertThat(SeatKit.of("no-such-rules")).isSameAs(SeatKit.PLAIN);
        assertThat(SeatKit.of(null)).isSameAs(SeatKit.PLAIN);
        assertThat(SeatKit.PLAIN.typing()).isNull();
        assertThat(SeatKit.PLAIN.talkWriter()).isNull();
        for (String rules : List.of("aiwolf", "aiwolf-nlp")) {
            SeatKit kit = SeatKit.of(rules);
            assertThat(kit.rules()).contains(rules);
            assertThat(kit.typing()).isNotNull();
            assertThat(kit.talkWriter()).isNotNull();
        }
    }

    @Test
    void theNarrationNamesPlayersByTheirAgentNumberAndTellsTheRuleSetsOwnNewsOnly() {
        SeatKit.Narration plain = SeatKit.PLAIN.narration(DEAL, Speech.CHAT);
        assertThat(plain.who("Bob")).isEqualTo("Bob");
        assertThat(plain.rulesInWords()).isEmpty();
        SeatKit.Narration aiwolf = SeatKit.of("aiwolf").narration(DEAL, Speech.PROTOCOL);
        assertThat(aiwolf.who("Bob")).isEqualTo("Bob (2)");
        assertThat(aiwolf.rulesInWords()).contains("protocol text");
        SeatKit.Told votes = aiwolf.tell(new AiwolfCatalog.Event("g", 1, new AiwolfEvent.Votes(2, 0, false,
                Map.of("Ann", "Bob"), null)), "Cid");
        assertThat(votes.kind()).isEqualTo(Perceived.VOTE);
        assertThat(votes.text()).isEqualTo("Votes:\n  Bob (2)  1  <- Ann (1)");
        SeatKit.Told attack = aiwolf.tell(new AiwolfCatalog.Event("g", 1, new AiwolfEvent.Votes(2, 0, true,
                Map.of("Ann", "Bob"), null)), "Cid");
        assertThat(attack.text()).startsWith("The pack's attack votes:");
        SeatKit.Told dawn = aiwolf.tell(new AiwolfCatalog.Event("g", 1, new AiwolfEvent.DayBegan(2, "Cid",
                List.of("Ann", "Bob"))), "Cid");
        assertThat(dawn.kind()).as("the seat attacked in the night is told so").isEqualTo(Perceived.DEATH);
        assertThat(dawn.text()).startsWith("The werewolves murdered you in the night.")
                .contains("Cid (3) was murdered in the night. Living: Ann (1), Bob (2).");
        SeatKit.Told dealt = aiwolf.tell(new AiwolfCatalog.Event("g", 1, new AiwolfEvent.Dealt("Ann", Role.WEREWOLF,
                List.of("Ann", "Cid"))), "Ann");
        assertThat(dealt.text()).isEqualTo("You are a werewolf. Your fellow werewolves: Cid (3).");
        // The core's messages are the core's to tell.
        assertThat(aiwolf.tell(new maw.agents.Catalog.Ping("g"), "Cid")).isNull();
    }
}
