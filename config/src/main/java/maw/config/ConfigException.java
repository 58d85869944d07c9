package maw.config;

/** A setting has a value that does not fit; the message names the setting and where the value came from. */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }
}
