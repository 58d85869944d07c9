package maw.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fairness table of {@code maw bench strength}: every game counts each seat once, the measured one apart, and a
 * seat flagged as a person with the bots' own mind is played as a bot is (the flag changes when the bots vote, not
 * whom), so its table is the baseline's.
 */
class PersonFairnessTest {

    private final PersonFairness bench = new PersonFairness(new PrintStream(OutputStream.nullOutputStream()));

    @Test
    void eachGameCountsEverySeatAndAPersonWithTheBotsMindIsPlayedAsABot() throws Exception {
        var options = StrengthBench.mawOptions(false, 0);
        PersonFairness.Row bot = bench.table("6p", PersonFairness.Sitter.BOT, 6, 12, 7, options);
        PersonFairness.Row person = bench.table("6p", PersonFairness.Sitter.PERSON, 6, 12, 7, options);
        PersonFairness.Row quiet = bench.table("6p", PersonFairness.Sitter.QUIET_PERSON, 6, 12, 7, options);
        for (PersonFairness.Row r : List.of(bot, person, quiet)) {
            assertThat(r.games).isEqualTo(12);
            assertThat(r.others).isEqualTo(12 * 5);
            assertThat(r.seatDay1).isLessThanOrEqualTo(r.seatEver);
            assertThat(r.seatEver + r.othersEver).as("executions").isPositive();
        }
        assertThat(List.of(person.seatDay1, person.seatEver, person.othersDay1, person.othersEver))
                .isEqualTo(List.of(bot.seatDay1, bot.seatEver, bot.othersDay1, bot.othersEver));
        Map<String, Object> json = PersonFairness.toJson(List.of(quiet));
        assertThat(json.toString()).contains("a person who names nobody first").contains("seatExecutedDay1");
    }
}
