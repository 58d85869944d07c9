package maw.game.maw;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.Team;
import maw.game.Audience;
import maw.game.Command.Perform;
import maw.game.Command.Start;
import maw.game.Command.Timeout;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Rng;
import maw.game.Room;
import maw.game.Rules;

/**
 * The rules of MAW, from its design document with the open points settled:
 *
 * <ul>
 *   <li>Sunrise: roles dealt at random from the seed, werewolves = max(1, floor(players / 3)) (or as an option says),
 *       the werewolves learn each other; the first phase is day 1.</li>
 *   <li>Day: every living player has one public vote, which can change until the day ends. A strict majority of the
 *       living on one player executes that player at once and ends the day. When the timer runs out, the most-voted
 *       player is executed; no votes, no execution; a tie executes nobody, or one of the tied at random (an option).
 *       The executed player's name is announced, never the role.</li>
 *   <li>Night: the werewolves learn the role of the player executed that day; a unanimous vote of the living
 *       werewolves murders at once; when the timer runs out without one, nobody dies. The victim is named at
 *       dawn.</li>
 *   <li>End: the villagers win when no werewolf lives; the werewolves win when no villager lives; a game still going
 *       after the day cap is a draw. If the werewolves win, each werewolf scores the initial number of villagers; if
 *       the villagers win, each villager scores the number of villagers still alive.</li>
 * </ul>
 *
 * <p>At a pace of turns ({@link Pace#TURNS}) a phase is taken in steps, one seat's turn each: the day's talk rounds
 * ask every living player once a round (the order turns with the days), then a voting round asks each for its vote
 * alone, and the most-voted is executed as when the clock runs out; a strict majority still executes at once. The
 * night likewise: the pack's talk rounds (none for a lone werewolf), then its murder vote, unanimity killing at once.
 * Only the seat whose turn it is acts, once: a vote, a whisper or the seer's question ends its turn, as does a pass
 * (after a line said in the open room, or instead of any act); a turn whose time runs out passes.
 *
 * <p>Settled here because the design is silent: nobody votes for themselves; werewolves do not vote to murder a
 * werewolf; the seer (an option) asks about one living player once a day; whispers (an option, on by default) go
 * by day from a living player to another living player.
 */
public final class MawRules implements Rules<GameState, GameOptions, Event> {

    /** A refusal on its way out of the working copy. */
    private record No(RefusalCode code, String reason) {}

    /** The Village by day and the werewolves' Hideout by night. */
    @Override
    public List<Room> rooms(GameOptions options) {
        return List.of(Room.VILLAGE, Room.HIDEOUT);
    }

    @Override
    public String name() {
        return "maw";
    }

    @Override
    public Class<GameOptions> optionsType() {
        return GameOptions.class;
    }

    @Override
    public GameState newGame(GameOptions options, long seed) {
        return new GameState(options, Rng.seeded(seed), List.of(), new PhaseId(Phase.LOBBY, 0), Map.of(), false,
                List.of(), List.of(), null, null, 0, null);
    }

    /** The number of werewolves the deal gives a table of {@code players} by default (the design's count). */
    public static int werewolvesFor(int players) {
        return Math.max(1, players / 3);
    }

    @Override
    public Outcome<GameState, Event> apply(GameState state, Command command) {
        if (state.isOver()) {
            return new Outcome.Refused<>(RefusalCode.GAME_OVER, "the game is over");
        }
        Table t = new Table(state);
        No refusal = switch (command) {
            case Start s -> t.start(s.players());
            case Perform p -> t.perform(p.actor(), p.phase(), p.act());
            case Timeout to -> t.timeout(to.phase());
        };
        return refusal != null ? new Outcome.Refused<>(refusal.code(), refusal.reason())
                : new Outcome.Accepted<>(t.freeze(), List.copyOf(t.events));
    }

    /** A working copy of the state for one command; frozen into a new {@link GameState} at the end. */
    private static final class Table {
        final GameOptions options;
        Rng rng;
        final List<Seat> seats;
        PhaseId phase;
        final Map<String, String> votes;
        boolean divinedToday;
        final List<String> executed;
        final List<String> murdered;
        String lastExecuted;
        String lastMurdered;
        int initialVillagers;
        Event.GameOver result;
        final List<Event> events = new ArrayList<>();

        Table(GameState s) {
            options = s.options();
            rng = s.rng();
            seats = new ArrayList<>(s.seats());
            phase = s.phase();
            votes = new LinkedHashMap<>(s.votes());
            divinedToday = s.divinedToday();
            executed = new ArrayList<>(s.executed());
            murdered = new ArrayList<>(s.murdered());
            lastExecuted = s.lastExecuted();
            lastMurdered = s.lastMurdered();
            initialVillagers = s.initialVillagers();
            result = s.result();
        }

        GameState freeze() {
            return new GameState(options, rng, seats, phase, votes, divinedToday, executed, murdered, lastExecuted,
                    lastMurdered, initialVillagers, result);
        }

        private GameState view() {
            return freeze();
        }

        private int random(int bound) {
            int r = rng.below(bound);
            rng = rng.next();
            return r;
        }

        // --- sunrise ---------------------------------------------------------------------------------------------

        No start(List<String> players) {
            if (phase.phase() != Phase.LOBBY) {
                return new No(RefusalCode.ALREADY_STARTED, "the game has already started");
            }
            if (players.size() < GameOptions.MIN_PLAYERS) {
                return new No(RefusalCode.BAD_TABLE, "a game needs at least " + GameOptions.MIN_PLAYERS
                        + " players, not " + players.size());
            }
            Set<String> unique = new HashSet<>();
            for (String p : players) {
                if (p == null || p.isBlank()) {
                    return new No(RefusalCode.BAD_TABLE, "a player has no name");
                }
                if (!unique.add(p)) {
                    return new No(RefusalCode.BAD_TABLE, "two players are called " + p);
                }
            }
            // Deal order must not depend on the order players joined in: sort, then shuffle with the seed.
            List<String> sorted = players.stream().sorted().toList();
            List<String> shuffled = new ArrayList<>(sorted);
            for (int i = shuffled.size() - 1; i > 0; i--) {
                int j = random(i + 1);
                String tmp = shuffled.get(i);
                shuffled.set(i, shuffled.get(j));
                shuffled.set(j, tmp);
            }
            int wolves = options.werewolvesAt(sorted.size());
            if (wolves * 2 >= sorted.size()) {
                return new No(RefusalCode.BAD_TABLE, wolves + " werewolves at a table of " + sorted.size()
                        + ": the village needs more players than the pack");
            }
            Map<String, Role> roles = new TreeMap<>();
            for (int i = 0; i < shuffled.size(); i++) {
                Role r = i < wolves ? Role.WEREWOLF : i == wolves && options.seer() ? Role.SEER : Role.VILLAGER;
                roles.put(shuffled.get(i), r);
            }
            for (String p : sorted) {
                seats.add(new Seat(p, roles.get(p), true));
            }
            initialVillagers = sorted.size() - wolves;
            List<String> pack = seats.stream().filter(s -> s.role().isWerewolf()).map(Seat::name).toList();
            for (Seat s : seats) {
                List<String> partners = s.role().isWerewolf()
                        ? pack.stream().filter(n -> !n.equals(s.name())).toList() : List.of();
                events.add(new Event.RoleAssigned(s.name(), s.role(), partners));
            }
            beginDay(1);
            return null;
        }

        // --- votes -----------------------------------------------------------------------------------------------

        No perform(String actor, PhaseId stamp, Act act) {
            GameState s = view();
            if (phase.phase() == Phase.LOBBY) {
                return new No(RefusalCode.NOT_STARTED, "the game has not started");
            }
            if (stamp != null && !stamp.equals(phase)) {
                return new No(RefusalCode.PHASE_OVER, "that " + act.kind().wire() + " was for " + stamp
                        + ", which is over: the game is in " + phase);
            }
            if (!s.isPlayer(actor)) {
                return new No(RefusalCode.NOT_A_PLAYER, actor + " is not a player in this game");
            }
            if (act instanceof Act.Talk) {
                return new No(RefusalCode.NOT_NOW, "MAW has no talk turns: speak in the open room");
            }
            if (act instanceof Act.Guard) {
                return new No(RefusalCode.NOT_YOUR_ROLE, "MAW deals no bodyguard");
            }
            if (act instanceof Act.Pass && !options.byTurns()) {
                return new No(RefusalCode.NOT_NOW, "MAW's phases have no turns to pass: a day ends by a majority or "
                        + "its timer, a night by the pack's vote or its timer");
            }
            if (act instanceof Act.Speak || act instanceof Act.Listen) {
                return new No(RefusalCode.NOT_NOW, "speech is said in the open room, and listening is no act");
            }
            if (options.byTurns()) {
                No notYours = notYourTurn(s, actor, act);
                if (notYours != null) {
                    return notYours;
                }
                if (act instanceof Act.Pass) {
                    nextTurn();
                    return null;
                }
            }
            if (act.target() == null || !s.isPlayer(act.target())) {
                return new No(RefusalCode.UNKNOWN_TARGET, act.target() + " is not a player in this game");
            }
            PhaseId at = phase;
            No refused = switch (act) {
                case Act.Vote v -> vote(actor, v.target());
                case Act.Divine d -> divine(actor, d.target());
                case Act.Whisper w -> whisper(actor, w.target(), w.text());
                case Act.Talk t -> throw new AssertionError("refused above");
                case Act.Guard g -> throw new AssertionError("refused above");
                case Act.Pass x -> throw new AssertionError("refused above");
                case Act.Speak x -> throw new AssertionError("refused above");
                case Act.Listen x -> throw new AssertionError("refused above");
            };
            if (refused == null && options.byTurns() && phase.equals(at)) {
                nextTurn(); // a turn is one act: the vote, the question or the whisper ends it
            }
            return refused;
        }

        /** At a pace of turns: why {@code actor} may not make {@code act} in this turn, or null if it may. */
        private No notYourTurn(GameState s, String actor, Act act) {
            if (!s.isAlive(actor)) {
                return new No(RefusalCode.DEAD, "the dead no longer act");
            }
            String holder = s.turnHolder();
            if (!actor.equals(holder)) {
                return new No(RefusalCode.NOT_YOUR_TURN, holder == null ? "no turn is under way"
                        : "it is " + holder + "'s turn: one seat acts at a time");
            }
            if (s.votingTurn() && !(act instanceof Act.Vote) && !(act instanceof Act.Pass)) {
                return new No(RefusalCode.NOT_YOUR_TURN, "the voting round takes a vote (or a pass) only");
            }
            return null;
        }

        /** At a pace of turns: the turn under way is over; the next seat's begins, or the phase closes. */
        private void nextTurn() {
            GameState s = view();
            if (phase.step() >= s.steps()) {
                if (phase.phase() == Phase.DAY) {
                    closeDay("the voting round is over");
                } else {
                    closeNight(votes.isEmpty() ? "the werewolves did not vote" : "no unanimous vote");
                }
                return;
            }
            phase = phase.atStep(phase.step() + 1);
            turnBegan();
        }

        /** Tells whose turn begins now, to those who read the phase's room. */
        private void turnBegan() {
            GameState s = view();
            events.add(new Event.TurnBegan(phase, s.turnHolder(), s.talkRound(), options.talkRounds(), s.votingTurn(),
                    options.turnSeconds(), phase.phase() == Phase.NIGHT ? Audience.WEREWOLVES : Audience.EVERYONE));
        }

        No vote(String voter, String target) {
            GameState s = view();
            if (!s.isAlive(voter)) {
                return new No(RefusalCode.DEAD, "dead players cannot vote");
            }
            if (!s.isAlive(target)) {
                return new No(RefusalCode.TARGET_DEAD, target + " is already dead");
            }
            if (phase.phase() == Phase.DAY) {
                if (voter.equals(target)) {
                    return new No(RefusalCode.SELF_TARGET, "nobody votes for themselves");
                }
            } else {
                if (!s.role(voter).orElseThrow().isWerewolf()) {
                    return new No(RefusalCode.NOT_NOW, "the village sleeps: votes are cast during the day");
                }
                if (s.role(target).orElseThrow().isWerewolf()) {
                    return new No(RefusalCode.PACK_TARGET, "werewolves do not hunt werewolves");
                }
            }
            votes.put(voter, target);
            GameState after = view();
            Audience audience = phase.phase() == Phase.NIGHT ? Audience.WEREWOLVES
                    : options.announceVotes() ? Audience.EVERYONE : Audience.only(voter);
            events.add(new Event.VoteCast(phase, voter, target, after.tally(), audience));
            if (phase.phase() == Phase.DAY) {
                long forTarget = votes.values().stream().filter(target::equals).count();
                if (forTarget * 2 > after.living().size()) {
                    execute(target, null);
                } else if (options.endWhenAllVoted() && !options.byTurns()
                        && votes.keySet().containsAll(after.living())) {
                    closeDay("every living player has voted");
                }
            } else {
                List<String> pack = after.livingWerewolves();
                // A pack that has all voted but disagrees keeps its night to agree (a vote may change): only the
                // timer ends a night without a murder, whether or not the phase ends once everyone has voted.
                if (votes.keySet().containsAll(pack) && new HashSet<>(votes.values()).size() == 1) {
                    murder(target);
                }
            }
            return null;
        }

        No divine(String seer, String target) {
            GameState s = view();
            if (!options.seer()) {
                return new No(RefusalCode.NOT_YOUR_ROLE, "there is no seer in this game");
            }
            if (s.role(seer).orElse(null) != Role.SEER) {
                return new No(RefusalCode.NOT_YOUR_ROLE, seer + " is not the seer");
            }
            if (!s.isAlive(seer)) {
                return new No(RefusalCode.DEAD, "dead players cannot ask");
            }
            if (phase.phase() != Phase.DAY) {
                return new No(RefusalCode.NOT_NOW, "the seer asks during the day");
            }
            if (divinedToday) {
                return new No(RefusalCode.ALREADY_DONE, "the seer has already asked today");
            }
            if (!s.isAlive(target)) {
                return new No(RefusalCode.TARGET_DEAD, "the seer asks about another living player");
            }
            if (target.equals(seer)) {
                return new No(RefusalCode.SELF_TARGET, "the seer asks about another living player");
            }
            divinedToday = true;
            events.add(new Event.Divined(phase.number(), seer, target, s.role(target).orElseThrow()));
            return null;
        }

        No whisper(String from, String to, String text) {
            GameState s = view();
            if (!options.whispers()) {
                return new No(RefusalCode.TURNED_OFF, "whispers are turned off in this game");
            }
            if (!s.isAlive(from)) {
                return new No(RefusalCode.DEAD, "the dead cannot whisper");
            }
            if (!s.isAlive(to)) {
                return new No(RefusalCode.TARGET_DEAD, "the dead hear no whispers");
            }
            if (from.equals(to)) {
                return new No(RefusalCode.SELF_TARGET, "a whisper goes to another player");
            }
            if (phase.phase() != Phase.DAY) {
                return new No(RefusalCode.NOT_NOW, "whispers go by day");
            }
            if (text == null || text.isBlank() || text.strip().length() > GameOptions.MAX_WHISPER_LENGTH) {
                return new No(RefusalCode.BAD_TEXT, "a whisper has 1 to " + GameOptions.MAX_WHISPER_LENGTH
                        + " characters");
            }
            events.add(new Event.Whispered(phase, from, to, text.strip()));
            return null;
        }

        No timeout(PhaseId timedOut) {
            if (!timedOut.equals(phase)) {
                return new No(RefusalCode.PHASE_OVER, "the timer for " + timedOut + " is stale: the game is in "
                        + phase);
            }
            if (options.byTurns() && (phase.phase() == Phase.DAY || phase.phase() == Phase.NIGHT)) {
                nextTurn(); // the turn's time ran out: it passes
                return null;
            }
            switch (phase.phase()) {
                case DAY -> closeDay("the day's time ran out");
                case NIGHT -> closeNight(votes.isEmpty() ? "the werewolves did not vote" : "no unanimous vote");
                default -> {
                    return new No(RefusalCode.NOT_NOW, "there is no timer in " + phase);
                }
            }
            return null;
        }

        // --- phase ends ------------------------------------------------------------------------------------------

        /** The day ends ({@code why}: how, in words): the most-voted is executed, or nobody on a tie or no votes. */
        private void closeDay(String why) {
            Map<String, Integer> tally = view().tally();
            if (tally.isEmpty()) {
                events.add(new Event.NoExecution(phase.number(), "no votes (" + why + ")"));
                beginNight();
                return;
            }
            int top = tally.values().iterator().next();
            List<String> tied = tally.entrySet().stream().filter(e -> e.getValue() == top).map(Map.Entry::getKey).toList();
            if (tied.size() == 1) {
                execute(tied.get(0), why);
            } else if (options.tieBreak() == TieBreak.RANDOM) {
                execute(tied.get(random(tied.size())), why);
            } else {
                events.add(new Event.NoExecution(phase.number(), "a tie between " + String.join(", ", tied) + " ("
                        + why + ")"));
                beginNight();
            }
        }

        /** Executes {@code player}: by a majority ({@code ended} null), or with the most votes as the day ended so. */
        private void execute(String player, String ended) {
            kill(player);
            executed.add(player);
            lastExecuted = player;
            events.add(new Event.Executed(phase.number(), player, ended == null, ended));
            if (!checkEnd()) {
                beginNight();
            }
        }

        private void murder(String victim) {
            Set<String> told = new LinkedHashSet<>(view().livingWerewolves());
            told.add(victim);
            kill(victim);
            murdered.add(victim);
            lastMurdered = victim;
            events.add(new Event.Murdered(phase.number(), victim, new Audience.Players(Set.copyOf(told))));
            if (!checkEnd()) {
                beginDay(phase.number() + 1);
            }
        }

        private void closeNight(String reason) {
            events.add(new Event.NoMurder(phase.number(), reason));
            beginDay(phase.number() + 1);
        }

        private void kill(String player) {
            for (int i = 0; i < seats.size(); i++) {
                if (seats.get(i).name().equals(player)) {
                    seats.set(i, seats.get(i).dead());
                }
            }
        }

        // --- phase starts ----------------------------------------------------------------------------------------

        private void beginDay(int day) {
            if (day > options.dayCap()) {
                phase = new PhaseId(Phase.DAY, day - 1);
                end(null, "the day cap of " + options.dayCap() + " days was reached");
                return;
            }
            phase = new PhaseId(Phase.DAY, day, options.byTurns() ? 1 : 0);
            votes.clear();
            divinedToday = false;
            events.add(new Event.PhaseBegan(phase, phaseLength(), view().living(), lastMurdered));
            lastMurdered = null;
            if (options.byTurns()) {
                turnBegan();
            }
        }

        private void beginNight() {
            phase = new PhaseId(Phase.NIGHT, phase.number(), options.byTurns() ? 1 : 0);
            votes.clear();
            events.add(new Event.PhaseBegan(phase, phaseLength(), view().living(), null));
            if (lastExecuted != null) {
                events.add(new Event.RoleRevealed(lastExecuted, view().role(lastExecuted).orElseThrow()));
                lastExecuted = null;
            }
            if (options.byTurns()) {
                turnBegan();
            }
        }

        /** How long the phase begun now may last: its clock's time, or at a pace of turns each of its turns' whole. */
        private java.time.Duration phaseLength() {
            return options.byTurns() ? options.turnSeconds().multipliedBy(view().steps())
                    : options.duration(phase.phase());
        }

        // --- the end ---------------------------------------------------------------------------------------------

        /** Ends the game if a side has won; true if it did. */
        private boolean checkEnd() {
            GameState s = view();
            if (s.livingWerewolves().isEmpty()) {
                end(Team.VILLAGERS, "no werewolf is left");
                return true;
            }
            if (s.livingVillagers().isEmpty()) {
                end(Team.WEREWOLVES, "no villager is left");
                return true;
            }
            return false;
        }

        private void end(Team winner, String reason) {
            GameState s = view();
            Map<String, Role> roles = new TreeMap<>();
            Map<String, Integer> scores = new TreeMap<>();
            int survivingVillagers = s.livingVillagers().size();
            for (Seat seat : seats) {
                roles.put(seat.name(), seat.role());
                int points = 0;
                if (winner == Team.WEREWOLVES && seat.role().team() == Team.WEREWOLVES) {
                    points = initialVillagers;
                } else if (winner == Team.VILLAGERS && seat.role().team() == Team.VILLAGERS) {
                    points = survivingVillagers;
                }
                scores.put(seat.name(), points);
            }
            int days = phase.number();
            result = new Event.GameOver(winner, reason, days, roles, scores);
            phase = new PhaseId(Phase.OVER, days);
            votes.clear();
            events.add(result);
        }
    }
}
