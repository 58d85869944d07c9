package maw.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import maw.agents.Text;
import maw.config.ConfigException;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.runtime.Json;

/**
 * A game forked from another at the start of one of its phases: the parent's journal up to that point, word for word,
 * then a {@code forked} line that names the parent, the point and the fork's own game id; the fork is then taken up
 * as a resumed game is (the rules replay the journal's commands to that point) and plays on live, with the same seats
 * or others.
 */
public final class Forks {

    private Forks() {}

    /**
     * A point to fork at: the start of a phase ({@code day:2}, {@code night:1}); of a step by the journal's count
     * ({@code day:1:3}); or of an AIWolf step by its kind ({@code day:1:talk:3}, the third talk turn of day 1;
     * {@code day:2:vote}, {@code day:2:vote:2} the re-vote; {@code night:1:whisper:2}).
     */
    public record Point(String text, Phase phase, int number, Integer step, String stage, Integer count) {

        /** Whether a phase (or step) that began, as the journal tells it ({@code began}), is this point. */
        boolean matches(PhaseId p, JsonNode began) {
            if (p.phase() != phase || p.number() != number || (step != null && p.step() != step)) {
                return false;
            }
            if (stage == null) {
                return true;
            }
            if (!stage.equalsIgnoreCase(began.path("stage").asText())) {
                return false;
            }
            int k = count == null ? 1 : count;
            return stage.equals("vote") ? began.path("revote").asInt() == k - 1 : began.path("turn").asInt() == k - 1;
        }
    }

    /** Reads a point ({@link Point}); {@code option} names where it came from. */
    public static Point point(String text, String option) {
        String[] p = text.strip().toLowerCase(Locale.ROOT).split(":");
        try {
            if (p.length < 2 || p.length > 4) {
                throw new IllegalArgumentException();
            }
            Phase phase = switch (p[0]) {
                case "day" -> Phase.DAY;
                case "night" -> Phase.NIGHT;
                default -> throw new IllegalArgumentException();
            };
            int number = Integer.parseInt(p[1]);
            Integer step = null;
            String stage = null;
            Integer count = null;
            if (p.length >= 3 && p[2].chars().allMatch(Character::isDigit)) {
                if (p.length == 4) {
                    throw new IllegalArgumentException();
                }
                step = Integer.parseInt(p[2]);
            } else if (p.length >= 3) {
                if (!List.of("talk", "whisper", "vote", "divine", "guard", "attack", "night").contains(p[2])) {
                    throw new IllegalArgumentException();
                }
                stage = p[2];
                count = p.length == 4 ? Integer.valueOf(p[3]) : null;
                if (count != null && count < 1) {
                    throw new IllegalArgumentException();
                }
            }
            if (number < 0 || (step != null && step < 0)) {
                throw new IllegalArgumentException();
            }
            return new Point(text.strip(), phase, number, step, stage, count);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + text + "' for " + option + ": a phase such as day:2 or "
                    + "night:1, a step of the journal such as day:1:3, or an AIWolf step such as day:1:talk:3 or "
                    + "day:2:vote");
        }
    }

    /**
     * Writes the fork of the game journaled in {@code parent} at {@code at} into {@code dir} (its game.jsonl, and the
     * table file {@code table} when given) under the game id {@code gameId}; returns the number of the parent's lines
     * it keeps. The parent must have reached that phase; the first time it did counts (a game of several rounds).
     */
    public static int fork(Path parent, Point at, Path dir, String gameId, GamePlay.TableFile table)
            throws IOException {
        return fork(parent, at, null, dir, gameId, table);
    }

    /**
     * The same at {@code at} of round {@code round} (null: the first round that reached it); with a round, the fork
     * ends with that round (a tournament's table plays its games as rounds: a fork is one of them).
     */
    public static int fork(Path parent, Point at, Integer round, Path dir, String gameId, GamePlay.TableFile table)
            throws IOException {
        Path journal = parent.resolve("game.jsonl");
        if (!Files.isRegularFile(journal)) {
            throw new ConfigException("invalid value '" + parent + "' for --fork: it has no game.jsonl");
        }
        List<String> lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
        Set<String> reached = new LinkedHashSet<>();
        String parentGame = null;
        PhaseId target = null;
        for (String line : lines) {
            JsonNode n = parse(line);
            if (n == null) {
                continue;
            }
            if (parentGame == null && n.hasNonNull("game")) {
                parentGame = n.get("game").asText();
            }
            JsonNode began = n.path("event");
            String type = began.path("type").asText();
            // A phase, an AIWolf step or (at a pace of turns) a turn began.
            if (n.path("kind").asText().equals("event") && java.util.Set.of("PhaseBegan", "StepBegan", "TurnBegan")
                    .contains(type)
                    && (round == null || n.path("round").asInt() == round)) {
                PhaseId p = Json.MAPPER.treeToValue(began.get("phase"), PhaseId.class);
                if (at.matches(p, began)) {
                    target = p;
                    break;
                }
                reached.add(p.phase().wire() + ":" + p.number());
            }
        }
        if (target == null) {
            throw new ConfigException("invalid value '" + at.text() + "' for --at: the game in " + parent
                    + (round == null ? "" : " (round " + round + ")") + " never began it"
                    + (reached.isEmpty() ? "" : " (it reached " + String.join(", ", reached) + ")"));
        }
        // The point's own lines (its deadline, then its beginning) and all after them are the fork's.
        int cut = -1;
        for (int i = 0; i < lines.size() && cut < 0; i++) {
            JsonNode n = parse(lines.get(i));
            JsonNode phase = n == null ? null : n.path("kind").asText().equals("deadline") ? n.get("phase")
                    : n.path("kind").asText().equals("event") ? n.path("event").get("phase") : null;
            if (phase != null && (round == null || n.path("round").asInt() == round)
                    && target.equals(Json.MAPPER.treeToValue(phase, PhaseId.class))) {
                cut = i;
            }
        }
        Files.createDirectories(dir);
        Text.ownerOnly(dir);
        List<String> kept = new ArrayList<>(lines.subList(0, cut));
        ObjectNode forked = Json.MAPPER.createObjectNode();
        forked.put("t", System.currentTimeMillis());
        forked.put("game", gameId);
        forked.put("round", 0);
        forked.put("kind", "forked");
        forked.put("parent", parent.toAbsolutePath().normalize().toString());
        forked.put("parentGame", parentGame);
        forked.put("at", at.text());
        forked.put("as", gameId);
        if (round != null) {
            forked.put("rounds", round);
        }
        kept.add(Json.write(forked));
        Files.write(dir.resolve("game.jsonl"), kept, StandardCharsets.UTF_8);
        if (table != null) {
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("table.json").toFile(), table);
        }
        // The model calls made before the point are the fork's too: its cassette begins with the parent's.
        Path cassette = parent.resolve("cassette.jsonl");
        JsonNode point = parse(lines.get(cut));
        if (Files.isRegularFile(cassette) && point != null && point.has("t")) {
            long until = point.get("t").asLong();
            long untilSeq = point.path("seq").asLong(0);
            List<String> calls = new ArrayList<>();
            for (String line : Files.readAllLines(cassette, StandardCharsets.UTF_8)) {
                JsonNode n = parse(line);
                // Before the point by the clock, and within its millisecond by the process's order of moments.
                if (n != null && maw.base.Moment.before(n.path("t").asLong(Long.MAX_VALUE), n.path("seq").asLong(0),
                        until, untilSeq)) {
                    calls.add(line);
                }
            }
            Files.write(dir.resolve("cassette.jsonl"), calls, StandardCharsets.UTF_8);
        }
        return cut;
    }

    private static JsonNode parse(String line) {
        try {
            return line.isBlank() ? null : Json.parse(line);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
