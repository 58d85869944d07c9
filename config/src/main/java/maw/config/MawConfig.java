package maw.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * MAW's settings, read in one place: defaults &lt; config file ({@code maw.yaml} or {@code .properties}) &lt;
 * environment ({@code MAW_XMPP_PORT} for {@code xmpp.port}) &lt; command-line flags. Every setting is declared in
 * {@link Setting} with its default and meaning; a value that does not fit stops start-up with a message naming the
 * setting and where the value came from.
 */
public final class MawConfig {

    /** A value and where it came from ("default", "maw.yaml", "environment MAW_XMPP_PORT", "--port"). */
    public record Value(String text, String source) {}

    private final Map<String, Value> values;
    private final Path home;

    private MawConfig(Map<String, Value> values, Path home) {
        this.values = values;
        this.home = home;
    }

    /**
     * Loads the settings.
     *
     * @param home  the MAW checkout (relative paths in settings are resolved against it)
     * @param file  a config file to read, or null to read {@code MAW_CONFIG} or {@code <home>/maw.yaml} if present
     * @param env   the environment
     * @param flags settings given on the command line, keyed by setting name, with the flag as source
     */
    public static MawConfig load(Path home, Path file, Map<String, String> env, Map<String, Value> flags) {
        Map<String, Value> values = new LinkedHashMap<>();
        for (Setting s : Setting.values()) {
            values.put(s.key(), new Value(s.defaultValue(), "default"));
        }
        Path configFile = file;
        if (configFile == null && env.get("MAW_CONFIG") != null) {
            configFile = Path.of(env.get("MAW_CONFIG"));
        }
        if (configFile == null && Files.isRegularFile(home.resolve("maw.yaml"))) {
            configFile = home.resolve("maw.yaml");
        }
        if (configFile != null) {
            readFile(configFile, values);
        }
        for (Setting s : Setting.values()) {
            String v = env.get(s.envName());
            if (v != null && !v.isEmpty()) {
                values.put(s.key(), new Value(v, "environment " + s.envName()));
            }
        }
        flags.forEach((k, v) -> {
            Setting.byKey(k).orElseThrow(() -> new ConfigException("unknown setting '" + k + "' (from " + v.source()
                    + "); known settings: " + String.join(", ", Setting.keys())));
            values.put(k, v);
        });
        MawConfig config = new MawConfig(values, home);
        config.validate();
        return config;
    }

    /** Defaults plus environment, no file: what a command without options sees. */
    public static MawConfig fromEnvironment(Path home) {
        return load(home, null, System.getenv(), Map.of());
    }

    private static void readFile(Path file, Map<String, Value> values) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("config file not found: " + file);
        }
        String source = file.getFileName().toString();
        Map<String, String> flat = new TreeMap<>();
        try (InputStream in = Files.newInputStream(file)) {
            if (source.endsWith(".properties")) {
                Properties p = new Properties();
                p.load(in);
                p.stringPropertyNames().forEach(k -> flat.put(k, p.getProperty(k)));
            } else {
                JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(in);
                if (root != null && !root.isMissingNode() && !root.isNull()) {
                    if (!root.isObject()) {
                        throw new ConfigException(file + ": expected a mapping of settings at the top level");
                    }
                    flatten("", root, flat);
                }
            }
        } catch (IOException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage());
        }
        flat.forEach((k, v) -> {
            if (Setting.byKey(k).isEmpty()) {
                throw new ConfigException("unknown setting '" + k + "' in " + file + "; known settings: "
                        + String.join(", ", Setting.keys()));
            }
            values.put(k, new Value(v, source));
        });
    }

    private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
            if (e.getValue().isObject() && Setting.byKey(key).isEmpty()) {
                flatten(key, e.getValue(), out);
            } else {
                out.put(key, e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
            }
        }
    }

    private void validate() {
        for (Setting s : Setting.values()) {
            s.check(this);
        }
    }

    public Path home() {
        return home;
    }

    public Value value(Setting s) {
        return values.get(s.key());
    }

    public String string(Setting s) {
        return values.get(s.key()).text();
    }

    public int integer(Setting s, int min, int max) {
        Value v = value(s);
        try {
            int n = Integer.parseInt(v.text().strip());
            if (n < min || n > max) {
                throw bad(s, "a whole number from " + min + " to " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw bad(s, "a whole number from " + min + " to " + max);
        }
    }

    public int port(Setting s) {
        return integer(s, 1, 65535);
    }

    /** A setting that is true or false (also yes/no, 1/0, as the maw-xmpp script reads its variables). */
    public boolean flag(Setting s) {
        return switch (value(s).text().strip().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw bad(s, "true or false");
        };
    }

    public <E extends Enum<E>> E choice(Setting s, Class<E> type) {
        String text = value(s).text().strip();
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(text.replace('-', '_'))) {
                return e;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            allowed.append(allowed.isEmpty() ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        throw bad(s, "one of " + allowed);
    }

    /** A path setting; relative paths are resolved against the MAW checkout. Empty means "not set". */
    public Path path(Setting s) {
        String text = value(s).text().strip();
        if (text.isEmpty()) {
            return null;
        }
        Path p = Path.of(text.startsWith("~/") ? System.getProperty("user.home") + text.substring(1) : text);
        return p.isAbsolute() ? p : home.resolve(p).normalize();
    }

    public Duration seconds(Setting s, double min, double max) {
        return Duration.ofMillis(Math.round(number(s, min, max, "a number of seconds from ") * 1000));
    }

    public double decimal(Setting s, double min, double max) {
        return number(s, min, max, "a number from ");
    }

    private double number(Setting s, double min, double max, String expected) {
        try {
            double d = Double.parseDouble(value(s).text().strip());
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw bad(s, expected + min + " to " + max);
    }

    /**
     * A setting of one or more http(s) URLs separated by commas or spaces, each with an optional {@code *WEIGHT};
     * empty means "the default".
     */
    public String urls(Setting s) {
        String text = value(s).text().strip();
        if (text.isEmpty()) {
            return text;
        }
        try {
            for (var e : maw.llm.LlmSettings.parseEndpoints(text)) {
                URI u = new URI(e.url());
                if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
                    throw bad(s, "http(s) URLs, such as http://localhost:11434, each with an optional *WEIGHT");
                }
            }
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw bad(s, "http(s) URLs, such as http://localhost:11434, each with an optional *WEIGHT");
        }
        return text;
    }

    /** An http(s) URL setting; empty means "the default". */
    public String url(Setting s) {
        String text = value(s).text().strip();
        if (text.isEmpty()) {
            return text;
        }
        try {
            URI u = new URI(text);
            if (("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null) {
                return text;
            }
        } catch (URISyntaxException e) {
            // named below
        }
        throw bad(s, "an http:// or https:// URL such as http://localhost:11434");
    }

    /**
     * These settings with some replaced (a seat's own model, say), checked again; errors name {@code source}.
     */
    public MawConfig with(Map<String, String> replaced, String source) {
        Map<String, Value> copy = new LinkedHashMap<>(values);
        copy.put(Setting.SEATS.key(), new Value("", source)); // the settings of a seat, not of a table
        replaced.forEach((k, v) -> {
            Setting.byKey(k).orElseThrow(() -> new ConfigException("unknown setting '" + k + "' (from " + source
                    + ")"));
            copy.put(k, new Value(v, source));
        });
        MawConfig config = new MawConfig(copy, home);
        config.validate();
        return config;
    }

    ConfigException bad(Setting s, String expected) {
        Value v = value(s);
        return new ConfigException("invalid value '" + v.text() + "' for " + s.key() + " (from " + v.source()
                + "): expected " + expected);
    }

    /** All settings with their values and sources, for {@code maw config}. */
    public Map<String, Value> all() {
        return Map.copyOf(values);
    }
}
