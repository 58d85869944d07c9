package maw.onenight;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import maw.agents.Catalog;
import maw.agents.gamemaster.Herald;
import maw.agents.maw.MawHerald;
import maw.game.Audience;
import maw.game.maw.Event;

/** What each seat is told of a one-night game: MAW's events as MAW's herald words them, to this game's audiences. */
public final class OneNightHerald implements Herald<OneNight.State, Event> {

    @Override
    public List<Notice> announce(Event e, OneNight.State after, Context c) {
        return MawHerald.notices(e, c, audience -> to(audience, after));
    }

    @Override
    public List<Notice> recap(OneNight.State s, String player, Context c) {
        return List.of(
                new Notice(Set.of(player), new Catalog.AssignRole(c.game(), c.round(), s.roles().get(player),
                        List.of())),
                new Notice(Set.of(player), new Catalog.PhaseChange(c.game(), c.round(), s.phase().phase(),
                        s.phase().number(), c.deadlineMillis(), (int) s.awaiting().length().toSeconds(), s.living(),
                        null)));
    }

    private static Set<String> to(Audience audience, OneNight.State s) {
        return switch (audience) {
            case Audience.Everyone e -> Set.copyOf(s.players());
            case Audience.Werewolves w -> s.alive().contains(s.wolf()) ? Set.of(s.wolf()) : Set.of();
            case Audience.Players p -> new HashSet<>(p.names());
        };
    }

    @Override
    public List<String> executed(OneNight.State state) {
        return state.executed() == null ? List.of() : List.of(state.executed());
    }

    @Override
    public List<String> murdered(OneNight.State state) {
        return state.victim() == null ? List.of() : List.of(state.victim());
    }
}
