package maw.runtime;

import java.util.Map;
import java.util.Set;

/**
 * A multi-user chat room an agent owns on its transport's server (XEP-0045 on XMPP), for people at ordinary chat
 * clients: its members, who may speak now, the agents' lines shown in it, and the lines people say there handed back.
 */
public interface GroupChat {

    /** A line a person said in the group chat. */
    @FunctionalInterface
    interface Said {
        void line(Jid person, String text);
    }

    /**
     * Makes the group chat follow a phase: {@code people} (name by account) may enter from now on, those of {@code
     * speakers} may speak; the newly let in are invited. {@code seats} (name by account) are all the room's readers,
     * whose names nobody else may take in it. Made at the first call.
     */
    void open(Map<Jid, String> people, Set<String> speakers, Map<Jid, String> seats) throws InterruptedException;

    /** Nobody speaks until the next {@link #open}. */
    void close() throws InterruptedException;

    /** Shows a line in the room as its own (already made inert by the caller). */
    void show(String line) throws InterruptedException;

    /** The group chat goes. */
    void destroy();
}
