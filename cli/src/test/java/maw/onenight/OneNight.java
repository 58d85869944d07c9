package maw.onenight;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.Team;
import maw.game.Access;
import maw.game.Audience;
import maw.game.Awaiting;
import maw.game.Command;
import maw.game.GameView;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Result;
import maw.game.Room;
import maw.game.Rules;
import maw.game.Turn;
import maw.game.maw.Event;

/**
 * A third rule set, small on purpose, that keeps "any rule set" true: one werewolf among villagers, one night (the
 * werewolf names a victim in the Hideout), one day (the village votes in the Village), and the game is over: the
 * village wins if it executed the werewolf. Pure like the others; it announces MAW's events and adds no act.
 */
public final class OneNight implements Rules<OneNight.State, OneNight.Options, Event> {

    /** How long the night and the day last; {@code endWhenAllVoted}: the day ends once every living player voted. */
    public record Options(Duration night, Duration day, boolean endWhenAllVoted) {}

    /**
     * The game: the deal (player to role, in deal order), who is alive, the phase, the day's ballots, the result. A
     * state before the deal has no players.
     */
    public record State(Options options, long seed, List<String> players, Map<String, Role> roles, Set<String> alive,
            PhaseId phase, Map<String, String> ballots, String victim, String executed, Event.GameOver over)
            implements GameView {

        public State {
            players = List.copyOf(players);
            roles = Map.copyOf(roles);
            alive = Set.copyOf(alive);
            ballots = Map.copyOf(ballots);
        }

        @Override
        public List<String> living() {
            return players.stream().filter(alive::contains).toList();
        }

        @Override
        public Optional<Role> role(String player) {
            return Optional.ofNullable(roles.get(player));
        }

        String wolf() {
            return players.stream().filter(p -> roles.get(p) == Role.WEREWOLF).findFirst().orElse(null);
        }

        @Override
        public Awaiting awaiting() {
            Map<String, Turn> turns = new LinkedHashMap<>();
            if (over == null && phase.phase() == Phase.NIGHT) {
                turns.put(wolf(), new Turn(Set.of(Act.Kind.VOTE), Map.of(Act.Kind.VOTE,
                        living().stream().filter(p -> !p.equals(wolf())).toList()), Map.of()));
            } else if (over == null && phase.phase() == Phase.DAY) {
                for (String p : living()) {
                    // They speak on the Square (the room carries it) and vote with the GameMaster.
                    turns.put(p, new Turn(Set.of(Act.Kind.SPEAK, Act.Kind.VOTE), Map.of(Act.Kind.VOTE,
                            living().stream().filter(t -> !t.equals(p)).toList()),
                            ballots.containsKey(p) ? Map.of(Act.Kind.VOTE, ballots.get(p)) : Map.of()));
                }
            }
            Duration length = phase.phase() == Phase.NIGHT ? options.night() : options.day();
            return new Awaiting(phase, length, turns);
        }

        @Override
        public Map<Room, Access> rooms() {
            if (over != null) {
                return Map.of();
            }
            return switch (phase.phase()) {
                case NIGHT -> Map.of(Room.HIDEOUT, new Access(Set.of(wolf()), Set.of(wolf())));
                case DAY -> Map.of(SQUARE, new Access(alive, Set.copyOf(players)));
                default -> Map.of();
            };
        }

        @Override
        public boolean isOver() {
            return over != null;
        }

        @Override
        public Result result() {
            return over;
        }

        State with(Set<String> alive, PhaseId phase, Map<String, String> ballots, String victim, String executed,
                Event.GameOver over) {
            return new State(options, seed, players, roles, alive, phase, ballots, victim, executed, over);
        }
    }

    /** A room of this rule set's own: the village talks on the Square by day (MAW's Hideout serves the night). */
    static final Room SQUARE = new Room("square", "Square", false, "the Square is empty at night",
            "you are not a player in this game", "the dead do not speak on the Square");

    @Override
    public List<Room> rooms(Options options) {
        return List.of(SQUARE, Room.HIDEOUT);
    }

    @Override
    public String name() {
        return "one-night";
    }

    @Override
    public State newGame(Options options, long seed) {
        return new State(options, seed, List.of(), Map.of(), Set.of(), new PhaseId(Phase.LOBBY, 0), Map.of(), null, null,
                null);
    }

    @Override
    public Class<Options> optionsType() {
        return Options.class;
    }

    @Override
    public Outcome<State, Event> apply(State s, Command command) {
        return switch (command) {
            case Command.Start start -> start(s, start.players());
            case Command.Timeout t -> !t.phase().equals(s.phase()) || s.isOver()
                    ? refused(RefusalCode.PHASE_OVER, "that timer was for " + t.phase() + ", now " + s.phase())
                    : s.phase().phase() == Phase.NIGHT ? dawn(s, null) : dusk(s);
            case Command.Perform p -> perform(s, p);
        };
    }

    private static Outcome<State, Event> start(State s, List<String> players) {
        if (!s.players().isEmpty()) {
            return refused(RefusalCode.ALREADY_STARTED, "the game has begun");
        }
        if (players.size() < 3) {
            return refused(RefusalCode.BAD_TABLE, "one night needs at least 3 players, not " + players.size());
        }
        // The seed picks the werewolf (SplitMix64's first output, as every rule set here draws).
        long z = s.seed() + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        int wolf = (int) (((z ^ (z >>> 31)) >>> 1) % players.size());
        Map<String, Role> roles = new LinkedHashMap<>();
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            Role r = i == wolf ? Role.WEREWOLF : Role.VILLAGER;
            roles.put(players.get(i), r);
            events.add(new Event.RoleAssigned(players.get(i), r, List.of()));
        }
        PhaseId night = new PhaseId(Phase.NIGHT, 1);
        State next = new State(s.options(), s.seed(), players, roles, Set.copyOf(players), night, Map.of(), null,
                null, null);
        events.add(new Event.PhaseBegan(night, s.options().night(), next.living(), null));
        return new Outcome.Accepted<>(next, events);
    }

    private static Outcome<State, Event> perform(State s, Command.Perform p) {
        if (s.players().isEmpty()) {
            return refused(RefusalCode.NOT_STARTED, "the game has not begun");
        }
        if (s.isOver()) {
            return refused(RefusalCode.GAME_OVER, "the game is over");
        }
        if (!s.roles().containsKey(p.actor())) {
            return refused(RefusalCode.NOT_A_PLAYER, p.actor() + " does not play in this game");
        }
        if (!s.alive().contains(p.actor())) {
            return refused(RefusalCode.DEAD, "the dead do not vote");
        }
        if (p.phase() != null && !p.phase().equals(s.phase())) {
            return refused(RefusalCode.PHASE_OVER, "that act was for " + p.phase() + ", now " + s.phase());
        }
        if (!(p.act() instanceof Act.Vote v)) {
            return refused(RefusalCode.TURNED_OFF, "one night has votes only: " + p.act().kind() + " is not played");
        }
        String t = v.target();
        if (t == null || !s.roles().containsKey(t)) {
            return refused(RefusalCode.UNKNOWN_TARGET, t + " does not play in this game");
        }
        if (!s.alive().contains(t)) {
            return refused(RefusalCode.TARGET_DEAD, t + " is dead");
        }
        if (t.equals(p.actor())) {
            return refused(RefusalCode.SELF_TARGET, "not oneself");
        }
        if (s.phase().phase() == Phase.NIGHT) {
            if (!p.actor().equals(s.wolf())) {
                return refused(RefusalCode.NOT_YOUR_ROLE, "only the werewolf acts at night");
            }
            return dawn(s, t);
        }
        Map<String, String> ballots = new TreeMap<>(s.ballots());
        ballots.put(p.actor(), t);
        State next = s.with(s.alive(), s.phase(), ballots, s.victim(), null, null);
        List<Event> events = new ArrayList<>();
        events.add(new Event.VoteCast(s.phase(), p.actor(), t, tally(ballots), Audience.EVERYONE));
        if (s.options().endWhenAllVoted() && ballots.size() == s.living().size()) {
            Outcome.Accepted<State, Event> end = (Outcome.Accepted<State, Event>) dusk(next);
            events.addAll(end.events());
            return new Outcome.Accepted<>(end.state(), events);
        }
        return new Outcome.Accepted<>(next, events);
    }

    /** The night ends: the victim (if the werewolf named one) dies, and the day begins. */
    private static Outcome<State, Event> dawn(State s, String victim) {
        List<Event> events = new ArrayList<>();
        Set<String> alive = new java.util.HashSet<>(s.alive());
        if (victim != null) {
            alive.remove(victim);
            events.add(new Event.Murdered(1, victim, Audience.only(victim, s.wolf())));
        } else {
            events.add(new Event.NoMurder(1, "the werewolf named nobody"));
        }
        PhaseId day = new PhaseId(Phase.DAY, 1);
        State next = s.with(alive, day, Map.of(), victim, null, null);
        events.add(new Event.PhaseBegan(day, s.options().day(), next.living(), victim));
        return new Outcome.Accepted<>(next, events);
    }

    /** The day ends: the most votes (one player alone) is executed, and the game is over. */
    private static Outcome<State, Event> dusk(State s) {
        Map<String, Integer> tally = tally(s.ballots());
        int most = tally.values().stream().max(Comparator.naturalOrder()).orElse(0);
        List<String> top = tally.entrySet().stream().filter(e -> e.getValue() == most).map(Map.Entry::getKey)
                .toList();
        List<Event> events = new ArrayList<>();
        String executed = top.size() == 1 ? top.getFirst() : null;
        Set<String> alive = new java.util.HashSet<>(s.alive());
        if (executed != null) {
            alive.remove(executed);
            events.add(new Event.Executed(1, executed, most * 2 > s.living().size()));
        } else {
            events.add(new Event.NoExecution(1, tally.isEmpty() ? "nobody voted" : "a tie"));
        }
        Team winner = executed != null && executed.equals(s.wolf()) ? Team.VILLAGERS : Team.WEREWOLVES;
        Map<String, Integer> scores = new TreeMap<>();
        s.players().forEach(p -> scores.put(p, s.roles().get(p).team() == winner ? 1 : 0));
        Event.GameOver over = new Event.GameOver(winner, winner == Team.VILLAGERS ? "the village executed the "
                + "werewolf" : "the werewolf lived through the day", 1, new TreeMap<>(s.roles()), scores);
        events.add(over);
        return new Outcome.Accepted<>(s.with(alive, new PhaseId(Phase.OVER, 1), s.ballots(), s.victim(), executed,
                over), events);
    }

    private static Map<String, Integer> tally(Map<String, String> ballots) {
        Map<String, Integer> t = new TreeMap<>();
        ballots.values().forEach(v -> t.merge(v, 1, Integer::sum));
        return t;
    }

    private static Outcome<State, Event> refused(RefusalCode code, String why) {
        return new Outcome.Refused<>(code, why);
    }
}
