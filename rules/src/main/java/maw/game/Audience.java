package maw.game;

import java.util.Set;

/**
 * Who may learn of an event. The rules decide this, not the agents that carry the news: the GameMaster only routes.
 */
public sealed interface Audience {

    /** Every player, the dead included. */
    record Everyone() implements Audience {}

    /** The werewolves who are alive. */
    record Werewolves() implements Audience {}

    /** Named players only. */
    record Players(Set<String> names) implements Audience {}

    Audience EVERYONE = new Everyone();
    Audience WEREWOLVES = new Werewolves();

    static Audience only(String... names) {
        return new Players(Set.of(names));
    }
}
