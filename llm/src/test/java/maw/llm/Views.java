package maw.llm;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;

/** Views and settings for tests. */
final class Views {

    private Views() {}

    static Path prompts() {
        String home = System.getProperty("maw.home");
        Path root = home != null ? Path.of(home) : Path.of("").toAbsolutePath().getParent();
        return root.resolve("prompts");
    }

    static final List<String> LIVING = List.of("Ann", "Bob", "Cid", "Dee", "Eve");
    static final List<Act.Kind> DAY_ACTS = List.of(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.LISTEN);

    static SeatView villagerDay() {
        return view("Ann", Role.VILLAGER, List.of(), Phase.DAY, List.of("Bob", "Cid", "Dee", "Eve"), "Village", null,
                false);
    }

    static SeatView werewolfDay() {
        return view("Cid", Role.WEREWOLF, List.of("Eve"), Phase.DAY, List.of("Ann", "Bob", "Dee", "Eve"), "Village",
                null, true);
    }

    static SeatView werewolfNight() {
        return view("Cid", Role.WEREWOLF, List.of("Eve"), Phase.NIGHT, List.of("Ann", "Bob", "Dee"), "Hideout", "Bob",
                true);
    }

    /** A seat on day 2 of six (Fay dead) that may speak, vote among {@code targets} or listen. */
    static SeatView view(String you, Role role, List<String> partners, Phase phase, List<String> targets, String room,
            String votedFor, boolean spoke) {
        return new SeatView(you, role, partners, phase, 2, 0, LIVING, List.of("Fay"), targets, DAY_ACTS, null, room,
                200, List.of(), votedFor, spoke, Map.of());
    }
}
