package maw.game;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Role;
import maw.base.SeatView;
import maw.base.Speech;

/**
 * A seat's view as a rule set's state gives it ({@link Rules#view}): who the seat is and what it knows of the others,
 * the phase, what the rules await from it and whom each act may name, the room it reads, the votes it may know. What
 * the rules do not know is left out: the deadline (the GameMaster's clock sets it), the lines the seat has not seen
 * and whether it spoke (the seat's own).
 */
public final class SeatViews {

    private SeatViews() {}

    /** The view of {@code seat} in {@code state}, under a rule set that names its game {@code label}. */
    public static SeatView of(GameView state, String seat, String label, Speech talk, int longest) {
        return of(state, state.isOver() ? null : state.awaiting(), state.rooms(), seat, label, talk, longest);
    }

    /**
     * The views of {@code seats} in {@code state}, each as {@link #of} gives it: what the rules await and the open rooms
     * read once for them all (a step of a table of fifteen asks each seat's view).
     */
    public static Map<String, SeatView> of(GameView state, List<String> seats, String label, Speech talk,
            int longest) {
        Awaiting awaiting = state.isOver() ? null : state.awaiting();
        Map<Room, Access> rooms = state.rooms();
        Map<String, SeatView> out = new LinkedHashMap<>();
        for (String seat : seats) {
            out.put(seat, of(state, awaiting, rooms, seat, label, talk, longest));
        }
        return out;
    }

    private static SeatView of(GameView state, Awaiting awaiting, Map<Room, Access> rooms, String seat, String label,
            Speech talk, int longest) {
        Role role = state.role(seat).orElse(null);
        List<String> players = state.players();
        List<String> living = state.living();
        boolean alive = living.contains(seat);
        // A werewolf knows the pack from the deal (the dead among it too); nobody else knows a role but their own.
        List<String> partners = role != null && role.isWerewolf() ? players.stream()
                .filter(p -> !p.equals(seat) && state.role(p).map(Role::isWerewolf).orElse(false)).toList() : List.of();
        Turn turn = awaiting == null ? Turn.NONE : awaiting.turn(seat);
        List<Act.Kind> actions = new ArrayList<>();
        Map<Act.Kind, List<String>> targets = new EnumMap<>(Act.Kind.class);
        if (alive) {
            for (Act.Kind k : turn.acts().stream().sorted().toList()) {
                if (k == Act.Kind.PASS) {
                    continue; // a pass is what listening says where a turn takes one
                }
                actions.add(k);
                if (turn.targets().containsKey(k)) {
                    targets.put(k, turn.targets().get(k));
                }
            }
        }
        actions.add(Act.Kind.LISTEN);
        List<String> dead = players.stream().filter(p -> !living.contains(p)).toList();
        PhaseId phase = state.phase();
        Map<String, String> votes = new LinkedHashMap<>(state.votesSeenBy(seat));
        return new SeatView(seat, role, partners, phase.phase(), phase.number(), 0, living, dead,
                targets.getOrDefault(Act.Kind.VOTE, List.of()), List.copyOf(actions), targets, room(rooms, seat),
                longest, List.of(), alive ? turn.done().get(Act.Kind.VOTE) : null, false, votes, label, talk,
                talk.inTurns() ? players : null, alive ? state.ownTurn(seat) : null,
                phase.step() == 0 ? null : phase.step());
    }

    /** The room the seat reads now (the first by title, where it could read several): null when none is open to it. */
    private static String room(Map<Room, Access> rooms, String seat) {
        TreeMap<String, Room> readable = new TreeMap<>();
        rooms.forEach((room, access) -> {
            if (access.readers().contains(seat)) {
                readable.put(room.title(), room);
            }
        });
        return readable.isEmpty() ? null : readable.firstKey();
    }
}
