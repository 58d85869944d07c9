package maw.agents.ruleset;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The rule flags of a command ({@code maw game}, {@code maw gm}, {@code maw tournament}), by their names as the
 * command line spells them ({@code --players}, {@code --day-seconds}): the values the person gave, and those the
 * command settled for them (the pace a table of model seats takes from the settings). Each rule set says which it takes
 * ({@link Variant#flags}) and reads those with its own defaults; one the person gave that the rule set does not take is
 * refused by its name ({@link Variant#check}), so that no rule set names another's flags.
 */
public final class RuleFlags {

    /** Whether a MAW phase ends once everyone who may vote has voted (the command's {@code --full-phases} says not). */
    public static final String END_WHEN_ALL_VOTED = "end-when-all-voted";

    private final Map<String, Object> values;
    private final Set<String> given;

    /**
     * @param values each flag's value, given or settled by the command (none: the rule set's default)
     * @param given  the flags the person gave (the others' values, if any, the command settled)
     */
    public RuleFlags(Map<String, ?> values, Set<String> given) {
        Map<String, Object> v = new LinkedHashMap<>();
        values.forEach((k, x) -> {
            if (x != null) {
                v.put(k, x);
            }
        });
        this.values = java.util.Collections.unmodifiableMap(v);
        this.given = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(given));
    }

    /** No flags: every rule set's defaults. */
    public static RuleFlags none() {
        return new RuleFlags(Map.of(), Set.of());
    }

    /** The flags the person gave, in the command line's order. */
    public Set<String> given() {
        return given;
    }

    /** Whether {@code name} has a value (given, or settled by the command). */
    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** A whole number's value, or {@code otherwise}. */
    public Integer integer(String name, Integer otherwise) {
        return values.get(name) instanceof Number n ? Integer.valueOf(n.intValue()) : otherwise;
    }

    /** A number's value, or {@code otherwise}. */
    public double number(String name, double otherwise) {
        return values.get(name) instanceof Number n ? n.doubleValue() : otherwise;
    }

    /** A word's value, or {@code otherwise}. */
    public String text(String name, String otherwise) {
        Object v = values.get(name);
        return v == null ? otherwise : v.toString();
    }

    /** Whether a switch is on (a flag without a value, given). */
    public boolean on(String name) {
        return Boolean.TRUE.equals(values.get(name));
    }

    /** A value of its own type ({@code Pace}, say), or {@code otherwise}. */
    public <T> T value(String name, Class<T> type, T otherwise) {
        Object v = values.get(name);
        return type.isInstance(v) ? type.cast(v) : otherwise;
    }
}
