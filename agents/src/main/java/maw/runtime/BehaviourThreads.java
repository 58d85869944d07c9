package maw.runtime;

import java.util.Locale;

/**
 * What kind of thread each behaviour runs on. Platform threads are the default: on a 2-core machine a parked platform
 * thread wakes in about 30 us when its message arrives, a virtual thread in about 60 us (its carrier must be woken
 * first), and a request/reply has two such wake-ups (maw bench transport). Virtual threads suit very large in-JVM
 * simulations where tens of thousands of behaviours mostly sleep. Chosen per JVM with the system property
 * {@code maw.runtime.threads} ({@code platform} or {@code virtual}), set from the {@code runtime.threads} setting.
 */
public enum BehaviourThreads {
    PLATFORM, VIRTUAL;

    public static final String PROPERTY = "maw.runtime.threads";

    Thread.Builder builder() {
        return this == VIRTUAL ? Thread.ofVirtual() : Thread.ofPlatform().daemon();
    }

    static BehaviourThreads defaultKind() {
        String v = System.getProperty(PROPERTY, "platform").strip().toUpperCase(Locale.ROOT);
        try {
            return valueOf(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value '" + System.getProperty(PROPERTY) + "' for "
                    + PROPERTY + ": expected platform or virtual", e);
        }
    }
}
