package maw.runtime;

import java.util.Locale;
import java.util.Optional;

/** FIPA-ACL communicative acts (FIPA SC00037). On the wire each is written in lower case with hyphens. */
public enum Performative {
    ACCEPT_PROPOSAL, AGREE, CANCEL, CFP, CONFIRM, DISCONFIRM, FAILURE, INFORM, INFORM_IF, INFORM_REF,
    NOT_UNDERSTOOD, PROPAGATE, PROPOSE, PROXY, QUERY_IF, QUERY_REF, REFUSE, REJECT_PROPOSAL, REQUEST,
    REQUEST_WHEN, REQUEST_WHENEVER, SUBSCRIBE;

    private final String wire = name().toLowerCase(Locale.ROOT).replace('_', '-');

    /** The form written in the {@code performative} metadata field, e.g. {@code not-understood}. */
    public String wire() {
        return wire;
    }

    /**
     * Reads a performative as other FIPA implementations write it: case does not matter, and {@code _} is read as
     * {@code -} (SPADE examples use both {@code not_understood} and {@code not-understood}).
     */
    public static Optional<Performative> fromWire(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String key = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Performative p : values()) {
            if (p.name().equals(key)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return wire;
    }
}
