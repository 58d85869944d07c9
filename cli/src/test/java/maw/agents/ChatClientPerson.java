package maw.agents;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.runtime.Jid;
import maw.testing.TestXmpp;
import org.jivesoftware.smack.packet.Message;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.jivesoftware.smackx.muc.MultiUserChat;
import org.jivesoftware.smackx.muc.MultiUserChatManager;
import org.jivesoftware.smackx.muc.packet.GroupChatInvitation;
import org.jxmpp.jid.impl.JidCreate;
import org.jxmpp.jid.parts.Resourcepart;

/**
 * A person at an ordinary XMPP client, scripted: an account's own Smack connection that does only what a chat client
 * does (one-to-one chat with the GameMaster in plain text, group chats entered on invitation), never MAW's catalog.
 */
final class ChatClientPerson implements AutoCloseable {

    private static final Pattern VOTE = Pattern.compile("vote NAME \\(([^)]*)\\)");
    /** The group chat's password, as the invitation's words give it. */
    static final Pattern PASSWORD = Pattern.compile("password (\\w+)");

    final Jid account;
    final XMPPTCPConnection connection;
    final String name;
    private final org.jxmpp.jid.Jid gameMaster;
    /** Everything the GameMaster told the person, in order. */
    final List<String> told = new CopyOnWriteArrayList<>();
    /** Lines seen in each group chat (room title from the invitation body), as "nick: text". */
    final Map<String, List<String>> heard = new ConcurrentHashMap<>();
    final Map<String, MultiUserChat> rooms = new ConcurrentHashMap<>();
    /** Completes with each group chat (by title) once the person is in it. */
    private final Map<String, java.util.concurrent.CompletableFuture<MultiUserChat>> entered =
            new ConcurrentHashMap<>();
    /** The invitations' words, as they came. */
    final List<String> invitations = new CopyOnWriteArrayList<>();
    /** Errors the server answered to the person's group chat lines. */
    final List<String> errors = new CopyOnWriteArrayList<>();
    final CountDownLatch over = new CountDownLatch(1);
    /** Whether the person answers turns by itself (speaks, then votes for the first target). */
    volatile boolean plays = true;
    /** Whether the game is AIWolf's: talk is protocol text typed to the GameMaster, turn by turn. */
    volatile boolean aiwolf;
    /** Whether the person tried to speak in the Village once dead. */
    volatile boolean spokeDead;

    ChatClientPerson(TestXmpp xmpp, Jid account, String name, Jid gameMaster) throws Exception {
        this.account = account;
        this.name = name;
        this.gameMaster = JidCreate.from(gameMaster.bare().toString());
        connection = new XMPPTCPConnection(xmpp.transport().configurationFor(account, TestXmpp.password(account)));
        connection.connect().login();
        connection.addAsyncStanzaListener(s -> onMessage((Message) s), s -> s instanceof Message);
    }

    private void onMessage(Message m) {
        GroupChatInvitation invitation = GroupChatInvitation.from(m);
        if (invitation != null) {
            invitations.add(String.valueOf(m.getBody()));
            enter(invitation.getRoomAddress(), m.getBody());
            return;
        }
        if (m.getType() == Message.Type.groupchat || m.getBody() == null) {
            if (m.getType() == Message.Type.error) {
                errors.add(String.valueOf(m.getError()));
            }
            return;
        }
        if (m.getType() == Message.Type.error) {
            errors.add(String.valueOf(m.getError()));
            return;
        }
        if (!m.getFrom().asBareJid().equals(gameMaster.asBareJid())) {
            return;
        }
        String text = m.getBody();
        told.add(text);
        if (text.contains("The game is over.")) {
            over.countDown();
        }
        if (text.contains("You were executed") || text.contains("murdered you")) {
            // The dead try to speak: the server keeps their words out of the Village.
            Thread.ofVirtual().start(() -> {
                try {
                    MultiUserChat village = rooms.get("Village");
                    if (village != null) {
                        village.sendMessage("I am dead and I speak, says " + name);
                        spokeDead = true;
                    }
                } catch (Exception e) {
                    errors.add("could not speak dead: " + e);
                }
            });
        }
        if (plays && aiwolf) {
            Thread.ofVirtual().start(() -> playAiwolf(text));
        } else if (plays && text.contains("Your turn")) {
            Thread.ofVirtual().start(() -> play(text));
        }
    }

    private void enter(String address, String body) {
        String title = body != null && body.contains("Hideout") ? "Hideout" : "Village";
        try {
            MultiUserChat muc = MultiUserChatManager.getInstanceFor(connection)
                    .getMultiUserChat(JidCreate.entityBareFrom(address));
            List<String> lines = heard.computeIfAbsent(title, k -> new CopyOnWriteArrayList<>());
            muc.addMessageListener(msg -> {
                if (msg.getBody() != null) {
                    lines.add(msg.getFrom().getResourceOrEmpty() + ": " + msg.getBody());
                }
            });
            if (!muc.isJoined()) {
                Matcher pw = PASSWORD.matcher(body == null ? "" : body);
                muc.join(Resourcepart.from(name), pw.find() ? pw.group(1) : null);
            }
            rooms.put(title, muc);
            entered(title).complete(muc);
        } catch (Exception e) {
            errors.add("could not enter " + address + ": " + e);
        }
    }

    /** The group chat titled {@code title}, once the person is in it. */
    java.util.concurrent.CompletableFuture<MultiUserChat> entered(String title) {
        return entered.computeIfAbsent(title, k -> new java.util.concurrent.CompletableFuture<>());
    }

    private void play(String turn) {
        try {
            if (turn.contains("speak in the Village") || turn.contains("speak in the Hideout")) {
                String title = turn.contains("speak in the Hideout") ? "Hideout" : "Village";
                MultiUserChat muc = entered(title).get(20, TimeUnit.SECONDS);
                String line = "Hello from " + name + " in the " + title;
                int before = heard(title, name + ": " + line);
                // Voice comes with the room's opening, or as the person enters: say it once the room gives it.
                org.jxmpp.jid.EntityFullJid me = org.jxmpp.jid.impl.JidCreate.entityFullFrom(muc.getRoom() + "/"
                        + name);
                maw.testing.Await.until(name + "'s voice in the " + title, java.time.Duration.ofSeconds(20), () -> {
                    var occupant = muc.getOccupant(me);
                    return occupant != null && occupant.getRole() == org.jivesoftware.smackx.muc.MUCRole.participant;
                });
                muc.sendMessage(line);
                maw.testing.Await.until(name + "'s line back from the " + title, java.time.Duration.ofSeconds(20),
                        () -> heard(title, name + ": " + line) > before);
            }
            Matcher v = VOTE.matcher(turn);
            if (v.find()) {
                String target = List.of(v.group(1).split(",\\s*")).stream().filter(n -> !n.equals(name)).findFirst()
                        .orElse(null);
                if (target != null) {
                    say("vote " + target);
                }
            }
        } catch (Exception | AssertionError e) {
            errors.add("could not play: " + e);
        }
    }

    /** How many times the person saw {@code line} in the group chat titled {@code title}. */
    private int heard(String title, String line) {
        return (int) heard.getOrDefault(title, List.of()).stream().filter(line::equals).count();
    }

    /** An AIWolf step asks the person: says Over in talk turns, votes and attacks the first name it may. */
    private void playAiwolf(String asked) {
        try {
            if (asked.contains("Your talk turn") || asked.contains("Your whisper turn")) {
                say("over");
            }
            Matcher m = Pattern.compile("The (attack )?vote \\(\\d+ s\\): /(?:vote|attack) N \\(([^)]*)\\)")
                    .matcher(asked);
            if (m.find()) {
                say((m.group(1) == null ? "vote " : "attack ") + m.group(2).split(",\\s*")[0]);
            }
        } catch (Exception e) {
            errors.add("could not play: " + e);
        }
    }

    /** Types a line to the GameMaster. */
    void say(String text) throws Exception {
        connection.sendStanza(StanzaBuilder.buildMessage().to(gameMaster).ofType(Message.Type.chat).setBody(text)
                .build());
    }

    /** Waits for a line from the GameMaster containing {@code part}; returns it. */
    String await(String part, long seconds) {
        try {
            return maw.testing.Await.value(name + " told \"" + part + "\"", java.time.Duration.ofSeconds(seconds),
                    () -> told.stream().filter(t -> t.contains(part)).findFirst().orElse(null));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; told: " + told, e);
        }
    }

    @Override
    public void close() {
        connection.disconnect();
    }
}
