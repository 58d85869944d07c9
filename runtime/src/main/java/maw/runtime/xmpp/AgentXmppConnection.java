package maw.runtime.xmpp;

import java.util.function.Consumer;
import org.jivesoftware.smack.packet.Message;
import org.jivesoftware.smack.packet.Stanza;
import org.jivesoftware.smackx.muc.packet.MUCUser;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.jivesoftware.smack.tcp.XMPPTCPConnectionConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Smack connection that hands message stanzas to the agent straight from the reader thread. Smack's own "sync"
 * listeners first pass every stanza through a shared executor, one more thread hand-off per message; the agent's
 * inbound path only converts the stanza and files it in the mailbox (it never blocks), so it can run right here.
 */
final class AgentXmppConnection extends XMPPTCPConnection {

    private static final Logger LOG = LoggerFactory.getLogger(AgentXmppConnection.class);

    private volatile Consumer<Message> onMessage;

    AgentXmppConnection(XMPPTCPConnectionConfiguration config) {
        super(config);
    }

    void onMessage(Consumer<Message> handler) {
        this.onMessage = handler;
    }

    @Override
    protected void processStanza(Stanza stanza) throws InterruptedException {
        Consumer<Message> handler = onMessage;
        // Multi-user chat (groupchat, and the room's own messages such as invitations and status codes) goes to
        // Smack's listeners: a room agent keeps its rooms through Smack's MultiUserChat.
        if (handler != null && stanza instanceof Message m && m.getType() != Message.Type.groupchat
                && !m.hasExtension(MUCUser.ELEMENT, MUCUser.NAMESPACE)) {
            try {
                handler.accept(m);
            } catch (RuntimeException e) {
                LOG.error("{}: failed to take in {}", getUser(), m, e);
            }
            return;
        }
        super.processStanza(stanza);
    }
}
