package maw.game.maw;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.game.Access;
import maw.game.Awaiting;
import maw.game.GameView;
import maw.game.PhaseId;
import maw.game.Rng;
import maw.game.Room;
import maw.game.Rules;
import maw.game.Turn;

/**
 * Everything MAW's rules know about one game, immutable. The next state comes from {@link Rules#apply}; nothing else
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
        int initialVillagers, Event.GameOver result) implements GameView {

    public GameState {
        seats = List.copyOf(seats);
        votes = Collections.unmodifiableMap(new LinkedHashMap<>(votes));
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
        return room.equals(Room.VILLAGE) ? phase.phase() == Phase.DAY
                : room.equals(Room.HIDEOUT) && phase.phase() == Phase.NIGHT;
    }

    /**
     * Who may write in a room now: the living by day in the Village, the living werewolves by night in the Hideout.
     */
    public Set<String> writers(Room room) {
        if (!isOpen(room)) {
            return Set.of();
        }
        return Set.copyOf(room.equals(Room.VILLAGE) ? living() : livingWerewolves());
    }

    /** Who may read a room now: everyone reads the Village (the dead read only); living werewolves the Hideout. */
    public Set<String> readers(Room room) {
        if (!isOpen(room)) {
            return Set.of();
        }
        return Set.copyOf(room.equals(Room.VILLAGE) ? players() : livingWerewolves());
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

    /**
     * What the rules await from {@code player} now. By day the living speak in the Village, vote, whisper (an option)
     * and, the seer, ask once; by night the living werewolves speak in the Hideout and vote for a victim.
     */
    public Turn turn(String player) {
        if (isOver() || !isAlive(player)) {
            return Turn.NONE;
        }
        if (options.byTurns()) {
            return turnInTurns(player);
        }
        Set<Act.Kind> acts = EnumSet.noneOf(Act.Kind.class);
        Map<Act.Kind, List<String>> targets = new EnumMap<>(Act.Kind.class);
        List<String> others = living().stream().filter(n -> !n.equals(player)).toList();
        switch (phase.phase()) {
            case DAY -> {
                acts.add(Act.Kind.SPEAK);
                acts.add(Act.Kind.VOTE);
                targets.put(Act.Kind.VOTE, validTargets(player));
                dayQuestionAndWhisper(player, others, acts, targets);
            }
            case NIGHT -> {
                if (role(player).map(Role::isWerewolf).orElse(false)) {
                    acts.add(Act.Kind.SPEAK);
                    acts.add(Act.Kind.VOTE);
                    targets.put(Act.Kind.VOTE, validTargets(player));
                }
            }
            default -> { }
        }
        String vote = votes.get(player);
        return new Turn(acts, targets, vote == null ? Map.of() : Map.of(Act.Kind.VOTE, vote));
    }

    @Override
    public Awaiting awaiting() {
        Map<String, Turn> turns = new LinkedHashMap<>();
        for (Seat s : seats) {
            turns.put(s.name(), turn(s.name()));
        }
        Duration length = phase.phase() != Phase.DAY && phase.phase() != Phase.NIGHT ? Duration.ZERO
                : options.byTurns() ? options.turnSeconds() : options.duration(phase.phase());
        return new Awaiting(phase, length, turns);
    }

    @Override
    public Map<Room, Access> rooms() {
        Map<Room, Access> open = new LinkedHashMap<>();
        for (Room r : List.of(Room.VILLAGE, Room.HIDEOUT)) {
            if (isOpen(r)) {
                open.put(r, new Access(writers(r), readers(r)));
            }
        }
        return open;
    }

    // --- a pace of turns ------------------------------------------------------------------------------------------

    /**
     * At a pace of turns, the seats asked in this phase in their order: the living by day, the living werewolves by
     * night, in deal order turned by the phase's number, so that another seat opens each day. Nobody dies within a
     * phase but by the act that ends it, so the order holds for the whole phase.
     */
    public List<String> turnOrder() {
        List<String> seatsNow = phase.phase() == Phase.NIGHT ? livingWerewolves() : living();
        if (seatsNow.isEmpty()) {
            return seatsNow;
        }
        int shift = Math.floorMod(phase.number() - 1, seatsNow.size());
        List<String> order = new java.util.ArrayList<>(seatsNow.subList(shift, seatsNow.size()));
        order.addAll(seatsNow.subList(0, shift));
        return List.copyOf(order);
    }

    /** The talk turns of this phase at a pace of turns: its talk rounds of every seat; none for a lone werewolf. */
    public int talkSteps() {
        int n = turnOrder().size();
        return phase.phase() == Phase.NIGHT && n < 2 ? 0 : options.talkRounds() * n;
    }

    /** Every turn of this phase at a pace of turns: the talk turns, then one voting turn a seat. */
    public int steps() {
        return talkSteps() + turnOrder().size();
    }

    /** Whether the turn under way is one of the phase's closing voting round. */
    public boolean votingTurn() {
        return options.byTurns() && phase.step() > talkSteps();
    }

    /** The talk round under way (from 1), or 0 in the voting round or at the clock's pace. */
    public int talkRound() {
        if (!options.byTurns() || votingTurn() || phase.step() < 1) {
            return 0;
        }
        return (phase.step() - 1) / turnOrder().size() + 1;
    }

    /** The seat whose turn it is at a pace of turns; null at the clock's pace, or when nobody's is under way. */
    public String turnHolder() {
        if (!options.byTurns() || isOver() || phase.step() < 1 || phase.step() > steps()
                || phase.phase() != Phase.DAY && phase.phase() != Phase.NIGHT) {
            return null;
        }
        List<String> order = turnOrder();
        int talk = talkSteps();
        int i = phase.step() <= talk ? (phase.step() - 1) % order.size() : phase.step() - talk - 1;
        return order.get(i);
    }

    /**
     * A seat's turn at a pace of turns: only the seat whose turn it is acts. In a talk turn it may speak (by day in
     * the Village, by night in the Hideout), vote, whisper and, the seer, ask; in the voting round only vote; and it
     * passes (ends its turn) when it is done. The others wait, their votes standing.
     */
    private Turn turnInTurns(String player) {
        String vote = votes.get(player);
        Map<Act.Kind, String> done = vote == null ? Map.of() : Map.of(Act.Kind.VOTE, vote);
        if (!player.equals(turnHolder())) {
            return new Turn(Set.of(), Map.of(), done);
        }
        Set<Act.Kind> acts = EnumSet.of(Act.Kind.VOTE, Act.Kind.PASS);
        Map<Act.Kind, List<String>> targets = new EnumMap<>(Act.Kind.class);
        targets.put(Act.Kind.VOTE, validTargets(player));
        if (!votingTurn()) {
            acts.add(Act.Kind.SPEAK);
            if (phase.phase() == Phase.DAY) {
                dayQuestionAndWhisper(player, living().stream().filter(n -> !n.equals(player)).toList(), acts,
                        targets);
            }
        }
        return new Turn(acts, targets, done);
    }

    /** By day: the seer's question (once a day, an option) and a whisper (an option) to one of {@code others}. */
    private void dayQuestionAndWhisper(String player, List<String> others, Set<Act.Kind> acts,
            Map<Act.Kind, List<String>> targets) {
        if (options.seer() && role(player).orElse(null) == Role.SEER && !divinedToday) {
            acts.add(Act.Kind.DIVINE);
            targets.put(Act.Kind.DIVINE, others);
        }
        if (options.whispers() && !others.isEmpty()) {
            acts.add(Act.Kind.WHISPER);
            targets.put(Act.Kind.WHISPER, others);
        }
    }

    /**
     * At a pace of turns, who holds the floor of each open room: the seat whose talk turn it is, where it writes, and
     * nobody in the voting round.
     */
    @Override
    public Map<Room, Set<String>> floor() {
        if (!options.byTurns()) {
            return Map.of();
        }
        String holder = turnHolder();
        Map<Room, Set<String>> floor = new LinkedHashMap<>();
        rooms().forEach((room, access) -> floor.put(room, holder != null && !votingTurn()
                && access.writers().contains(holder) ? Set.of(holder) : Set.of()));
        return floor;
    }

    /**
     * The phase's votes a seat knows: by day every vote where votes are announced (else its own), by night the pack's
     * to a living werewolf, as the {@code vote_cast}s tell them.
     */
    @Override
    public Map<String, String> votesSeenBy(String seat) {
        boolean all = phase.phase() == Phase.DAY ? options.announceVotes()
                : phase.phase() == Phase.NIGHT && livingWerewolves().contains(seat);
        if (all) {
            return votes;
        }
        return votes.containsKey(seat) ? Map.of(seat, votes.get(seat)) : Map.of();
    }

    /** At a pace of turns, the seat's own turn: its talk round (or the voting round) while it holds the turn. */
    @Override
    public maw.base.SeatView.Turn ownTurn(String seat) {
        if (!seat.equals(turnHolder())) {
            return null;
        }
        return new maw.base.SeatView.Turn(talkRound(), options.talkRounds(), votingTurn(), 0);
    }

    /** Votes per target in the current phase, most first, ties by name. */
    public Map<String, Integer> tally() {
        Map<String, Integer> counts = new TreeMap<>();
        votes.values().forEach(t -> counts.merge(t, 1, Integer::sum));
        LinkedHashMap<String, Integer> sorted = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return Collections.unmodifiableMap(sorted);
    }
}
