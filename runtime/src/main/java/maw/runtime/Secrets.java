package maw.runtime;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Secrets compared the one way every door compares them: in constant time, so that no timing tells how much matched. */
public final class Secrets {

    private Secrets() {}

    /** Whether {@code given} is {@code secret} (false for a null on either side). */
    public static boolean same(String secret, String given) {
        return secret != null && given != null && MessageDigest.isEqual(secret.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }
}
