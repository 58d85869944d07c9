package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.testing.Await;
import maw.testing.TestXmpp;
import org.jivesoftware.smack.XMPPException;
import org.jivesoftware.smack.packet.StanzaError;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.jivesoftware.smackx.delay.packet.DelayInformation;
import org.jivesoftware.smackx.muc.MultiUserChat;
import org.jivesoftware.smackx.muc.MultiUserChatManager;
import org.junit.jupiter.api.Test;
import org.jxmpp.jid.impl.JidCreate;
import org.jxmpp.jid.parts.Resourcepart;

/**
 * The group chats replayed as an attacker at a chat client would use them, against the real ejabberd: a seat's name
 * taken by another account (entering, or renaming inside), a stranger who learned the password, a line stamped as
 * delayed, a flood. Nobody speaks under a name not theirs, nobody speaks before the room agent gives voice, and every
 * line that reaches the others is one the room judged.
 */
class HostileGroupChatTest {

    /**
     * Day 1 outlasts the attack, however slow a busy machine makes it (the flood needs Bea's voice, which the day
     * gives): once the attack is over Ann speaks too (Bea has) and both vote, so the bots vote without waiting for
     * half the day, and the day ends once every living player has voted.
     */
    private static final GameOptions SLOW = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(150), Duration.ofSeconds(10)).withEndWhenAllVoted(true);
    private static final Duration STEP = Duration.ofSeconds(60);

    @Test
    void namesVoiceAndFloodsAreTheServersAndTheRoomAgentsToGive() throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "hgchat" + TestXmpp.password("hgchat").substring(3, 7) + "-";
        GameTable table = new GameTable(MawTables.bots(prefix, 4, 1, 3, SLOW, null)
                .withOpenSeats(2, Duration.ofSeconds(60), GameTable.ruleBots()), xmpp.domain());
        xmpp.server().register(table.accounts());
        Jid[] accounts = xmpp.accounts("hgc-person", 3);
        List<String> journaled = new CopyOnWriteArrayList<>();
        ChatClientPerson[] persons = new ChatClientPerson[3];
        List<String> seen = new CopyOnWriteArrayList<>();
        Thread attacker = Thread.ofVirtual().start(() -> {
            try {
                table.allStarted().join();
                persons[0] = new ChatClientPerson(xmpp, accounts[0], "Ann", table.gameMaster());
                persons[1] = new ChatClientPerson(xmpp, accounts[1], "Bea", table.gameMaster());
                persons[0].plays = false;
                persons[1].plays = false;
                persons[0].say("join Ann");
                persons[1].say("join Bea");
                ChatClientPerson ann = persons[0];
                ChatClientPerson bea = persons[1];
                MultiUserChat village = bea.entered("Village").get(60, TimeUnit.SECONDS);
                ann.entered("Village").get(60, TimeUnit.SECONDS);
                String living = bea.await("Living: ", 30);
                String bot = List.of(living.substring(living.indexOf("Living: ") + 8).replace(".", "").split(",\\s*"))
                        .stream().filter(n -> !n.equals("Ann") && !n.equals("Bea")).findFirst().orElseThrow();
                awaitVoice(village, "Bea");

                // Renaming inside the room to another seat's name: that name is registered to its seat's account.
                assertThatThrownBy(() -> village.changeNickname(Resourcepart.from(bot)))
                        .isInstanceOfSatisfying(XMPPException.XMPPErrorException.class, e -> assertThat(
                                e.getStanzaError().getCondition()).isEqualTo(StanzaError.Condition.conflict));
                seen.add("rename refused");

                // A stranger who learned the password (Bea leaked her invitation) enters without voice and is put out.
                Matcher pw = ChatClientPerson.PASSWORD.matcher(String.join("\n", bea.invitations));
                assertThat(pw.find()).isTrue();
                XMPPTCPConnection zed = new XMPPTCPConnection(xmpp.transport().configurationFor(accounts[2],
                        TestXmpp.password(accounts[2])));
                zed.connect().login();
                try {
                    MultiUserChat inside = MultiUserChatManager.getInstanceFor(zed).getMultiUserChat(
                            JidCreate.entityBareFrom(village.getRoom().toString()));
                    // ... under a seat's name: refused by the server, the name is the seat's.
                    assertThatThrownBy(() -> inside.join(Resourcepart.from(bot), pw.group(1)))
                            .isInstanceOfSatisfying(XMPPException.XMPPErrorException.class, e -> assertThat(
                                    e.getStanzaError().getCondition()).isEqualTo(StanzaError.Condition.conflict));
                    try {
                        inside.join(Resourcepart.from("Zed"), pw.group(1));
                        inside.sendMessage("Zed speaks in the Village");
                        // Put out as the server tells the room (Bea's client sees Zed leave): Zed's own client may
                        // keep thinking itself in when the ban's presence crosses the answer to its entry.
                        Await.until("Zed put out of the Village", STEP, () -> !inside.isJoined()
                                || village.getOccupants().stream().noneMatch(o -> o.getResourceOrEmpty().toString()
                                        .equals("Zed")));
                    } catch (XMPPException.XMPPErrorException e) {
                        // banned before the server answered the entry: out all the same
                    }
                    // ... and kept out: the account is banned (from a session of its own, whatever the first
                    // client believes of itself).
                    XMPPTCPConnection again = new XMPPTCPConnection(xmpp.transport().configurationFor(accounts[2],
                            TestXmpp.password(accounts[2])));
                    again.connect().login();
                    try {
                        MultiUserChat back = MultiUserChatManager.getInstanceFor(again).getMultiUserChat(
                                JidCreate.entityBareFrom(village.getRoom().toString()));
                        assertThatThrownBy(() -> back.join(Resourcepart.from("Zed"), pw.group(1)))
                                .isInstanceOfSatisfying(XMPPException.XMPPErrorException.class, e -> assertThat(
                                        e.getStanzaError().getCondition()).isEqualTo(StanzaError.Condition.forbidden));
                    } finally {
                        again.disconnect();
                    }
                    seen.add("stranger banned");
                } finally {
                    zed.disconnect();
                }

                // A line the client stamps as said long ago is said now: the room judges it.
                village.sendMessage(village.buildMessage().setBody("Bea speaks from the past")
                        .addExtension(new DelayInformation(new Date(0))));
                Await.until("the stamped line judged", STEP,
                        () -> journaled.contains("Village|Bea|Bea speaks from the past"));
                seen.add("stamped line judged");

                // A flood: the server takes four lines a second, and every line Ann sees the room has judged.
                for (int i = 0; i < 150; i++) {
                    village.sendMessage("flood " + i);
                }
                Await.until("the flood's first line at Ann", STEP,
                        () -> ann.heard.getOrDefault("Village", List.of()).contains("Bea: flood 0"));
                seen.add("flooded");
                // The attack is over: Ann says a line (the bots vote once everyone has spoken, else at half the day),
                // both vote, and play the rest of the game as people do.
                ann.plays = true;
                bea.plays = true;
                awaitVoice(village, "Ann");
                ann.entered("Village").get(10, TimeUnit.SECONDS).sendMessage("Ann is here, and saw it all.");
                ann.say("vote " + bot);
                bea.say("vote " + bot);
            } catch (Exception | AssertionError e) {
                seen.add("failed: " + e);
                // A failed step still lets the people play, so the game ends and the failure is what is reported.
                for (ChatClientPerson p : persons) {
                    if (p != null) {
                        p.plays = true;
                    }
                }
            }
        });
        table.play(xmpp.transport(), null, (room, game, round, phase, line) -> journaled.add(room.title() + "|"
                + line.from() + "|" + line.text()), Duration.ofMinutes(6));
        attacker.join();
        try {
            assertThat(seen).containsExactly("rename refused", "stranger banned", "stamped line judged", "flooded");
            ChatClientPerson ann = persons[0];
            List<String> floodSeen = ann.heard.get("Village").stream().filter(l -> l.startsWith("Bea: flood "))
                    .toList();
            assertThat(floodSeen).hasSizeLessThan(150).allSatisfy(l -> assertThat(journaled)
                    .contains("Village|Bea|" + l.substring("Bea: ".length())));
            assertThat(ann.heard.get("Village")).noneMatch(l -> l.startsWith("Zed:") || l.contains("Zed speaks"));
            assertThat(journaled).noneMatch(l -> l.contains("Zed speaks"));
        } finally {
            for (ChatClientPerson p : persons) {
                if (p != null) {
                    p.close();
                }
            }
        }
    }

    /** Waits until {@code nick} has voice in {@code muc} (the room agent gives it; nobody enters with it). */
    private static void awaitVoice(MultiUserChat muc, String nick) throws Exception {
        var me = JidCreate.entityFullFrom(muc.getRoom() + "/" + nick);
        Await.until(nick + "'s voice", Duration.ofSeconds(30), () -> {
            var o = muc.getOccupant(me);
            return o != null && o.getRole() == org.jivesoftware.smackx.muc.MUCRole.participant;
        });
    }
}
