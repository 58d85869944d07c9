package maw.tournament;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.IChart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A tournament's report: {@code DIR/report/index.html}, one self-contained page (its charts inside it as PNG) with the
 * standings (TrueSkill rating and deviation, win rates with their 95% intervals overall, per side and per role), the
 * quality of play, what the model seats cost, and each game with its winner and the command that replays it in the
 * web monitor; and each chart beside it as PNG and SVG (XChart): the ratings over the games, the win rates with their
 * intervals per side, per role, and the model cost per game.
 */
public final class Report {

    private final Path dir;

    public Report(Path dir) {
        this.dir = dir;
    }

    /** The charts' names, as their files are named (the model cost only where a seat used a model). */
    public static final List<String> CHARTS = List.of("ratings", "win-rates", "roles", "model-cost");

    private final List<String> written = new ArrayList<>();

    /** The charts the last {@link #write} drew. */
    public List<String> charts() {
        return List.copyOf(written);
    }

    /** Writes the report; the page's path. */
    public Path write() throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<GameRecord> records = Tournament.results(dir);
        if (records.isEmpty()) {
            throw new IllegalArgumentException(dir + " holds no game yet (" + Tournament.RESULTS + " is empty or "
                    + "missing)");
        }
        List<String> entrants = entrants(records);
        Standings s = Standings.of(entrants, records);
        Path out = dir.resolve("report");
        Files.createDirectories(out);
        // One order and one colour per entrant in every chart: the tournament's own order of its entrants.
        List<Standings.Entry> ordered = new ArrayList<>(s.entries());
        ordered.sort(Comparator.comparingInt(e -> entrants.indexOf(e.entrant())));
        Map<String, IChart> charts = new LinkedHashMap<>();
        charts.put("ratings", ratings(s, entrants));
        charts.put("win-rates", winRates(ordered));
        charts.put("roles", roles(ordered, entrants));
        if (ordered.stream().anyMatch(e -> e.modelCalls() > 0)) {
            charts.put("model-cost", cost(ordered));
        }
        Map<String, String> png = new LinkedHashMap<>();
        written.clear();
        for (String stale : CHARTS) {
            Files.deleteIfExists(out.resolve(stale + ".png"));
            Files.deleteIfExists(out.resolve(stale + ".svg"));
        }
        for (var c : charts.entrySet()) {
            written.add(c.getKey());
            byte[] bitmap = ChartEncoder.getBytes(c.getValue(), "png");
            Files.write(out.resolve(c.getKey() + ".png"), bitmap);
            Files.write(out.resolve(c.getKey() + ".svg"), ChartEncoder.getBytes(c.getValue(), "svg"));
            png.put(c.getKey(), Base64.getEncoder().encodeToString(bitmap));
        }
        Path page = out.resolve("index.html");
        Files.writeString(page, html(s, records, png), StandardCharsets.UTF_8);
        return page;
    }

    /** The entrants as the tournament named them (its file), else as the results name them. */
    private List<String> entrants(List<GameRecord> records) {
        try {
            var seats = Tournament.read(dir).path("seats");
            List<String> out = new ArrayList<>();
            seats.properties().forEach(e -> {
                if (!out.contains(e.getValue().asText())) {
                    out.add(e.getValue().asText());
                }
            });
            if (!out.isEmpty()) {
                return out;
            }
        } catch (IOException e) {
            // the results alone, below
        }
        return records.getFirst().seats().values().stream().distinct().toList();
    }

    /** An entrant's colour, the same in every chart (by its place among the tournament's entrants). */
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728),
        new Color(0x2ca02c), new Color(0x9467bd), new Color(0xff7f0e),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0x7f7f7f), new Color(0xbcbd22)};

    private static Color colour(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE,
        SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CROSS, SeriesMarkers.PLUS};

    private static XYChart ratings(Standings s, List<String> entrants) {
        XYChart chart = new XYChartBuilder().width(800).height(420).title("TrueSkill rating over the games")
                .xAxisTitle("games played").yAxisTitle("rating (mean)").build();
        style(chart.getStyler());
        chart.getStyler().setYAxisDecimalPattern("#0.0");
        List<Map<String, Ratings.Skill>> history = s.ratings().history();
        double low = 25;
        double high = 25;
        for (Map<String, Ratings.Skill> h : history) {
            for (Ratings.Skill k : h.values()) {
                low = Math.min(low, k.mean());
                high = Math.max(high, k.mean());
            }
        }
        chart.getStyler().setYAxisMin(Math.floor(Math.min(low, 24))).setYAxisMax(Math.ceil(Math.max(high, 26)));
        // Curves may coincide (two entrants alike): each is drawn thinner than the one before it, dashed its own
        // way, with its own marker every few games, so that every entrant stays visible on top of another.
        int every = Math.max(1, history.size() / 12);
        for (int n = 0; n < entrants.size(); n++) {
            String e = entrants.get(n);
            double[] x = new double[history.size() + 1];
            double[] y = new double[history.size() + 1];
            y[0] = 25;
            for (int i = 0; i < history.size(); i++) {
                x[i + 1] = i + 1;
                y[i + 1] = history.get(i).get(e).mean();
            }
            XYSeries line = chart.addSeries(e, x, y);
            float width = Math.max(1.5f, 6f - 1.5f * n);
            float[] dash = n == 0 ? null : new float[] {4f + 4f * (n % 3), 3f + 2f * (n % 2)};
            line.setLineColor(colour(n)).setLineStyle(new BasicStroke(width, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_ROUND, 10f, dash, 0f));
            line.setMarker(history.size() <= 40 ? MARKERS[n % MARKERS.length] : SeriesMarkers.NONE)
                    .setMarkerColor(colour(n));
            if (history.size() > 40 && every > 1) {
                // Markers every few games only, as a series of their own (not in the legend twice).
                List<Double> mx = new ArrayList<>();
                List<Double> my = new ArrayList<>();
                for (int i = n % every; i < x.length; i += every) {
                    mx.add(x[i]);
                    my.add(y[i]);
                }
                XYSeries marks = chart.addSeries(e + " ", mx, my);
                marks.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                marks.setMarker(MARKERS[n % MARKERS.length]).setMarkerColor(colour(n)).setShowInLegend(false);
            }
        }
        return chart;
    }

    /** Each entrant's win rate overall and as each side, each with its interval as a vertical bar. */
    private static XYChart winRates(List<Standings.Entry> entries) {
        XYChart chart = new XYChartBuilder().width(800).height(420).title("Win rate with its 95% interval")
                .xAxisTitle("entrant").yAxisTitle("win rate").build();
        style(chart.getStyler());
        List<String> names = entries.stream().map(Standings.Entry::entrant).toList();
        // The entrants at 1, 2, ..., each named under its points (as text in the plot: XChart places numeric ticks
        // by its own rule, which does not put one under each entrant).
        chart.getStyler().setYAxisMin(-0.12).setYAxisMax(1.0).setXAxisMin(0.4).setXAxisMax(names.size() + 0.6)
                .setXAxisTicksVisible(false).setPlotGridVerticalLinesVisible(false)
                .setYAxisTickLabelsFormattingFunction(y -> y < -1e-9 ? "" : String.format(Locale.ROOT, "%.1f", y));
        for (int n = 0; n < names.size(); n++) {
            chart.addAnnotation(new AnnotationText(names.get(n), n + 1, -0.07, false));
        }
        String[] kinds = {"overall", "villagers", "werewolves"};
        Color[] colours = {new Color(0x333333), new Color(0x1f77b4),
            new Color(0xd62728)};
        Marker[] markers = {SeriesMarkers.DIAMOND, SeriesMarkers.CIRCLE,
            SeriesMarkers.SQUARE};
        double[] offsets = {-0.2, 0, 0.2};
        for (int k = 0; k < kinds.length; k++) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> lows = new ArrayList<>();
            List<Double> highs = new ArrayList<>();
            int i = 1;
            for (Standings.Entry e : entries) {
                Standings.Rate r = kinds[k].equals("overall") ? e.overall() : e.sides().get(kinds[k]);
                if (r != null && r.tries() > 0) {
                    double[] iv = r.interval();
                    xs.add(i + offsets[k]);
                    ys.add(r.rate());
                    lows.add(iv[0]);
                    highs.add(iv[1]);
                }
                i++;
            }
            if (xs.isEmpty()) {
                continue;
            }
            XYSeries points = chart.addSeries(kinds[k], xs, ys);
            points.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            points.setMarker(markers[k]).setMarkerColor(colours[k]).setLineColor(colours[k]);
            for (int j = 0; j < xs.size(); j++) {
                XYSeries bar = chart.addSeries(kinds[k] + " interval " + (j + 1), List.of(xs.get(j), xs.get(j)),
                        List.of(lows.get(j), highs.get(j)));
                bar.setMarker(SeriesMarkers.NONE).setLineColor(colours[k]).setShowInLegend(false);
            }
        }
        return chart;
    }

    private static CategoryChart roles(List<Standings.Entry> entries, List<String> entrants) {
        CategoryChart chart = new CategoryChartBuilder().width(800).height(420).title("Win rate by role")
                .xAxisTitle("role").yAxisTitle("win rate").build();
        style(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
        TreeSet<String> all = new TreeSet<>();
        entries.forEach(e -> all.addAll(e.roles().keySet()));
        List<String> roles = List.copyOf(all);
        for (Standings.Entry e : entries) {
            List<Double> rates = roles.stream().map(r -> e.roles().getOrDefault(r, new Standings.Rate(0, 0)).rate())
                    .toList();
            chart.addSeries(e.entrant(), roles, rates).setFillColor(colour(entrants.indexOf(e.entrant())));
        }
        return chart;
    }

    private static CategoryChart cost(List<Standings.Entry> entries) {
        CategoryChart chart = new CategoryChartBuilder().width(800).height(420).title("Model cost per game")
                .xAxisTitle("entrant").yAxisTitle("per game").build();
        style(chart.getStyler());
        List<String> names = entries.stream().map(Standings.Entry::entrant).toList();
        chart.addSeries("model calls", names, entries.stream().map(e -> e.games() == 0 ? 0.0
                : (double) e.modelCalls() / e.games()).toList());
        chart.addSeries("thousand tokens", names, entries.stream().map(e -> e.games() == 0 ? 0.0
                : e.tokens() / 1000.0 / e.games()).toList());
        chart.addSeries("model seconds", names, entries.stream().map(Standings.Entry::modelSecondsPerGame)
                .toList());
        return chart;
    }

    private static void style(Styler styler) {
        styler.setLegendPosition(Styler.LegendPosition.OutsideS).setLegendLayout(Styler.LegendLayout.Horizontal)
                .setChartBackgroundColor(Color.WHITE).setAntiAlias(true);
    }

    private String html(Standings s, List<GameRecord> records, Map<String, String> png) {
        StringBuilder b = new StringBuilder();
        b.append("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>MAW tournament ")
                .append(esc(dir.getFileName().toString())).append("</title><style>body{font:15px/1.4 sans-serif;"
                + "margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
                + "padding:.25em .6em;text-align:right}td:first-child,th:first-child{text-align:left}"
                + "img{max-width:100%}code{background:#f4f4f4}</style></head><body>");
        b.append("<h1>MAW tournament</h1><p>").append(s.games()).append(" games; ").append(esc(dir.toString()))
                .append("</p>");
        b.append("<h2>Standings</h2><table><tr><th>rank</th><th>entrant</th><th>games</th><th>TrueSkill</th>"
                + "<th>conservative</th><th>win rate</th><th>as villagers</th><th>as werewolves</th></tr>");
        int rank = 1;
        for (Standings.Entry e : s.entries()) {
            b.append("<tr><td>").append(rank++).append("</td><td>").append(esc(e.entrant())).append("</td><td>").append(e.games()).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.2f ± %.2f", e.skill().mean(), e.skill().deviation()))
                    .append("</td><td>").append(String.format(Locale.ROOT, "%.2f", e.skill().conservative()))
                    .append("</td><td>").append(Standings.rate(e.overall())).append("</td><td>")
                    .append(Standings.rate(e.sides().getOrDefault("villagers", new Standings.Rate(0, 0))))
                    .append("</td><td>").append(Standings.rate(e.sides().getOrDefault("werewolves",
                            new Standings.Rate(0, 0)))).append("</td></tr>");
        }
        b.append("</table>");
        chart(b, png, "ratings", "The ratings over the games");
        chart(b, png, "win-rates", "Win rates with their 95% intervals");
        b.append("<h2>By role</h2><table><tr><th>entrant</th>");
        TreeSet<String> roles = new TreeSet<>();
        s.entries().forEach(e -> roles.addAll(e.roles().keySet()));
        roles.forEach(r -> b.append("<th>").append(esc(r)).append("</th>"));
        b.append("</tr>");
        for (Standings.Entry e : s.entries()) {
            b.append("<tr><td>").append(esc(e.entrant())).append("</td>");
            roles.forEach(r -> b.append("<td>").append(Standings.rate(e.roles().getOrDefault(r,
                    new Standings.Rate(0, 0)))).append(" <small>(").append(e.roles().getOrDefault(r,
                    new Standings.Rate(0, 0)).tries()).append(")</small></td>"));
            b.append("</tr>");
        }
        b.append("</table>");
        chart(b, png, "roles", "Win rate by role");
        b.append("<h2>Quality of play</h2><table><tr><th>entrant</th><th>key roles survived</th>"
                + "<th>villagers' votes on a werewolf</th><th>werewolves found and executed</th><th>refused acts</th>"
                + "</tr>");
        for (Standings.Entry e : s.entries()) {
            b.append("<tr><td>").append(esc(e.entrant())).append("</td><td>").append(Standings.rate(
                    e.keyRoleSurvival())).append("</td><td>").append(Standings.rate(e.voteHits())).append("</td><td>")
                    .append(Standings.rate(e.wolvesFound())).append("</td><td>").append(e.refusals())
                    .append("</td></tr>");
        }
        b.append("</table><h2>Model cost</h2><table><tr><th>entrant</th><th>model calls</th><th>tokens</th>"
                + "<th>calls a game</th><th>tokens a game</th><th>model seconds a game</th></tr>");
        for (Standings.Entry e : s.entries()) {
            double g = Math.max(1, e.games());
            b.append("<tr><td>").append(esc(e.entrant())).append("</td><td>").append(e.modelCalls())
                    .append("</td><td>").append(e.tokens()).append("</td><td>").append(String.format(Locale.ROOT,
                            "%.1f", e.modelCalls() / g)).append("</td><td>").append(String.format(Locale.ROOT,
                            "%.0f", e.tokens() / g)).append("</td><td>").append(String.format(Locale.ROOT, "%.2f",
                            e.modelSecondsPerGame())).append("</td></tr>");
        }
        b.append("</table>");
        Map<String, long[]> servers = servers(records);
        if (!servers.isEmpty()) {
            b.append("<h2>Model servers</h2><p>The servers of the model pools the seats asked (llm.base-url with "
                    + "several, or llm.endpoints): each call went to the one with the fewest calls outstanding; one "
                    + "that failed was set aside and the call went on at the next.</p><table><tr><th>server</th>"
                    + "<th>calls</th><th>errors</th><th>mean seconds a call</th></tr>");
            servers.forEach((url, v) -> b.append("<tr><td>").append(esc(url)).append("</td><td>").append(v[0])
                    .append("</td><td>").append(v[1]).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.2f", v[0] == 0 ? 0 : v[2] / 1000.0 / v[0]))
                    .append("</td></tr>"));
            b.append("</table>");
        }
        if (png.containsKey("model-cost")) {
            chart(b, png, "model-cost", "Model cost per game");
        } else {
            b.append("<p>No seat used a language model: no cost to chart.</p>");
        }
        b.append("<h2>Games</h2><p>Each game replays in the web monitor with the command beside it.</p><table><tr>"
                + "<th>game</th><th>winner</th><th>days</th><th>seconds</th><th>journal</th><th>replay</th></tr>");
        for (GameRecord r : records) {
            Path journal = dir.resolve(r.journal());
            b.append("<tr><td>").append(r.game()).append("</td><td>").append(esc(String.valueOf(r.winner())))
                    .append("</td><td>").append(r.days()).append("</td><td>").append(String.format(Locale.ROOT,
                            "%.1f", r.wallMillis() / 1000.0)).append("</td><td><a href=\"../").append(esc(r.journal()))
                    .append("/game.jsonl\">").append(esc(r.journal())).append("</a></td><td><code>./maw web --replay ")
                    .append(esc(journal.toString())).append("</code></td></tr>");
        }
        b.append("</table></body></html>\n");
        return b.toString();
    }

    private static void chart(StringBuilder b, Map<String, String> png, String name, String title) {
        b.append("<figure><img alt=\"").append(esc(title)).append("\" src=\"data:image/png;base64,")
                .append(png.get(name)).append("\"><figcaption>").append(esc(title)).append(" (<a href=\"").append(name)
                .append(".svg\">SVG</a>, <a href=\"").append(name).append(".png\">PNG</a>)</figcaption></figure>");
    }

    /** Each pool server's calls, errors and milliseconds in calls, over all the games. */
    public static Map<String, long[]> servers(List<GameRecord> records) {
        Map<String, long[]> out = new java.util.TreeMap<>();
        for (GameRecord r : records) {
            r.endpoints().forEach((url, m) -> {
                long[] v = out.computeIfAbsent(url, k -> new long[3]);
                v[0] += m.getOrDefault("calls", 0L);
                v[1] += m.getOrDefault("errors", 0L);
                v[2] += m.getOrDefault("callMillis", 0L);
            });
        }
        return out;
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
