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
import maw.base.Phase;
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
            Map<String, Set<Act.Kind>> waiting = game.awaiting();
            for (String p : game.players()) {
                Set<Act.Kind> acts = EnumSet.noneOf(Act.Kind.class);
                acts.addAll(waiting.getOrDefault(p, Set.of()));
                Map<Act.Kind, List<String>> targets = new TreeMap<>();
                for (Act.Kind k : acts) {
                    if (k.targeted()) {
                        targets.put(k, game.targets(p, k));
                    }
                }
                if (!acts.isEmpty()) {
                    acts.add(Act.Kind.PASS); // each step asks a seat once: it may give its act up (the default)
                }
                turns.put(p, new Turn(acts, targets, new TreeMap<>(game.done(p))));
            }
        }
        java.time.Duration length = game == null || game.stepLength() == null ? options.step() : game.stepLength();
        return new Awaiting(phase(), length, turns);
    }

    /**
     * In a group chat (the NLP contest's speak-anytime talk) the seat's own count: its lines said in the phase
     * ({@code talk_round}) of those it may say ({@code talk_rounds}); none otherwise (AIWolf's talk comes in turns).
     */
    @Override
    public maw.base.SeatView.Turn ownTurn(String seat) {
        int[] lines = game == null ? null : game.chatLines(seat);
        return lines == null ? null : new maw.base.SeatView.Turn(lines[0], lines[1], false, 0);
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
