package maw.aiwolf.seat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.agents.Catalog;
import maw.aiwolf.game.AiwolfEvent;
import maw.base.Phase;
import maw.base.Role;
import maw.base.Species;
import maw.base.Team;

/**
 * What a seat of an AIWolf game hears, from the GameMaster's catalog messages back to the engine's events: so that an
 * AIWolf mind ({@link maw.aiwolf.bots.AiwolfPlayer}) plays a seat over XMPP as it plays on the engine. Messages that
 * carry nothing for it give no event.
 */
public final class AiwolfSeatEvents {

    private final String me;
    private List<String> players = List.of();
    private Role role;

    public AiwolfSeatEvents(String me) {
        this.me = me;
    }

    /** The players in agent order, once the round has started. */
    public List<String> players() {
        return players;
    }

    /** The events {@code body} tells this seat (none for most messages). */
    public List<AiwolfEvent> of(Catalog.Body body) {
        List<AiwolfEvent> out = new ArrayList<>();
        switch (body) {
            case Catalog.StartGame sg -> {
                players = List.copyOf(sg.players());
                role = null;
            }
            case Catalog.AssignRole ar -> {
                role = ar.role();
                List<String> pack = new ArrayList<>();
                if (ar.role() == Role.WEREWOLF) {
                    pack.add(me);
                    pack.addAll(ar.partners() == null ? List.of() : ar.partners());
                }
                out.add(new AiwolfEvent.Dealt(me, role, pack));
            }
            case Catalog.PhaseChange pc when pc.new_phase() == Phase.DAY ->
                    out.add(new AiwolfEvent.DayBegan(pc.day(), pc.murdered(), pc.living()));
            case AiwolfCatalog.Talks t -> {
                List<AiwolfEvent.Utterance> us = new ArrayList<>();
                for (AiwolfCatalog.Utterance u : t.utterances()) {
                    us.add(new AiwolfEvent.Utterance(t.day(), u.idx(), u.turn(), u.agent(), u.text()));
                }
                out.add(new AiwolfEvent.Turn(t.day(), t.turn(), t.whisper(), us, null));
            }
            case AiwolfCatalog.Votes v -> out.add(new AiwolfEvent.Votes(v.day(), v.revote(), v.attack(),
                    Map.copyOf(v.ballots()), null));
            case Catalog.VoteResult vr when vr.target() != null ->
                    out.add(new AiwolfEvent.Executed(vr.day(), vr.target()));
            case Catalog.Divined d when d.species() != null -> out.add(new AiwolfEvent.Divined(d.day(), me,
                    d.target(), species(d.species())));
            case AiwolfCatalog.Identified i -> out.add(new AiwolfEvent.Identified(i.day(), me, i.target(),
                    species(i.species())));
            case Catalog.NightResult nr -> out.add(new AiwolfEvent.Attack(nr.night(), nr.victim(), false, null));
            case Catalog.EndGame e -> {
                Map<String, Role> roles = new LinkedHashMap<>();
                roles.putAll(e.roles());
                out.add(new AiwolfEvent.Over(e.winning_team() == Catalog.Winner.DRAW ? null
                        : e.winning_team() == Catalog.Winner.VILLAGERS ? Team.VILLAGERS
                        : Team.WEREWOLVES, e.reason(), roles));
            }
            default -> { }
        }
        return out;
    }

    static Species species(Species s) {
        return s == Species.WEREWOLF ? Species.WEREWOLF : Species.HUMAN;
    }
}
