package maw.game.maw;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.game.Access;
import maw.game.Audience;
import maw.game.Command;
import maw.game.PhaseId;
import maw.game.Playthrough;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.game.Turn;
import maw.game.maw.Event.TurnBegan;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** MAW's rules at a pace of turns: one test per rule (docs/PROTOCOL.md, "A pace of turns"). */
class MawTurnsTest {

    static final Duration TURN = Duration.ofSeconds(45);

    static GameOptions turns(int rounds) {
        return GameOptions.defaults().withPace(Pace.TURNS, rounds, TURN);
    }

    static Table table(int players, long seed) {
        return Table.of(turns(2), players, seed);
    }

    static Command pass(Table t) {
        return new Command.Perform(t.state.turnHolder(), t.state.phase(), new Act.Pass());
    }

    static Command vote(Table t, String target) {
        return new Command.Perform(t.state.turnHolder(), t.state.phase(), new Act.Vote(target));
    }

    /** Every seat passes its turn until the phase is over; returns the holders in the order they were asked. */
    static List<String> passAll(Table t) {
        PhaseId start = t.state.phase();
        List<String> holders = new ArrayList<>();
        while (!t.state.isOver() && t.state.phase().phase() == start.phase()
                && t.state.phase().number() == start.number()) {
            holders.add(t.state.turnHolder());
            t.accept(pass(t));
        }
        return holders;
    }

    @Nested
    class TheDay {

        @Test
        void aDayIsTalkRoundsOfEveryLivingSeatThenAVotingRound() {
            Table t = table(6, 1);
            assertThat(t.state.phase()).isEqualTo(new PhaseId(Phase.DAY, 1, 1));
            List<String> order = t.state.turnOrder();
            assertThat(order).containsExactlyElementsOf(t.state.living());
            assertThat(t.state.steps()).isEqualTo(3 * 6);
            List<String> asked = new ArrayList<>();
            for (int step = 1; step <= 18; step++) {
                assertThat(t.state.talkRound()).isEqualTo(step <= 12 ? (step - 1) / 6 + 1 : 0);
                assertThat(t.state.votingTurn()).isEqualTo(step > 12);
                asked.add(t.state.turnHolder());
                t.accept(pass(t));
            }
            List<String> expected = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                expected.addAll(order);
            }
            assertThat(asked).containsExactlyElementsOf(expected);
            assertThat(t.phase()).isEqualTo(Phase.NIGHT);
            assertThat(t.last(Event.NoExecution.class).reason()).isEqualTo("no votes (the voting round is over)");
        }

        @Test
        void theOrderTurnsWithTheDaysSoThatAnotherSeatOpens() {
            Table t = table(7, 3);
            String first = t.state.turnHolder();
            passAll(t);
            passAll(t); // the night
            assertThat(t.state.phase()).isEqualTo(new PhaseId(Phase.DAY, 2, 1));
            assertThat(t.state.turnHolder()).isNotEqualTo(first);
            assertThat(t.state.turnOrder().getLast()).isEqualTo(first);
        }

        @Test
        void onlyTheSeatWhoseTurnItIsActs() {
            Table t = table(6, 2);
            String holder = t.state.turnHolder();
            String other = t.state.living().stream().filter(p -> !p.equals(holder)).findFirst().orElseThrow();
            assertThat(t.refuse(new Command.Perform(other, t.state.phase(), new Act.Vote(holder))))
                    .isEqualTo("it is " + holder + "'s turn: one seat acts at a time");
            assertThat(t.lastCode).isEqualTo(RefusalCode.NOT_YOUR_TURN);
            assertThat(t.refuse(new Command.Perform(other, t.state.phase(), new Act.Pass())))
                    .contains("it is " + holder + "'s turn");
            Map<String, Turn> turns = t.state.awaiting().turns();
            assertThat(turns.get(holder).acts()).contains(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.WHISPER,
                    Act.Kind.PASS);
            turns.forEach((p, turn) -> {
                if (!p.equals(holder)) {
                    assertThat(turn.acts()).as(p).isEmpty();
                }
            });
            assertThat(t.state.awaiting().length()).isEqualTo(TURN);
        }

        @Test
        void aTurnIsOneActAndEndsWithItWithAPassOrWhenItsTimeRunsOut() {
            Table t = table(6, 4);
            String first = t.state.turnHolder();
            t.accept(vote(t, t.state.living().stream().filter(p -> !p.equals(first)).findFirst().orElseThrow()));
            String second = t.state.turnHolder();
            assertThat(second).as("a vote ends the turn").isNotEqualTo(first);
            assertThat(t.state.phase().step()).isEqualTo(2);
            t.accept(pass(t));
            String third = t.state.turnHolder();
            assertThat(third).isNotEqualTo(second);
            t.timeout();
            assertThat(t.state.turnHolder()).isNotEqualTo(third);
            assertThat(t.state.phase().step()).isEqualTo(4);
        }

        @Test
        void anActForATurnThatIsOverIsNeverCounted() {
            Table t = table(6, 5);
            PhaseId earlier = t.state.phase();
            String holder = t.state.turnHolder();
            t.accept(pass(t));
            assertThat(t.refuse(new Command.Perform(holder, earlier, new Act.Pass()))).contains("which is over");
            assertThat(t.lastCode).isEqualTo(RefusalCode.PHASE_OVER);
        }

        @Test
        void votesStandFromTurnToTurnAndTheVotingRoundCountsThem() {
            Table t = table(6, 6);
            String suspect = t.state.turnOrder().getLast();
            // The talk rounds: each of the first three seats votes for the last, then changes its mind in round 2.
            for (int i = 0; i < 6; i++) {
                t.accept(i < 3 ? vote(t, suspect) : pass(t));
            }
            assertThat(t.state.votes()).hasSize(3);
            assertThat(t.state.awaiting().turn(t.state.turnOrder().getFirst()).done())
                    .containsEntry(Act.Kind.VOTE, suspect);
            while (!t.state.votingTurn()) {
                t.accept(pass(t));
            }
            // The voting round takes a vote or a pass only.
            assertThat(t.refuse(new Command.Perform(t.state.turnHolder(), t.state.phase(),
                    new Act.Whisper(suspect, "psst")))).isEqualTo("the voting round takes a vote (or a pass) only");
            assertThat(t.state.awaiting().turn(t.state.turnHolder()).acts())
                    .containsExactlyInAnyOrder(Act.Kind.VOTE, Act.Kind.PASS);
            passAll(t);
            assertThat(t.last(Event.Executed.class)).isEqualTo(new Event.Executed(1, suspect, false,
                    "the voting round is over"));
        }

        @Test
        void aStrictMajorityStillExecutesAtOnce() {
            Table t = table(6, 7);
            String suspect = t.state.turnOrder().getLast();
            for (int i = 0; i < 4; i++) {
                t.accept(vote(t, suspect));
            }
            assertThat(t.last(Event.Executed.class)).isEqualTo(new Event.Executed(1, suspect, true));
            assertThat(t.state.phase()).isEqualTo(new PhaseId(Phase.NIGHT, 1, 1));
        }

        @Test
        void theSeerAsksAndPlayersWhisperInTheirOwnTalkTurns() {
            Table t = Table.of(turns(2).withSeer(true), 6, 8);
            String seer = t.state.seats().stream().filter(s -> s.role() == Role.SEER).findFirst().orElseThrow().name();
            while (!seer.equals(t.state.turnHolder())) {
                t.accept(pass(t));
            }
            String other = t.state.living().stream().filter(p -> !p.equals(seer)).findFirst().orElseThrow();
            assertThat(t.state.awaiting().turn(seer).acts()).contains(Act.Kind.DIVINE);
            t.accept(new Command.Perform(seer, t.state.phase(), new Act.Divine(other)));
            assertThat(t.state.turnHolder()).as("the question is the seer's turn").isNotEqualTo(seer);
            while (!seer.equals(t.state.turnHolder())) {
                t.accept(pass(t));
            }
            assertThat(t.state.awaiting().turn(seer).acts()).as("once a day").doesNotContain(Act.Kind.DIVINE);
            t.accept(new Command.Perform(seer, t.state.phase(), new Act.Whisper(other, "I know.")));
            assertThat(t.last(Event.Whispered.class).to()).isEqualTo(other);
        }

        @Test
        void theFloorOfTheVillageIsTheTalkingSeatsAndNobodysInTheVotingRound() {
            Table t = table(6, 9);
            Access village = t.state.rooms().get(Room.VILLAGE);
            assertThat(village.writers()).as("the room is the living's for the day")
                    .containsExactlyInAnyOrderElementsOf(t.state.living());
            assertThat(t.state.floor()).isEqualTo(Map.of(Room.VILLAGE, Set.of(t.state.turnHolder())));
            while (!t.state.votingTurn()) {
                t.accept(pass(t));
            }
            assertThat(t.state.floor()).isEqualTo(Map.of(Room.VILLAGE, Set.of()));
            assertThat(Table.of(6, 9).state.floor()).as("the clock's pace has no floor").isEmpty();
        }

        @Test
        void eachTurnIsAnnouncedToThoseWhoReadThePhasesRoom() {
            Table t = table(6, 10);
            TurnBegan first = t.last(TurnBegan.class);
            assertThat(first).isEqualTo(new TurnBegan(new PhaseId(Phase.DAY, 1, 1), t.state.turnHolder(), 1, 2,
                    false, TURN, Audience.EVERYONE));
            assertThat(first.began()).isEqualTo(t.state.phase());
            while (!t.state.votingTurn()) {
                t.accept(pass(t));
            }
            assertThat(t.last(TurnBegan.class).voting()).isTrue();
            assertThat(t.last(TurnBegan.class).talkRound()).isZero();
            assertThat(t.last(Event.PhaseBegan.class).duration()).isEqualTo(TURN.multipliedBy(18));
        }
    }

    @Nested
    class TheNight {

        @Test
        void thePackTalksInRoundsThenVotesAndUnanimityMurdersAtOnce() {
            Table t = table(6, 11);
            passAll(t);
            assertThat(t.phase()).isEqualTo(Phase.NIGHT);
            assertThat(t.state.turnOrder()).containsExactlyInAnyOrderElementsOf(t.wolves());
            assertThat(t.state.steps()).isEqualTo(3 * 2);
            assertThat(t.last(TurnBegan.class).audience()).isEqualTo(Audience.WEREWOLVES);
            assertThat(t.state.floor().get(Room.HIDEOUT)).containsExactly(t.state.turnHolder());
            String victim = t.villager();
            t.accept(vote(t, victim));
            t.accept(vote(t, victim));
            assertThat(t.last(Event.Murdered.class).player()).isEqualTo(victim);
            assertThat(t.state.phase()).isEqualTo(new PhaseId(Phase.DAY, 2, 1));
        }

        @Test
        void aLoneWerewolfOnlyVotesAndAPackThatDisagreesKillsNobody() {
            Table lone = table(5, 12);
            passAll(lone);
            assertThat(lone.state.turnOrder()).hasSize(1);
            assertThat(lone.state.steps()).isEqualTo(1);
            assertThat(lone.state.votingTurn()).isTrue();

            Table t = table(6, 13);
            passAll(t);
            List<String> villagers = t.villagers();
            for (int i = 0; i < 4; i++) {
                t.accept(pass(t));
            }
            t.accept(vote(t, villagers.get(0)));
            t.accept(vote(t, villagers.get(1)));
            assertThat(t.last(Event.NoMurder.class).reason()).isEqualTo("no unanimous vote");
            assertThat(t.phase()).isEqualTo(Phase.DAY);
        }
    }

    @Test
    void gamesOfRandomSeatsEndByTheRulesWithEveryTurnInOrder() {
        for (long seed = 1; seed <= 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int players = 3 + random.nextInt(8);
            GameOptions options = turns(random.nextInt(3)).withSeer(random.nextBoolean());
            GameState end = Playthrough.play(new MawRules(), options, seed, List.of(Table.names(players)),
                    (name, dealt) -> new Playthrough.Seat<GameState, Event>() {
                        @Override
                        public void hear(Event event) { }

                        @Override
                        public Act act(Act.Kind kind, GameState s) {
                            List<String> targets = s.awaiting().turn(name).targets(kind);
                            if (targets.isEmpty() || random.nextInt(3) == 0) {
                                return null;
                            }
                            String target = targets.get(random.nextInt(targets.size()));
                            return switch (kind) {
                                case VOTE -> new Act.Vote(target);
                                case DIVINE -> new Act.Divine(target);
                                case WHISPER -> new Act.Whisper(target, "hello");
                                default -> null;
                            };
                        }
                    }, e -> { });
            assertThat(end.isOver()).isTrue();
            assertThat(end.result().days()).isBetween(1, options.dayCap());
            assertThat(Set.of(Phase.OVER)).contains(end.phase().phase());
        }
    }
}
