package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import maw.aiwolf.bots.AiwolfBots;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Turn;
import org.junit.jupiter.api.Test;

/** The AIWolf engine behind the generic rules contract: steps as phases, refusal codes, purity. */
class AiwolfRulesTest {

    private final AiwolfRules rules = new AiwolfRules();
    private static final List<String> FIVE = List.of("Eve", "Cid", "Ann", "Dan", "Bob");

    private AiwolfState started(int players, long seed) {
        List<String> names = players == 5 ? FIVE : AiwolfBots.names(players);
        Outcome<AiwolfState, AiwolfNews> o = rules.apply(rules.newGame(AiwolfOptions.of(players,
                Duration.ofSeconds(5)), seed), new Command.Start(names));
        return ((Outcome.Accepted<AiwolfState, AiwolfNews>) o).state();
    }

    private static AiwolfState accepted(Outcome<AiwolfState, AiwolfNews> o) {
        assertThat(o).isInstanceOf(Outcome.Accepted.class);
        return ((Outcome.Accepted<AiwolfState, AiwolfNews>) o).state();
    }

    private static RefusalCode refused(Outcome<AiwolfState, AiwolfNews> o) {
        assertThat(o).isInstanceOf(Outcome.Refused.class);
        return ((Outcome.Refused<AiwolfState, AiwolfNews>) o).code();
    }

    private String who(AiwolfState s, Role role) {
        return s.players().stream().filter(p -> s.game().role(p) == role).findFirst().orElseThrow();
    }

    @Test
    void theDealNumbersTheAgentsByNameAndDayZeroIsNightZero() {
        AiwolfState s = started(5, 1);
        assertThat(s.players()).containsExactly("Ann", "Bob", "Cid", "Dan", "Eve");
        assertThat(s.phase().phase()).isEqualTo(Phase.NIGHT);
        assertThat(s.phase().number()).isZero();
        assertThat(s.rooms()).isEmpty();
        String seer = who(s, Role.SEER);
        Turn t = s.awaiting().turn(seer);
        assertThat(t.acts()).containsExactlyInAnyOrder(Act.Kind.DIVINE, Act.Kind.PASS);
        assertThat(t.targets(Act.Kind.DIVINE)).hasSize(4).doesNotContain(seer);
        assertThat(s.awaiting().turns()).containsOnlyKeys(s.players());
        assertThat(s.awaiting().length()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aStepIsAPhaseOfItsOwnSoALateActOrTimerIsNeverCountedInTheNext() {
        AiwolfState s = started(5, 2);
        String seer = who(s, Role.SEER);
        PhaseId night0 = s.phase();
        String target = s.awaiting().turn(seer).targets(Act.Kind.DIVINE).getFirst();
        AiwolfState day1 = accepted(rules.apply(s, new Command.Perform(seer, night0, new Act.Divine(target))));
        assertThat(day1.phase().phase()).isEqualTo(Phase.DAY);
        assertThat(day1.phase().step()).isGreaterThan(night0.step());
        String anyone = day1.living().getFirst();
        assertThat(refused(rules.apply(day1, new Command.Perform(anyone, night0, new Act.Talk("Over")))))
                .isEqualTo(RefusalCode.PHASE_OVER);
        assertThat(refused(rules.apply(day1, new Command.Timeout(night0)))).isEqualTo(RefusalCode.PHASE_OVER);
        AiwolfState talked = accepted(rules.apply(day1, new Command.Perform(anyone, day1.phase(),
                new Act.Talk("Over"))));
        assertThat(talked.phase()).isEqualTo(day1.phase()); // the turn waits for the others
        assertThat(refused(rules.apply(talked, new Command.Perform(anyone, talked.phase(), new Act.Talk("Skip")))))
                .isEqualTo(RefusalCode.ALREADY_DONE);
    }

    @Test
    void refusalsCarryTheirCodes() {
        AiwolfState s = started(5, 3);
        String seer = who(s, Role.SEER);
        String villager = who(s, Role.VILLAGER);
        String wolf = who(s, Role.WEREWOLF);
        PhaseId p = s.phase();
        assertThat(refused(rules.apply(s, new Command.Perform(villager, p, new Act.Divine(seer)))))
                .isEqualTo(RefusalCode.NOT_YOUR_ROLE);
        assertThat(refused(rules.apply(s, new Command.Perform(seer, p, new Act.Divine(seer)))))
                .isEqualTo(RefusalCode.SELF_TARGET);
        assertThat(refused(rules.apply(s, new Command.Perform(seer, p, new Act.Divine("Zed")))))
                .isEqualTo(RefusalCode.UNKNOWN_TARGET);
        assertThat(refused(rules.apply(s, new Command.Perform("Zed", p, new Act.Divine(seer)))))
                .isEqualTo(RefusalCode.NOT_A_PLAYER);
        assertThat(refused(rules.apply(s, new Command.Perform(wolf, p, new Act.Guard(seer)))))
                .isEqualTo(RefusalCode.NOT_YOUR_ROLE);
        assertThat(refused(rules.apply(s, new Command.Perform(villager, p, new Act.Whisper(seer, "hi")))))
                .isEqualTo(RefusalCode.TURNED_OFF);
        assertThat(refused(rules.apply(s, new Command.Perform(villager, p, new Act.Talk("Over")))))
                .isEqualTo(RefusalCode.NOT_NOW);
        assertThat(refused(rules.apply(s, new Command.Start(FIVE)))).isEqualTo(RefusalCode.ALREADY_STARTED);
        assertThat(refused(rules.apply(rules.newGame(AiwolfOptions.of(5, Duration.ofSeconds(1)), 1),
                new Command.Start(List.of("A", "B"))))).isEqualTo(RefusalCode.BAD_TABLE);
    }

    @Test
    void textThatIsTooLongIsRefusedAndTextThatIsNotProtocolIsSkipWithAWordToTheSpeaker() {
        AiwolfState s = started(5, 4);
        String seer = who(s, Role.SEER);
        s = accepted(rules.apply(s, new Command.Perform(seer, s.phase(),
                new Act.Divine(s.awaiting().turn(seer).targets(Act.Kind.DIVINE).getFirst()))));
        String a = s.living().getFirst();
        assertThat(refused(rules.apply(s, new Command.Perform(a, s.phase(), new Act.Talk("x".repeat(1001))))))
                .isEqualTo(RefusalCode.BAD_TEXT);
        Outcome<AiwolfState, AiwolfNews> o = rules.apply(s, new Command.Perform(a, s.phase(),
                new Act.Talk("I think Bob is a wolf")));
        List<AiwolfNews> news = ((Outcome.Accepted<AiwolfState, AiwolfNews>) o).events();
        assertThat(news).singleElement().satisfies(n -> {
            assertThat(n.audience()).isEqualTo(maw.game.Audience.only(a));
            assertThat(((AiwolfNews.Told) n).event()).isInstanceOf(AiwolfEvent.Invalid.class);
        });
    }

    /**
     * Over thousands of seeds of random acts, legal or not: the rules take an act exactly when the state awaits it (of
     * that kind, naming a target it offers), a refused command leaves the state as it was, every step begins with a
     * StepBegan that the GameMaster times, whispers reach the living werewolves alone, and every game ends.
     */
    @Test
    void theRulesTakeExactlyWhatTheyAwaitAndEveryGameEnds() {
        SplittableRandom r = new SplittableRandom(7);
        int games = 2000;
        int acts = 0;
        for (int g = 0; g < games; g++) {
            int n = g % 3 == 0 ? 15 : 5;
            AiwolfState s = started(n, g);
            int steps = 0;
            while (!s.isOver()) {
                assertThat(steps++).as("game %d ends", g).isLessThan(5000);
                Map<String, Turn> turns = s.awaiting().turns();
                String actor = s.players().get(r.nextInt(n));
                Act act = randomAct(r, s);
                PhaseId stamp = r.nextInt(20) == 0 ? s.phase().atStep(s.phase().step() - 1) : s.phase();
                Turn t = turns.getOrDefault(actor, Turn.NONE);
                boolean awaited = stamp.equals(s.phase()) && t.allows(act.kind())
                        && (act.kind() == Act.Kind.TALK || act.kind() == Act.Kind.PASS
                                || t.targets(act.kind()).contains(act.target()));
                if (act instanceof Act.Talk talk && talk.text().length() > AiwolfRules.MAX_TALK_LENGTH) {
                    awaited = false;
                }
                Outcome<AiwolfState, AiwolfNews> o = rules.apply(s, new Command.Perform(actor, stamp, act));
                assertThat(o instanceof Outcome.Accepted).as("%s by %s in %s (turn %s)", act, actor, s.phase(), t)
                        .isEqualTo(awaited);
                if (o instanceof Outcome.Accepted<AiwolfState, AiwolfNews> a) {
                    acts++;
                    check(s, a);
                    s = a.state();
                } else if (r.nextInt(8) == 0) {
                    Outcome<AiwolfState, AiwolfNews> timeout = rules.apply(s, new Command.Timeout(s.phase()));
                    check(s, (Outcome.Accepted<AiwolfState, AiwolfNews>) timeout);
                    s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) timeout).state();
                }
            }
            assertThat(s.result().winner()).isNotNull();
            assertThat(s.result().scores().values().stream().mapToInt(Integer::intValue).sum()).isPositive();
        }
        assertThat(acts).isGreaterThan(games * 10);
    }

    private static void check(AiwolfState before, Outcome.Accepted<AiwolfState, AiwolfNews> a) {
        AiwolfState after = a.state();
        boolean stepped = !after.phase().equals(before.phase()) && !after.isOver();
        assertThat(a.events().stream().filter(e -> e.began() != null).count()).isEqualTo(stepped ? 1 : 0);
        if (stepped) {
            // The step begins last, or just before a new day is announced.
            int at = 0;
            while (a.events().get(at).began() == null) {
                at++;
            }
            assertThat(a.events().get(at).began()).isEqualTo(after.phase());
            assertThat(at == a.events().size() - 1 || a.events().get(at + 1) instanceof AiwolfNews.Told t
                    && t.event() instanceof AiwolfEvent.DayBegan).isTrue();
        }
        for (AiwolfNews e : a.events()) {
            if (e instanceof AiwolfNews.Told t && t.event() instanceof AiwolfEvent.Turn turn && turn.whisper()) {
                assertThat(turn.audience()).isNotEmpty().allMatch(p -> before.game().role(p) == Role.WEREWOLF
                        && before.living().contains(p));
                assertThat(turn.utterances()).allMatch(u -> before.game().role(u.agent()) == Role.WEREWOLF);
            }
        }
        assertThat(before.game().drain()).as("the state before is untouched").isEmpty();
    }

    /** Everyone living says Over until the day's vote: the state at the vote. */
    private AiwolfState toTheVote(AiwolfState s) {
        while (s.game().stage() != AiwolfGame.Stage.VOTE) {
            AiwolfState now = s;
            String who = now.awaiting().turns().entrySet().stream().filter(e -> !e.getValue().acts().isEmpty())
                    .map(Map.Entry::getKey).findFirst().orElseThrow();
            Turn t = now.awaiting().turn(who);
            Act act = t.allows(Act.Kind.TALK) ? new Act.Talk("Over") : new Act.Pass();
            s = accepted(rules.apply(now, new Command.Perform(who, now.phase(), act)));
        }
        return s;
    }

    private static List<AiwolfEvent> told(Outcome<AiwolfState, AiwolfNews> o) {
        List<AiwolfEvent> out = new ArrayList<>();
        for (AiwolfNews n : ((Outcome.Accepted<AiwolfState, AiwolfNews>) o).events()) {
            if (n instanceof AiwolfNews.Told t) {
                out.add(t.event());
            }
        }
        return out;
    }

    @Test
    void aSeerThatPassesDivinesNobodyAndTheNightEndsAtOnce() {
        AiwolfState s = started(5, 1);
        String seer = who(s, Role.SEER);
        Outcome<AiwolfState, AiwolfNews> o = rules.apply(s, new Command.Perform(seer, s.phase(), new Act.Pass()));
        AiwolfState day1 = accepted(o);
        assertThat(day1.phase().phase()).as("no deadline waited: the night is over").isEqualTo(Phase.DAY);
        assertThat(told(o)).noneMatch(e -> e instanceof AiwolfEvent.Divined);
        assertThat(refused(rules.apply(day1, new Command.Perform(seer, s.phase(), new Act.Pass()))))
                .isEqualTo(RefusalCode.PHASE_OVER);
    }

    @Test
    void aVoteThatPassesIsARandomOtherLivingPlayerAndTheStepWaitsOnlyForTheOthers() {
        AiwolfState vote = toTheVote(accepted(rules.apply(started(5, 3), new Command.Perform(who(started(5, 3),
                Role.SEER), started(5, 3).phase(), new Act.Pass()))));
        List<String> voters = vote.living();
        AiwolfState s = accepted(rules.apply(vote, new Command.Perform(voters.getFirst(), vote.phase(),
                new Act.Pass())));
        assertThat(s.phase()).as("the others are still awaited").isEqualTo(vote.phase());
        String ballot = s.game().done(voters.getFirst()).get(maw.base.Act.Kind.VOTE);
        assertThat(ballot).isNotNull().isNotEqualTo(voters.getFirst()).isIn(voters);
        assertThat(s.awaiting().turn(voters.getFirst()).acts()).isEmpty();
        assertThat(refused(rules.apply(s, new Command.Perform(voters.getFirst(), s.phase(), new Act.Pass()))))
                .isEqualTo(RefusalCode.ALREADY_DONE);
        for (String v : voters.subList(1, voters.size())) {
            s = accepted(rules.apply(s, new Command.Perform(v, s.phase(), new Act.Pass())));
        }
        assertThat(s.phase()).as("everyone answered: the vote is counted at once").isNotEqualTo(vote.phase());
    }

    @Test
    void anAttackVoteThatPassesIsDroppedAndWhenAllAreDroppedARandomHumanDies() {
        // 15 players: three werewolves; night 1 after a day of Over and passed votes.
        AiwolfState s = started(15, 5);
        while (!(s.game().stage() == AiwolfGame.Stage.NIGHT && s.game().day() == 1)) {
            AiwolfState now = s;
            String who = now.awaiting().turns().entrySet().stream().filter(e -> !e.getValue().acts().isEmpty())
                    .map(Map.Entry::getKey).findFirst().orElseThrow();
            Act act = now.awaiting().turn(who).allows(Act.Kind.TALK) ? new Act.Talk("Over") : new Act.Pass();
            s = accepted(rules.apply(now, new Command.Perform(who, now.phase(), act)));
        }
        List<String> wolves = s.livingWerewolves();
        assertThat(wolves).hasSizeGreaterThan(1);
        List<String> before = s.living();
        Outcome<AiwolfState, AiwolfNews> last = null;
        for (String p : s.awaiting().turns().keySet()) {
            if (s.game().day() == 1 && !s.awaiting().turn(p).acts().isEmpty()) {
                last = rules.apply(s, new Command.Perform(p, s.phase(), new Act.Pass()));
                s = accepted(last);
            }
        }
        assertThat(s.game().day()).as("the night ended with the last pass").isEqualTo(2);
        AiwolfEvent.Votes attack = told(last).stream().filter(e -> e instanceof AiwolfEvent.Votes v && v.attack())
                .map(e -> (AiwolfEvent.Votes) e).findFirst().orElseThrow();
        assertThat(attack.ballots()).as("every attack vote dropped").isEmpty();
        AiwolfEvent.Attack a = told(last).stream().filter(e -> e instanceof AiwolfEvent.Attack)
                .map(e -> (AiwolfEvent.Attack) e).findFirst().orElseThrow();
        assertThat(a.target()).as("a random living human").isIn(before).isNotIn(wolves);
    }

    @Test
    void theLongestTalkIsTheNlpRegulationsUtteranceInTheContestsGameAndARoomsLineElsewhere() {
        assertThat(rules.longest(AiwolfOptions.natural(5, Duration.ofSeconds(5))))
                .isEqualTo(NlpRegulation.UTTERANCE_LENGTH);
        assertThat(new maw.game.maw.MawRules().longest(maw.game.maw.GameOptions.defaults())).isEqualTo(500);
    }

    @Test
    void inTheNlpGameAPassedVoteIsNoVote() {
        AiwolfOptions nlp = AiwolfOptions.natural(5, Duration.ofSeconds(5));
        AiwolfState s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) rules.apply(rules.newGame(nlp, 7),
                new Command.Start(FIVE))).state();
        while (s.game().stage() != AiwolfGame.Stage.VOTE) {
            AiwolfState now = s;
            String who = now.awaiting().turns().entrySet().stream().filter(e -> !e.getValue().acts().isEmpty())
                    .map(Map.Entry::getKey).findFirst().orElseThrow();
            s = accepted(rules.apply(now, new Command.Perform(who, now.phase(), now.awaiting().turn(who)
                    .allows(Act.Kind.TALK) ? new Act.Talk("Over") : new Act.Pass())));
        }
        List<String> voters = s.living();
        Outcome<AiwolfState, AiwolfNews> last = null;
        for (int i = 0; i < voters.size(); i++) {
            String v = voters.get(i);
            Act act = i == 0 ? new Act.Pass() : new Act.Vote(voters.get(i == 1 ? 2 : 1));
            last = rules.apply(s, new Command.Perform(v, s.phase(), act));
            s = accepted(last);
        }
        AiwolfEvent.Votes votes = told(last).stream().filter(e -> e instanceof AiwolfEvent.Votes v && !v.attack())
                .map(e -> (AiwolfEvent.Votes) e).findFirst().orElseThrow();
        assertThat(votes.ballots()).doesNotContainKey(voters.getFirst()).hasSize(voters.size() - 1);
    }

    @Test
    void aGameWhereEverySeatPassesEndsAsADrawAtTheDayCap() {
        // In the NLP game a passed vote is no vote and a passed attack kills nobody: nobody ever dies.
        AiwolfState s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) rules.apply(rules.newGame(AiwolfOptions.natural(5,
                Duration.ofSeconds(5)), 11), new Command.Start(FIVE))).state();
        int steps = 0;
        while (!s.isOver()) {
            assertThat(steps++).isLessThan(10_000);
            AiwolfState now = s;
            String who = now.awaiting().turns().entrySet().stream().filter(e -> !e.getValue().acts().isEmpty())
                    .map(Map.Entry::getKey).findFirst().orElseThrow();
            s = accepted(rules.apply(now, new Command.Perform(who, now.phase(), new Act.Pass())));
        }
        assertThat(s.living()).hasSize(5);
        assertThat(s.result().winner()).as("a draw").isNull();
        assertThat(s.result().reason()).contains("a draw");
        assertThat(s.game().day()).isEqualTo(AiwolfGame.DAY_CAP + 1);
        assertThat(s.result().scores().values()).containsOnly(0);
    }

    private static Act randomAct(SplittableRandom r, AiwolfState s) {
        List<String> names = new ArrayList<>(s.players());
        names.add("Nobody");
        String target = names.get(r.nextInt(names.size()));
        return switch (r.nextInt(5)) {
            case 0 -> new Act.Talk(switch (r.nextInt(5)) {
                case 0 -> "Skip";
                case 1 -> "Over";
                case 2 -> "VOTE Agent[0" + (1 + r.nextInt(5)) + "]";
                case 3 -> "not protocol";
                default -> "x".repeat(1001);
            });
            case 1 -> new Act.Vote(target);
            case 2 -> new Act.Divine(target);
            case 3 -> new Act.Guard(target);
            default -> r.nextInt(10) == 0 ? new Act.Whisper(target, "hi") : r.nextInt(4) == 0 ? new Act.Pass()
                    : new Act.Talk("Over");
        };
    }
}
