package maw.agents.gamemaster;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.agents.Catalog;
import maw.base.Act;
import maw.game.Access;
import maw.game.GameView;
import maw.game.PhaseId;
import maw.game.Room;
import maw.game.Turn;

/**
 * What each seat was last told the rules await from it ({@code turn}), so that a seat hears of its turn at every new
 * phase and, within a phase, only when it changed.
 */
final class Turns {

    private final Map<String, Catalog.YourTurn> told = new HashMap<>();

    /** A new round, or a resume: nothing has been told. */
    void clear() {
        told.clear();
    }

    /**
     * The turns to tell now, seat by seat: every awaited seat's when {@code all} (a new phase), else only those that
     * differ from what the seat was told last, a seat that was and is awaited for nothing not told of a new step.
     * Each is counted as told.
     */
    Map<String, Catalog.YourTurn> toTell(GameView state, String game, int round, long deadline, boolean all) {
        Map<String, Catalog.YourTurn> out = new LinkedHashMap<>();
        if (state.isOver()) {
            return out;
        }
        PhaseId phase = state.phase();
        Map<Room, Access> rooms = new LinkedHashMap<>(state.rooms());
        // Where the rules give a room's floor (a pace of turns), only those who hold it write there now.
        state.floor().forEach((room, holders) -> rooms.computeIfPresent(room,
                (r, access) -> new Access(holders, access.readers())));
        for (Map.Entry<String, Turn> e : state.awaiting().turns().entrySet()) {
            Catalog.YourTurn turn = of(e.getKey(), e.getValue(), phase, rooms, game, round, deadline);
            Catalog.YourTurn before = told.get(e.getKey());
            if (!all && before != null && turn.acts().isEmpty() && before.acts().isEmpty()
                    && turn.done().equals(before.done()) && turn.rooms().equals(before.rooms())) {
                continue; // still awaited for nothing: a new step (another seat's turn) changes nothing for it
            }
            if (all || !turn.equals(before)) {
                told.put(e.getKey(), turn);
                out.put(e.getKey(), turn);
            }
        }
        return out;
    }

    /** A seat's turn as the catalog says it: its acts, their targets, what it did, and the rooms it reads. */
    static Catalog.YourTurn of(String player, Turn turn, PhaseId phase, Map<Room, Access> rooms, String game,
            int round, long deadline) {
        List<Act.Kind> acts = turn.acts().stream().sorted().toList();
        Map<Act.Kind, List<String>> targets = new TreeMap<>(turn.targets());
        Map<Act.Kind, String> done = new TreeMap<>(turn.done());
        Map<String, Boolean> reads = new TreeMap<>();
        rooms.forEach((room, access) -> {
            if (access.readers().contains(player)) {
                reads.put(room.title(), access.writers().contains(player));
            }
        });
        return new Catalog.YourTurn(game, round, phase.phase(), phase.number(), deadline, acts, targets, done, reads,
                phase.step() == 0 ? null : phase.step());
    }
}
