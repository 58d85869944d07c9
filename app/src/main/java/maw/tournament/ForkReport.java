package maw.tournament;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import maw.runtime.Json;

/**
 * The report of a forked tournament ({@code ./maw tournament --fork-from}): {@code DIR/report/index.html}, each fork's
 * outcome beside its game's (winner and days, whether it changed, both journals and the commands that replay them), and
 * the sides' wins before and after the point. Read from {@code DIR/forks.jsonl}.
 */
public final class ForkReport {

    /** The file of the pairs, in a forked tournament's directory. */
    public static final String FORKS = "forks.jsonl";

    /**
     * One game and its fork: how each ended, the game's journal ({@code parent}, absolute) and the fork's ({@code
     * journal}, relative to the directory).
     */
    public record Pair(int game, String original, int originalDays, String fork, int forkDays, String journal,
            String parent) {
        public boolean changed() {
            return !original.equals(fork);
        }
    }

    private ForkReport() {}

    /** The pairs a forked tournament's directory holds. */
    public static List<Pair> pairs(Path dir) throws IOException {
        List<Pair> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(FORKS), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.add(Json.MAPPER.treeToValue(Json.parse(line), Pair.class));
            }
        }
        return out;
    }

    /** Writes {@code dir}/report/index.html of the forks made at {@code at}; the page's path. */
    public static Path write(Path dir, String at, String seats) throws IOException {
        List<Pair> pairs = pairs(dir);
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException(dir + " holds no fork yet (" + FORKS + " is empty)");
        }
        JsonNode about = Files.isRegularFile(dir.resolve("fork.json")) ? Json.parse(Files.readString(
                dir.resolve("fork.json"))) : Json.MAPPER.createObjectNode();
        String point = at != null ? at : about.path("at").asText("?");
        String plan = seats != null ? seats : about.path("seats").asText("?");
        Map<String, int[]> sides = new TreeMap<>();
        long changed = 0;
        double daysBefore = 0;
        double daysAfter = 0;
        for (Pair p : pairs) {
            sides.computeIfAbsent(p.original(), k -> new int[2])[0]++;
            sides.computeIfAbsent(p.fork(), k -> new int[2])[1]++;
            changed += p.changed() ? 1 : 0;
            daysBefore += p.originalDays();
            daysAfter += p.forkDays();
        }
        StringBuilder b = new StringBuilder();
        b.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>MAW forks ")
                .append(Report.esc(dir.getFileName().toString())).append("</title><style>body{font:15px/1.4 "
                + "sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px "
                + "solid #ccc;padding:.25em .6em;text-align:right}td:first-child,th:first-child{text-align:left}"
                + "tr.changed td{background:#fff3cd}code{background:#f4f4f4}</style></head><body>");
        b.append("<h1>MAW tournament forked at ").append(Report.esc(point)).append("</h1><p>")
                .append(pairs.size()).append(" games forked at <code>").append(Report.esc(point))
                .append("</code> and played on with the seats <code>").append(Report.esc(plan)).append("</code>; ")
                .append(changed).append(" of ").append(pairs.size()).append(" outcome(s) changed. ")
                .append(Report.esc(dir.toString())).append("</p>");
        b.append("<h2>Wins before and after the point</h2><table><tr><th>side</th><th>original games</th>"
                + "<th>forks</th></tr>");
        sides.forEach((side, n) -> b.append("<tr><td>").append(Report.esc(side)).append("</td><td>").append(n[0])
                .append("</td><td>").append(n[1]).append("</td></tr>"));
        b.append(String.format(Locale.ROOT, "<tr><td>mean days</td><td>%.1f</td><td>%.1f</td></tr></table>",
                daysBefore / pairs.size(), daysAfter / pairs.size()));
        b.append("<h2>Each game and its fork</h2><table><tr><th>game</th><th>original</th><th>days</th>"
                + "<th>fork</th><th>days</th><th></th><th>replay the original</th><th>replay the fork</th></tr>");
        for (Pair p : pairs) {
            Path fork = dir.resolve(p.journal());
            b.append("<tr").append(p.changed() ? " class=\"changed\"" : "").append("><td>").append(p.game())
                    .append("</td><td>").append(Report.esc(p.original())).append("</td><td>").append(p.originalDays())
                    .append("</td><td>").append(Report.esc(p.fork())).append("</td><td>").append(p.forkDays())
                    .append("</td><td>").append(p.changed() ? "changed" : "").append("</td><td><code>./maw web "
                    + "--replay ").append(Report.esc(p.parent() == null ? "?" : p.parent()))
                    .append("</code></td><td><a href=\"../").append(Report.esc(p.journal())).append("\">")
                    .append(Report.esc(p.journal())).append("</a> <code>./maw web --replay ")
                    .append(Report.esc(fork.toString())).append("</code></td></tr>");
        }
        b.append("</table></body></html>\n");
        Path out = dir.resolve("report");
        Files.createDirectories(out);
        Path page = out.resolve("index.html");
        Files.writeString(page, b.toString(), StandardCharsets.UTF_8);
        return page;
    }
}
