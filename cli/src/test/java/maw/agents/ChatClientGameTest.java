package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.agents.maw.MawTables;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.game.maw.GameOptions;
import maw.llm.LlmSettings;
import maw.llm.PromptTemplates;
import maw.llm.standin.OllamaStandIn;
import maw.runtime.Jid;
import maw.testing.TestXmpp;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.jivesoftware.smackx.muc.MultiUserChatManager;
import org.junit.jupiter.api.Test;
import org.jxmpp.jid.impl.JidCreate;
import org.jxmpp.jid.parts.Resourcepart;

/**
 * People at ordinary XMPP clients play at a table of rule bots: they take their seats by typing to the GameMaster, are
 * invited to the rooms' group chats, speak there, vote by typing, and hear the game in plain words; and the group chats
 * keep out whoever is not a member, whoever takes another's name, and the dead.
 */
class ChatClientGameTest {

    private static final GameOptions FAST = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(15), Duration.ofSeconds(15)).withEndWhenAllVoted(true);

    /** Asks the MUC service directly to enter {@code room} as {@code nick}; the refusal, if the server refused. */
    private static java.util.Map<String, String> intrude(XMPPTCPConnection c, String room, String nick, String what)
            throws Exception {
        try {
            MultiUserChatManager.getInstanceFor(c).getMultiUserChat(JidCreate.entityBareFrom(room))
                    .join(Resourcepart.from(nick));
            return java.util.Map.of();
        } catch (org.jivesoftware.smack.XMPPException.XMPPErrorException e) {
            return java.util.Map.of(what, e.getStanzaError().getCondition().toString());
        }
    }

    @Test
    void peopleAtChatClientsPlayAWholeGameWithRuleBots() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "chat" + TestXmpp.password("chat").substring(3, 7) + "-";
        GameTable.Spec spec = MawTables.bots(prefix, 4, 1, 3, FAST, null)
                .withOpenSeats(2, Duration.ofSeconds(60), GameTable.ruleBots());
        GameTable table = new GameTable(spec, xmpp.domain());
        xmpp.server().register(table.accounts());
        Jid[] accounts = xmpp.accounts("chat-person", 3);
        List<String> lines = new CopyOnWriteArrayList<>();
        ChatClientPerson[] persons = new ChatClientPerson[3];
        Thread joiner = Thread.ofVirtual().start(() -> {
            try {
                table.allStarted().join();
                persons[0] = new ChatClientPerson(xmpp, accounts[0], "Ann", table.gameMaster());
                persons[1] = new ChatClientPerson(xmpp, accounts[1], "Bea", table.gameMaster());
                persons[2] = new ChatClientPerson(xmpp, accounts[2], "Zed", table.gameMaster());
                persons[2].plays = false;
                // Before a seat: help, and a command from an account with no seat changes nothing.
                persons[2].say("vote Ann");
                persons[2].await("You have no seat at this table", 10);
                persons[0].say("join Ann");
                persons[0].await("You sit at the table as Ann", 10);
                persons[1].say("join Ann");
                persons[1].await("Refused", 10);
                persons[1].say("join Bea");
                persons[1].await("You sit at the table as Bea", 10);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        java.util.Map<String, String> refusals = new java.util.concurrent.ConcurrentHashMap<>();
        Thread intruders = Thread.ofVirtual().start(() -> {
            try {
                joiner.join();
                ChatClientPerson ann = persons[0];
                String hideout = ann.entered("Hideout").get(120, TimeUnit.SECONDS).getRoom().toString();
                String village = ann.entered("Village").get(120, TimeUnit.SECONDS).getRoom().toString();
                refusals.putAll(intrude(persons[1].connection, hideout, "Bea", "Bea asks to enter the Hideout"));
                refusals.putAll(intrude(persons[2].connection, village, "Ann", "Zed asks for Ann's name"));
                refusals.putAll(intrude(persons[2].connection, village, "Zed", "Zed asks for a name of his own"));
            } catch (Exception e) {
                refusals.put("failed", e.toString());
            }
        });
        GameTable.Result r = table.play(xmpp.transport(), null,
                (room, game, round, phase, line) -> lines.add(room.title() + "|" + phase + "|" + line.from() + "|"
                        + line.text()), Duration.ofMinutes(3));
        joiner.join();
        intruders.join();
        try {
            ChatClientPerson ann = persons[0];
            ChatClientPerson bea = persons[1];
            assertThat(ann.over.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(bea.over.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(r.rounds().get(0).roles()).containsKeys("Ann", "Bea");
            assertThat(r.seats()).filteredOn(s -> s.name().equals("Ann") || s.name().equals("Bea"))
                    .allSatisfy(s -> assertThat(s.kind()).isEqualTo("remote"));
            // They spoke in the Village's group chat, and the room took it as their chat act.
            assertThat(lines).anyMatch(l -> l.startsWith("Village|") && l.contains("|Ann|Hello from Ann"));
            // They were told the game in words: their role, the phases, the end and the leaderboard.
            for (ChatClientPerson p : List.of(ann, bea)) {
                assertThat(String.join("\n", p.told)).contains("You are a ").contains("Day 1 begins")
                        .contains("Leaderboard after round 1");
                assertThat(p.heard.get("Village")).isNotEmpty();
            }
            // Zed's vote for Ann was never counted: nobody was told of it.
            assertThat(String.join("\n", ann.told)).doesNotContain("Zed votes");
            // Ann, a werewolf (seed 3), spoke in the Hideout's group chat at night; Bea, a villager, never saw it.
            assertThat(r.rounds().get(0).roles()).containsEntry("Ann", "werewolf")
                    .containsEntry("Bea", "villager");
            assertThat(lines).anyMatch(l -> l.startsWith("Hideout|night 1|Ann|Hello from Ann in the Hideout"));
            assertThat(bea.heard).doesNotContainKey("Hideout");
            assertThat(refusals).containsOnlyKeys("Bea asks to enter the Hideout", "Zed asks for Ann's name",
                    "Zed asks for a name of his own");
            // The dead spoke into the Village: the server refused it, and no room took it.
            assertThat(List.of(ann, bea)).anyMatch(p -> p.spokeDead);
            assertThat(lines).noneMatch(l -> l.contains("I am dead"));
        } finally {
            for (ChatClientPerson p : persons) {
                if (p != null) {
                    p.close();
                }
            }
        }
    }

    @Test
    void aPersonModelSeatsAndRuleBotsShareATable() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "chatllm" + TestXmpp.password("chatllm").substring(3, 7) + "-";
        try (OllamaStandIn ollama = new OllamaStandIn()) {
            GameTable.SeatFiller model = ModelInterfaceAgent.filler(LlmSettings.ollamaDefaults()
                    .withBaseUrl(ollama.baseUrl()), new PromptTemplates(TestXmpp.home().resolve("prompts")),
                    Duration.ofMillis(200), null);
            GameTable table = new GameTable(MawTables.spec(prefix, GameTable.defaultNames(5), List.of(model, model,
                    model, GameTable.ruleBots(), GameTable.ruleBots()), 1, 7, FAST, null)
                    .withOpenSeats(1, Duration.ofSeconds(60), GameTable.ruleBots()), xmpp.domain());
            xmpp.server().register(table.accounts());
            Jid account = xmpp.account("chatllm-person");
            List<String> lines = new CopyOnWriteArrayList<>();
            ChatClientPerson[] ann = new ChatClientPerson[1];
            Thread joiner = Thread.ofVirtual().start(() -> {
                try {
                    table.allStarted().join();
                    ann[0] = new ChatClientPerson(xmpp, account, "Ann", table.gameMaster());
                    ann[0].say("join Ann");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            GameTable.Result r = table.play(xmpp.transport(), null, (room, game, round, phase, line) -> lines.add(
                    room.title() + "|" + line.from() + "|" + line.text()), Duration.ofMinutes(3));
            joiner.join();
            try {
                assertThat(ann[0].over.await(10, TimeUnit.SECONDS)).isTrue();
                assertThat(r.seats()).filteredOn(s -> s.kind().equals("llm")).hasSize(3)
                        .allSatisfy(s -> assertThat((Long) s.report().get("calls")).isPositive());
                assertThat(r.seats()).filteredOn(s -> s.kind().equals("rule")).hasSize(2);
                assertThat(r.seats()).filteredOn(s -> s.name().equals("Ann")).singleElement()
                        .satisfies(s -> assertThat(s.kind()).isEqualTo("remote"));
                assertThat(lines).anyMatch(l -> l.startsWith("Village|Ann|Hello from Ann in the Village"));
                assertThat(String.join("\n", ann[0].told)).contains("You are a ").contains("Leaderboard after round 1");
                assertThat(ann[0].heard.get("Village")).anyMatch(l -> l.startsWith("Village: "));
            } finally {
                if (ann[0] != null) {
                    ann[0].close();
                }
            }
        }
    }

    @Test
    void aPersonPlaysAnAiwolfGameByTypingProtocolCommands() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "chataiw" + TestXmpp.password("chataiw").substring(3, 7) + "-";
        List<GameTable.SeatFiller> bots = List.of(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES),
                AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES), AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES),
                AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
        GameTable table = new GameTable(new GameTable.Spec(prefix, GameTable.defaultNames(4), bots, 1, 5,
                new AiwolfVariant().ruleset(AiwolfOptions.of(5, Duration.ofSeconds(3))), null)
                .withOpenSeats(1, Duration.ofSeconds(60), AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES)),
                xmpp.domain());
        xmpp.server().register(table.accounts());
        Jid account = xmpp.account("chataiw-person");
        ChatClientPerson[] ann = new ChatClientPerson[1];
        Thread joiner = Thread.ofVirtual().start(() -> {
            try {
                table.allStarted().join();
                ann[0] = new ChatClientPerson(xmpp, account, "Ann", table.gameMaster());
                ann[0].aiwolf = true;
                ann[0].say("join Ann");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        GameTable.Result r = table.play(xmpp.transport(), null, null, Duration.ofMinutes(3));
        joiner.join();
        try {
            assertThat(ann[0].over.await(10, TimeUnit.SECONDS)).isTrue();
            String told = String.join("\n", ann[0].told);
            assertThat(r.rounds().get(0).roles()).containsKey("Ann");
            assertThat(told).contains("AIWolf rules: talk is protocol text").contains("Your talk turn")
                    .contains("Done: talk").contains("Leaderboard after round 1");
            assertThat(told).containsPattern("Done: (vote|attack) \\w+");
        } finally {
            ann[0].close();
        }
    }
}
