package maw.runtime.xmpp;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import maw.runtime.GroupChat;
import maw.runtime.Jid;
import org.jivesoftware.smack.SmackException;
import org.jivesoftware.smack.XMPPConnection;
import org.jivesoftware.smack.XMPPException;
import org.jivesoftware.smack.packet.Message;
import org.jivesoftware.smack.packet.Presence;
import org.jivesoftware.smack.packet.StandardExtensionElement;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smackx.delay.packet.DelayInformation;
import org.jivesoftware.smackx.muc.MultiUserChat;
import org.jivesoftware.smackx.muc.MultiUserChatException;
import org.jivesoftware.smackx.muc.MultiUserChatManager;
import org.jivesoftware.smackx.muc.Occupant;
import org.jivesoftware.smackx.muc.packet.MUCUser;
import org.jivesoftware.smackx.xdata.form.FillableForm;
import org.jxmpp.jid.EntityBareJid;
import org.jxmpp.jid.EntityFullJid;
import org.jxmpp.jid.impl.JidCreate;
import org.jxmpp.jid.parts.Resourcepart;
import org.jxmpp.stringprep.XmppStringprepException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A room's multi-user chat (XEP-0045) for the people who play from ordinary chat clients. The room agent owns it: a
 * moderated, semi-anonymous room under a name nobody can guess (so nobody creates it first), closed by a password that
 * only its readers at chat clients are given in their invitations (a new one whenever a reader is put out). Everyone
 * enters without voice (the room has no members, and newcomers are visitors); the room agent gives voice to the
 * occupant whose account writes now under its own seat's name, and takes it back as the phase or the floor moves on.
 * An account that is not a reader is put out and banned (an outcast); a reader who stops being one too (a dead
 * werewolf and the Hideout). Where the server lets this program provision (its account API), each seat's name is
 * registered to the seat's account in the chat service, so nobody else enters under it or renames to it. The server
 * takes at most a line every 0.25 s from a session (its {@code min_message_interval}), so a flood stops at the server;
 * the room agent paces its own lines to match, grouping those that wait. What a person says there comes to the room
 * agent as that person's chat act; what the agents say through the catalog appears there as the room's own line.
 */
final class XmppGroupChat implements GroupChat {

    private static final Logger LOG = LoggerFactory.getLogger(XmppGroupChat.class);

    /** The least time between two of the room agent's lines: the server's 0.25 s between lines, and a margin. */
    static final Duration PACE = Duration.ofMillis(300);

    /** Lines of the room grouped into one message at most, when they wait for the pace. */
    private static final int GROUPED = 20;

    private final XMPPConnection connection;
    private final String title;
    private final String base;
    private final String service;
    private final Said said;
    /** The server's account API, to register the seats' names; null where this program does not provision. */
    private volatile EjabberdApi nicknames;
    private MultiUserChat muc;
    private volatile String password = newPassword();
    /** Seat names by account (bare), of the readers at chat clients; who may write now. */
    private volatile Map<Jid, String> people = Map.of();
    private volatile Set<String> voiced = Set.of();
    /** Readers let in so far; accounts put out (outcasts); accounts whose seat's name this chat registered. */
    private final Set<Jid> admitted = ConcurrentHashMap.newKeySet();
    private final Set<Jid> outcasts = ConcurrentHashMap.newKeySet();
    private final Set<Jid> registered = ConcurrentHashMap.newKeySet();
    /** People whose seat's name another account holds in the chat service (they cannot enter under it). */
    private final Set<Jid> nameHeld = ConcurrentHashMap.newKeySet();
    private final BlockingQueue<String> outbox = new LinkedBlockingQueue<>();
    private Thread sender;

    XmppGroupChat(XMPPConnection connection, String title, Jid agent, Said said, EjabberdApi nicknames) {
        this.connection = connection;
        this.title = title;
        this.base = agent.local();
        this.service = "conference." + agent.domain();
        this.said = said;
        this.nicknames = nicknames;
    }

    /**
     * The room opens for a phase: {@code people} are the readers at chat clients (name by account), {@code writers}
     * the names that may write, {@code seats} every reader of the room. Makes the group chat at the first call; the
     * seats' names are registered, those no longer readers put out, voices set; those newly let in are invited
     * (XEP-0249, with the password).
     */
    @Override
    public void open(Map<Jid, String> newPeople, Set<String> writers, Map<Jid, String> seats)
            throws InterruptedException {
        try {
            if (muc == null) {
                create();
            }
            register(seats, newPeople);
            people = Map.copyOf(newPeople);
            voiced = Set.copyOf(writers);
            boolean putOut = false;
            for (Jid gone : new HashSet<>(admitted)) {
                if (!newPeople.containsKey(gone)) {
                    // No longer a reader (a dead werewolf and the Hideout): banned, and the password changes.
                    ban(gone, "You no longer read the " + title + ".");
                    admitted.remove(gone);
                    putOut = true;
                }
            }
            if (putOut) {
                password = newPassword();
                FillableForm form = muc.getConfigurationForm().getFillableForm();
                set(form, "muc#roomconfig_roomsecret", password);
                muc.sendConfigurationForm(form);
            }
            for (Jid p : newPeople.keySet()) {
                if (outcasts.remove(p)) {
                    muc.revokeMembership(JidCreate.from(p.toString())); // an outcast no more: affiliation none
                }
                admitted.add(p);
            }
            Set<Jid> inside = new HashSet<>();
            for (EntityFullJid o : muc.getOccupants()) {
                Jid real = real(o);
                if (real != null) {
                    inside.add(real);
                }
                judge(o, real);
            }
            for (Map.Entry<Jid, String> p : newPeople.entrySet()) {
                if (!inside.contains(p.getKey())) {
                    invite(p.getKey(), p.getValue());
                }
            }
        } catch (SmackException | XMPPException | XmppStringprepException e) {
            LOG.warn("{}: the {} group chat could not follow the phase: {}", base, title, e.toString());
        }
    }

    /** The room closes: nobody speaks until it opens again. */
    @Override
    public void close() throws InterruptedException {
        voiced = Set.of();
        if (muc == null) {
            return;
        }
        for (EntityFullJid o : muc.getOccupants()) {
            try {
                judge(o, real(o));
            } catch (SmackException | XMPPException e) {
                LOG.debug("{}: could not silence {}: {}", base, o, e.toString());
            }
        }
    }

    /**
     * A line an agent said through the catalog, shown in the group chat under the speaker's name: sent at the room's
     * pace, lines that wait grouped into one message.
     */
    @Override
    public synchronized void show(String line) {
        if (muc == null) {
            return;
        }
        outbox.add(line);
        if (sender == null) {
            sender = Thread.ofVirtual().name(base + "/groupchat-lines").start(this::sendLines);
        }
    }

    private void sendLines() {
        try {
            while (true) {
                List<String> lines = new ArrayList<>();
                lines.add(outbox.take());
                outbox.drainTo(lines, GROUPED - 1);
                MultiUserChat room = muc;
                if (room == null) {
                    return;
                }
                try {
                    room.sendMessage(String.join("\n", lines));
                } catch (SmackException.NotConnectedException e) {
                    LOG.debug("{}: could not show lines in the {} group chat: {}", base, title, e.toString());
                }
                Thread.sleep(PACE);
            }
        } catch (InterruptedException e) {
            // the chat goes
        }
    }

    /** The game is over for this room agent: the group chat goes, and the names it registered are free again. */
    @Override
    public synchronized void destroy() {
        if (sender != null) {
            sender.interrupt();
        }
        if (watch != null) {
            watch.interrupt();
        }
        EjabberdApi api = nicknames;
        if (api != null) {
            for (Jid account : registered) {
                try {
                    api.unregisterNick(account.toString(), service);
                } catch (IOException e) {
                    LOG.debug("{}: could not free the name of {}: {}", base, account, e.toString());
                }
            }
            registered.clear();
        }
        if (muc == null) {
            return;
        }
        try {
            muc.destroy("The game is over.", null);
        } catch (SmackException | XMPPException | InterruptedException e) {
            LOG.debug("{}: could not close the {} group chat: {}", base, title, e.toString());
        }
        muc = null;
    }

    /**
     * Registers each seat's name to its account in the chat service, once. A name another account holds stays theirs:
     * for an agent's seat nobody else may take it either way; for a person's, they are told as they are invited.
     */
    private void register(Map<Jid, String> seats, Map<Jid, String> persons) {
        EjabberdApi api = nicknames;
        if (api == null) {
            return;
        }
        for (Map.Entry<Jid, String> seat : seats.entrySet()) {
            Jid account = seat.getKey().bare();
            if (registered.contains(account) || nameHeld.contains(account)) {
                continue;
            }
            try {
                if (api.registerNick(seat.getValue(), account.toString(), service)) {
                    registered.add(account);
                } else if (persons.containsKey(account)) {
                    nameHeld.add(account);
                    LOG.warn("{}: another account holds the name {} in {}: its person cannot enter the {} under it",
                            base, seat.getValue(), service, title);
                }
            } catch (IOException e) {
                LOG.warn("{}: the seats' names cannot be registered in {} ({}); a room puts out whoever takes a name "
                        + "not theirs, after the fact", base, service, e.getMessage());
                nicknames = null;
                return;
            }
        }
    }

    private void create() throws SmackException, XMPPException, InterruptedException, XmppStringprepException {
        MultiUserChatManager manager = MultiUserChatManager.getInstanceFor(connection);
        // A session that is not resumed after a reconnection enters its rooms again (the room agent moderates).
        manager.setAutoJoinOnReconnect(true);
        for (int attempt = 0; ; attempt++) {
            EntityBareJid room = JidCreate.entityBareFrom(base + "-" + Long.toString(
                    java.util.concurrent.ThreadLocalRandom.current().nextLong() >>> 1, 36) + "@" + service);
            MultiUserChat m = manager.getMultiUserChat(room);
            try {
                m.create(Resourcepart.from(title));
            } catch (MultiUserChatException.MissingMucCreationAcknowledgeException
                    | MultiUserChatException.MucAlreadyJoinedException e) {
                // Somebody made a room of that name first: not ours; another name.
                try {
                    m.leave();
                } catch (MultiUserChatException.MucNotJoinedException ignored) {
                    // never in
                }
                if (attempt >= 3) {
                    throw new IllegalStateException("no free name for the " + title + " group chat", e);
                }
                continue;
            } catch (MultiUserChatException.NotAMucServiceException e) {
                throw new IllegalStateException(service + " is not a multi-user chat service: enable mod_muc", e);
            }
            FillableForm form = m.getConfigurationForm().getFillableForm();
            set(form, "muc#roomconfig_roomname", title);
            // No members (ejabberd gives a member voice as they enter): the password keeps strangers out, and
            // everyone enters as a visitor.
            set(form, "muc#roomconfig_membersonly", false);
            set(form, "muc#roomconfig_passwordprotectedroom", true);
            set(form, "muc#roomconfig_roomsecret", password);
            set(form, "muc#roomconfig_moderatedroom", true);
            set(form, "members_by_default", false);
            set(form, "muc#roomconfig_persistentroom", false);
            set(form, "muc#roomconfig_publicroom", false);
            set(form, "public_list", false);
            set(form, "muc#roomconfig_whois", "moderators");
            set(form, "muc#roomconfig_changesubject", false);
            set(form, "muc#roomconfig_allowinvites", false);
            set(form, "muc#roomconfig_allowpm", "none");
            set(form, "allow_private_messages", false);
            set(form, "allow_visitor_nickchange", false);
            set(form, "allow_visitor_status", false);
            set(form, "allow_voice_requests", false);
            set(form, "allow_subscription", false);
            set(form, "mam", false);
            m.sendConfigurationForm(form);
            m.addMessageListener(this::heard);
            m.addParticipantListener(this::entered);
            muc = m;
            LOG.debug("{}: the {} group chat is {}", base, title, room);
            watch = Thread.ofVirtual().name(base + "/groupchat-watch").start(this::watch);
            return;
        }
    }

    private static String newPassword() {
        byte[] b = new byte[12];
        new java.security.SecureRandom().nextBytes(b);
        return java.util.HexFormat.of().formatHex(b);
    }

    private static void set(FillableForm form, String field, Object value) {
        if (form.getDataForm().getField(field) == null) {
            return;
        }
        try {
            if (value instanceof Boolean b) {
                form.setAnswer(field, b);
            } else {
                form.setAnswer(field, value.toString());
            }
        } catch (IllegalArgumentException e) {
            LOG.debug("the group chat's {} cannot be {}: {}", field, value, e.getMessage());
        }
    }

    /** The account behind an occupant (the room agent, a moderator, sees it), or null. */
    private Jid real(EntityFullJid occupant) {
        Occupant occ = muc.getOccupant(occupant);
        return occ == null || occ.getJid() == null ? null : Jid.parse(occ.getJid().toString()).bare();
    }

    /**
     * Sets an occupant's place: an account that is no reader here is banned; one under another name than its seat's
     * is put out; the occupant whose account writes now under its own seat's name has voice, the others not.
     */
    private void judge(EntityFullJid occupant, Jid real) throws SmackException, XMPPException, InterruptedException {
        Resourcepart nick = occupant.getResourcepart();
        if (nick.toString().equals(title) || real == null || self(real)) {
            return; // the room agent itself (or an occupant the server no longer shows)
        }
        String seat = people.get(real);
        if (seat == null) {
            LOG.info("{}: {} does not read the {}: put out and banned", base, real, title);
            ban(real, "You do not read the " + title + ".");
            return;
        }
        Occupant occ = muc.getOccupant(occupant);
        String role = occ == null || occ.getRole() == null ? "" : occ.getRole().toString();
        if (!seat.equals(nick.toString())) {
            muc.kickParticipant(nick, "In this room you are " + seat + ": enter under that name.");
            return;
        }
        boolean may = voiced.contains(seat);
        if (may && !role.equalsIgnoreCase("participant")) {
            muc.grantVoice(nick);
        } else if (!may && role.equalsIgnoreCase("participant")) {
            muc.revokeVoice(nick);
        }
    }

    private boolean self(Jid real) {
        return connection.getUser() != null && real.equals(Jid.parse(connection.getUser().asBareJid().toString()));
    }

    /** Bans {@code account} from the room: the server puts it out and keeps it out (an outcast). */
    private void ban(Jid account, String why) throws SmackException, XMPPException, InterruptedException {
        try {
            muc.banUser(JidCreate.from(account.toString()), why);
            outcasts.add(account);
        } catch (XmppStringprepException e) {
            LOG.debug("{}: cannot ban {}: {}", base, account, e.toString());
        }
    }

    private void invite(Jid person, String name) throws SmackException.NotConnectedException, InterruptedException,
            XmppStringprepException {
        String text = "You are invited to the " + title + " of your MAW game, as " + name + ": " + muc.getRoom()
                + " (enter under the name " + name + ", password " + password + ")."
                + (nameHeld.contains(person) ? " Another account holds the name " + name + " in this server's group "
                + "chats: you cannot enter under it; ask the game's host." : "");
        Message invitation = StanzaBuilder.buildMessage().to(JidCreate.from(person.toString())).setBody(text)
                .addExtension(StandardExtensionElement.builder("x", "jabber:x:conference")
                        .addAttribute("jid", muc.getRoom().toString()).addAttribute("password", password)
                        .addAttribute("reason", "the " + title + " of your MAW game: enter as " + name
                                + ", password " + password).build()).build();
        connection.sendStanza(invitation);
    }

    /** The room's watch: every {@link #WATCH_EVERY} it judges each occupant again. */
    private volatile Thread watch;

    /** How often the room's watch judges its occupants again. */
    static final java.time.Duration WATCH_EVERY = java.time.Duration.ofSeconds(3);

    /**
     * Judges every occupant again now and then: a judgment an entry's presence could not make (the server's answer
     * lost, the account behind the occupant not known yet on a busy machine) is made at the next look, so that a
     * stranger never stays in the room.
     */
    private void watch() {
        try {
            while (true) {
                Thread.sleep(WATCH_EVERY);
                MultiUserChat room = muc;
                if (room == null) {
                    return;
                }
                if (!room.isJoined()) {
                    continue;
                }
                for (EntityFullJid o : room.getOccupants()) {
                    try {
                        judge(o, real(o));
                    } catch (SmackException | XMPPException | RuntimeException e) {
                        LOG.debug("{}: could not judge {}: {}", base, o, e.toString());
                    }
                }
            }
        } catch (InterruptedException e) {
            // destroyed
        }
    }

    /** Someone entered (or changed): set their voice, off the network thread. */
    private void entered(Presence p) {
        if (p.getType() != Presence.Type.available || muc == null) {
            return;
        }
        EntityFullJid occupant = p.getFrom().asEntityFullJidIfPossible();
        if (occupant == null) {
            return;
        }
        // The account behind the occupant, as the presence itself says it to the moderator (the room's own list of
        // occupants may not hold the newcomer yet).
        MUCUser user = MUCUser.from(p);
        Jid said = user == null || user.getItem() == null || user.getItem().getJid() == null ? null
                : Jid.parse(user.getItem().getJid().toString()).bare();
        Thread.ofVirtual().name(base + "/groupchat-voice").start(() -> {
            // The judgment must hold: a request the server left unanswered (a busy server, a busy machine) is made
            // again, up to three times (banning, putting out and voicing are the same when made twice).
            for (int attempt = 1; attempt <= 3; attempt++) {
                try {
                    judge(occupant, said != null ? said : real(occupant));
                    return;
                } catch (SmackException.NoResponseException e) {
                    LOG.info("{}: no answer from the server setting the place of {} (attempt {} of 3)", base,
                            occupant, attempt);
                } catch (SmackException | XMPPException | InterruptedException | RuntimeException e) {
                    LOG.debug("{}: could not set the voice of {}: {}", base, occupant, e.toString());
                    return;
                }
            }
        });
    }

    /**
     * A line in the group chat: a person's words become their chat act; the room's own are not, nor the history the
     * server replays (stamped by the room) when the room agent enters again. A line a client stamped itself as delayed
     * was said now, and is judged as any.
     */
    private void heard(Message m) {
        MultiUserChat room = muc;
        if (room == null || m.getBody() == null || m.getFrom() == null) {
            return;
        }
        DelayInformation delay = DelayInformation.from(m);
        if (delay != null && room.getRoom().toString().equals(delay.getFrom())) {
            return;
        }
        EntityFullJid occupant = m.getFrom().asEntityFullJidIfPossible();
        if (occupant == null || occupant.getResourcepart().toString().equals(title)) {
            return;
        }
        Occupant occ = room.getOccupant(occupant);
        if (occ == null || occ.getJid() == null) {
            return;
        }
        said.line(Jid.parse(occ.getJid().toString()), m.getBody());
    }
}
