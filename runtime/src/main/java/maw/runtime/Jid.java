package maw.runtime;

import java.util.Objects;

/**
 * An XMPP address, {@code local@domain/resource}. Agents are addressed by their bare JID; the resource names one
 * connection of an agent and is ignored wherever agents are compared (SPADE compares full JIDs and then fails to
 * match replies that come back from another resource: a known SPADE bug we do not repeat).
 */
public record Jid(String local, String domain, String resource) {

    public Jid {
        Objects.requireNonNull(domain, "domain");
        if (domain.isBlank()) {
            throw new IllegalArgumentException("a JID needs a domain");
        }
        local = local == null || local.isEmpty() ? null : local;
        resource = resource == null || resource.isEmpty() ? null : resource;
    }

    /** Parses {@code local@domain/resource}; local and resource are optional. */
    public static Jid parse(String text) {
        Objects.requireNonNull(text, "jid");
        String s = text.strip();
        int slash = s.indexOf('/');
        String resource = slash >= 0 ? s.substring(slash + 1) : null;
        String bare = slash >= 0 ? s.substring(0, slash) : s;
        int at = bare.indexOf('@');
        String local = at >= 0 ? bare.substring(0, at) : null;
        String domain = at >= 0 ? bare.substring(at + 1) : bare;
        if (domain.isEmpty() || (at >= 0 && at == 0)) {
            throw new IllegalArgumentException("not a JID: '" + text + "'");
        }
        return new Jid(local, domain, resource);
    }

    public static Jid of(String local, String domain) {
        return new Jid(local, domain, null);
    }

    public Jid bare() {
        return resource == null ? this : new Jid(local, domain, null);
    }

    public Jid withResource(String newResource) {
        return new Jid(local, domain, newResource);
    }

    public boolean sameBare(Jid other) {
        return other != null && Objects.equals(local, other.local) && domain.equalsIgnoreCase(other.domain);
    }

    public String bareString() {
        return local == null ? domain : local + "@" + domain;
    }

    @Override
    public String toString() {
        return resource == null ? bareString() : bareString() + "/" + resource;
    }
}
