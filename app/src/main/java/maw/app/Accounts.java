package maw.app;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import maw.config.ConfigException;

/** Account names and passwords for the commands that run part of a table. */
public final class Accounts {

    private Accounts() {}

    /** A name as an account's local part ({@code Ann Lee} becomes {@code ann-lee}); {@code option} names the source. */
    public static String account(String name, String option) {
        String slug = name.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        if (slug.isEmpty()) {
            throw new ConfigException("invalid value '" + name + "' for " + option + ": expected letters or digits");
        }
        return slug;
    }

    /** The password given, else a new one where the network creates accounts. */
    public static String password(String given, AgentNetwork network) {
        if (given != null) {
            return given;
        }
        if (!network.canProvision()) {
            throw new ConfigException("--password is needed for accounts on an external server");
        }
        return HexFormat.of().formatHex(new SecureRandom().generateSeed(9));
    }
}
