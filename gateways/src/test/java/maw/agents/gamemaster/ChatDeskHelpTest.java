package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.base.Speech;
import org.junit.jupiter.api.Test;

/** A chat client's {@code help} is its rule set's own where the seat's talk is not MAW's chat (the rule set's kit). */
class ChatDeskHelpTest {

    private static SeatView seat(String rules, Speech talk) {
        return new SeatView("Ann", Role.VILLAGER, List.of(), Phase.DAY, 1, 0, List.of("Ann", "Bob"), List.of(),
                List.of(), List.of(), Map.of(), null, 0, List.of(), null, false, Map.of(), rules, talk, null);
    }

    @Test
    void eachRuleSetTellsItsOwnCommands() {
        assertThat(ChatDesk.help(null)).startsWith("You play MAW's Werewolf from your chat client.");
        assertThat(ChatDesk.help(seat("maw", Speech.CHAT))).startsWith("You play MAW's Werewolf");
        assertThat(ChatDesk.help(seat("aiwolf", Speech.PROTOCOL))).startsWith("This is an AIWolf game: type "
                + "protocol text").contains("co ROLE");
        assertThat(ChatDesk.help(seat("aiwolf-nlp", Speech.NATURAL))).startsWith("This is a game of the AIWolf NLP "
                + "contest: in your turns type what you say in your own words").doesNotContain("protocol text");
        // A rule set with talk in turns and no kit of its own: MAW's commands, as before a kit is found.
        assertThat(ChatDesk.help(seat("one-night", Speech.PROTOCOL))).startsWith("You play MAW's Werewolf");
    }
}
