package maw.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A game's journal as the crash-and-resume tests read it. */
public final class Journals {

    private Journals() {}

    /** The journal's lines so far (none while it does not exist). */
    public static List<String> lines(Path journal) {
        try {
            return Files.exists(journal) ? Files.readAllLines(journal, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The command lines journaled so far. */
    public static List<String> commands(Path journal) {
        return lines(journal).stream().filter(l -> l.contains("\"kind\":\"command\"")).toList();
    }

    /**
     * The game was taken up from its journal, not played again: every command journaled {@code before} the crash is
     * there exactly once, the round was dealt once, and the last scores were written.
     */
    public static void assertTakenUp(List<String> before, Path journal) {
        List<String> after = lines(journal);
        for (String command : before) {
            assertThat(after.stream().filter(command::equals).count()).as("once: %s", command).isEqualTo(1);
        }
        assertThat(after.stream().filter(l -> l.contains("\"type\":\"Start\"")).count())
                .as("one deal: the round went on, it was not dealt again").isEqualTo(1);
        assertThat(after).anyMatch(l -> l.contains("\"kind\":\"scores\"") && l.contains("\"last\":true"));
    }
}
