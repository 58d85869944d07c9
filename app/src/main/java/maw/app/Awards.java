package maw.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.runtime.Jid;
import maw.runtime.Json;

/**
 * The awards of a tournament played by workers, a JSON line each in the tournament's directory
 * ({@code awards.jsonl}: {@code {"worker": JID, "games": [N...]}}): a director resumed knows whom it awarded the games
 * still open, and counts their results from those workers alone.
 */
final class Awards {

    static final String FILE = "awards.jsonl";

    private final Path file;

    Awards(Path dir) {
        this.file = dir.resolve(FILE);
    }

    /** Keeps that {@code worker} was awarded {@code games}. */
    synchronized void add(Jid worker, List<Integer> games) {
        String line = Json.write(Map.of("worker", worker.bare().toString(), "games", games)) + "\n";
        try {
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each game's last award: the worker it went to. A line cut short by a crash is skipped. */
    Map<Integer, Jid> load() {
        Map<Integer, Jid> last = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return last;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                try {
                    JsonNode n = Json.parse(line);
                    Jid worker = Jid.parse(n.path("worker").asText());
                    n.path("games").forEach(g -> last.put(g.asInt(), worker));
                } catch (IOException | RuntimeException cut) {
                    // a line cut short, or not an award's: skipped
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return last;
    }
}
