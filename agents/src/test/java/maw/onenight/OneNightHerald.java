package maw.onenight;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import maw.agents.Catalog;
import maw.agents.gamemaster.Herald;
import maw.game.Audience;
import maw.game.Event;

/** What each seat is told of a one-night game: MAW's catalog messages, as MAW's own seats and bots read them. */
public final class OneNightHerald implements Herald<OneNight.State, Event> {

    @Override
    public List<Notice> announce(Event e, OneNight.State after, Context c) {
        String g = c.game();
        int round = c.round();
        return switch (e) {
            case Event.RoleAssigned r -> List.of(new Notice(Set.of(r.player()),
                    new Catalog.AssignRole(g, round, r.role(), r.partners())));
            case Event.PhaseBegan p -> List.of(new Notice(to(p.audience(), after), new Catalog.PhaseChange(g, round,
                    p.phase().phase(), p.phase().number(), c.deadlineMillis(), (int) p.duration().toSeconds(),
                    p.living(), p.murdered())));
            case Event.VoteCast v -> List.of(new Notice(to(v.audience(), after), new Catalog.VoteCast(g, round,
                    v.phase().phase(), v.phase().number(), v.voter(), v.target(), v.tally())));
            case Event.Executed x -> List.of(
                    new Notice(to(Audience.EVERYONE, after), new Catalog.VoteResult(g, round, x.day(), x.player(),
                            Catalog.Verdict.EXECUTED, x.byMajority() ? "a majority voted" : "the most votes")),
                    new Notice(Set.of(x.player()), new Catalog.Kill(g, round, x.day(), Catalog.Cause.EXECUTED)));
            case Event.NoExecution n -> List.of(new Notice(to(Audience.EVERYONE, after),
                    new Catalog.VoteResult(g, round, n.day(), null, Catalog.Verdict.NONE, n.reason())));
            case Event.Murdered mu -> List.of(new Notice(Set.of(mu.player()), new Catalog.Kill(g, round, mu.night(),
                    Catalog.Cause.MURDERED)), new Notice(Set.of(after.wolf()), new Catalog.NightResult(g, round,
                    mu.night(), mu.player(), "the werewolf chose")));
            case Event.NoMurder nm -> List.of(new Notice(Set.of(after.wolf()),
                    new Catalog.NightResult(g, round, nm.night(), null, nm.reason())));
            case Event.GameOver over -> List.of(new Notice(to(Audience.EVERYONE, after), new Catalog.EndGame(g,
                    round, Catalog.Winner.of(over.winner()), over.reason(), over.days(), over.roles(),
                    over.scores())));
            case Event.RoleRevealed r -> List.of();
            case Event.Divined d -> List.of();
            case Event.Whispered w -> List.of();
        };
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
