package maw.aiwolf.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.base.Role;
import maw.base.Species;
import org.junit.jupiter.api.Test;

class PlainTest {

    private static final List<String> NAMES = List.of("Ann", "Bob", "Cid", "ミサキ", "Bobby");
    private final Plain plain = new Plain(NAMES);

    private static String protocol(List<Sentence> s) {
        return String.join(" | ", s.stream().map(Protocol::write).toList());
    }

    @Test
    void whatARuleAgentMeansIsSaidInPlainEnglishAndReadBackTheSame() {
        for (String text : List.of("COMINGOUT Agent[03] SEER", "DIVINED Agent[01] WEREWOLF", "DIVINED Agent[04] HUMAN",
                "IDENTIFIED Agent[02] HUMAN", "IDENTIFIED Agent[05] WEREWOLF", "VOTE Agent[05]", "ATTACK Agent[02]",
                "REQUEST ANY (VOTE Agent[04])", "ESTIMATE Agent[02] WEREWOLF")) {
            Sentence s = Protocol.parse(text, Version.V3_6).sentence();
            String said = plain.say(s, "Cid");
            List<Sentence> read = plain.read(said, "Cid");
            assertEquals(1, read.size(), text + " said as " + said + " read as " + protocol(read));
            assertEquals(Protocol.write(Protocol.resolve(s, new Words.AgentId(3))),
                    Protocol.write(Protocol.resolve(read.getFirst(), new Words.AgentId(3))), said);
        }
        assertEquals("I divined @Ann: a werewolf!", plain.say("DIVINED Agent[01] WEREWOLF", "Cid"));
        assertEquals("Everyone, let's vote for @ミサキ!", plain.say("REQUEST ANY (VOTE Agent[04])", "Cid"));
        assertEquals("Over", plain.say("Over", "Cid"));
        assertEquals("hello there", plain.say("hello there", "Cid"), "text that is not protocol stays as it is");
        assertNull(plain.say(Protocol.parse("AGREE TALK day1 ID:3", Version.V3_6).sentence(), "Cid"));
    }

    @Test
    void itFindsTheCommonWaysOfSayingItInALanguageModelsTalkAndNothingElse() {
        assertEquals("Agent[02] COMINGOUT Agent[02] MEDIUM | Agent[02] IDENTIFIED Agent[01] WEREWOLF",
                protocol(plain.read("Hi all! I'm the medium, and the executed @Ann was a werewolf.", "Bob")));
        assertEquals("Agent[01] VOTE Agent[05]", protocol(plain.read("I'll vote for Bobby today.", "Ann")),
                "the longest name that fits: Bobby, not Bob");
        assertEquals("Agent[04] REQUEST ANY (VOTE Agent[02])",
                protocol(plain.read("Let's all vote for @Bob, please.", "ミサキ")));
        assertEquals("Agent[03] ESTIMATE Agent[02] WEREWOLF", protocol(plain.read("I think Bob is a werewolf", "Cid")));
        assertTrue(plain.read("Nice weather. Who do you suspect, @Bob?", "Cid").isEmpty());
        assertTrue(plain.read("I am the seer", "Nobody").isEmpty(), "a speaker not at the table says nothing");
        assertEquals(List.of("Bob", "ミサキ"), plain.mentions("@Bob and @ミサキ, but not Ann"));
    }

    @Test
    void aRuleSeerTellsItsFindingInPlainEnglishAndAnotherRuleSeatActsOnIt() {
        AiwolfPlayer seer = AiwolfBots.natural("Cid", NAMES, AiwolfBots.rules("Cid", NAMES, 1));
        seer.hear(new AiwolfEvent.Dealt("Cid", Role.SEER, List.of()));
        seer.hear(new AiwolfEvent.Divined(0, "Cid", "Ann", Species.WEREWOLF)); // the night's result, then the day
        seer.hear(new AiwolfEvent.DayBegan(1, null, NAMES));
        String said = seer.talk();
        assertEquals("I am the seer. I divined @Ann: a werewolf!", said, "a coming out and its result in one talk");

        AiwolfPlayer villager = AiwolfBots.rules("Bob", NAMES, 2);
        villager.hear(new AiwolfEvent.Dealt("Bob", Role.VILLAGER, List.of()));
        villager.hear(new AiwolfEvent.DayBegan(1, null, NAMES));
        villager.hear(new AiwolfEvent.Turn(1, 0, false, List.of(new AiwolfEvent.Utterance(1, 0, 0, "Cid", said)),
                null));
        assertEquals("Ann", villager.vote(), "the villager votes for the werewolf the seer named in plain English");
    }
}
