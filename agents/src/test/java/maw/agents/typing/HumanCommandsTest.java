package maw.agents.typing;

import static org.assertj.core.api.Assertions.assertThat;
import java.util.List;
import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.agents.typing.HumanCommands.Command;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import org.junit.jupiter.api.Test;

/** What a person types, read: chat, votes by shortened names, questions, and the waits scripts use. */
class HumanCommandsTest {

    private static SeatView view(String phase, int day, String role, List<String> living, List<String> dead,
            long deadline) {
        return new SeatView("Zed", Role.fromWire(role), "werewolf".equals(role) ? List.of("Eve") : List.of(),
                Phase.valueOf(phase.toUpperCase(java.util.Locale.ROOT)), day, deadline, living, dead,
                living.stream().filter(n -> !n.equals("Zed")).toList(),
                List.of(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.LISTEN), java.util.Map.of(),
                "day".equals(phase) ? "Village" : null, 200, List.of(), null, false, java.util.Map.of());
    }

    private static final SeatView DAY = view("day", 2, "villager",
            List.of("Alice", "Albert", "Bob", "Eve", "Zed"), List.of("Carol"), 100_000);

    private static Command say(String text) {
        return new HumanCommands.Perform(new Act.Speak(text));
    }

    private static Command vote(String name) {
        return new HumanCommands.Perform(new Act.Vote(name));
    }

    private static Command divine(String name) {
        return new HumanCommands.Perform(new Act.Divine(name));
    }

    @Test
    void aWhisperNamesItsRecipientThenItsText() {
        assertThat(parse("/whisper bob I trust you")).isEqualTo(new HumanCommands.Perform(
                new Act.Whisper("Bob", "I trust you")));
        assertThat(parse("/wh alic meet me")).isEqualTo(new HumanCommands.Perform(new Act.Whisper("Alice", "meet me")));
        assertThat(parse("/whisper bob")).isInstanceOf(HumanCommands.Tell.class);
    }

    private static Command parse(String line) {
        return HumanCommands.parse(line, DAY, 58_500, null);
    }

    @Test
    void plainTextIsChatAndSlashSayToo() {
        assertThat(parse("  I trust nobody  ")).isEqualTo(say("I trust nobody"));
        assertThat(parse("/say /who is a command")).isEqualTo(say("/who is a command"));
        assertThat(parse("")).isEqualTo(new HumanCommands.Nothing());
    }

    @Test
    void aVoteTakesAnyUnambiguousBeginningOfANameInAnyCase() {
        assertThat(parse("/vote bob")).isEqualTo(vote("Bob"));
        assertThat(parse("/v E")).isEqualTo(vote("Eve"));
        assertThat(parse("/vote al")).isEqualTo(new HumanCommands.Tell("Which one: Alice, Albert?"));
        assertThat(parse("/vote alice")).isEqualTo(vote("Alice"));
        assertThat(parse("/vote")).isInstanceOfSatisfying(HumanCommands.Tell.class,
                t -> assertThat(t.text()).contains("Whom?").contains("Alice, Albert, Bob, Eve"));
        // A name nobody has goes to the GameMaster as typed: its refusal names who may be voted for.
        assertThat(parse("/vote Mallory")).isEqualTo(vote("Mallory"));
        assertThat(parse("/divine car")).isEqualTo(divine("Carol"));
    }

    @Test
    void questionsAreAnsweredFromTheSeatsView() {
        assertThat(parse("/who")).isEqualTo(new HumanCommands.Tell("Living: Alice, Albert, Bob, Eve, Zed. Dead: Carol."));
        assertThat(parse("/role")).isEqualTo(new HumanCommands.Tell("You are Zed, a villager."));
        assertThat(parse("/time")).isEqualTo(new HumanCommands.Tell("Day 2: 42 s left."));
        SeatView wolf = view("night", 1, "werewolf", List.of("Alice", "Eve", "Zed"), List.of(), 0);
        assertThat(HumanCommands.parse("/role", wolf, 0, null)).isEqualTo(
                new HumanCommands.Tell("You are Zed, a werewolf. Your fellow werewolves: Eve."));
        SeatView dead = view("day", 3, "villager", List.of("Alice", "Eve"), List.of("Zed"), 0);
        assertThat(HumanCommands.parse("/role", dead, 0, null)).isEqualTo(
                new HumanCommands.Tell("You are Zed, a villager (dead: you watch, but no longer speak or vote)."));
        assertThat(HumanCommands.parse("/who", null, 0, null))
                .isEqualTo(new HumanCommands.Tell("The game has not started yet."));
        assertThat(parse("/help")).isInstanceOfSatisfying(HumanCommands.Tell.class,
                t -> assertThat(t.text()).contains("/vote NAME").contains("/quit"));
        assertThat(parse("/dance")).isInstanceOfSatisfying(HumanCommands.Tell.class,
                t -> assertThat(t.text()).startsWith("Unknown command /dance."));
        assertThat(parse("/quit")).isEqualTo(new HumanCommands.Quit());
    }

    @Test
    void aWaitIsReachedByThePhaseItNamesOrAnyLaterOne() {
        HumanCommands.Wait night2 = (HumanCommands.Wait) parse("/wait night 2");
        assertThat(HumanCommands.reached(night2, DAY, false)).isFalse();
        assertThat(HumanCommands.reached(night2, view("night", 2, "villager", List.of("Zed"), List.of(), 0), false))
                .isTrue();
        assertThat(HumanCommands.reached(night2, view("day", 3, "villager", List.of("Zed"), List.of(), 0), false))
                .isTrue();
        HumanCommands.Wait anyDay = (HumanCommands.Wait) parse("/wait day");
        assertThat(HumanCommands.reached(anyDay, DAY, false)).isTrue();
        HumanCommands.Wait end = (HumanCommands.Wait) parse("/wait end");
        assertThat(HumanCommands.reached(end, DAY, false)).isFalse();
        assertThat(HumanCommands.reached(end, DAY, true)).isTrue();
        assertThat(parse("/wait lunch")).isInstanceOf(HumanCommands.Tell.class);
        assertThat(parse("/sleep 1.5")).isEqualTo(new HumanCommands.Sleep(1500));
    }
}
