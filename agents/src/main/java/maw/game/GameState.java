package maw.game;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the rules know about one game, immutable. The next state comes from {@link Rules#apply}; nothing else
 * changes it.
 *
 * @param options          the rule options
 * @param rng              the game's randomness, carried along so a seed replays the game
 * @param seats            the players in deal order (sorted by name), with roles and life
 * @param phase            the current phase ({@code LOBBY 0} before the deal)
 * @param votes            the current phase's votes, voter to target, in the order first cast
 * @param divinedToday     whether the seer has asked today
 * @param executed         who the village executed, in order
 * @param murdered         who the werewolves murdered, in order
 * @param lastExecuted     the player executed today, whose role the werewolves learn at nightfall
 * @param lastMurdered     the player murdered last night, named at dawn
 * @param initialVillagers how many players were not werewolves at the deal (the werewolves' score if they win)
 * @param result           the end of the game, once it is over
 */
public record GameState(GameOptions options, Rng rng, List<Seat> seats, PhaseId phase, Map<String, String> votes,
        boolean divinedToday, List<String> executed, List<String> murdered, String lastExecuted, String lastMurdered,
        int initialVillagers, Event.GameOver result) {

    public GameState {
        seats = List.copyOf(seats);
        votes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(votes));
        executed = List.copyOf(executed);
        murdered = List.copyOf(murdered);
    }

    public boolean isOver() {
        return result != null;
    }

    public Optional<Seat> seat(String name) {
        return seats.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public boolean isPlayer(String name) {
        return seat(name).isPresent();
    }

    public boolean isAlive(String name) {
        return seat(name).map(Seat::alive).orElse(false);
    }

    public Optional<Role> role(String name) {
        return seat(name).map(Seat::role);
    }

    public List<String> players() {
        return seats.stream().map(Seat::name).toList();
    }

    public List<String> living() {
        return seats.stream().filter(Seat::alive).map(Seat::name).toList();
    }

    public List<String> dead() {
        return seats.stream().filter(s -> !s.alive()).map(Seat::name).toList();
    }

    public List<String> livingWerewolves() {
        return seats.stream().filter(s -> s.alive() && s.role().isWerewolf()).map(Seat::name).toList();
    }

    public List<String> werewolves() {
        return seats.stream().filter(s -> s.role().isWerewolf()).map(Seat::name).toList();
    }

    public List<String> livingVillagers() {
        return seats.stream().filter(s -> s.alive() && !s.role().isWerewolf()).map(Seat::name).toList();
    }

    /** Whether a room is open now: the Village by day, the Hideout by night. */
    public boolean isOpen(Room room) {
        return room == Room.VILLAGE ? phase.phase() == Phase.DAY : phase.phase() == Phase.NIGHT;
    }

    /**
     * Who may write in a room now: the living by day in the Village, the living werewolves by night in the Hideout.
     */
    public Set<String> writers(Room room) {
        if (!isOpen(room)) {
            return Set.of();
        }
        return Set.copyOf(room == Room.VILLAGE ? living() : livingWerewolves());
    }

    /** Who may read a room now: everyone reads the Village (the dead read only); living werewolves the Hideout. */
    public Set<String> readers(Room room) {
        if (!isOpen(room)) {
            return Set.of();
        }
        return Set.copyOf(room == Room.VILLAGE ? players() : livingWerewolves());
    }

    /** The players {@code voter} may vote for now. */
    public List<String> validTargets(String voter) {
        if (!isAlive(voter)) {
            return List.of();
        }
        return switch (phase.phase()) {
            case DAY -> living().stream().filter(n -> !n.equals(voter)).toList();
            case NIGHT -> role(voter).map(Role::isWerewolf).orElse(false) ? livingVillagers() : List.of();
            default -> List.of();
        };
    }

    /** Whether {@code player} may vote in the current phase at all. */
    public boolean mayVote(String player) {
        return isAlive(player) && switch (phase.phase()) {
            case DAY -> true;
            case NIGHT -> role(player).map(Role::isWerewolf).orElse(false);
            default -> false;
        };
    }

    /** Votes per target in the current phase, most first, ties by name. */
    public Map<String, Integer> tally() {
        java.util.Map<String, Integer> counts = new java.util.TreeMap<>();
        votes.values().forEach(t -> counts.merge(t, 1, Integer::sum));
        java.util.LinkedHashMap<String, Integer> sorted = new java.util.LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Integer>comparingByValue().reversed()
                        .thenComparing(java.util.Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return java.util.Collections.unmodifiableMap(sorted);
    }
}
