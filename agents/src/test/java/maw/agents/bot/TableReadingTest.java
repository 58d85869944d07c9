package maw.agents.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.runtime.Jid;
import org.junit.jupiter.api.Test;

/** The rule bot's reading of a MAW table, and what it makes a seat do, from the news alone. */
class TableReadingTest {

    private static final List<String> TABLE = List.of("Alice", "Bob", "Carol", "Dave", "Eve", "Frank");

    /** A reading of the table by {@code me} in {@code role}, at the start of day {@code day}, everyone alive. */
    private static TableReading reading(String me, Role role, List<String> partners, int day, List<String> living) {
        TableReading r = new TableReading(me);
        r.hear(new Catalog.StartGame("g", 1, 1, TABLE.size(), TABLE, "village@x", "hideout@x", "maw", null, null, null, null));
        r.hear(new Catalog.AssignRole("g", 1, role, partners));
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, day, System.currentTimeMillis() + 60_000, 60, living, null));
        return r;
    }

    private static SeatView view(String me, Role role, List<String> partners, List<String> living) {
        List<String> others = living.stream().filter(p -> !p.equals(me)).toList();
        return new SeatView(me, role, partners, Phase.DAY, 1, System.currentTimeMillis() + 60_000,
                living, List.of(), others, List.of(Act.Kind.SPEAK, Act.Kind.VOTE), Map.of(Act.Kind.VOTE, others),
                "Village", 500, List.of(), null, true, Map.of());
    }

    private static RuleBotAgent bot(String me) {
        return new RuleBotAgent(Jid.of("bot-" + me.toLowerCase(), "x"), "pw", me, 1);
    }

    /** The bot's first act that is not a line in the room (it says two a day before it votes). */
    private static Act act(RuleBotAgent bot, SeatView v) {
        Act a = bot.decide(1, v);
        for (int i = 0; i < 3 && a instanceof Act.Speak; i++) {
            a = bot.decide(1, v);
        }
        return a;
    }

    @Test
    void theReadersOfOneTableAgreeOnOneSuspectWithoutAWord() {
        List<String> votes = TABLE.stream().map(me -> {
            TableReading r = reading(me, Role.VILLAGER, List.of(), 1, TABLE);
            return TableReading.top(r.suspicion(), TABLE.stream().filter(p -> !p.equals(me)).toList());
        }).distinct().toList();
        // Every reader votes for the table's most suspect; that one votes for the next: two names at most.
        assertThat(votes).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void aStandingSeerClaimNamesTheSuspectAndClearsTheSeer() {
        TableReading r = reading("Bob", Role.VILLAGER, List.of(), 1, TABLE);
        r.chat("Eve", "I am the seer: Frank is a werewolf, Carol is human.");
        assertThat(r.trustedSeer()).isEqualTo("Eve");
        Map<String, Double> s = r.suspicion();
        assertThat(TableReading.top(s, List.of("Alice", "Carol", "Dave", "Eve", "Frank"))).isEqualTo("Frank");
        assertThat(s.get("Eve")).isLessThan(s.get("Alice"));
        assertThat(s.get("Carol")).isLessThan(s.get("Alice"));
    }

    @Test
    void aClaimThatCallsAMurderedPlayerAWerewolfIsALie() {
        TableReading r = reading("Bob", Role.VILLAGER, List.of(), 1, TABLE);
        r.chat("Frank", "I'm the seer. Carol is a werewolf.");
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 2, System.currentTimeMillis() + 60_000, 60,
                List.of("Alice", "Bob", "Dave", "Eve", "Frank"), "Carol"));
        assertThat(r.publicLiars()).containsExactly("Frank");
        assertThat(r.trustedSeer()).isNull();
        assertThat(TableReading.top(r.suspicion(), List.of("Alice", "Dave", "Eve", "Frank"))).isEqualTo("Frank");
    }

    @Test
    void twoSeerClaimsAreContestedAndTheSeerKnowsWhoLies() {
        TableReading villager = reading("Bob", Role.VILLAGER, List.of(), 1, TABLE);
        TableReading seer = reading("Eve", Role.SEER, List.of(), 1, TABLE);
        for (TableReading r : List.of(villager, seer)) {
            r.chat("Eve", "I am the seer: Frank is a werewolf.");
            r.chat("Frank", "I am the seer: Eve is a werewolf.");
        }
        assertThat(villager.trustedSeer()).isNull();
        assertThat(TableReading.ranked(villager.suspicion(), List.of("Alice", "Carol", "Dave", "Eve", "Frank"))
                .subList(0, 2)).containsExactlyInAnyOrder("Eve", "Frank");
        assertThat(seer.liars()).containsExactly("Frank");
    }

    /** Alice, a werewolf with Frank, on day 2: on day 1 all voted out Carol but Frank, who alone strayed. */
    private static RuleBotAgent aliceOnDay2(List<String> living) {
        RuleBotAgent alice = bot("Alice");
        TableReading r = alice.reading();
        r.hear(new Catalog.StartGame("g", 1, 1, 6, TABLE, "village@x", "hideout@x", "maw", null, null, null, null));
        r.hear(new Catalog.AssignRole("g", 1, Role.WEREWOLF, List.of("Frank")));
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 1, System.currentTimeMillis() + 60_000, 60, TABLE, null));
        for (String p : TABLE) {
            if (!p.equals("Carol")) {
                r.hear(new Catalog.VoteCast("g", 1, Phase.DAY, 1, p, p.equals("Frank") ? "Dave" : "Carol", Map.of()));
            }
        }
        r.hear(new Catalog.VoteCast("g", 1, Phase.DAY, 1, "Carol", "Bob", Map.of()));
        r.hear(new Catalog.VoteResult("g", 1, 1, "Carol", Catalog.Verdict.EXECUTED, "majority"));
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 2, System.currentTimeMillis() + 60_000, 60, living, null));
        living.forEach(p -> r.chat(p, "Hello."));
        living.forEach(p -> r.chat(p, "Let us vote."));
        return alice;
    }

    @Test
    void aWerewolfVotesWhereTheVillageVotesButForAPackMateOnlyWhenTheVillageDoomsIt() {
        // Frank strayed: the village reads him as its most suspect, and it outnumbers the pack (3 to 2).
        List<String> five = List.of("Alice", "Bob", "Dave", "Eve", "Frank");
        RuleBotAgent alice = aliceOnDay2(five);
        assertThat(alice.reading().villageChoice()).isEqualTo("Frank");
        assertThat(act(alice, view("Alice", Role.WEREWOLF, List.of("Frank"), five))).isEqualTo(new Act.Vote("Frank"));

        // Two against two: the village cannot carry the vote alone, and the pack does not give its mate away.
        List<String> four = List.of("Alice", "Bob", "Eve", "Frank");
        RuleBotAgent alone = aliceOnDay2(four);
        assertThat(alone.reading().villageChoice()).isEqualTo("Frank");
        Act vote = act(alone, view("Alice", Role.WEREWOLF, List.of("Frank"), four));
        assertThat(vote).isInstanceOf(Act.Vote.class);
        assertThat(vote.target()).isNotEqualTo("Frank");
    }

    @Test
    void aWerewolfNamedByAStandingSeerAnswersWithAClaimOfItsOwn() {
        RuleBotAgent alice = bot("Alice");
        TableReading r = alice.reading();
        r.hear(new Catalog.StartGame("g", 1, 1, 6, TABLE, "village@x", "hideout@x", "maw", null, null, null, null));
        r.hear(new Catalog.AssignRole("g", 1, Role.WEREWOLF, List.of("Frank")));
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 1, System.currentTimeMillis() + 60_000, 60, TABLE, null));
        SeatView v = view("Alice", Role.WEREWOLF, List.of("Frank"), TABLE);
        assertThat(alice.decide(1, v)).isInstanceOf(Act.Speak.class); // its first line, a suspicion
        r.chat("Eve", "I am the seer: Frank is a werewolf.");
        TABLE.stream().filter(p -> !p.equals("Eve")).forEach(p -> r.chat(p, "Hello."));
        assertThat(alice.decide(1, v)).as("its second line, once everyone has said one")
                .isEqualTo(new Act.Speak("I am the seer: Eve is a werewolf."));
        r.chat("Alice", "I am the seer: Eve is a werewolf.");
        assertThat(r.trustedSeer()).as("two claims stand: neither is believed").isNull();
    }

    @Test
    void aReadingVillagerSaysTwoLinesAndVotesOnceEveryoneHasSaidTwo() {
        RuleBotAgent bob = bot("Bob");
        TableReading r = bob.reading();
        r.hear(new Catalog.StartGame("g", 1, 1, 6, TABLE, "village@x", "hideout@x", "maw", null, null, null, null));
        r.hear(new Catalog.AssignRole("g", 1, Role.VILLAGER, List.of()));
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 1, System.currentTimeMillis() + 60_000, 60, TABLE, null));
        SeatView v = view("Bob", Role.VILLAGER, List.of(), TABLE);
        assertThat(bob.decide(1, v)).isInstanceOf(Act.Speak.class);
        TABLE.stream().filter(p -> !p.equals("Eve")).forEach(p -> r.chat(p, "Hello."));
        assertThat(bob.decide(1, v)).as("Eve has not spoken yet").isEqualTo(new Act.Listen());
        r.chat("Eve", "I am the seer: Dave is a werewolf.");
        assertThat(bob.decide(1, v)).isEqualTo(new Act.Speak("I vote for Dave."));
        TABLE.forEach(p -> r.chat(p, "I vote."));
        assertThat(bob.decide(1, v)).isEqualTo(new Act.Vote("Dave"));
    }

    @Test
    void theHintSaysTheSuspectsWithTheirReasonsTheClaimsAndTheirContradictions() {
        TableReading r = reading("Bob", Role.VILLAGER, List.of(), 1, TABLE);
        for (String p : TABLE) {
            r.hear(new Catalog.VoteCast("g", 1, Phase.DAY, 1, p, p.equals("Frank") ? "Dave" : "Carol", Map.of()));
        }
        r.hear(new Catalog.VoteCast("g", 1, Phase.DAY, 1, "Carol", "Bob", Map.of()));
        r.hear(new Catalog.VoteResult("g", 1, 1, "Carol", Catalog.Verdict.EXECUTED, "majority"));
        r.chat("Eve", "I am the seer: Alice is a werewolf.");
        r.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 2, System.currentTimeMillis() + 60_000, 60,
                List.of("Bob", "Dave", "Eve", "Frank"), "Alice"));
        List<String> hint = r.hint();
        assertThat(hint.getFirst()).startsWith("Most suspect now: Eve (claims the seer, and the facts contradict the "
                + "claim)").contains("Frank (voted for Dave on day 1, not Carol whom the village executed)");
        assertThat(hint).contains("Eve claims the seer (day 1), says Alice is a werewolf.",
                "Contradiction: Eve called Alice a werewolf, but the werewolves murdered Alice.");
        assertThat(String.join("\n", hint)).doesNotContain("Bob (");
        assertThat(r.hint()).as("the same news, the same text").isEqualTo(hint);
    }

    @Test
    void aWerewolfsHintSaysWhereTheVillagesVotesGoAndWhichMateTheyPointAt() {
        TableReading r = reading("Alice", Role.WEREWOLF, List.of("Frank"), 1, TABLE);
        r.chat("Dave", "I am the seer: Frank is a werewolf.");
        List<String> hint = r.hint();
        assertThat(hint.getFirst()).startsWith("The village, reading the table, suspects most: Frank (called a "
                + "werewolf by Dave, the seer claim nothing contradicts)");
        assertThat(hint).contains("Of your pack, the village's reading points at Frank.");
        assertThat(String.join("\n", hint)).as("what only the pack knows is not the village's reading")
                .doesNotContain("you know");
        assertThat(new TableReading("Carol").hint()).as("nothing before the game").isEmpty();
    }

    @Test
    void aWerewolfBotReadsThePackMatesProposalFromItsQuotedWords() {
        List<String> others = List.of("Cid", "Dan");
        SeatView night = new SeatView("Ann", Role.WEREWOLF, List.of("Bob"), Phase.NIGHT, 1,
                System.currentTimeMillis() + 60_000, List.of("Ann", "Bob", "Cid", "Dan"), List.of(), others,
                List.of(Act.Kind.SPEAK, Act.Kind.VOTE), Map.of(Act.Kind.VOTE, others), "Hideout", 500,
                List.of(maw.agents.Text.said("Cid", "Take Dan"), "Night 1 falls.",
                        maw.agents.Text.said("Bob", "Let us take Dan tonight.")), null, false, Map.of());
        assertThat(PackNight.proposalInWords(night.unseen(), night, List.of("Bob"))).isEqualTo("Dan");
    }

    /**
     * While a person at the table has not voted, the bots leave them time to read: no vote in the day's first
     * {@link RuleBotAgent#READING} ms nor within that time of the latest line, never past half the day; once the
     * person has voted (they are ready), or with no person at the table, the bots vote as before.
     */
    @Test
    void aPersonAtTheTableHasTimeToReadBeforeTheBotsVote() {
        long now = System.currentTimeMillis();
        long deadline = now + 60_000; // a 60-s day that began now
        TableReading none = new TableReading("Alice");
        none.hear(new Catalog.StartGame("g", 1, 1, 6, TABLE, "village@x", "hideout@x", "maw", null, null, null, null));
        none.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 1, deadline, 60, TABLE, null));
        TableReading withAnn = new TableReading("Alice");
        withAnn.hear(new Catalog.StartGame("g", 1, 1, 6, TABLE, "village@x", "hideout@x", "maw", null, null, null,
                List.of("Frank")));
        withAnn.hear(new Catalog.PhaseChange("g", 1, Phase.DAY, 1, deadline, 60, TABLE, null));
        for (TableReading r : List.of(none, withAnn)) {
            for (String p : TABLE) {
                r.chatLine(p + " says: \"hello\"");
                r.chatLine(p + " says: \"I suspect Bob\"");
            }
        }
        assertThat(withAnn.began()).isEqualTo(now);
        assertThat(withAnn.peopleStillReading()).containsExactly("Frank");
        long lastLine = now + 5_000;
        assertThat(RuleBotAgent.voteAt(none, lastLine)).as("everyone said two lines: no wait").isZero();
        assertThat(RuleBotAgent.voteAt(withAnn, lastLine)).as("the person reads 20 s after the latest line")
                .isEqualTo(lastLine + RuleBotAgent.READING);
        assertThat(RuleBotAgent.voteAt(withAnn, now + 25_000)).as("never past half the day")
                .isEqualTo(withAnn.halfway());
        assertThat(RuleBotAgent.voteAt(withAnn, lastLine, 8_000)).as("a table that gives people 8 s to read")
                .isEqualTo(lastLine + 8_000);
        assertThat(RuleBotAgent.voteAt(withAnn, lastLine, 0)).as("no time to read: no wait past the latest line")
                .isEqualTo(lastLine);
        // Frank asks for more time: the day is 30 s longer, its half 15 s later; its start stays.
        long half = withAnn.halfway();
        withAnn.hear(new Catalog.MoreTime("g", 1, Phase.DAY, 1, "Frank", 30, deadline + 30_000));
        assertThat(withAnn.halfway()).isEqualTo(half + 15_000);
        assertThat(withAnn.began()).isEqualTo(now);
        withAnn.hear(new Catalog.VoteCast("g", 1, Phase.DAY, 1, "Frank", "Bob", null));
        assertThat(withAnn.peopleStillReading()).isEmpty();
        assertThat(RuleBotAgent.voteAt(withAnn, lastLine)).as("the person has voted: ready").isZero();
    }

    /**
     * A person whose first line names nobody ("Good morning.") is not the bots' suspect more often than any seat: over
     * many tables where each bot names a suspect at random, the shared reading picks each of five seats about a fifth
     * of the time (it picked the silent one about twice as often when each naming counted alike).
     */
    @Test
    void aSeatWhoseFirstLineNamesNobodyIsNotSingledOut() {
        List<String> table = List.of("Ann", "Bob", "Cid", "Dee", "Eve");
        Map<String, Integer> chosen = new java.util.TreeMap<>();
        int tables = 4000;
        for (int g = 0; g < tables; g++) {
            java.util.SplittableRandom r = new java.util.SplittableRandom(g);
            TableReading reading = new TableReading("Bob");
            reading.hear(new Catalog.StartGame("g" + g, 1, 1, 5, table, "village@x", "hideout@x", "maw", null, null,
                    null, List.of("Ann")));
            reading.hear(new Catalog.PhaseChange("g" + g, 1, Phase.DAY, 1, System.currentTimeMillis() + 60_000, 60,
                    table, null));
            reading.chatLine("Ann says: \"Good morning.\"");
            for (String bot : table.subList(1, table.size())) {
                List<String> others = table.stream().filter(p -> !p.equals(bot)).toList();
                reading.chatLine(bot + " says: \"I suspect " + others.get(r.nextInt(others.size())) + ".\"");
            }
            chosen.merge(reading.villageChoice(), 1, Integer::sum);
        }
        for (String p : table) {
            double share = chosen.getOrDefault(p, 0) / (double) tables;
            assertThat(share).as(p + " chosen in " + chosen).isBetween(0.17, 0.24);
        }
    }
}
