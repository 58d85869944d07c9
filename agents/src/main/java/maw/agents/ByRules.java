package maw.agents;

import java.util.Collection;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One kind of a rule set's plug-in (a narrator, a seat's kit, ...), found on the class path with {@link ServiceLoader}
 * by the rule set's name, once per name: the first listed that serves the name, else {@code otherwise}.
 *
 * @param <T> the plug-in's kind
 */
public final class ByRules<T> {

    private final Class<T> kind;
    private final Function<T, Collection<String>> serves;
    private final Supplier<T> otherwise;
    private final Map<String, T> found = new ConcurrentHashMap<>();

    public ByRules(Class<T> kind, Function<T, Collection<String>> serves, Supplier<T> otherwise) {
        this.kind = kind;
        this.serves = serves;
        this.otherwise = otherwise;
    }

    /** The plug-in of the rule set named {@code rules}. */
    public T of(String rules) {
        return found.computeIfAbsent(rules, r -> {
            for (T t : ServiceLoader.load(kind)) {
                if (serves.apply(t).contains(r)) {
                    return t;
                }
            }
            return otherwise.get();
        });
    }
}
