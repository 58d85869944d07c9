package maw.runtime.xmpp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how agents connect to an XMPP server.
 *
 * @param host           server address (name or IP)
 * @param port           client-to-server port
 * @param domain         the XMPP domain agents' JIDs live in
 * @param tls            whether STARTTLS is required, used when offered, or off
 * @param trustCert      a PEM certificate to trust for TLS (the private instance's own), or null for the JDK's trust store
 * @param connectTimeout how long one connection attempt may take
 * @param reconnectDelay wait between reconnection attempts after a drop
 */
public record XmppSettings(String host, int port, String domain, Tls tls, Path trustCert, Duration connectTimeout,
        Duration reconnectDelay) {

    /** STARTTLS policy. */
    public enum Tls { REQUIRED, OPTIONAL, DISABLED }

    public XmppSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(tls, "tls");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1-65535, got " + port);
        }
        connectTimeout = connectTimeout == null ? Duration.ofSeconds(10) : connectTimeout;
        reconnectDelay = reconnectDelay == null ? Duration.ofSeconds(1) : reconnectDelay;
    }

    public XmppSettings withPort(int newPort) {
        return new XmppSettings(host, newPort, domain, tls, trustCert, connectTimeout, reconnectDelay);
    }

    /** {@code host:port}, as error messages name it. */
    public String endpoint() {
        return host + ":" + port;
    }
}
