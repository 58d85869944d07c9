package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Game ids are ULIDs: 26 characters of Crockford's base32, the time first, sorted in the order they were made. */
class UlidTest {

    @Test
    void anIdIsTwentySixCharactersOfCrockfordsBase32WithTheTimeItWasMade() {
        long before = System.currentTimeMillis();
        String id = Ulid.next();
        long after = System.currentTimeMillis();
        assertThat(id).hasSize(26).matches("[0-7][0-9A-HJKMNP-TV-Z]{25}");
        assertThat(Ulid.valid(id)).isTrue();
        assertThat(Ulid.millis(id)).isBetween(before, after);
    }

    @Test
    void idsMadeOneAfterAnotherSortInTheOrderTheyWereMadeEvenInOneMillisecond() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(Ulid.next());
        }
        assertThat(ids).doesNotHaveDuplicates().isSorted();
    }

    @Test
    void theIdsAfterOneKeepItsTimeAndCountUpItsRandomPart() {
        String id = "01KAXQ3M9T4RZ8V2N6B7C5D1EF";
        assertThat(Ulid.plus(id, 0)).isEqualTo(id);
        assertThat(Ulid.plus(id, 1)).isEqualTo("01KAXQ3M9T4RZ8V2N6B7C5D1EG");
        assertThat(Ulid.plus(id, 32)).isEqualTo("01KAXQ3M9T4RZ8V2N6B7C5D1FF");
        assertThat(Ulid.millis(Ulid.plus(id, 1_000_000))).isEqualTo(Ulid.millis(id));
        // A carry across digits, and one out of the random part's low 64 bits into its high 16.
        assertThat(Ulid.plus("01KAXQ3M9T0007ZZZZZZZZZZZZ", 1)).isEqualTo("01KAXQ3M9T0008000000000000");
        assertThat(Ulid.plus("01KAXQ3M9T000FZZZZZZZZZZZZ", 1)).isEqualTo("01KAXQ3M9T000G000000000000");
        assertThat(Ulid.plus(id, 5)).isGreaterThan(id);
    }

    @Test
    void whatIsNotAUlidIsToldApart() {
        assertThat(Ulid.valid("a1b2c3d4")).isFalse();
        assertThat(Ulid.valid("01kaxq3m9t4rz8v2n6b7c5d1ef")).as("upper case, as written").isFalse();
        assertThat(Ulid.valid("81KAXQ3M9T4RZ8V2N6B7C5D1EF")).as("past the 48-bit time").isFalse();
        assertThat(Ulid.valid("01KAXQ3M9T4RZ8V2N6B7C5D1EU")).as("U is not a digit").isFalse();
        assertThatThrownBy(() -> Ulid.plus("g1", 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
