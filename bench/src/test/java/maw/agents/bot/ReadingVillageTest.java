package maw.agents.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import maw.bench.StrengthBench;
import maw.bench.StrengthBench.Table;
import org.junit.jupiter.api.Test;

/**
 * Whole MAW games of rule bots under the GameMaster (every agent on the in-JVM transport), over a fixed set of seeds:
 * a village that reads the table wins clearly more often than a random one against the same werewolves. The margins
 * are far below what {@code maw bench strength} measures over 200 games (docs/BENCHMARKS.md), so that chance alone
 * does not fail them.
 */
class ReadingVillageTest {

    private final StrengthBench bench = new StrengthBench(new PrintStream(OutputStream.nullOutputStream()));

    @Test
    void aReadingVillageCatchesRandomWerewolvesARandomVillageDoesNot() throws Exception {
        // 12 players, 2 werewolves: a random werewolf's stray votes give it away (the bench: 0.990 against 0.180).
        var reading = bench.mawTable("12p", Table.RULE_VILLAGE, 12, 30, 100, StrengthBench.mawOptions(false, 2));
        var random = bench.mawTable("12p", Table.RANDOM, 12, 30, 100, StrengthBench.mawOptions(false, 2));
        assertThat(reading.villageWins()).as("reading village's wins of 30").isGreaterThanOrEqualTo(24);
        assertThat(reading.villageWins() - random.villageWins()).isGreaterThanOrEqualTo(12);
    }

    @Test
    void withTheSeerAReadingVillageBeatsARandomOneAgainstReadingWerewolves() throws Exception {
        // 12 players, 2 werewolves, a seer: the bench measures 0.515 against 0.095.
        var reading = bench.mawTable("12p", Table.RULE, 12, 40, 200, StrengthBench.mawOptions(true, 2));
        var random = bench.mawTable("12p", Table.RULE_PACK, 12, 40, 200, StrengthBench.mawOptions(true, 2));
        assertThat(reading.villageWins() - random.villageWins()).as("reading %d, random %d of 40",
                reading.villageWins(), random.villageWins()).isGreaterThanOrEqualTo(4);
    }
}
