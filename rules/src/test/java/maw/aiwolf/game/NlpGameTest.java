package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import maw.aiwolf.game.AiwolfGame.Stage;
import maw.base.Act.Kind;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.RefusalCode;
import org.junit.jupiter.api.Test;

/**
 * The AIWolf NLP contest's game as its server (aiwolf-nlp-server) runs it: one speaker at a time in an order shuffled
 * for the day, free text cut to the limits, Skip and Over as it counts them, day 0's whispers, the night's order
 * (execution vote, divination, whispers, guard and attack), self-votes, and games that always end.
 */
class NlpGameTest {

    private static List<String> names(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "P" + i).toList();
    }

    private static AiwolfGame game(int players, long seed) {
        return AiwolfGame.deal(NlpRegulation.settings(players), names(players), seed);
    }

    private static <T> List<T> of(List<AiwolfEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Test
    void theCutFollowsTheServer() {
        NlTalk chars = new NlTalk(4, 52, 0, null, null, 50, 50, false, true);
        assertThat(chars.cut("a".repeat(60), null, "P1", names(3)).text()).isEqualTo("a".repeat(50));
        // The first mention of another agent splits the text: 50 before it, 50 after it.
        String said = "x".repeat(10) + "@P2" + "y".repeat(70);
        assertThat(chars.cut(said, null, "P1", names(3)).text()).isEqualTo("x".repeat(10) + "@P2" + "y".repeat(50));
        // One's own name is no mention.
        assertThat(chars.cut("z".repeat(55) + "@P1", null, "P1", names(3)).text()).isEqualTo("z".repeat(50));
        NlTalk words = new NlTalk(4, 20, 0, null, null, 3, null, true, true);
        assertThat(words.cut("one two  three four five", null, "P1", names(3)).text()).isEqualTo("one two three");
        assertThat(words.count("  one two  ")).isEqualTo(2);
        NlTalk noSpaces = new NlTalk(4, 20, 0, 5, null, null, null, false, false);
        assertThat(noSpaces.count("a b c")).isEqualTo(3);
        assertThat(noSpaces.cut("ab cd efgh", null, "P1", names(3)).text()).isEqualTo("ab cd e");
        // A day budget beyond the base: what goes beyond the base is taken from it.
        NlTalk budget = new NlTalk(4, 20, 0, null, 10, 5, null, false, true);
        NlTalk.Cut cut = budget.cut("a".repeat(12), 10, "P1", names(3));
        assertThat(cut.text()).hasSize(12);
        assertThat(cut.budgetLeft()).isEqualTo(3);
        assertThat(budget.cut("a".repeat(30), 3, "P1", names(3)).text()).hasSize(8);
        assertThat(new NlTalk(4, 20, 0, 0, null, null, null, false, true).cut("hello", null, "P1", names(3)).text())
                .isEqualTo("Over");
    }

    @Test
    void theSpeakersAreAskedOneAtATimeInTheDaysOrderAndEachSeesTheOthersFirst() {
        AiwolfGame g = game(5, 3);
        // Day 0: one werewolf has nobody to whisper to; the talk begins at once.
        assertThat(g.day()).isZero();
        assertThat(g.stage()).isEqualTo(Stage.TALK);
        assertThat(g.daytime()).isTrue();
        g.drain();
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Map<String, Set<Kind>> awaiting = g.awaiting();
            assertThat(awaiting).hasSize(1);
            String speaker = awaiting.keySet().iterator().next();
            assertThat(g.speaker()).isEqualTo(speaker);
            int step = g.step();
            assertThat(g.talk(speaker, "Hello, I am " + speaker + ".")).isNull();
            assertThat(g.step()).isGreaterThan(step);
            List<AiwolfEvent.Turn> turns = of(g.drain(), AiwolfEvent.Turn.class);
            assertThat(turns).hasSize(1);
            assertThat(turns.getFirst().utterances()).singleElement().satisfies(u -> {
                assertThat(u.agent()).isEqualTo(speaker);
                assertThat(u.turn()).isZero();
                assertThat(u.text()).isEqualTo("Hello, I am " + speaker + ".");
            });
            order.add(speaker);
        }
        assertThat(order).containsExactlyInAnyOrderElementsOf(names(5));
        // The second turn keeps the day's order.
        for (String expected : order) {
            assertThat(g.speaker()).isEqualTo(expected);
            assertThat(g.talksLeft(expected)).isEqualTo(3);
            assertThat(g.talk(expected, "Over")).isNull();
        }
        // Everybody said Over: the talk is over, and with it day 0 (no whispers, no vote): the seer divines.
        assertThat(g.stage()).isEqualTo(Stage.NIGHT);
        assertThat(g.daytime()).isFalse();
        assertThat(g.awaiting()).hasSize(1);
        assertThat(g.awaiting().values().iterator().next()).containsExactly(Kind.DIVINE);
    }

    @Test
    void aSkipWithoutSkipsLeftIsOverAndALateAnswerIsAFreeSkip() {
        AiwolfGame g = game(5, 4);
        String first = g.speaker();
        assertThat(g.talk(first, "Skip")).isNull(); // max_skip 0: Over
        assertThat(g.talks().getLast().text()).isEqualTo("Over");
        assertThat(g.talksLeft(first)).isZero();
        String second = g.speaker();
        g.timeout(); // a late answer: a Skip that spends nothing
        assertThat(g.talks().getLast().agent()).isEqualTo(second);
        assertThat(g.talks().getLast().text()).isEqualTo("Skip");
        assertThat(g.talksLeft(second)).isEqualTo(3);
        // The talk goes on until a turn in which nobody says more than Over, and never past 4 talks each.
        int asked = 2;
        while (g.stage() == Stage.TALK) {
            g.talk(g.speaker(), "Still here.");
            asked++;
        }
        Map<String, Long> perSpeaker = new HashMap<>();
        g.talks().forEach(u -> perSpeaker.merge(u.agent(), 1L, Long::sum));
        assertThat(perSpeaker.values()).allMatch(n -> n <= 4);
        assertThat(perSpeaker.get(first)).isEqualTo(1);
        assertThat(asked).isEqualTo(g.talks().size());
    }

    @Test
    void aLongUtteranceIsCutAndTheThirteenPlayerDayBeginsWithTheMorningWhispers() {
        AiwolfGame g = game(13, 5);
        // Three werewolves whisper first, in the morning of day 0 (daytime).
        assertThat(g.stage()).isEqualTo(Stage.WHISPER);
        assertThat(g.daytime()).isTrue();
        assertThat(g.role(g.speaker())).isEqualTo(Role.WEREWOLF);
        while (g.stage() == Stage.WHISPER) {
            assertThat(g.whisper(g.speaker(), "Over")).isNull();
        }
        assertThat(g.stage()).isEqualTo(Stage.TALK);
        String speaker = g.speaker();
        String other = g.players().stream().filter(p -> !p.equals(speaker)).findFirst().orElseThrow();
        g.talk(speaker, "w".repeat(80) + " @" + other + " " + "v".repeat(80));
        String said = g.talks().getLast().text();
        assertThat(said).isEqualTo("w".repeat(50) + "@" + other + " " + "v".repeat(49));
    }

    @Test
    void theNightRunsVoteThenDivinationThenWhispersThenGuardAndAttack() {
        AiwolfGame g = game(13, 6);
        while (g.day() == 0) {
            if (g.awaiting().isEmpty()) {
                g.timeout();
                continue;
            }
            String p = g.awaiting().keySet().iterator().next();
            Kind k = g.awaiting().get(p).iterator().next();
            switch (k) {
                case TALK -> g.perform(p, new Act.Talk("Over")); // a talk, or a whisper in the whisper turns
                default -> g.timeout();
            }
        }
        // Day 1: talk, then (the night section) the vote, in which one may vote for oneself.
        while (g.stage() == Stage.TALK) {
            g.talk(g.speaker(), "Over");
        }
        assertThat(g.stage()).isEqualTo(Stage.VOTE);
        String voter = g.living().getFirst();
        assertThat(g.vote(voter, voter)).isNull();
        for (String p : g.living()) {
            if (!p.equals(voter)) {
                g.vote(p, g.living().get(1));
            }
        }
        assertThat(of(g.drain(), AiwolfEvent.Executed.class)).singleElement()
                .satisfies(e -> assertThat(e.player()).isEqualTo(g.players().get(1)));
        // Then the seer alone, then the werewolves' whispers, then the guard and the attack together.
        assertThat(g.stage()).isEqualTo(Stage.NIGHT);
        g.awaiting().values().forEach(k -> assertThat(k).containsExactly(Kind.DIVINE));
        String seer = g.awaiting().keySet().iterator().next();
        g.divine(seer, g.living().stream().filter(p -> !p.equals(seer)).findFirst().orElseThrow());
        assertThat(g.stage()).isEqualTo(Stage.WHISPER);
        while (g.stage() == Stage.WHISPER) {
            g.whisper(g.speaker(), "Over");
        }
        assertThat(g.stage()).isEqualTo(Stage.NIGHT);
        Set<Kind> acts = new java.util.HashSet<>();
        g.awaiting().values().forEach(acts::addAll);
        assertThat(acts).containsExactlyInAnyOrder(Kind.GUARD, Kind.VOTE);
    }

    @Test
    void aVoteNobodyCastExecutesNobody() {
        AiwolfGame g = game(5, 7);
        while (g.day() == 0) {
            if (g.speaker() != null) {
                g.talk(g.speaker(), "Over");
            } else {
                g.timeout();
            }
        }
        while (g.stage() == Stage.TALK) {
            g.talk(g.speaker(), "Over");
        }
        assertThat(g.stage()).isEqualTo(Stage.VOTE);
        g.drain();
        g.timeout();
        List<AiwolfEvent> events = g.drain();
        assertThat(of(events, AiwolfEvent.Executed.class)).isEmpty();
        assertThat(g.living()).hasSize(5);
        assertThat(g.stage()).isEqualTo(Stage.NIGHT);
    }

    /** Random play, timeouts included, over hundreds of seeds of each village: every game ends once. */
    @Test
    void everyGameEnds() {
        String[] texts = {"Over", "Skip", "I suspect @P2 of lying.", "I am the seer. P3 is a werewolf.",
            "x".repeat(300)};
        for (int players : new int[] {5, 9, 13}) {
            for (long seed = 0; seed < 300; seed++) {
                SplittableRandom r = new SplittableRandom(seed * 17 + players);
                AiwolfGame g = game(players, seed);
                int steps = 0;
                int overs = 0;
                while (!g.isOver()) {
                    assertThat(++steps).as("seed %d", seed).isLessThan(20_000);
                    Map<String, Set<Kind>> awaiting = g.awaiting();
                    if (awaiting.isEmpty() || r.nextInt(20) == 0) {
                        g.timeout();
                    } else {
                        List<String> who = new ArrayList<>(awaiting.keySet());
                        String p = who.get(r.nextInt(who.size()));
                        Kind k = awaiting.get(p).iterator().next();
                        List<String> targets = g.targets(p, k);
                        String t = targets.isEmpty() ? null : targets.get(r.nextInt(targets.size()));
                        String refused = g.perform(p, switch (k) {
                            case TALK -> new Act.Talk(texts[r.nextInt(texts.length)]);
                            case VOTE -> new Act.Vote(t);
                            case DIVINE -> new Act.Divine(t);
                            case GUARD -> new Act.Guard(t);
                            default -> throw new AssertionError("the engine awaits " + k);
                        });
                        assertThat(refused).as("seed %d: %s by %s", seed, k, p).isNull();
                    }
                    for (AiwolfEvent e : g.drain()) {
                        if (e instanceof AiwolfEvent.Over) {
                            overs++;
                        }
                        if (e instanceof AiwolfEvent.Turn turn) {
                            assertThat(turn.utterances()).hasSize(1);
                            if (players == 13) {
                                assertThat(turn.utterances().getFirst().text().length()).isLessThanOrEqualTo(104);
                            }
                        }
                    }
                }
                assertThat(overs).as("seed %d", seed).isEqualTo(1);
            }
        }
    }

    @Test
    void theSeatsAreToldToTalkInTheirOwnWordsAndTheProtocolGamesSeatsInProtocolText() {
        AiwolfRules rules = new AiwolfRules();
        assertThat(rules.speech(AiwolfOptions.natural(5, Duration.ofSeconds(5)))).isEqualTo(maw.base.Speech.NATURAL);
        assertThat(rules.label(AiwolfOptions.natural(5, Duration.ofSeconds(5)))).isEqualTo("aiwolf-nlp");
        assertThat(rules.speech(AiwolfOptions.of(5, Duration.ofSeconds(5)))).isEqualTo(maw.base.Speech.PROTOCOL);
        assertThat(new maw.game.maw.MawRules().speech(maw.game.maw.GameOptions.defaults())).isEqualTo(maw.base.Speech.CHAT);
    }

    @Test
    void underTheGameMasterSelfVotesAreTakenAndLongTextIsCutNotRefused() {
        AiwolfRules rules = new AiwolfRules();
        AiwolfState s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) rules.apply(rules.newGame(
                AiwolfOptions.natural(13, Duration.ofSeconds(5)), 1), new Command.Start(names(13)))).state();
        assertThat(s.phase().phase()).isEqualTo(Phase.DAY);
        while (s.game().stage() != Stage.TALK) {
            s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) rules.apply(s, new Command.Timeout(s.phase()))).state();
        }
        String speaker = s.game().speaker();
        Outcome<AiwolfState, AiwolfNews> talk = rules.apply(s, new Command.Perform(speaker, s.phase(),
                new Act.Talk("t".repeat(2000))));
        s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) talk).state();
        assertThat(s.game().talks().getLast().text()).hasSize(50);
        assertThat(((Outcome.Refused<AiwolfState, AiwolfNews>) rules.apply(s, new Command.Perform(s.game().speaker(),
                s.phase(), new Act.Talk("t".repeat(5000))))).code()).isEqualTo(RefusalCode.BAD_TEXT);
        while (s.game().stage() != Stage.VOTE) {
            s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) rules.apply(s, new Command.Timeout(s.phase()))).state();
            if (s.game().day() == 0 && s.game().stage() == Stage.NIGHT) {
                s = ((Outcome.Accepted<AiwolfState, AiwolfNews>) rules.apply(s, new Command.Timeout(s.phase())))
                        .state();
            }
        }
        String voter = s.game().living().getFirst();
        assertThat(rules.apply(s, new Command.Perform(voter, s.phase(), new Act.Vote(voter))))
                .isInstanceOf(Outcome.Accepted.class);
    }

    /**
     * The speak-anytime track (freeform_en_5): the day's talk is one step of 10 minutes in which every living player
     * may say a line at any time while it has lines left (4), a line's turn is its speaker's own count, Over (or
     * giving up) spends the rest, the phase ends once nobody has a line left, or at its time with what is left unsaid.
     */
    @Test
    void groupChatTakesAnyonesLineWhileItHasLinesLeft() {
        AiwolfGame g = AiwolfGame.deal(NlpRegulation.settings("freeform_en_5"), names(5), 7);
        g.drain();
        assertThat(g.stage()).isEqualTo(Stage.TALK);
        assertThat(g.stepLength()).isEqualTo(Duration.ofMinutes(10));
        assertThat(g.awaiting().keySet()).containsExactlyInAnyOrderElementsOf(names(5));
        int step = g.step();
        // P2 speaks twice before anyone else; then P1; the order is theirs.
        assertThat(g.talk("P2", "Hello all.")).isNull();
        assertThat(g.talk("P2", "@P3 who are you?")).isNull();
        assertThat(g.talk("P1", "I am the seer, trust me.")).isNull();
        List<AiwolfEvent.Turn> turns = of(g.drain(), AiwolfEvent.Turn.class);
        assertThat(turns).extracting(t -> t.utterances().getFirst().agent() + "#" + t.utterances().getFirst().turn()
                + "@" + t.utterances().getFirst().idx()).containsExactly("P2#0@0", "P2#1@1", "P1#0@2");
        assertThat(g.step()).as("one step for the whole phase").isEqualTo(step);
        assertThat(g.talk("P2", "third")).isNull();
        assertThat(g.talk("P2", "fourth")).isNull();
        assertThat(g.talk("P2", "fifth")).as("no line beyond the count").isNotNull();
        assertThat(g.awaiting()).doesNotContainKey("P2");
        // Over, and giving up, spend the rest; the phase ends once nobody has a line left.
        assertThat(g.talk("P1", "Over")).isNull();
        assertThat(g.pass("P3")).isNull();
        assertThat(g.talk("P4", "Over")).isNull();
        assertThat(g.stage()).isEqualTo(Stage.TALK);
        assertThat(g.talk("P5", "Over")).isNull();
        assertThat(g.stage()).as("ended early: everyone said Over").isNotEqualTo(Stage.TALK);
        assertThat(of(g.drain(), AiwolfEvent.Turn.class)).extracting(t -> t.utterances().getFirst().text())
                .containsExactly("third", "fourth", "Over", "Over", "Over", "Over");
        // A day that is still talking at its time's end moves on, what was not said unsaid.
        AiwolfGame h = AiwolfGame.deal(NlpRegulation.settings("freeform_en_5"), names(5), 7);
        assertThat(h.talk("P3", "Just one line.")).isNull();
        h.timeout();
        assertThat(h.stage()).isNotEqualTo(Stage.TALK);
        assertThat(h.stepLength()).isNull();
    }
}
