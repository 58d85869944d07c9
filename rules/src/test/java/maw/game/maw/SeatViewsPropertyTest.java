package maw.game.maw;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;
import maw.game.Audience;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.Rules;
import maw.game.Turn;
import org.junit.jupiter.api.Test;

/**
 * The seat's view as MAW's rules give it ({@link Rules#view}), after every step of thousands of random games, at both
 * paces: it says what the rules await from the seat and nothing the seat was not told. Its votes are those the
 * {@code vote_cast}s told the seat in the phase, its partners the pack only a werewolf knows, its room the one the
 * rules let it read.
 */
class SeatViewsPropertyTest {

    private static final int GAMES = 1500;

    @Test
    void theViewSaysWhatTheRulesAwaitAndOnlyWhatTheSeatWasTold() {
        MawRules rules = new MawRules();
        for (long seed = 0; seed < GAMES; seed++) {
            Random driver = new Random(seed * 17 + 3);
            int n = 3 + (int) (seed % 10);
            boolean byTurns = seed % 3 == 0;
            GameOptions options = new GameOptions(Duration.ofSeconds(60), Duration.ofSeconds(30),
                    driver.nextBoolean() ? TieBreak.NONE : TieBreak.RANDOM, driver.nextBoolean(),
                    3 + driver.nextInt(12), driver.nextBoolean(), driver.nextBoolean(), driver.nextBoolean(), 0,
                    byTurns ? Pace.TURNS : Pace.CLOCK, 2, Duration.ofSeconds(20));
            List<String> players = List.of(Table.names(n));
            Outcome<GameState, Event> dealt = rules.apply(rules.newGame(options, seed), new Command.Start(players));
            GameState s = ((Outcome.Accepted<GameState, Event>) dealt).state();
            // What each seat was told of this phase's votes, as the events' audiences route them.
            Map<String, Map<String, String>> told = new HashMap<>();
            check(seed, rules, options, s, told);
            for (int steps = 0; !s.isOver(); steps++) {
                assertThat(steps).as("seed %d: the game must end", seed).isLessThan(20_000);
                Outcome<GameState, Event> o = rules.apply(s, next(driver, s));
                if (o instanceof Outcome.Accepted<GameState, Event> a) {
                    for (Event e : a.events()) {
                        if (e instanceof Event.PhaseBegan || e instanceof Event.GameOver) {
                            told.clear(); // a new phase's votes, or none once the game is over
                        } else if (e instanceof Event.VoteCast v) {
                            for (String p : MawHeraldAudience.of(v.audience(), a.state())) {
                                told.computeIfAbsent(p, k -> new LinkedHashMap<>()).put(v.voter(), v.target());
                            }
                        }
                    }
                    s = a.state();
                    check(seed, rules, options, s, told);
                }
            }
        }
    }

    private static void check(long seed, MawRules rules, GameOptions options, GameState s,
            Map<String, Map<String, String>> told) {
        for (String p : s.players()) {
            SeatView v = rules.view(s, options, p);
            String what = "seed " + seed + ", " + p + " in " + s.phase();
            assertThat(v.you()).isEqualTo(p);
            assertThat(v.role()).isEqualTo(s.role(p).orElseThrow());
            assertThat(v.partners()).as(what).isEqualTo(v.role().isWerewolf()
                    ? s.werewolves().stream().filter(w -> !w.equals(p)).toList() : List.of());
            Set<String> everyone = new HashSet<>(v.living());
            everyone.addAll(v.dead());
            assertThat(everyone).as(what).isEqualTo(Set.copyOf(s.players()));
            assertThat(v.living()).as(what).isEqualTo(s.living());
            Turn turn = s.isOver() ? Turn.NONE : s.turn(p);
            List<Act.Kind> acts = new ArrayList<>(v.allowed_actions());
            assertThat(acts).as(what).endsWith(Act.Kind.LISTEN);
            acts.remove(Act.Kind.LISTEN);
            assertThat(Set.copyOf(acts)).as(what).isEqualTo(turn.acts().stream().filter(k -> k != Act.Kind.PASS)
                    .collect(java.util.stream.Collectors.toSet()));
            assertThat(v.valid_targets()).as(what).isEqualTo(turn.targets(Act.Kind.VOTE));
            if (!s.isAlive(p)) {
                assertThat(v.allowed_actions()).as(what).containsExactly(Act.Kind.LISTEN);
                assertThat(v.turn()).as(what).isNull();
            }
            // Nothing of the phase's votes that the seat was not told.
            Map<String, String> heard = told.getOrDefault(p, Map.of());
            assertThat(heard).as(what + ": its view's votes are those it was told").containsAllEntriesOf(v.votes());
            assertThat(v.votes()).as(what + ": and all of them").containsAllEntriesOf(heard);
            if (v.phase() == Phase.NIGHT && !v.role().isWerewolf()) {
                assertThat(v.votes()).as(what).isEmpty();
            }
            String room = v.phase() == Phase.DAY && !s.isOver() ? "Village"
                    : v.phase() == Phase.NIGHT && s.livingWerewolves().contains(p) && !s.isOver() ? "Hideout" : null;
            assertThat(v.room()).as(what).isEqualTo(room);
            assertThat(v.turn() != null).as(what + ": the seat's own turn").isEqualTo(p.equals(s.turnHolder()));
            assertThat(v.step()).as(what).isEqualTo(s.phase().step() == 0 ? null : s.phase().step());
            assertThat(v.deadline()).as("the clock's to set").isZero();
        }
    }

    /** A random act of a random awaited seat, or the phase's timeout now and then. */
    private static Command next(Random driver, GameState s) {
        List<String> awaited = s.players().stream().filter(p -> !s.turn(p).acts().isEmpty()).toList();
        if (awaited.isEmpty() || driver.nextInt(12) == 0) {
            return new Command.Timeout(s.phase());
        }
        String p = awaited.get(driver.nextInt(awaited.size()));
        Turn turn = s.turn(p);
        List<Act.Kind> kinds = turn.acts().stream().sorted().toList();
        Act.Kind k = kinds.get(driver.nextInt(kinds.size()));
        List<String> targets = turn.targets(k);
        String target = targets.isEmpty() ? null : targets.get(driver.nextInt(targets.size()));
        Act act = switch (k) {
            case VOTE -> new Act.Vote(target);
            case DIVINE -> new Act.Divine(target);
            case WHISPER -> new Act.Whisper(target, "psst");
            case PASS -> new Act.Pass();
            default -> new Act.Pass();
        };
        return new Command.Perform(p, s.phase(), act);
    }

    /** The players an audience names in a state, as MAW's herald routes an event to them. */
    private static final class MawHeraldAudience {
        static Set<String> of(Audience audience, GameState s) {
            return switch (audience) {
                case Audience.Everyone e -> Set.copyOf(s.players());
                case Audience.Werewolves w -> Set.copyOf(s.livingWerewolves());
                case Audience.Players ps -> ps.names();
            };
        }
    }
}
