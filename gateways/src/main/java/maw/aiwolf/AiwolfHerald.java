package maw.aiwolf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.agents.Catalog;
import maw.agents.gamemaster.Herald;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfGame;
import maw.aiwolf.game.AiwolfNews;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.log.AiwolfNarration;
import maw.base.Phase;
import maw.base.Role;
import maw.base.Species;
import maw.base.Team;

/**
 * The AIWolf rules' events as catalog messages: the deal ({@code assign_role}), each day and night
 * ({@code phase_change}), each talk or whisper turn's utterances together ({@code talks}), the ballots of a vote at
 * once ({@code votes}), the execution, the divination and the medium's reading (species, not roles), the attack, and
 * the end. A step that begins within a day or night is told through the seats' {@code turn}s alone.
 */
public final class AiwolfHerald implements Herald<AiwolfState, AiwolfNews> {

    @Override
    public List<Notice> announce(AiwolfNews news, AiwolfState after, Context c) {
        String g = c.game();
        int round = c.round();
        Set<String> everyone = Set.copyOf(after.players());
        return switch (news) {
            case AiwolfNews.StepBegan s -> s.newPhase() && s.phase().phase() == Phase.NIGHT
                    ? List.of(new Notice(everyone, new Catalog.PhaseChange(g, round, Phase.NIGHT, s.phase().number(),
                            c.deadlineMillis(), (int) after.options().step().toSeconds(), s.living(), null)))
                    : List.of();
            case AiwolfNews.Told t -> told(t.event(), after, c, everyone);
        };
    }

    /**
     * To a seat that takes envelopes, the engine's events as they are ({@code aiwolf_event}), each to its audience;
     * a night's beginning, which no event of the engine tells, as the phase's {@code phase_change}.
     */
    @Override
    public List<Notice> tell(AiwolfNews news, AiwolfState after, Context c, List<Notice> announced) {
        return switch (news) {
            case AiwolfNews.StepBegan s -> announced;
            case AiwolfNews.Told t -> {
                Set<String> to = t.event().audience() == null ? Set.copyOf(after.players()) : t.event().audience();
                // A turn's lines are stamped with when the GameMaster took them (the NLP contest's talk "time").
                AiwolfEvent e = t.event() instanceof AiwolfEvent.Turn turn && c.nowMillis() > 0
                        ? turn.at(c.nowMillis()) : t.event();
                yield to.isEmpty() ? List.of()
                        : List.of(new Notice(to, new AiwolfCatalog.Event(c.game(), c.round(), e)));
            }
        };
    }

    /** To a seat that takes envelopes, the deal as the engine told it, and the phase: the day's beginning, or the night's. */
    @Override
    public List<Notice> recapTold(AiwolfState s, String player, Context c, List<Notice> recapped) {
        Role role = s.game().role(player);
        List<String> pack = role == Role.WEREWOLF ? s.game().players().stream()
                .filter(p -> s.game().role(p) == Role.WEREWOLF).toList() : List.of();
        List<Notice> out = new ArrayList<>();
        out.add(new Notice(Set.of(player), new AiwolfCatalog.Event(c.game(), c.round(),
                new AiwolfEvent.Dealt(player, role, pack))));
        AiwolfGame.Stage stage = s.game().stage();
        if (stage == AiwolfGame.Stage.TALK || stage == AiwolfGame.Stage.VOTE) {
            out.add(new Notice(Set.of(player), new AiwolfCatalog.Event(c.game(), c.round(),
                    new AiwolfEvent.DayBegan(s.game().day(), null, s.living()))));
        } else {
            recapped.stream().filter(n -> n.body() instanceof Catalog.PhaseChange).forEach(out::add);
        }
        return out;
    }

    private static List<Notice> told(AiwolfEvent e, AiwolfState after, Context c, Set<String> everyone) {
        String g = c.game();
        int round = c.round();
        Set<String> to = e.audience() == null ? everyone : e.audience();
        return switch (e) {
            case AiwolfEvent.Dealt d -> List.of(new Notice(to, new Catalog.AssignRole(g, round,
                    d.role(), d.pack().stream().filter(p -> !p.equals(d.player())).toList())));
            case AiwolfEvent.DayBegan d -> {
                List<Notice> out = new ArrayList<>();
                out.add(new Notice(to, new Catalog.PhaseChange(g, round, Phase.DAY, d.day(), c.deadlineMillis(),
                        (int) after.options().step().toSeconds(), d.living(), d.attacked())));
                if (d.attacked() != null) {
                    out.add(new Notice(Set.of(d.attacked()), new Catalog.Kill(g, round, d.day() - 1,
                            Catalog.Cause.MURDERED)));
                }
                yield out;
            }
            case AiwolfEvent.Turn t -> {
                AiwolfNarration narration = new AiwolfNarration(after.players());
                yield List.of(new Notice(to, new AiwolfCatalog.Talks(g, round, t.day(), t.turn(), t.whisper(),
                        t.utterances().stream().map(u -> new AiwolfCatalog.Utterance(u.idx(), u.turn(), u.agent(),
                                after.players().indexOf(u.agent()) + 1, u.text(), u.text().equals("Skip")
                                        || u.text().equals("Over") ? null : narration.gloss(u.agent(), u.text())))
                                .toList())));
            }
            case AiwolfEvent.Invalid i -> List.of(new Notice(to, new AiwolfCatalog.InvalidTalk(g, round,
                    after.game().day(), i.text(), i.reason())));
            case AiwolfEvent.Votes v -> to.isEmpty() ? List.of() : List.of(new Notice(to, new AiwolfCatalog.Votes(g, round,
                    v.day(), v.revote(), v.attack(), new TreeMap<>(v.ballots()))));
            case AiwolfEvent.Executed x -> List.of(
                    new Notice(to, new Catalog.VoteResult(g, round, x.day(), x.player(), Catalog.Verdict.EXECUTED,
                            "the most votes")),
                    new Notice(Set.of(x.player()), new Catalog.Kill(g, round, x.day(), Catalog.Cause.EXECUTED)));
            case AiwolfEvent.Divined d -> List.of(new Notice(to, new Catalog.Divined(g, round, d.day(), d.target(),
                    null, species(d.species()))));
            case AiwolfEvent.Identified i -> List.of(new Notice(to, new AiwolfCatalog.Identified(g, round, i.day(),
                    i.target(), species(i.species()))));
            case AiwolfEvent.Guarded gd -> List.of(); // the bodyguard learns nothing of what came of it
            case AiwolfEvent.Attack a -> List.of(new Notice(to, new Catalog.NightResult(g, round, a.day(),
                    a.target() == null || a.guarded() ? null : a.target(), a.target() == null ? "the pack chose nobody"
                            : a.guarded() ? "the bodyguard guarded " + a.target() : "the pack's choice")));
            case AiwolfEvent.Over o -> {
                Map<String, Role> roles = new TreeMap<>();
                o.roles().forEach((p, r) -> roles.put(p, r));
                yield List.of(new Notice(to, new Catalog.EndGame(g, round, o.winner() == null ? Catalog.Winner.DRAW
                        : o.winner() == Team.VILLAGERS ? Catalog.Winner.VILLAGERS
                        : Catalog.Winner.WEREWOLVES, o.reason(), after.game().day(), roles,
                        after.result() == null ? Map.of() : after.result().scores())));
            }
        };
    }

    static Species species(Species s) {
        return s == Species.WEREWOLF ? Species.WEREWOLF : Species.HUMAN;
    }

    @Override
    public List<Notice> recap(AiwolfState s, String player, Context c) {
        Role role = s.game().role(player);
        List<String> pack = role == Role.WEREWOLF ? s.game().players().stream()
                .filter(p -> !p.equals(player) && s.game().role(p) == Role.WEREWOLF).toList() : List.of();
        AiwolfGame.Stage stage = s.game().stage();
        Phase phase = stage == AiwolfGame.Stage.TALK || stage == AiwolfGame.Stage.VOTE ? Phase.DAY : Phase.NIGHT;
        return List.of(
                new Notice(Set.of(player), new Catalog.AssignRole(c.game(), c.round(), role, pack)),
                new Notice(Set.of(player), new Catalog.PhaseChange(c.game(), c.round(), phase, s.game().day(),
                        c.deadlineMillis(), (int) s.options().step().toSeconds(), s.living(), null)));
    }

    @Override
    public List<String> executed(AiwolfState state) {
        return state.executed();
    }

    @Override
    public List<String> murdered(AiwolfState state) {
        return state.attacked();
    }
}
