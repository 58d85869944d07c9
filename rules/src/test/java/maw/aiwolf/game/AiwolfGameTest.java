package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import maw.aiwolf.game.AiwolfGame.Stage;
import maw.base.Act.Kind;
import maw.base.Role;
import maw.base.Species;
import maw.base.Team;
import org.junit.jupiter.api.Test;

/** The GAT2017 regulation, rule by rule, as the official server applies it where the regulation is silent. */
class AiwolfGameTest {

    private static List<String> names(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "P" + i).toList();
    }

    private static AiwolfGame game(int players, long seed) {
        return AiwolfGame.deal(AiwolfSettings.defaults(Composition.of(players)), names(players), seed);
    }

    private static String one(AiwolfGame g, Role r) {
        return g.living().stream().filter(p -> g.role(p) == r).findFirst().orElseThrow();
    }

    private static <T> List<T> of(List<AiwolfEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Plays night 0 (whispers Over, the seer divines someone) so that day 1 begins. */
    private static void toDayOne(AiwolfGame g) {
        while (g.stage() == Stage.WHISPER) {
            g.awaiting().keySet().forEach(p -> g.whisper(p, "Over"));
        }
        String seer = one(g, Role.SEER);
        g.divine(seer, g.living().stream().filter(p -> !p.equals(seer)).findFirst().orElseThrow());
        assertThat(g.day()).isEqualTo(1);
        assertThat(g.stage()).isEqualTo(Stage.TALK);
    }

    @Test
    void theRolesAreDealtAsTheCompositionSaysAndTheWerewolvesKnowEachOther() {
        AiwolfGame g = game(15, 1);
        Map<Role, Integer> count = new HashMap<>();
        g.roles().values().forEach(r -> count.merge(r, 1, Integer::sum));
        assertThat(count).isEqualTo(Map.of(Role.VILLAGER, 8, Role.SEER, 1, Role.MEDIUM, 1,
                Role.BODYGUARD, 1, Role.WEREWOLF, 3, Role.POSSESSED, 1));
        List<AiwolfEvent.Dealt> dealt = of(g.drain(), AiwolfEvent.Dealt.class);
        assertThat(dealt).hasSize(15).allMatch(d -> d.audience().equals(Set.of(d.player())));
        assertThat(dealt).filteredOn(d -> d.role() == Role.WEREWOLF).allMatch(d -> d.pack().size() == 3);
        assertThat(dealt).filteredOn(d -> d.role() != Role.WEREWOLF).allMatch(d -> d.pack().isEmpty());
    }

    @Test
    void dayZeroHasNoTalkTheWerewolvesWhisperAndTheSeerDivines() {
        AiwolfGame g = game(15, 2);
        assertThat(g.day()).isZero();
        assertThat(g.stage()).isEqualTo(Stage.WHISPER);
        assertThat(g.awaiting().values()).allMatch(k -> k.equals(Set.of(Kind.TALK))).hasSize(3);
        assertThat(g.talk(one(g, Role.VILLAGER), "Over")).isEqualTo("this is not a time to talk");
        assertThat(g.whisper(one(g, Role.VILLAGER), "Over")).isEqualTo("only werewolves whisper");
        g.awaiting().keySet().forEach(p -> g.whisper(p, "Over"));
        assertThat(g.stage()).isEqualTo(Stage.NIGHT);
        // Night 0: the seer alone acts; no guard, no attack.
        assertThat(g.awaiting()).isEqualTo(Map.of(one(g, Role.SEER), Set.of(Kind.DIVINE)));
        assertThat(g.guard(one(g, Role.BODYGUARD), one(g, Role.SEER))).contains("from night 1");
        g.drain();
        toDayOne(g);
        List<AiwolfEvent> ev = g.drain();
        assertThat(of(ev, AiwolfEvent.DayBegan.class)).singleElement()
                .satisfies(d -> assertThat(d.attacked()).isNull());
        assertThat(g.living()).hasSize(15);
    }

    @Test
    void aLoneWerewolfHasNoWhispers() {
        AiwolfGame g = game(5, 3);
        assertThat(g.stage()).isEqualTo(Stage.NIGHT);
        assertThat(g.whisper(one(g, Role.WEREWOLF), "Over")).isEqualTo("this is not a time to whisper");
    }

    @Test
    void aTurnsTalksAreDeliveredTogetherInRandomOrder() {
        AiwolfGame g = game(5, 4);
        toDayOne(g);
        g.drain();
        List<String> living = g.living();
        for (int i = 0; i < living.size() - 1; i++) {
            assertThat(g.talk(living.get(i), "VOTE Agent[0" + (i + 1) + "]")).isNull();
        }
        assertThat(of(g.drain(), AiwolfEvent.Turn.class)).isEmpty();
        assertThat(g.talk(living.get(0), "Over")).isEqualTo("one talk a turn");
        g.talk(living.get(living.size() - 1), "Agent1 ESTIMATE Agent2 WEREWOLF");
        AiwolfEvent.Turn turn = of(g.drain(), AiwolfEvent.Turn.class).getFirst();
        assertThat(turn.utterances()).hasSize(5).extracting(AiwolfEvent.Utterance::idx).containsExactly(0, 1, 2, 3,
                4);
        assertThat(turn.utterances()).extracting(AiwolfEvent.Utterance::agent)
                .containsExactlyInAnyOrderElementsOf(living);
        assertThat(turn.utterances()).extracting(AiwolfEvent.Utterance::text)
                .contains("Agent[01] ESTIMATE Agent[02] WEREWOLF");
        assertThat(turn.audience()).isNull();
        // Over many seeds, the order is not the order the talks came in.
        Set<List<String>> orders = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            AiwolfGame h = game(5, seed);
            toDayOne(h);
            h.drain();
            h.living().forEach(p -> h.talk(p, "Over"));
            orders.add(of(h.drain(), AiwolfEvent.Turn.class).getFirst().utterances().stream()
                    .map(AiwolfEvent.Utterance::agent).toList());
        }
        assertThat(orders.size()).isGreaterThan(1);
    }

    @Test
    void atMostTenTalksADaySkipAndOverNotCounted() {
        AiwolfGame g = AiwolfGame.deal(AiwolfSettings.defaults(Composition.of(5)), names(5), 5);
        toDayOne(g);
        String me = g.living().getFirst();
        for (int t = 0; t < 12; t++) {
            String text = t < 2 ? "Skip" : "VOTE Agent[02]";
            for (String p : g.awaiting().keySet()) {
                g.talk(p, p.equals(me) ? text : "Skip".equals(text) ? "Skip" : "VOTE Agent[03]");
            }
        }
        assertThat(g.talks().stream().filter(u -> u.agent().equals(me) && u.text().startsWith("VOTE"))).hasSize(10);
        assertThat(g.talksLeft(me)).isZero();
        assertThat(g.stage()).isEqualTo(Stage.VOTE);
    }

    @Test
    void theDaysTalkEndsWhenEveryoneSaysOver() {
        AiwolfGame g = game(5, 6);
        toDayOne(g);
        g.living().forEach(p -> g.talk(p, "VOTE Agent[01]"));
        assertThat(g.stage()).isEqualTo(Stage.TALK);
        g.living().forEach(p -> g.talk(p, "Over"));
        assertThat(g.stage()).isEqualTo(Stage.VOTE);
    }

    @Test
    void aThirdSkipInARowIsOverSoThreeTurnsOfSkipsEndTheTalk() {
        AiwolfGame g = game(5, 7);
        toDayOne(g);
        for (int turn = 0; turn < 3; turn++) {
            assertThat(g.stage()).isEqualTo(Stage.TALK);
            g.living().forEach(p -> g.talk(p, "Skip"));
        }
        assertThat(g.stage()).isEqualTo(Stage.VOTE);
        assertThat(g.talks().subList(g.talks().size() - 5, g.talks().size()))
                .allMatch(u -> u.text().equals("Over"));
    }

    @Test
    void talkEndsAfterTwentyTurns() {
        AiwolfSettings s = AiwolfSettings.defaults(Composition.of(5));
        s = new AiwolfSettings(s.composition(), 100, 20, 10, 20, 2, 1, 1, false, false, true, false, false, true,
                false, true, -1);
        AiwolfGame g = AiwolfGame.deal(s, names(5), 8);
        toDayOne(g);
        int turns = 0;
        while (g.stage() == Stage.TALK) {
            g.living().forEach(p -> g.talk(p, "VOTE Agent[01]"));
            turns++;
        }
        assertThat(turns).isEqualTo(20);
    }

    @Test
    void textThatIsNotProtocolCountsAsSkipAndTheSpeakerAloneIsToldWhy() {
        AiwolfGame g = game(5, 9);
        toDayOne(g);
        g.drain();
        String me = g.living().getFirst();
        g.talk(me, "XOR (VOTE Agent[01])");
        g.living().stream().filter(p -> !p.equals(me)).forEach(p -> g.talk(p, "Over"));
        List<AiwolfEvent> ev = g.drain();
        AiwolfEvent.Invalid invalid = of(ev, AiwolfEvent.Invalid.class).getFirst();
        assertThat(invalid.audience()).isEqualTo(Set.of(me));
        assertThat(invalid.reason()).contains("at 20");
        assertThat(of(ev, AiwolfEvent.Turn.class).getFirst().utterances())
                .filteredOn(u -> u.agent().equals(me)).singleElement().satisfies(u -> assertThat(u.text())
                        .isEqualTo("Skip"));
        assertThat(g.talksLeft(me)).isEqualTo(10);
    }

    @Test
    void aTiedVoteIsVotedAgainOnceThenDecidedAtRandomAmongTheTied() {
        AiwolfGame g = game(5, 10);
        toDayOne(g);
        g.living().forEach(p -> g.talk(p, "Over"));
        List<String> l = g.living();
        String a = l.get(0);
        String b = l.get(1);
        // Two votes each for a and b, the fifth for a third player: a tie.
        for (int round = 0; round < 2; round++) {
            g.vote(l.get(0), b);
            g.vote(l.get(1), a);
            g.vote(l.get(2), a);
            g.vote(l.get(3), b);
            g.vote(l.get(4), l.get(2));
        }
        List<AiwolfEvent> ev = g.drain();
        assertThat(of(ev, AiwolfEvent.Votes.class)).extracting(AiwolfEvent.Votes::revote).containsExactly(0, 1);
        assertThat(of(ev, AiwolfEvent.Executed.class).getFirst().player()).isIn(a, b);
        assertThat(g.vote(l.get(2), l.get(3))).isEqualTo("this is not a time to vote");
    }

    @Test
    void theVotersMayNotVoteForThemselvesTheDeadOrStrangers() {
        AiwolfGame g = game(5, 11);
        toDayOne(g);
        g.living().forEach(p -> g.talk(p, "Over"));
        String me = g.living().getFirst();
        assertThat(g.vote(me, me)).isEqualTo("not oneself");
        assertThat(g.vote(me, "Zed")).isEqualTo("Zed does not play in this game");
        assertThat(g.vote("Zed", me)).isEqualTo("Zed does not play in this game");
    }

    @Test
    void thePossessedIsDivinedHumanAndTheSeerAloneLearnsIt() {
        for (long seed = 0; seed < 50; seed++) {
            AiwolfGame g = game(5, seed);
            String seer = one(g, Role.SEER);
            String possessed = one(g, Role.POSSESSED);
            g.drain();
            g.divine(seer, possessed);
            AiwolfEvent.Divined d = of(g.drain(), AiwolfEvent.Divined.class).getFirst();
            assertThat(d.species()).isEqualTo(Species.HUMAN);
            assertThat(d.audience()).isEqualTo(Set.of(seer));
        }
    }

    /** Plays day {@code g.day()} to its night: everyone Over, everyone votes for {@code target}. */
    private static void executeOnDay(AiwolfGame g, String target) {
        g.living().forEach(p -> g.talk(p, "Over"));
        String other = g.living().stream().filter(p -> !p.equals(target)).findFirst().orElseThrow();
        g.living().forEach(p -> g.vote(p, p.equals(target) ? other : target));
        while (g.stage() == Stage.WHISPER) {
            g.awaiting().keySet().forEach(p -> g.whisper(p, "Over"));
        }
    }

    @Test
    void theGuardedSurvivesTheAttackAndNobodyIsToldButTheWerewolves() {
        AiwolfGame g = game(15, 12);
        toDayOne(g);
        executeOnDay(g, one(g, Role.VILLAGER));
        String guard = one(g, Role.BODYGUARD);
        String seer = one(g, Role.SEER);
        assertThat(g.guard(guard, guard)).isEqualTo("not oneself");
        assertThat(g.guard(guard, seer)).isNull();
        g.divine(seer, guard);
        g.drain();
        for (String w : g.awaiting().keySet()) {
            assertThat(g.attack(w, w)).isIn("not oneself", "werewolves do not attack werewolves");
            g.attack(w, seer);
        }
        List<AiwolfEvent> ev = g.drain();
        AiwolfEvent.Attack attack = of(ev, AiwolfEvent.Attack.class).getFirst();
        assertThat(attack.target()).isEqualTo(seer);
        assertThat(attack.guarded()).isTrue();
        assertThat(attack.audience()).allMatch(w -> g.role(w) == Role.WEREWOLF);
        assertThat(of(ev, AiwolfEvent.DayBegan.class).getFirst().attacked()).isNull();
        assertThat(g.living()).contains(seer);
    }

    @Test
    void theMediumLearnsTheSpeciesOfTheDayBeforesExecutedPlayer() {
        AiwolfGame g = game(15, 13);
        toDayOne(g);
        String wolf = one(g, Role.WEREWOLF);
        executeOnDay(g, wolf);
        g.drain();
        g.timeout(); // the night's acts: nobody acts; the attack falls on a random human
        List<AiwolfEvent> ev = g.drain();
        List<AiwolfEvent.Identified> identified = of(ev, AiwolfEvent.Identified.class);
        if (g.living().contains(one(g, Role.MEDIUM))) {
            assertThat(identified).singleElement().satisfies(i -> {
                assertThat(i.target()).isEqualTo(wolf);
                assertThat(i.species()).isEqualTo(Species.WEREWOLF);
                assertThat(i.day()).isEqualTo(2);
            });
        }
        assertThat(of(ev, AiwolfEvent.DayBegan.class).getFirst().attacked()).isNotNull();
    }

    @Test
    void theVillagersWinWhenNoWerewolfIsLeftAfterTheNight() {
        AiwolfGame g = game(5, 14);
        toDayOne(g);
        executeOnDay(g, one(g, Role.WEREWOLF));
        assertThat(g.isOver()).isFalse(); // the winner is checked after the night
        g.timeout();
        assertThat(g.isOver()).isTrue();
        AiwolfEvent.Over over = of(g.drain(), AiwolfEvent.Over.class).getFirst();
        assertThat(over.winner()).isEqualTo(Team.VILLAGERS);
    }

    @Test
    void theWerewolvesWinWhenTheHumansAreNoMoreThanThey() {
        AiwolfGame g = game(5, 15);
        toDayOne(g);
        String wolf = one(g, Role.WEREWOLF);
        executeOnDay(g, one(g, Role.VILLAGER));
        // Four left: the werewolf, the possessed, two more humans; the attack leaves 3: 1 wolf, 2 humans.
        g.attack(wolf, one(g, Role.SEER));
        g.timeout();
        assertThat(g.isOver()).isFalse();
        executeOnDay(g, g.living().stream().filter(p -> g.role(p) != Role.WEREWOLF
                && g.role(p) != Role.POSSESSED).findFirst().orElseThrow());
        g.timeout();
        assertThat(g.isOver()).isTrue();
        assertThat(of(g.drain(), AiwolfEvent.Over.class).getFirst().winner()).isEqualTo(Team.WEREWOLVES);
        assertThat(g.talk(wolf, "Over")).isEqualTo("the game is over");
    }

    @Test
    void theDeadNeitherTalkNorAct() {
        AiwolfGame g = game(5, 16);
        toDayOne(g);
        String victim = one(g, Role.VILLAGER);
        executeOnDay(g, victim);
        assertThat(g.attack(victim, one(g, Role.SEER))).isEqualTo("the dead neither talk nor act");
        g.timeout();
        if (!g.isOver()) {
            assertThat(g.talk(victim, "Over")).isEqualTo("the dead neither talk nor act");
        }
    }

    /** Random but legal play over many seeds: every game ends, once, with the regulation's limits held. */
    @Test
    void randomPlayOverThousandsOfSeedsAlwaysEndsWithinTheRules() {
        String[] texts = {"Over", "Skip", "VOTE Agent[01]", "COMINGOUT Agent[02] SEER", "nonsense ((", "DIVINED "
                + "Agent[03] WEREWOLF"};
        for (int players : new int[] {5, 15}) {
            for (long seed = 0; seed < 1_000; seed++) {
                SplittableRandom r = new SplittableRandom(seed * 31 + players);
                AiwolfGame g = game(players, seed);
                int overs = 0;
                Map<String, Integer> talksToday = new HashMap<>();
                int day = g.day();
                int steps = 0;
                while (!g.isOver()) {
                    assertThat(++steps).as("seed " + seed).isLessThan(20_000);
                    if (g.day() != day) {
                        day = g.day();
                        talksToday.clear();
                    }
                    Map<String, Set<Kind>> awaiting = g.awaiting();
                    if (awaiting.isEmpty() || r.nextInt(25) == 0) {
                        g.timeout();
                    } else {
                        List<String> who = new ArrayList<>(awaiting.keySet());
                        String p = who.get(r.nextInt(who.size()));
                        Kind k = awaiting.get(p).iterator().next();
                        boolean attack = k == Kind.VOTE && g.stage() == AiwolfGame.Stage.NIGHT;
                        List<String> targets = g.living().stream().filter(t -> !t.equals(p)
                                && (!attack || g.role(t) != Role.WEREWOLF)).toList();
                        String t = targets.get(r.nextInt(targets.size()));
                        String text = texts[r.nextInt(texts.length)];
                        String refused = switch (k) {
                            case TALK -> g.stage() == AiwolfGame.Stage.WHISPER ? g.whisper(p, text) : g.talk(p, text);
                            case VOTE -> attack ? g.attack(p, t) : g.vote(p, t);
                            case DIVINE -> g.divine(p, t);
                            case GUARD -> g.guard(p, t);
                            default -> throw new AssertionError("the engine awaits " + k);
                        };
                        assertThat(refused).as("seed " + seed + " " + k + " by " + p).isNull();
                    }
                    for (AiwolfEvent e : g.drain()) {
                        if (e instanceof AiwolfEvent.Over) {
                            overs++;
                        }
                        if (e instanceof AiwolfEvent.Turn turn) {
                            if (turn.whisper()) {
                                assertThat(turn.audience()).allMatch(w -> g.role(w) == Role.WEREWOLF);
                            }
                            for (AiwolfEvent.Utterance u : turn.utterances()) {
                                assertThat(g.living()).as("a dead player spoke").contains(u.agent());
                                if (!turn.whisper() && !u.text().equals("Skip") && !u.text().equals("Over")) {
                                    assertThat(talksToday.merge(u.agent(), 1, Integer::sum)).isLessThanOrEqualTo(10);
                                }
                            }
                        }
                    }
                }
                assertThat(overs).as("seed " + seed).isEqualTo(1);
            }
        }
    }
}
