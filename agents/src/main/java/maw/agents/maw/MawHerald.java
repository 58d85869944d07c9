package maw.agents.maw;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import maw.agents.Catalog;
import maw.agents.gamemaster.Herald;
import maw.base.Role;
import maw.game.Audience;
import maw.game.maw.Event;
import maw.game.maw.GameState;

/** MAW's events as catalog messages. */
public final class MawHerald implements Herald<GameState, Event> {

    @Override
    public List<Notice> announce(Event e, GameState after, Context c) {
        return notices(e, c, audience -> to(audience, after));
    }

    /**
     * MAW's events as catalog messages, for any rule set that announces them ({@code to}: the players an audience names
     * in the state after the event).
     */
    public static List<Notice> notices(Event e, Context c, Function<Audience, Set<String>> to) {
        String g = c.game();
        int round = c.round();
        return switch (e) {
            case Event.RoleAssigned r -> List.of(new Notice(Set.of(r.player()),
                    new Catalog.AssignRole(g, round, r.role(), r.partners())));
            case Event.PhaseBegan p -> List.of(new Notice(to.apply(e.audience()), new Catalog.PhaseChange(g, round,
                    p.phase().phase(), p.phase().number(), c.deadlineMillis(), (int) p.duration().toSeconds(),
                    p.living(), p.murdered())));
            case Event.TurnBegan t -> List.of(new Notice(to.apply(t.audience()), new Catalog.TurnBegan(g, round,
                    t.phase().phase(), t.phase().number(), t.phase().step(), t.player(), t.talkRound(), t.talkRounds(),
                    t.voting(), c.deadlineMillis(), (int) t.length().toSeconds())));
            case Event.VoteCast v -> List.of(new Notice(to.apply(v.audience()), new Catalog.VoteCast(g, round,
                    v.phase().phase(), v.phase().number(), v.voter(), v.target(), v.tally())));
            case Event.Executed x -> List.of(
                    new Notice(to.apply(Audience.EVERYONE), new Catalog.VoteResult(g, round, x.day(), x.player(),
                            Catalog.Verdict.EXECUTED, x.byMajority() ? "a majority voted"
                                    : "the most votes when the day ended" + (x.ended() == null ? ""
                                            : ": " + x.ended()))),
                    new Notice(Set.of(x.player()), new Catalog.Kill(g, round, x.day(), Catalog.Cause.EXECUTED)));
            case Event.NoExecution n -> List.of(new Notice(to.apply(Audience.EVERYONE),
                    new Catalog.VoteResult(g, round, n.day(), null, Catalog.Verdict.NONE, n.reason())));
            case Event.RoleRevealed r -> List.of(new Notice(to.apply(Audience.WEREWOLVES),
                    new Catalog.RoleRevealed(g, round, r.player(), r.role())));
            case Event.Murdered mu -> {
                Set<String> pack = new HashSet<>(to.apply(mu.audience()));
                pack.remove(mu.player());
                yield List.of(new Notice(Set.of(mu.player()), new Catalog.Kill(g, round, mu.night(),
                                Catalog.Cause.MURDERED)),
                        new Notice(pack, new Catalog.NightResult(g, round, mu.night(), mu.player(),
                                "the werewolves agreed")));
            }
            case Event.NoMurder nm -> List.of(new Notice(to.apply(Audience.WEREWOLVES),
                    new Catalog.NightResult(g, round, nm.night(), null, nm.reason())));
            case Event.Divined d -> List.of(new Notice(Set.of(d.seer()),
                    new Catalog.Divined(g, round, d.day(), d.target(), d.role())));
            case Event.Whispered w -> List.of(new Notice(Set.of(w.to()), new Catalog.Whispered(g, round,
                    w.phase().phase(), w.phase().number(), w.from(), w.text())));
            case Event.GameOver over -> {
                Map<String, Role> roles = new TreeMap<>(over.roles());
                yield List.of(new Notice(to.apply(Audience.EVERYONE), new Catalog.EndGame(g, round,
                        Catalog.Winner.of(over.winner()), over.reason(), over.days(), roles, over.scores())));
            }
        };
    }

    @Override
    public List<Notice> recap(GameState s, String player, Context c) {
        Role role = s.role(player).orElseThrow();
        List<String> partners = role.isWerewolf()
                ? s.werewolves().stream().filter(n -> !n.equals(player)).toList() : List.of();
        Duration length = s.awaiting().length();
        List<Notice> out = new java.util.ArrayList<>(List.of(
                new Notice(Set.of(player), new Catalog.AssignRole(c.game(), c.round(), role, partners)),
                new Notice(Set.of(player), new Catalog.PhaseChange(c.game(), c.round(), s.phase().phase(),
                        s.phase().number(), c.deadlineMillis(), (int) length.toSeconds(), s.living(), null))));
        String holder = s.turnHolder();
        boolean reads = s.phase().phase() == maw.base.Phase.DAY || s.livingWerewolves().contains(player);
        if (holder != null && reads) {
            // At a pace of turns, whose turn it is (the phase's room's readers hear it).
            out.add(new Notice(Set.of(player), new Catalog.TurnBegan(c.game(), c.round(), s.phase().phase(),
                    s.phase().number(), s.phase().step(), holder, s.talkRound(), s.options().talkRounds(),
                    s.votingTurn(), c.deadlineMillis(), (int) length.toSeconds())));
        }
        return out;
    }

    /** The players an audience names in this state. */
    static Set<String> to(Audience audience, GameState s) {
        return switch (audience) {
            case Audience.Everyone e -> Set.copyOf(s.players());
            case Audience.Werewolves w -> Set.copyOf(s.livingWerewolves());
            case Audience.Players p -> p.names();
        };
    }

    @Override
    public List<String> executed(GameState state) {
        return state.executed();
    }

    @Override
    public List<String> murdered(GameState state) {
        return state.murdered();
    }
}
