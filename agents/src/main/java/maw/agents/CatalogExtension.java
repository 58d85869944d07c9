package maw.agents;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Messages a rule set adds to the catalog (AIWolf's talk turns and ballots, say): each a record with its wire name
 * ({@code @JsonTypeName}), read as the core's are. Extensions are found with {@link ServiceLoader}, each listed in
 * {@code META-INF/services/maw.agents.CatalogExtension}, so a rule set brings its messages and the core names none.
 */
public interface CatalogExtension {

    /** The message types this extension adds. */
    List<Class<? extends Catalog.Body>> messages();

    /** Every message type the extensions on the class path add, found once. */
    static List<Class<? extends Catalog.Body>> all() {
        return Found.ALL;
    }

    /** The extensions' messages, looked up once. */
    final class Found {
        private static final List<Class<? extends Catalog.Body>> ALL = find();

        private Found() {}

        private static List<Class<? extends Catalog.Body>> find() {
            List<Class<? extends Catalog.Body>> out = new ArrayList<>();
            for (CatalogExtension e : ServiceLoader.load(CatalogExtension.class)) {
                out.addAll(e.messages());
            }
            return List.copyOf(out);
        }
    }
}
