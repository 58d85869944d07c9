package maw.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What fills the seats of a table, group by group, with per-group overrides of the language-model settings so that
 * one table mixes models and providers. Written on the command line or in the environment as
 * {@code llm:3,rule:3} or {@code llm[model=qwen2.5:7b;base-url=http://gpu:11434]:2,llm:2,rule:2}, or in
 * {@code maw.yaml} as a list:
 *
 * <pre>
 * seats:
 *   - llm: 2
 *     model: qwen2.5:7b
 *     base-url: http://gpu:11434
 *   - llm: 2
 *   - rule: 2
 * </pre>
 */
public record SeatPlan(List<Group> groups) {

    /**
     * What may fill a seat. {@code OUTSIDE}: an agent written for the AIWolf servers that connects through MAW's gateway
     * (a tournament's entrant; {@code outside[team=NAME]} takes the agents of that team, by their names).
     */
    public enum Kind { RULE, LLM, HUMAN, OUTSIDE;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The settings a group may override, by their short names (each is {@code llm.<name>}). */
    public static final List<String> OVERRIDABLE = List.of("provider", "base-url", "model", "api-key", "temperature",
            "timeout", "context-budget", "max-output", "retries", "json", "think-seconds", "prompts", "hint", "endpoints");

    /**
     * {@code count} seats of one kind; {@code overrides} are full setting keys ({@code llm.model}) to values, and
     * {@code label} is how the group was written, for messages.
     */
    public record Group(Kind kind, int count, Map<String, String> overrides, String label) {
        public Group {
            overrides = Map.copyOf(overrides);
        }
    }

    public SeatPlan {
        groups = List.copyOf(groups);
    }


    public int seats() {
        return groups.stream().mapToInt(Group::count).sum();
    }

    /** One group per seat, in seat order. */
    public List<Group> perSeat() {
        List<Group> out = new ArrayList<>();
        for (Group g : groups) {
            for (int i = 0; i < g.count(); i++) {
                out.add(g);
            }
        }
        return out;
    }

    public boolean has(Kind kind) {
        return groups.stream().anyMatch(g -> g.kind() == kind);
    }

    /** The plan a setting holds; null when it is empty. */
    public static SeatPlan parse(MawConfig.Value value) {
        String text = value.text() == null ? "" : value.text().strip();
        if (text.isEmpty()) {
            return null;
        }
        List<Group> groups = text.startsWith("[") ? fromList(text, value.source()) : fromText(text, value.source());
        if (groups.isEmpty()) {
            return null;
        }
        SeatPlan plan = new SeatPlan(groups);
        if (plan.seats() > 60) {
            throw bad(value.source(), text, "at most 60 seats in all (" + plan.seats() + " given)");
        }
        return plan;
    }

    private static List<Group> fromText(String text, String source) {
        List<Group> groups = new ArrayList<>();
        for (String item : splitTopLevel(text, source)) {
            groups.add(item(item.strip(), source));
        }
        return groups;
    }

    /** Splits at commas that are not inside brackets. */
    private static List<String> splitTopLevel(String text, String source) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
                if (depth < 0) {
                    throw bad(source, text, "a ']' without its '['");
                }
            } else if (c == ',' && depth == 0) {
                items.add(text.substring(start, i));
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw bad(source, text, "a '[' without its ']'");
        }
        items.add(text.substring(start));
        return items;
    }

    /** {@code kind}, {@code kind:count}, {@code kind[key=value;...]:count}. */
    private static Group item(String item, String source) {
        if (item.isEmpty()) {
            throw bad(source, item, "an empty seat group (two commas in a row?)");
        }
        String head = item;
        String options = null;
        String count = null;
        int open = item.indexOf('[');
        if (open >= 0) {
            int close = item.lastIndexOf(']');
            head = item.substring(0, open);
            options = item.substring(open + 1, close);
            String rest = item.substring(close + 1).strip();
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    throw bad(source, item, "':' and a number of seats after ']'");
                }
                count = rest.substring(1);
            }
        } else {
            int colon = item.indexOf(':');
            if (colon >= 0) {
                head = item.substring(0, colon);
                count = item.substring(colon + 1);
            }
        }
        Kind kind = kind(head.strip(), source, item);
        int n = count == null ? 1 : count(count.strip(), source, item);
        Map<String, String> overrides = new LinkedHashMap<>();
        if (options != null && !options.isBlank()) {
            for (String pair : options.split("[;,]")) {
                if (pair.isBlank()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw bad(source, item, "key=value pairs inside [...], such as model=llama3.1");
                }
                override(kind, pair.substring(0, eq).strip(), pair.substring(eq + 1).strip(), source, item, overrides);
            }
        }
        return new Group(kind, n, overrides, item);
    }

    private static List<Group> fromList(String json, String source) {
        JsonNode list;
        try {
            list = new ObjectMapper().readTree(json);
        } catch (IOException e) {
            throw bad(source, json, "a list of seat groups");
        }
        List<Group> groups = new ArrayList<>();
        for (JsonNode entry : list) {
            if (entry.isTextual()) {
                groups.addAll(fromText(entry.asText(), source));
                continue;
            }
            if (!entry.isObject()) {
                throw bad(source, entry.toString(), "each seat group a mapping such as {llm: 3, model: llama3.1}");
            }
            Kind kind = null;
            int n = 1;
            Map<String, String> overrides = new LinkedHashMap<>();
            List<String[]> pairs = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : entry.properties()) {
                Kind k = kindOrNull(e.getKey());
                if (k != null) {
                    if (kind != null) {
                        throw bad(source, entry.toString(), "one kind of seat per group, not both " + kind.wire()
                                + " and " + k.wire());
                    }
                    kind = k;
                    n = count(e.getValue().asText(), source, entry.toString());
                } else {
                    pairs.add(new String[] {e.getKey(), e.getValue().asText()});
                }
            }
            if (kind == null) {
                throw bad(source, entry.toString(), "a kind of seat with its number, such as llm: 3, rule: 2 or "
                        + "human: 1");
            }
            for (String[] p : pairs) {
                override(kind, p[0], p[1], source, entry.toString(), overrides);
            }
            groups.add(new Group(kind, n, overrides, entry.toString()));
        }
        return groups;
    }

    private static void override(Kind kind, String key, String value, String source, String item,
            Map<String, String> overrides) {
        String shortKey = key.startsWith("llm.") ? key.substring(4) : key;
        if (kind == Kind.OUTSIDE) {
            if (!key.equals("team") || value.isEmpty()) {
                throw bad(source, item, "team=NAME for outside seats (the name their agents connect with, before its "
                        + "number), not '" + key + "'");
            }
            overrides.put("team", value);
            return;
        }
        if (kind != Kind.LLM) {
            throw bad(source, item, "no settings for " + kind.wire() + " seats (only llm seats take " + key + ")");
        }
        if (!OVERRIDABLE.contains(shortKey)) {
            throw bad(source, item, "a seat setting among " + String.join(", ", OVERRIDABLE) + " (not '" + key + "')");
        }
        overrides.put("llm." + shortKey, value);
    }

    private static Kind kind(String text, String source, String item) {
        Kind k = kindOrNull(text);
        if (k == null) {
            throw bad(source, item, "a kind of seat: rule, llm, human or outside (not '" + text + "')");
        }
        return k;
    }

    private static Kind kindOrNull(String text) {
        for (Kind k : Kind.values()) {
            if (k.wire().equalsIgnoreCase(text)) {
                return k;
            }
        }
        return null;
    }

    private static int count(String text, String source, String item) {
        try {
            int n = Integer.parseInt(text);
            if (n >= 1 && n <= 60) {
                return n;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw bad(source, item, "a number of seats from 1 to 60 (not '" + text + "')");
    }

    private static ConfigException bad(String source, String item, String expected) {
        return new ConfigException("invalid seat group '" + item + "' in seats (from " + source + "): expected "
                + expected);
    }
}
