package maw.game.maw;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.Team;
import maw.game.Audience;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.game.Turn;
import maw.game.maw.Event.Executed;
import maw.game.maw.Event.GameOver;
import maw.game.maw.Event.Murdered;
import maw.game.maw.Event.NoExecution;
import maw.game.maw.Event.NoMurder;
import maw.game.maw.Event.PhaseBegan;
import maw.game.maw.Event.RoleAssigned;
import maw.game.maw.Event.RoleRevealed;
import maw.game.maw.Event.VoteCast;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The MAW rules, one test per rule (docs/PLAYING.md, "The rules"). */
class MawRulesTest {

    @Nested
    class Sunrise {

        @Test
        void aThirdOfThePlayersAreWerewolvesAndAtLeastOne() {
            assertThat(MawRules.werewolvesFor(3)).isEqualTo(1);
            assertThat(MawRules.werewolvesFor(5)).isEqualTo(1);
            assertThat(MawRules.werewolvesFor(6)).isEqualTo(2);
            assertThat(MawRules.werewolvesFor(12)).isEqualTo(4);
            assertThat(Table.of(12, 7).state.werewolves()).hasSize(4);
        }

        @Test
        void werewolvesLearnEachOtherAndVillagersLearnNothing() {
            Table t = Table.of(9, 3);
            for (RoleAssigned r : t.all(RoleAssigned.class)) {
                assertThat(r.audience()).isEqualTo(Audience.only(r.player()));
                if (r.role().isWerewolf()) {
                    assertThat(r.partners()).containsExactlyInAnyOrderElementsOf(
                            t.state.werewolves().stream().filter(w -> !w.equals(r.player())).toList());
                } else {
                    assertThat(r.partners()).isEmpty();
                }
            }
        }

        @Test
        void theDealFollowsTheSeedNotTheJoinOrder() {
            Table a = new Table(GameOptions.defaults(), 42, "ann", "bob", "cid", "dee", "eve", "fay");
            Table b = new Table(GameOptions.defaults(), 42, "fay", "cid", "ann", "eve", "bob", "dee");
            assertThat(a.state.seats()).isEqualTo(b.state.seats());
            boolean anyDifferent = false;
            for (long seed = 43; seed < 60 && !anyDifferent; seed++) {
                anyDifferent = !new Table(GameOptions.defaults(), seed, "ann", "bob", "cid", "dee", "eve", "fay")
                        .state.werewolves().equals(a.state.werewolves());
            }
            assertThat(anyDifferent).as("other seeds deal other roles").isTrue();
        }

        @Test
        void theFirstPhaseIsDayOne() {
            Table t = Table.of(6, 1);
            assertThat(t.state.phase()).isEqualTo(new PhaseId(Phase.DAY, 1));
            assertThat(t.last(PhaseBegan.class).murdered()).isNull();
        }

        @Test
        void aGameNeedsThreeDistinctlyNamedPlayers() {
            MawRules rules = new MawRules();
            GameState lobby = rules.newGame(GameOptions.defaults(), 1);
            assertThat(rules.apply(lobby, new Command.Start(List.of("a", "b"))))
                    .isEqualTo(new Outcome.Refused<>(RefusalCode.BAD_TABLE, "a game needs at least 3 players, not 2"));
            assertThat(rules.apply(lobby, new Command.Start(List.of("a", "b", "a"))))
                    .isEqualTo(new Outcome.Refused<>(RefusalCode.BAD_TABLE, "two players are called a"));
        }
    }

    @Nested
    class Day {

        @Test
        void votesCanChangeUntilTheDayEnds() {
            Table t = Table.of(9, 11);
            List<String> p = t.state.living();
            t.vote(p.get(0), p.get(1));
            t.vote(p.get(0), p.get(2));
            assertThat(t.state.votes()).containsEntry(p.get(0), p.get(2));
            assertThat(t.state.tally()).isEqualTo(Map.of(p.get(2), 1));
        }

        @Test
        void majorityVoteEndsTheDayEarly() {
            Table t = Table.of(6, 5);
            List<String> p = t.state.living();
            String target = p.get(5);
            t.vote(p.get(0), target);
            t.vote(p.get(1), target);
            t.vote(p.get(2), target);
            assertThat(t.phase()).as("3 of 6 is not a strict majority").isEqualTo(Phase.DAY);
            t.vote(p.get(3), target);
            assertThat(t.last(Executed.class)).isEqualTo(new Executed(1, target, true));
            assertThat(t.state.isAlive(target)).isFalse();
            assertThat(t.state.isOver() || t.phase() == Phase.NIGHT).isTrue();
        }

        @Test
        void atTimeoutTheMostVotedIsExecuted() {
            Table t = Table.of(9, 8);
            List<String> p = t.state.living();
            t.vote(p.get(0), p.get(8));
            t.vote(p.get(1), p.get(8));
            t.vote(p.get(2), p.get(7));
            t.timeout();
            assertThat(t.last(Executed.class)).isEqualTo(new Executed(1, p.get(8), false, "the day's time ran out"));
        }

        @Test
        void noVotesNoExecution() {
            Table t = Table.of(6, 2);
            t.timeout();
            assertThat(t.last(NoExecution.class).reason()).isEqualTo("no votes (the day's time ran out)");
            assertThat(t.state.living()).hasSize(6);
            assertThat(t.phase()).isEqualTo(Phase.NIGHT);
        }

        @Test
        void aTieExecutesNobodyByDefault() {
            Table t = Table.of(9, 4);
            List<String> p = t.state.living();
            t.vote(p.get(0), p.get(8));
            t.vote(p.get(1), p.get(7));
            t.timeout();
            assertThat(t.last(NoExecution.class).reason()).isEqualTo("a tie between " + p.get(7) + ", " + p.get(8)
                    + " (the day's time ran out)");
            assertThat(t.state.living()).hasSize(9);
        }

        @Test
        void aTieCanBeBrokenAtRandomAmongTheTied() {
            Table t = Table.of(GameOptions.defaults().withTieBreak(TieBreak.RANDOM), 9, 4);
            List<String> p = t.state.living();
            t.vote(p.get(0), p.get(8));
            t.vote(p.get(1), p.get(7));
            t.timeout();
            assertThat(t.last(Executed.class).player()).isIn(p.get(7), p.get(8));
        }

        @Test
        void theExecutedPlayersNameIsAnnouncedButNotTheRole() {
            Table t = Table.of(6, 9);
            t.everyoneVotes(t.villager());
            Executed e = t.last(Executed.class);
            assertThat(e.audience()).isEqualTo(Audience.EVERYONE);
            assertThat(e.toString()).doesNotContainIgnoringCase("villager").doesNotContainIgnoringCase("werewolf");
        }

        @Test
        void votesAreAnnouncedToEveryoneOrOnlyToTheVoterAsChosen() {
            Table open = Table.of(6, 1);
            List<String> p = open.state.living();
            assertThat(((VoteCast) open.vote(p.get(0), p.get(1)).get(0)).audience()).isEqualTo(Audience.EVERYONE);
            Table secret = Table.of(GameOptions.defaults().withAnnounceVotes(false), 6, 1);
            assertThat(((VoteCast) secret.vote(p.get(0), p.get(1)).get(0)).audience()).isEqualTo(Audience.only(p.get(0)));
        }

        @Test
        void nobodyVotesForThemselvesOrForSomeoneOutsideTheGameOrDead() {
            Table t = Table.of(6, 1);
            List<String> p = t.state.living();
            assertThat(t.refuse(Table.voting(p.get(0), p.get(0)))).isEqualTo("nobody votes for themselves");
            assertThat(t.refuse(Table.voting(p.get(0), "mallory"))).isEqualTo("mallory is not a player in this game");
            assertThat(t.refuse(Table.voting("mallory", p.get(0)))).isEqualTo("mallory is not a player in this game");
            t.everyoneVotes(t.villager());
            String dead = t.last(Executed.class).player();
            t.timeoutUntil(Phase.DAY);
            if (!t.state.isOver()) {
                assertThat(t.refuse(Table.voting(t.state.living().get(0), dead))).isEqualTo(dead + " is already dead");
            }
        }

        @Test
        void allVotedEndsTheDayWhenChosen() {
            Table t = Table.of(GameOptions.defaults().withEndWhenAllVoted(true), 6, 3);
            List<String> p = t.state.living();
            for (int i = 0; i < 6; i++) {
                t.vote(p.get(i), p.get((i + 1) % 6));
            }
            assertThat(t.last(NoExecution.class).reason()).startsWith("a tie between")
                    .endsWith("(every living player has voted)");
            assertThat(t.phase()).isEqualTo(Phase.NIGHT);
        }

        @Test
        void aDayThatEndsEarlySaysWhy() {
            Table t = Table.of(GameOptions.defaults().withEndWhenAllVoted(true), 6, 3);
            List<String> p = t.state.living();
            String suspect = p.get(5);
            // Two for the suspect, one each for four others: the most votes, no majority.
            List<Integer> target = List.of(5, 5, 3, 4, 2, 0);
            for (int i = 0; i < 6; i++) {
                t.vote(p.get(i), p.get(target.get(i)));
            }
            Executed x = t.last(Executed.class);
            assertThat(x.player()).isEqualTo(suspect);
            assertThat(x.byMajority()).isFalse();
            assertThat(x.ended()).isEqualTo("every living player has voted");
        }
    }

    @Nested
    class Acts {

        @Test
        void anActForAPhaseThatIsOverIsRefusedAndNeverCountedInAnother() {
            Table t = Table.of(6, 3);
            PhaseId day1 = t.state.phase();
            t.everyoneVotes(t.villager());
            String wolf = t.wolf();
            String prey = t.state.livingVillagers().get(0);
            assertThat(t.refuse(new Command.Perform(wolf, day1, new Act.Vote(prey)))).contains("day 1, which is over");
            assertThat(t.lastCode).isEqualTo(RefusalCode.PHASE_OVER);
            assertThat(t.state.votes()).isEmpty();
        }

        @Test
        void thereIsNoTurnToPassTheDayEndsByAMajorityOrItsTimer() {
            Table t = Table.of(6, 3);
            String p = t.state.living().get(0);
            assertThat(t.refuse(new Command.Perform(p, t.state.phase(), new Act.Pass()))).contains("no turns to pass");
            assertThat(t.lastCode).isEqualTo(RefusalCode.NOT_NOW);
            assertThat(t.state.turn(p).acts()).doesNotContain(Act.Kind.PASS);
        }

        @Test
        void whatTheRulesAwaitByDayIsSpeechVotesAndWhispers() {
            Table t = Table.of(6, 3);
            String p = t.state.living().get(0);
            Turn turn = t.state.turn(p);
            assertThat(turn.acts()).containsExactlyInAnyOrder(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.WHISPER);
            assertThat(turn.targets(Act.Kind.VOTE)).doesNotContain(p).hasSize(5);
        }

        @Test
        void byNightTheRulesAwaitOnlyThePackAndTheVillageSleeps() {
            Table t = Table.of(6, 3);
            t.everyoneVotes(t.villager());
            assertThat(t.state.turn(t.state.livingVillagers().get(0))).isEqualTo(Turn.NONE);
            Turn wolf = t.state.turn(t.wolf());
            assertThat(wolf.acts()).containsExactlyInAnyOrder(Act.Kind.SPEAK, Act.Kind.VOTE);
            assertThat(wolf.targets(Act.Kind.VOTE)).containsExactlyInAnyOrderElementsOf(t.state.livingVillagers());
        }

        @Test
        void aVoteShowsInTheVotersTurnAsDone() {
            Table t = Table.of(6, 3);
            List<String> p = t.state.living();
            t.vote(p.get(0), p.get(1));
            assertThat(t.state.turn(p.get(0)).done()).containsEntry(Act.Kind.VOTE, p.get(1));
        }
    }

    @Nested
    class Whispers {

        private Command whisper(Table t, String from, String to) {
            return new Command.Perform(from, t.state.phase(), new Act.Whisper(to, "psst"));
        }

        @Test
        void aWhisperByDayReachesOnlyItsRecipient() {
            Table t = Table.of(6, 3);
            List<String> p = t.state.living();
            List<Event> es = t.accept(whisper(t, p.get(0), p.get(1)));
            assertThat(es).singleElement().isEqualTo(new Event.Whispered(t.state.phase(), p.get(0), p.get(1), "psst"));
            assertThat(es.get(0).audience()).isEqualTo(Audience.only(p.get(1)));
        }

        @Test
        void theDeadNeitherWhisperNorHearWhispers() {
            Table t = Table.of(6, 3);
            String dead = t.villager();
            t.everyoneVotes(dead);
            t.timeout();
            String living = t.state.living().get(0);
            t.refuse(whisper(t, dead, living));
            assertThat(t.lastCode).isEqualTo(RefusalCode.DEAD);
            t.refuse(whisper(t, living, dead));
            assertThat(t.lastCode).isEqualTo(RefusalCode.TARGET_DEAD);
        }

        @Test
        void nobodyWhispersAtNight() {
            Table t = Table.of(6, 3);
            t.everyoneVotes(t.villager());
            t.refuse(whisper(t, t.wolf(), t.state.livingVillagers().get(0)));
            assertThat(t.lastCode).isEqualTo(RefusalCode.NOT_NOW);
        }

        @Test
        void aRuleOptionTurnsWhispersOff() {
            Table t = Table.of(GameOptions.defaults().withWhispers(false), 6, 3);
            List<String> p = t.state.living();
            t.refuse(whisper(t, p.get(0), p.get(1)));
            assertThat(t.lastCode).isEqualTo(RefusalCode.TURNED_OFF);
            assertThat(t.state.turn(p.get(0)).acts()).doesNotContain(Act.Kind.WHISPER);
        }
    }

    @Nested
    class Night {

        @Test
        void aPackThatHasAllVotedButDisagreesKeepsItsNightToAgree() {
            Table t = Table.of(GameOptions.defaults().withEndWhenAllVoted(true), 9, 13);
            t.everyoneVotes(t.villager());
            List<String> pack = t.state.livingWerewolves();
            List<String> prey = t.state.livingVillagers();
            for (int i = 0; i < pack.size(); i++) {
                t.vote(pack.get(i), prey.get(i));
            }
            assertThat(t.phase()).isEqualTo(Phase.NIGHT);
            for (String wolf : pack) {
                t.vote(wolf, prey.get(0));
            }
            assertThat(t.last(Murdered.class).player()).isEqualTo(prey.get(0));
            assertThat(t.phase()).isEqualTo(Phase.DAY);
        }

        @Test
        void theWerewolvesLearnTheExecutedPlayersRoleAtNightfall() {
            Table t = Table.of(6, 21);
            String v = t.villager();
            t.everyoneVotes(v);
            RoleRevealed r = t.last(RoleRevealed.class);
            assertThat(r).isEqualTo(new RoleRevealed(v, Role.VILLAGER));
            assertThat(r.audience()).isEqualTo(Audience.WEREWOLVES);
        }

        @Test
        void aUnanimousWerewolfVoteMurdersAtOnce() {
            Table t = Table.of(9, 13);
            t.timeout();
            List<String> wolves = t.wolves();
            String victim = t.villager();
            t.vote(wolves.get(0), victim);
            t.vote(wolves.get(1), victim);
            assertThat(t.phase()).isEqualTo(Phase.NIGHT);
            t.vote(wolves.get(2), victim);
            Murdered m = t.last(Murdered.class);
            assertThat(m.player()).isEqualTo(victim);
            assertThat(m.audience()).isEqualTo(new Audience.Players(java.util.Set.of(wolves.get(0), wolves.get(1),
                    wolves.get(2), victim)));
            assertThat(t.state.phase()).isEqualTo(new PhaseId(Phase.DAY, 2));
        }

        @Test
        void theVictimIsNamedToTheVillageAtDawn() {
            Table t = Table.of(9, 13);
            t.timeout();
            String victim = t.villager();
            t.wolvesKill(victim);
            PhaseBegan dawn = t.last(PhaseBegan.class);
            assertThat(dawn.phase()).isEqualTo(new PhaseId(Phase.DAY, 2));
            assertThat(dawn.murdered()).isEqualTo(victim);
            assertThat(dawn.living()).doesNotContain(victim);
        }

        @Test
        void withoutUnanimityAtTimeoutNobodyDies() {
            Table t = Table.of(9, 13);
            t.timeout();
            List<String> wolves = t.wolves();
            List<String> villagers = t.villagers();
            t.vote(wolves.get(0), villagers.get(0));
            t.vote(wolves.get(1), villagers.get(1));
            t.timeout();
            assertThat(t.last(NoMurder.class).reason()).isEqualTo("no unanimous vote");
            assertThat(t.state.living()).hasSize(9);
            assertThat(t.last(PhaseBegan.class).murdered()).isNull();
        }

        @Test
        void onlyLivingWerewolvesVoteAtNightAndNotForEachOther() {
            Table t = Table.of(9, 13);
            t.timeout();
            List<String> wolves = t.wolves();
            assertThat(t.refuse(Table.voting(t.villager(), wolves.get(0))))
                    .isEqualTo("the village sleeps: votes are cast during the day");
            assertThat(t.refuse(Table.voting(wolves.get(0), wolves.get(1))))
                    .isEqualTo("werewolves do not hunt werewolves");
            assertThat(t.state.validTargets(wolves.get(0))).containsExactlyElementsOf(t.villagers());
        }
    }

    @Nested
    class Rooms {

        @Test
        void theVillageIsOpenByDayToTheLivingAndReadByAll() {
            Table t = Table.of(6, 9);
            assertThat(t.state.isOpen(Room.VILLAGE)).isTrue();
            assertThat(t.state.isOpen(Room.HIDEOUT)).isFalse();
            t.everyoneVotes(t.villager());
            t.timeoutUntil(Phase.DAY);
            if (!t.state.isOver()) {
                String dead = t.state.dead().get(0);
                assertThat(t.state.writers(Room.VILLAGE)).doesNotContain(dead);
                assertThat(t.state.readers(Room.VILLAGE)).contains(dead);
            }
        }

        @Test
        void theHideoutIsOpenByNightToTheLivingWerewolvesOnly() {
            Table t = Table.of(9, 13);
            t.timeout();
            assertThat(t.state.isOpen(Room.HIDEOUT)).isTrue();
            assertThat(t.state.isOpen(Room.VILLAGE)).isFalse();
            assertThat(t.state.writers(Room.HIDEOUT)).containsExactlyInAnyOrderElementsOf(t.wolves());
            assertThat(t.state.readers(Room.HIDEOUT)).containsExactlyInAnyOrderElementsOf(t.wolves());
            assertThat(t.state.writers(Room.VILLAGE)).isEmpty();
        }
    }

    @Nested
    class End {

        @Test
        void villagersWinWhenNoWerewolfLivesAndScoreTheVillagersLeft() {
            Table t = Table.of(6, 17);
            List<String> wolves = t.wolves();
            t.everyoneVotes(wolves.get(0));
            t.timeoutUntil(Phase.DAY);
            t.everyoneVotes(wolves.get(1));
            GameOver over = t.last(GameOver.class);
            assertThat(over.winner()).isEqualTo(Team.VILLAGERS);
            int left = t.state.livingVillagers().size();
            over.scores().forEach((name, points) -> assertThat(points)
                    .isEqualTo(wolves.contains(name) ? 0 : left));
            assertThat(over.roles()).hasSize(6);
            assertThat(t.phase()).isEqualTo(Phase.OVER);
        }

        @Test
        void werewolvesWinWhenNoVillagerLivesAndScoreTheInitialVillagers() {
            Table t = Table.of(3, 23);
            String wolf = t.wolf();
            List<String> villagers = t.villagers();
            t.timeout();
            t.wolvesKill(villagers.get(0));
            t.timeout();
            t.wolvesKill(villagers.get(1));
            GameOver over = t.last(GameOver.class);
            assertThat(over.winner()).isEqualTo(Team.WEREWOLVES);
            assertThat(over.scores()).containsEntry(wolf, 2).containsEntry(villagers.get(0), 0);
        }

        @Test
        void aStuckGameEndsAsADrawAtTheDayCap() {
            Table t = Table.of(GameOptions.defaults().withDayCap(3), 6, 5);
            for (int i = 0; i < 6; i++) {
                t.timeout();
            }
            GameOver over = t.last(GameOver.class);
            assertThat(over.winner()).isNull();
            assertThat(over.days()).isEqualTo(3);
            assertThat(over.reason()).contains("day cap of 3");
            assertThat(over.scores().values()).allMatch(p -> p == 0);
        }

        @Test
        void nothingIsAcceptedOnceTheGameIsOver() {
            Table t = Table.of(GameOptions.defaults().withDayCap(1), 6, 5);
            t.timeout();
            t.timeout();
            assertThat(t.refuse(Table.voting(t.state.players().get(0), t.state.players().get(1))))
                    .isEqualTo("the game is over");
        }
    }

    @Nested
    class Timers {

        @Test
        void aStaleTimerCannotEndANewerPhase() {
            Table t = Table.of(6, 2);
            PhaseId day1 = t.state.phase();
            t.timeout();
            assertThat(t.refuse(new Command.Timeout(day1))).isEqualTo("the timer for day 1 is stale: the game is in night 1");
        }

        @Test
        void phasesLastAsTheOptionsSay() {
            Table t = Table.of(GameOptions.defaults().withTimers(Duration.ofSeconds(7), Duration.ofSeconds(3)), 6, 2);
            assertThat(t.last(PhaseBegan.class).duration()).isEqualTo(Duration.ofSeconds(7));
            t.timeout();
            assertThat(t.last(PhaseBegan.class).duration()).isEqualTo(Duration.ofSeconds(3));
        }
    }

    @Nested
    class Seer {

        @Test
        void theSeerAsksOnePlayersRoleOnceADay() {
            Table t = Table.of(GameOptions.defaults().withSeer(true), 9, 31);
            String seer = t.state.seats().stream().filter(s -> s.role() == Role.SEER).findFirst().orElseThrow().name();
            String wolf = t.wolf();
            List<Event> es = t.accept(Table.divining(seer, wolf));
            assertThat(es).containsExactly(new Event.Divined(1, seer, wolf, Role.WEREWOLF));
            assertThat(es.get(0).audience()).isEqualTo(Audience.only(seer));
            assertThat(t.refuse(Table.divining(seer, t.villager()))).isEqualTo("the seer has already asked today");
            assertThat(t.refuse(Table.divining(t.wolf(), seer))).isEqualTo(t.wolf() + " is not the seer");
        }
    }
}
