package maw.agents.player;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What a seat has read of its rooms. A room that opens for the next round can reach a seat before the GameMaster's
 * word that the round began (they are different senders): the seat then follows it with the old round's stamp, and the
 * room refuses that; the refusal must not close the room of the round the seat is in by the time it comes.
 */
class RoomReaderTest {

    @Test
    void aRefusedFollowOfAPhaseTheSeatHasLeftClosesNothingAndOneOfTheCurrentPhaseDoes() {
        RoomReader reader = new RoomReader();
        String old = Seat.phaseKey(17, maw.base.Phase.DAY, 3);
        String now = Seat.phaseKey(18, maw.base.Phase.DAY, 1);
        assertThat(reader.due(old)).isTrue();
        reader.follow("f17", old, "g", 17);
        reader.phaseChanged(); // round 18 begins for the seat
        assertThat(reader.due(now)).isTrue();
        reader.follow("f18", now, "g", 18);
        assertThat(reader.refused("f17", now)).as("the old round's follow, refused").isFalse();
        assertThat(reader.due(now)).as("the round's own follow still stands").isFalse();
        assertThat(reader.refused("f18", now)).as("the round's own follow, refused").isTrue();
        assertThat(reader.due(now)).as("followed anew once the room opens again").isTrue();
    }
}
