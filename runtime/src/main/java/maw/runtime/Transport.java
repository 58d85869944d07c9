package maw.runtime;

/**
 * How agents reach each other. {@code xmpp} (one Smack connection per agent, through ejabberd) and {@code local}
 * (in-JVM) have the same semantics: the sender is stamped by the transport and cannot be forged, messages between
 * two agents arrive in the order sent, and a message to a known agent that is offline waits for it to come back.
 * Agents and the game never know which one they run on.
 */
public interface Transport extends AutoCloseable {

    /** {@code xmpp} or {@code local}. */
    String name();

    /** The domain agent JIDs live in. */
    String domain();

    /** Whether every agent it connects runs in this process (the in-JVM transport): no message leaves it. */
    default boolean inProcess() {
        return false;
    }

    /**
     * Connects and logs in as {@code jid}. Blocks until the connection can send, or fails with a message that names
     * the JID and where it tried to connect.
     */
    Connection open(Jid jid, String password, Inbound inbound) throws TransportException;

    /** Releases what the transport shares between connections. Open connections are not closed. */
    @Override
    default void close() {}

    /** What a connection hands to its agent. Called on network threads: implementations must not block. */
    interface Inbound {
        /** A message arrived on {@code via} (which may not yet have been returned by {@code open}). */
        void message(Connection via, Message message);

        default void connectionLost(Exception cause) {}

        default void connectionRestored() {}
    }

    /** One agent's connection. */
    interface Connection {
        /** The full JID this connection is bound to. */
        Jid jid();

        /**
         * Sends a message; the sender is filled in by the transport. Never blocks for long and never drops the
         * message: while the connection is down, messages wait and go out in order once it is back.
         */
        void send(Message message);

        /**
         * Sends one message to each of {@code to} (its own receiver is ignored): once to the server, which hands each a
         * copy, where the server fans messages out (XEP-0033, and the in-JVM transport), else once to each. Returns
         * how many messages went out. A copy the server fans out takes another way than a message sent straight to its
         * receiver, and may overtake one sent just before it: what the copies carry says where it belongs (a room's
         * lines are numbered).
         */
        default int send(Message message, java.util.List<Jid> to) {
            for (Jid j : to) {
                send(message.toBuilder().to(j).build());
            }
            return to.size();
        }

        boolean isConnected();

        /** Messages waiting for the connection to come back. */
        int pending();

        /** Logs out and closes. */
        void close();

        /**
         * A group chat this connection's agent owns, titled {@code title}, whose people's lines go to {@code said};
         * null where the transport has none (in one JVM).
         */
        default GroupChat groupChat(String title, GroupChat.Said said) {
            return null;
        }
    }
}
