package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Role;
import maw.base.Team;
import maw.game.Access;
import maw.game.Awaiting;
import maw.game.GameView;
import maw.game.Phase;
import maw.game.PhaseId;
import maw.game.Result;
import maw.game.Room;
import maw.game.Turn;

/**
 * An AIWolf game as the GameMaster reads it. The engine inside is never changed once the state is made: the rules act
 * on a copy ({@link AiwolfGame#copy}) and make a new state of it.
 *
 * @param options  the options
 * @param seed     the seed the deal and the game's random picks come from
 * @param game     the game (null before the deal)
 * @param executed who the village executed, in order
 * @param attacked who died by night, in order
 * @param result   how it ended (null while it goes on)
 */
public record AiwolfState(AiwolfOptions options, long seed, AiwolfGame game, List<String> executed,
        List<String> attacked, Ended result) implements GameView {

    public AiwolfState {
        executed = List.copyOf(executed);
        attacked = List.copyOf(attacked);
    }

    /** The end of an AIWolf game: each player of the winning side scores 1. */
    public record Ended(Team winner, String reason, int days, Map<String, Role> roles, Map<String, Integer> scores)
            implements Result {}

    @Override
    public PhaseId phase() {
        if (game == null) {
            return new PhaseId(Phase.LOBBY, 0);
        }
        Phase p = game.stage() == AiwolfGame.Stage.OVER ? Phase.OVER : game.daytime() ? Phase.DAY : Phase.NIGHT;
        return new PhaseId(p, game.day(), p == Phase.OVER ? 0 : game.step());
    }

    @Override
    public List<String> players() {
        return game == null ? List.of() : game.players();
    }

    @Override
    public List<String> living() {
        return game == null ? List.of() : game.living();
    }

    @Override
    public Optional<Role> role(String player) {
        return game == null || game.role(player) == null ? Optional.empty() : Optional.of(game.role(player));
    }

    /** What each player is awaited for in this step: every player has a turn (empty for those it does not await). */
    @Override
    public Awaiting awaiting() {
        Map<String, Turn> turns = new LinkedHashMap<>();
        if (game != null && !game.isOver()) {
            Map<String, Set<AiwolfGame.Kind>> waiting = game.awaiting();
            for (String p : game.players()) {
                Set<AiwolfGame.Kind> kinds = waiting.getOrDefault(p, Set.of());
                Set<Act.Kind> acts = EnumSet.noneOf(Act.Kind.class);
                Map<Act.Kind, List<String>> targets = new TreeMap<>();
                for (AiwolfGame.Kind k : kinds) {
                    Act.Kind a = act(k);
                    acts.add(a);
                    if (a != Act.Kind.TALK) {
                        targets.put(a, game.targets(p, k));
                    }
                }
                if (!acts.isEmpty()) {
                    acts.add(Act.Kind.PASS); // each step asks a seat once: it may give its act up (the default)
                }
                Map<Act.Kind, String> done = new TreeMap<>();
                game.done(p).forEach((k, t) -> done.put(act(k), t));
                turns.put(p, new Turn(acts, targets, done));
            }
        }
        return new Awaiting(phase(), options.step(), turns);
    }

    /** The act a seat makes for what the engine asks: talk and whisper are talk, an attack is a night vote. */
    static Act.Kind act(AiwolfGame.Kind k) {
        return switch (k) {
            case TALK, WHISPER -> Act.Kind.TALK;
            case VOTE, ATTACK -> Act.Kind.VOTE;
            case DIVINE -> Act.Kind.DIVINE;
            case GUARD -> Act.Kind.GUARD;
        };
    }

    /** No rooms: AIWolf's talk goes through the GameMaster, turn by turn. */
    @Override
    public Map<Room, Access> rooms() {
        return Map.of();
    }

    @Override
    public boolean isOver() {
        return result != null;
    }

    /** The living werewolves. */
    public List<String> livingWerewolves() {
        List<String> out = new ArrayList<>();
        for (String p : living()) {
            if (game.role(p) == Role.WEREWOLF) {
                out.add(p);
            }
        }
        return out;
    }
}
