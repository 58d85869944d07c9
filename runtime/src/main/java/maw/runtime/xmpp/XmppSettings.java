package maw.runtime.xmpp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Where and how agents connect to an XMPP server: one node, or the nodes of a cluster serving one domain.
 *
 * @param nodes          the server's nodes (address and client port), at least one; an agent logs in at one of them
 *                       (each agent its own, so that a table spreads over the cluster) and moves to the next when
 *                       its node goes down
 * @param domain         the XMPP domain agents' JIDs live in
 * @param tls            whether STARTTLS is required, used when offered, or off
 * @param trustCert      a PEM certificate to trust for TLS (the private instance's own), or null for the JDK's trust store
 * @param connectTimeout how long one connection attempt may take
 * @param reconnectDelay wait between reconnection attempts after a drop
 */
public record XmppSettings(List<Node> nodes, String domain, Tls tls, Path trustCert, Duration connectTimeout,
        Duration reconnectDelay) {

    /** STARTTLS policy. */
    public enum Tls { REQUIRED, OPTIONAL, DISABLED }

    /** One node of the server: its address and client-to-server port. */
    public record Node(String host, int port) {
        public Node {
            Objects.requireNonNull(host, "host");
            if (host.isBlank()) {
                throw new IllegalArgumentException("a node needs a host");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port must be 1-65535, got " + port);
            }
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    public XmppSettings {
        nodes = List.copyOf(Objects.requireNonNull(nodes, "nodes"));
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one node");
        }
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(tls, "tls");
        connectTimeout = connectTimeout == null ? Duration.ofSeconds(10) : connectTimeout;
        reconnectDelay = reconnectDelay == null ? Duration.ofSeconds(1) : reconnectDelay;
    }

    /** One node. */
    public XmppSettings(String host, int port, String domain, Tls tls, Path trustCert, Duration connectTimeout,
            Duration reconnectDelay) {
        this(List.of(new Node(host, port)), domain, tls, trustCert, connectTimeout, reconnectDelay);
    }

    /**
     * The nodes a setting names: {@code host}, or several separated by commas, each {@code host} or
     * {@code host:port} ({@code port} where a node names none).
     */
    public static List<Node> parseNodes(String hosts, int port) {
        List<Node> out = new ArrayList<>();
        for (String part : hosts.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("an empty node in '" + hosts + "'");
            }
            int colon = p.lastIndexOf(':');
            if (colon > 0 && p.indexOf(':') == colon) {
                try {
                    out.add(new Node(p.substring(0, colon), Integer.parseInt(p.substring(colon + 1))));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + p + "' is not host:port");
                }
            } else {
                out.add(new Node(p, port));
            }
        }
        return out;
    }

    /** The first node's address. */
    public String host() {
        return nodes.getFirst().host();
    }

    /** The first node's port. */
    public int port() {
        return nodes.getFirst().port();
    }

    public XmppSettings withPort(int newPort) {
        return new XmppSettings(host(), newPort, domain, tls, trustCert, connectTimeout, reconnectDelay);
    }

    /** {@code host:port} (the nodes' joined by commas), as error messages name it. */
    public String endpoint() {
        return nodes.stream().map(Node::toString).collect(Collectors.joining(","));
    }
}
