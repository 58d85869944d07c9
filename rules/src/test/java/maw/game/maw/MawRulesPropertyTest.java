package maw.game.maw;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Team;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Turn;
import org.junit.jupiter.api.Test;

/** Properties that hold for every game: thousands of seeds, table sizes and option sets, random play. */
class MawRulesPropertyTest {

    private static final int GAMES = 5000;

    @Test
    void everyGameEndsOnceTheDeadNeverActAndScoresFollowTheRule() {
        MawRules rules = new MawRules();
        int[] winners = new int[3];
        for (long seed = 0; seed < GAMES; seed++) {
            Random driver = new Random(seed * 31 + 7);
            int n = 3 + (int) (seed % 14);
            GameOptions options = new GameOptions(Duration.ofSeconds(60), Duration.ofSeconds(30),
                    driver.nextBoolean() ? TieBreak.NONE : TieBreak.RANDOM, driver.nextBoolean(),
                    3 + driver.nextInt(25), driver.nextBoolean(), driver.nextInt(4) == 0, driver.nextBoolean(),
                    n >= 5 && driver.nextInt(3) == 0 ? 1 + driver.nextInt((n - 1) / 2) : 0);
            List<String> players = List.of(Table.names(n));
            GameState s = rules.newGame(options, seed);
            s = ((Outcome.Accepted<GameState, Event>) rules.apply(s, new Command.Start(players))).state();
            assertThat(s.werewolves()).hasSize(options.werewolvesAt(n));
            List<Event> events = new ArrayList<>();
            int steps = 0;
            while (!s.isOver()) {
                assertThat(++steps).as("seed %d: the game must end", seed).isLessThan(20_000);
                Command c = randomCommand(driver, s, players);
                Outcome<GameState, Event> o = rules.apply(s, c);
                if (c instanceof Command.Perform p && p.phase() != null && !p.phase().equals(s.phase())) {
                    assertThat(o).as("seed %d: an act for a phase that is over: %s", seed, c)
                            .isEqualTo(new Outcome.Refused<GameState, Event>(RefusalCode.PHASE_OVER,
                                    ((Outcome.Refused<GameState, Event>) o).reason()));
                } else if (c instanceof Command.Perform p && s.isPlayer(p.actor())) {
                    // What the rules await is exactly what they accept.
                    Turn turn = s.turn(p.actor());
                    boolean awaited = turn.allows(p.act().kind()) && turn.targets(p.act().kind()).contains(p.act().target());
                    assertThat(o instanceof Outcome.Accepted).as("seed %d: %s against %s", seed, c, turn)
                            .isEqualTo(awaited);
                }
                if (actorOf(c) != null && s.isPlayer(actorOf(c)) && !s.isAlive(actorOf(c))) {
                    assertThat(o).as("seed %d: a dead player acted: %s", seed, c).isInstanceOf(Outcome.Refused.class);
                }
                if (o instanceof Outcome.Accepted<GameState, Event> a) {
                    for (Event e : a.events()) {
                        if (e instanceof Event.VoteCast v) {
                            assertThat(s.isAlive(v.voter())).as("seed %d: vote by the dead", seed).isTrue();
                        }
                    }
                    events.addAll(a.events());
                    s = a.state();
                }
            }
            List<Event.GameOver> overs = events.stream().filter(Event.GameOver.class::isInstance)
                    .map(Event.GameOver.class::cast).toList();
            assertThat(overs).as("seed %d: exactly one outcome", seed).hasSize(1);
            Event.GameOver over = overs.get(0);
            assertThat(over).isEqualTo(s.result());
            checkOutcome(seed, s, over);
            winners[over.winner() == null ? 2 : over.winner().ordinal()]++;
        }
        assertThat(winners[0]).as("villager wins").isPositive();
        assertThat(winners[1]).as("werewolf wins").isPositive();
        assertThat(winners[2]).as("draws").isPositive();
    }

    private static void checkOutcome(long seed, GameState s, Event.GameOver over) {
        if (over.winner() == Team.VILLAGERS) {
            assertThat(s.livingWerewolves()).as("seed %d", seed).isEmpty();
        } else if (over.winner() == Team.WEREWOLVES) {
            assertThat(s.livingVillagers()).as("seed %d", seed).isEmpty();
            assertThat(s.livingWerewolves()).isNotEmpty();
        } else {
            assertThat(s.livingWerewolves()).isNotEmpty();
            assertThat(s.livingVillagers()).isNotEmpty();
            assertThat(over.days()).isEqualTo(s.options().dayCap());
        }
        int initialVillagers = s.seats().size() - s.werewolves().size();
        for (Seat seat : s.seats()) {
            int expected = over.winner() == null ? 0
                    : seat.role().team() != over.winner() ? 0
                    : over.winner() == Team.WEREWOLVES ? initialVillagers
                    : s.livingVillagers().size();
            assertThat(over.scores().get(seat.name())).as("seed %d: score of %s", seed, seat).isEqualTo(expected);
            assertThat(over.roles().get(seat.name())).isEqualTo(seat.role());
        }
    }

    private static String actorOf(Command c) {
        return switch (c) {
            case Command.Perform p -> p.actor();
            default -> null;
        };
    }

    private static Command randomCommand(Random r, GameState s, List<String> players) {
        int roll = r.nextInt(100);
        if (roll < 8) {
            return new Command.Timeout(s.phase());
        }
        if (roll < 10) {
            return new Command.Timeout(new PhaseId(Phase.DAY, r.nextInt(5)));
        }
        String actor = roll < 12 ? "outsider" : players.get(r.nextInt(players.size()));
        String target = r.nextInt(20) == 0 ? "nobody" : players.get(r.nextInt(players.size()));
        // Werewolves mostly follow the first werewolf's choice at night, so that murders happen too.
        if (s.phase().phase() == Phase.NIGHT && !s.livingWerewolves().isEmpty() && r.nextInt(3) > 0) {
            List<String> targets = s.validTargets(s.livingWerewolves().get(0));
            if (!targets.isEmpty()) {
                target = targets.get((int) (Math.abs(s.rng().state()) % targets.size()));
                actor = s.livingWerewolves().get(r.nextInt(s.livingWerewolves().size()));
            }
        }
        if (roll < 18) {
            return new Command.Perform(actor, r.nextBoolean() ? s.phase() : null, new Act.Whisper(target, "psst"));
        }
        // Stamped with the current phase, or with one that is over (never counted).
        PhaseId stamp = r.nextInt(10) == 0 ? new PhaseId(Phase.NIGHT, r.nextInt(5)) : s.phase();
        return new Command.Perform(actor, stamp, roll < 15 ? new Act.Divine(target) : new Act.Vote(target));
    }
}
