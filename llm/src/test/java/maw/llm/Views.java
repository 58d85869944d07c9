package maw.llm;

import java.nio.file.Path;
import java.util.List;

/** Views and settings for tests. */
final class Views {

    private Views() {}

    static Path prompts() {
        String home = System.getProperty("maw.home");
        Path root = home != null ? Path.of(home) : Path.of("").toAbsolutePath().getParent();
        return root.resolve("prompts");
    }

    static PromptView villagerDay() {
        return new PromptView("Ann", "villager", List.of(), "day", 2, List.of("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"),
                List.of("Ann", "Bob", "Cid", "Dee", "Eve"), List.of("Fay"), List.of("Bob", "Cid", "Dee", "Eve"),
                List.of("speak", "vote", "listen"), "Village", 200, null, false);
    }

    static PromptView werewolfDay() {
        return new PromptView("Cid", "werewolf", List.of("Eve"), "day", 2, List.of("Ann", "Bob", "Cid", "Dee", "Eve",
                "Fay"), List.of("Ann", "Bob", "Cid", "Dee", "Eve"), List.of("Fay"), List.of("Ann", "Bob", "Dee", "Eve"),
                List.of("speak", "vote", "listen"), "Village", 200, null, true);
    }

    static PromptView werewolfNight() {
        return new PromptView("Cid", "werewolf", List.of("Eve"), "night", 2, List.of("Ann", "Bob", "Cid", "Dee", "Eve",
                "Fay"), List.of("Ann", "Bob", "Cid", "Dee", "Eve"), List.of("Fay"), List.of("Ann", "Bob", "Dee"),
                List.of("speak", "vote", "listen"), "Hideout", 200, "Bob", true);
    }
}
