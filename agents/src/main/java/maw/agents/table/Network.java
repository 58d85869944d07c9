package maw.agents.table;

import java.util.Collection;
import java.util.Map;
import java.util.function.Consumer;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;

/**
 * What a table's agents run on: the transport, and how the accounts they log in with are made and given up (on one
 * process's transport registered and forgotten; on an XMPP server created, and kept for the next game's). A table is
 * set up on one ({@link GameTable#on}) whatever front end plays it: a command, a tournament, a gateway, a benchmark.
 */
public interface Network {

    Transport transport();

    /** Makes the accounts (name to password) a table's agents log in with. */
    void accounts(Map<String, String> accounts);

    /** The accounts a table's agents logged in with are no longer needed. */
    default void release(Collection<String> names) {}

    /** The agents' domain. */
    default String domain() {
        return transport().domain();
    }

    /** One process's transport: the accounts registered on it, and forgotten once the game is over. */
    static Network local(LocalTransport transport) {
        return new Network() {
            @Override
            public Transport transport() {
                return transport;
            }

            @Override
            public void accounts(Map<String, String> accounts) {
                accounts.forEach(transport::register);
            }

            @Override
            public void release(Collection<String> names) {
                names.forEach(transport::unregister);
            }
        };
    }

    /**
     * {@code network} for many tables whose accounts are gathered and made together ({@link Batch#make}, before any of
     * them plays): a server makes a thousand accounts at once faster than fifteen at a time.
     */
    static Batch batch(Network network) {
        return new Batch(network);
    }

    /** The accounts of many tables, gathered until {@link #make}. */
    final class Batch implements Network {
        private final Network network;
        private final Map<String, String> gathered = new java.util.LinkedHashMap<>();

        private Batch(Network network) {
            this.network = network;
        }

        @Override
        public Transport transport() {
            return network.transport();
        }

        @Override
        public synchronized void accounts(Map<String, String> accounts) {
            gathered.putAll(accounts);
        }

        @Override
        public void release(Collection<String> names) {
            network.release(names);
        }

        /** Makes every account gathered so far, all at once. */
        public synchronized void make() {
            network.accounts(Map.copyOf(gathered));
            gathered.clear();
        }
    }

    /**
     * A transport whose accounts {@code provision} makes (a server's: the private ejabberd creates them in bulk); on
     * one process's transport the accounts are registered there instead.
     */
    static Network of(Transport transport, Consumer<Map<String, String>> provision) {
        if (transport instanceof LocalTransport local) {
            return local(local);
        }
        return new Network() {
            @Override
            public Transport transport() {
                return transport;
            }

            @Override
            public void accounts(Map<String, String> accounts) {
                provision.accept(accounts);
            }
        };
    }
}
