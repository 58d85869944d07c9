package maw.runtime.xmpp;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import maw.runtime.GroupChat;
import maw.runtime.Jid;
import org.jivesoftware.smack.SmackException;
import org.jivesoftware.smack.XMPPConnection;
import org.jivesoftware.smack.XMPPException;
import org.jivesoftware.smack.packet.Message;
import org.jivesoftware.smack.packet.Presence;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smackx.delay.packet.DelayInformation;
import org.jivesoftware.smackx.muc.MultiUserChat;
import org.jivesoftware.smackx.muc.MultiUserChatException;
import org.jivesoftware.smackx.muc.MultiUserChatManager;
import org.jivesoftware.smackx.muc.Occupant;
import org.jivesoftware.smackx.muc.packet.GroupChatInvitation;
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
 * members-only, moderated, semi-anonymous room under a name nobody can guess (so nobody creates it first), whose members
 * are the readers at chat clients; those allowed to write have voice, everyone else (the dead, the village at night)
 * is a visitor without it, so the server itself keeps their words out. A member who enters under another name than
 * their seat's is kicked. What a person says there comes to the room agent as that person's chat act; what the agents
 * say through the catalog appears there as the room's own line, with the speaker's name.
 */
final class XmppGroupChat implements GroupChat {

    private static final Logger LOG = LoggerFactory.getLogger(XmppGroupChat.class);

    private final XMPPConnection connection;
    private final String title;
    private final String base;
    private final String service;
    private final Said said;
    private MultiUserChat muc;
    /** Seat names by account (bare), of the readers at chat clients; who may write now. */
    private volatile Map<Jid, String> people = Map.of();
    private volatile Set<String> voiced = Set.of();
    private final Set<Jid> members = ConcurrentHashMap.newKeySet();

    XmppGroupChat(XMPPConnection connection, String title, Jid agent, Said said) {
        this.connection = connection;
        this.title = title;
        this.base = agent.local();
        this.service = "conference." + agent.domain();
        this.said = said;
    }

    /**
     * The room opens for a phase: {@code people} are the readers at chat clients (name by account), {@code writers}
     * the names that may write. Makes the group chat at the first call; members and voices follow the phase; those
     * newly let in are invited (XEP-0249).
     */
    @Override
    public void open(Map<Jid, String> newPeople, Set<String> writers) throws InterruptedException {
        try {
            if (muc == null) {
                create();
            }
            people = Map.copyOf(newPeople);
            voiced = Set.copyOf(writers);
            for (Jid gone : new HashSet<>(members)) {
                if (!newPeople.containsKey(gone)) {
                    // No longer a reader (a dead werewolf and the Hideout): out of the room.
                    muc.revokeMembership(JidCreate.from(gone.toString()));
                    members.remove(gone);
                }
            }
            for (Map.Entry<Jid, String> p : newPeople.entrySet()) {
                if (members.add(p.getKey())) {
                    muc.grantMembership(JidCreate.from(p.getKey().toString()));
                }
            }
            Set<Jid> inside = new HashSet<>();
            for (EntityFullJid o : muc.getOccupants()) {
                Jid real = real(o);
                if (real != null) {
                    inside.add(real);
                }
                voice(o, real);
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
                voice(o, real(o));
            } catch (SmackException | XMPPException e) {
                LOG.debug("{}: could not silence {}: {}", base, o, e.toString());
            }
        }
    }

    /** A line an agent said through the catalog, shown in the group chat under the speaker's name. */
    @Override
    public void show(String line) throws InterruptedException {
        if (muc == null) {
            return;
        }
        try {
            muc.sendMessage(line);
        } catch (SmackException.NotConnectedException e) {
            LOG.debug("{}: could not show a line in the {} group chat: {}", base, title, e.toString());
        }
    }

    /** The game is over for this room agent: the group chat goes. */
    @Override
    public void destroy() {
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
            set(form, "muc#roomconfig_membersonly", true);
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
            set(form, "allow_subscription", false);
            set(form, "mam", false);
            m.sendConfigurationForm(form);
            m.addMessageListener(this::heard);
            m.addParticipantListener(this::entered);
            muc = m;
            LOG.debug("{}: the {} group chat is {}", base, title, room);
            return;
        }
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

    /** Gives voice to the occupant whose account writes now under its own seat's name; takes it from the others. */
    private void voice(EntityFullJid occupant, Jid real) throws SmackException, XMPPException, InterruptedException {
        Resourcepart nick = occupant.getResourcepart();
        if (nick.toString().equals(title)) {
            return; // the room agent itself
        }
        String seat = real == null ? null : people.get(real);
        Occupant occ = muc.getOccupant(occupant);
        String role = occ == null || occ.getRole() == null ? "" : occ.getRole().toString();
        if (seat == null) {
            return; // not a member (the server lets none in): nothing to give
        }
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

    private void invite(Jid person, String name) throws SmackException.NotConnectedException, InterruptedException,
            XmppStringprepException {
        Message invitation = StanzaBuilder.buildMessage().to(JidCreate.from(person.toString()))
                .setBody("You are invited to the " + title + " of your MAW game, as " + name + ": "
                        + muc.getRoom() + " (enter under the name " + name + ").")
                .addExtension(new GroupChatInvitation(muc.getRoom().toString())).build();
        connection.sendStanza(invitation);
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
        Thread.ofVirtual().name(base + "/groupchat-voice").start(() -> {
            try {
                voice(occupant, real(occupant));
            } catch (SmackException | XMPPException | InterruptedException | RuntimeException e) {
                LOG.debug("{}: could not set the voice of {}: {}", base, occupant, e.toString());
            }
        });
    }

    /** A line in the group chat: a person's words become their chat act; the room's own and old ones are not. */
    private void heard(Message m) {
        MultiUserChat room = muc;
        if (room == null || m.getBody() == null || m.getFrom() == null || DelayInformation.from(m) != null) {
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
