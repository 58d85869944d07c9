package maw.cli;

import maw.config.ConfigException;

/** The checks the serving commands share: each names the option and what it takes. */
final class Checks {

    private Checks() {}

    /** A port to listen on (0: any free one). */
    static void port(int port) {
        port(port, "--port");
    }

    /** A port given as {@code option}. */
    static void port(int port, String option) {
        if (port < 0 || port > 65535) {
            throw new ConfigException("invalid value '" + port + "' for " + option + ": 0 to 65535");
        }
    }

    /** A whole number from {@code low} to {@code high}, given as {@code option}. */
    static void range(long value, long low, long high, String option) {
        if (value < low || value > high) {
            throw new ConfigException("invalid value '" + value + "' for " + option + ": " + low + " to " + high);
        }
    }

    /** A number of games. */
    static void games(int games) {
        if (games < 1 || games > 100_000) {
            throw new ConfigException("invalid value '" + games + "' for --games: 1 to 100000");
        }
    }

    /** A lobby's wait, in seconds (0: the agents already there). */
    static void lobbySeconds(double seconds) {
        if (!(seconds >= 0) || seconds > 86_400) {
            throw new ConfigException("invalid value '" + seconds + "' for --lobby-seconds: 0 to 86400");
        }
    }

    /** A time limit in seconds: more than 0, at most an hour. */
    static void limitSeconds(double seconds, String option) {
        if (!(seconds > 0) || seconds > 3600) {
            throw new ConfigException("invalid value '" + seconds + "' for " + option + ": more than 0, at most 3600");
        }
    }

    /** Where a server's GameMaster and seats talk. */
    static void transport(String transport) {
        if (!transport.equals("local") && !transport.equals("xmpp")) {
            throw new ConfigException("invalid value '" + transport + "' for --transport: local or xmpp");
        }
    }

    /** How long a finished game's page stays: null until the command is stopped; 0 to 604800 seconds. */
    static java.time.Duration webStays(Double seconds) {
        if (seconds == null) {
            return null;
        }
        if (!(seconds >= 0) || seconds > 604_800) {
            throw new ConfigException("invalid value '" + seconds + "' for --web-stays: 0 to 604800 seconds");
        }
        return java.time.Duration.ofMillis(Math.round(seconds * 1000));
    }
}
