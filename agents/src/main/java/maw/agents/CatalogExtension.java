package maw.agents;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import maw.base.Act;
import maw.base.Phase;

/**
 * Messages a rule set adds to the catalog (AIWolf's talk turns and ballots, its {@code talk} and {@code guard}
 * requests): each a record with its wire name ({@code @JsonTypeName}), read as the core's are, and the requests that
 * carry the rule set's own acts. Extensions are found with {@link ServiceLoader}, each listed in
 * {@code META-INF/services/maw.agents.CatalogExtension}, so a rule set brings its messages and the core names none.
 */
public interface CatalogExtension {

    /** The message types this extension adds. */
    List<Class<? extends Catalog.Body>> messages();

    /**
     * The request that carries {@code act} on the wire, stamped as {@link Catalog#request} stamps the core's, when the
     * act is one of this rule set's own; null when it is not.
     */
    default Catalog.Stamped request(Act act, String game, int round, Phase phase, int day, Integer step) {
        return null;
    }

    /** Every message type the extensions on the class path add, found once. */
    static List<Class<? extends Catalog.Body>> all() {
        return Found.MESSAGES;
    }

    /**
     * The request an extension on the class path makes of {@code act}, or a refusal saying that no rule set here
     * carries it (a build without the rule set whose act it is).
     */
    static Catalog.Stamped requestFor(Act act, String game, int round, Phase phase, int day, Integer step) {
        for (CatalogExtension e : Found.EXTENSIONS) {
            Catalog.Stamped s = e.request(act, game, round, phase, day, step);
            if (s != null) {
                return s;
            }
        }
        throw new IllegalArgumentException("no rule set on the class path carries the act " + act.kind().wire());
    }

    /** The extensions and their messages, looked up once. */
    final class Found {
        private static final List<CatalogExtension> EXTENSIONS = find();
        private static final List<Class<? extends Catalog.Body>> MESSAGES = EXTENSIONS.stream()
                .<Class<? extends Catalog.Body>>flatMap(e -> e.messages().stream()).toList();

        private Found() {}

        private static List<CatalogExtension> find() {
            List<CatalogExtension> out = new ArrayList<>();
            ServiceLoader.load(CatalogExtension.class).forEach(out::add);
            return List.copyOf(out);
        }
    }
}
