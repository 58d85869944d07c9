package maw.app;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import maw.agents.model.ModelInterfaceAgent;
import maw.agents.table.GameTable;
import maw.config.ConfigException;
import maw.config.LlmConfig;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.config.Setting;
import maw.llm.LlmSettings;
import maw.llm.ModelServer;
import maw.llm.PromptTemplates;

/**
 * Turns a seat plan into what fills each seat: rule bots, or language models with their group's settings. Before a
 * game starts, every model server the plan names is asked whether it answers and has the model, and every prompt
 * directory is checked, so that a wrong URL or a missing model stops start-up with a message instead of a game of
 * seats that only listen.
 */
public final class Seats {

    private Seats() {}

    /**
     * The plan: the {@code seats} setting if set, else {@code players} seats of {@code bots}; {@code humans} of the
     * seats are for people (added to a {@code seats} plan, taken from {@code players} otherwise).
     */
    public static SeatPlan plan(MawConfig settings, String bots, Integer players, int humans) {
        if (humans < 0 || humans > 1) {
            throw new ConfigException("invalid value '" + humans + "' for --humans: expected 0 or 1 (one person "
                    + "plays at this terminal; others join with ./maw join)");
        }
        SeatPlan plan = SeatPlan.parse(settings.value(Setting.SEATS));
        List<SeatPlan.Group> groups = new ArrayList<>();
        if (humans > 0) {
            groups.add(new SeatPlan.Group(SeatPlan.Kind.HUMAN, humans, Map.of(), "human:" + humans));
        }
        if (plan == null) {
            SeatPlan.Kind kind = switch (bots.strip().toLowerCase(Locale.ROOT)) {
                case "rule" -> SeatPlan.Kind.RULE;
                case "llm" -> SeatPlan.Kind.LLM;
                default -> throw new ConfigException("invalid value '" + bots + "' for --bots: expected rule or llm");
            };
            int total = players == null ? 6 : players;
            if (total - humans > 0) {
                groups.add(new SeatPlan.Group(kind, total - humans, Map.of(), kind.wire() + ":" + (total - humans)));
            }
            return new SeatPlan(groups);
        }
        groups.addAll(plan.groups());
        SeatPlan all = new SeatPlan(groups);
        if (players != null && players != all.seats()) {
            throw new ConfigException("--players " + players + " does not match seats " + settings.value(Setting.SEATS)
                    .text() + (humans > 0 ? " and --humans " + humans : "") + " (" + all.seats() + " seats, from "
                    + settings.value(Setting.SEATS).source() + ")");
        }
        return all;
    }

    /**
     * The cassette of the model calls, kept in {@code keepIn} (null: nowhere), answering from llm.cassette when it is
     * set (a directory: a game's or a tournament's, its cassette.jsonl).
     */
    private static maw.llm.Cassette cassette(MawConfig settings, Path keepIn) {
        Path from = settings.path(Setting.LLM_CASSETTE);
        if (from != null && java.nio.file.Files.isDirectory(from)) {
            if (!java.nio.file.Files.isRegularFile(from.resolve("cassette.jsonl"))) {
                throw new ConfigException("invalid value '" + from + "' for llm.cassette: it has no cassette.jsonl");
            }
            from = from.resolve("cassette.jsonl");
        }
        try {
            return new maw.llm.Cassette(from, settings.choice(Setting.LLM_CASSETTE_MISS, Setting.CassetteMiss.class)
                    == Setting.CassetteMiss.LIVE, keepIn);
        } catch (java.io.IOException e) {
            throw new ConfigException("invalid value '" + from + "' for llm.cassette: " + e.getMessage());
        }
    }

    /** One filler per seat, after checking every model server and prompt directory the plan uses. */
    public static List<GameTable.SeatFiller> fillers(MawConfig settings, SeatPlan plan, Path contextDir,
            GameTable.SeatFiller human, Consumer<String> out) throws ModelServer.Unavailable {
        return fillers(settings, plan, contextDir, human, out, GameTable.ruleBots());
    }

    /**
     * The same, with {@code ruleBots} in the rule seats (the rule set's own bots: AIWolf's talk protocol); the model
     * calls kept beside {@code contextDir} (cassette.jsonl).
     */
    public static List<GameTable.SeatFiller> fillers(MawConfig settings, SeatPlan plan, Path contextDir,
            GameTable.SeatFiller human, Consumer<String> out, GameTable.SeatFiller ruleBots)
            throws ModelServer.Unavailable {
        return fillers(settings, plan, contextDir, contextDir == null ? null : contextDir.resolveSibling(
                "cassette.jsonl"), human, out, ruleBots);
    }

    /** The same, the model calls kept in {@code cassetteFile} (null: nowhere): a tournament's, for all its games. */
    public static List<GameTable.SeatFiller> fillers(MawConfig settings, SeatPlan plan, Path contextDir,
            Path cassetteFile, GameTable.SeatFiller human, Consumer<String> out, GameTable.SeatFiller ruleBots)
            throws ModelServer.Unavailable {
        if (plan.groups().stream().filter(g -> g.kind() == SeatPlan.Kind.HUMAN).mapToInt(SeatPlan.Group::count).sum()
                > (human == null ? 0 : 1)) {
            throw new ConfigException(human == null ? "this command has no seat for a person (human seats are for "
                    + "./maw game --humans 1 and ./maw join)" : "one person plays at this terminal: human:1 at most "
                    + "(others join with ./maw join)");
        }
        Map<SeatPlan.Group, GameTable.SeatFiller> byGroup = new LinkedHashMap<>();
        Map<String, Boolean> checked = new LinkedHashMap<>();
        // Every model call of the game is kept beside its journal (cassette.jsonl); llm.cassette answers from one.
        maw.llm.Cassette cassette = !plan.has(SeatPlan.Kind.LLM) ? null : cassette(settings, cassetteFile);
        for (SeatPlan.Group g : plan.groups()) {
            byGroup.put(g, switch (g.kind()) {
                case RULE -> givingPeopleTime(ruleBots, settings.seconds(Setting.BOTS_READING, 0, 600));
                case HUMAN -> human;
                case OUTSIDE -> throw new ConfigException("invalid seat group '" + g.label() + "': outside agents "
                        + "are a tournament's entrants under --rules aiwolf or aiwolf-nlp (./maw tournament); to play "
                        + "with them otherwise, ./maw aiwolf serve or ./maw aiwolf-nlp serve seats them");
                case LLM -> {
                    MawConfig seat = settings.with(g.overrides(), "seat group " + g.label());
                    LlmSettings llm = LlmConfig.settings(seat);
                    PromptTemplates templates = templates(seat);
                    String key = llm.provider() + " " + llm.baseUrl() + " " + llm.model() + " " + llm.apiKey();
                    if (checked.putIfAbsent(key, true) == null && !cassette.offline()) {
                        ModelServer.Status status;
                        try {
                            status = ModelServer.check(llm);
                        } catch (ModelServer.ModelMissing missing) {
                            if (!LlmConfig.pullMissing(seat)) {
                                throw missing;
                            }
                            out.accept("pulling " + llm.model() + " onto " + llm.baseUrl() + " (llm.pull=missing)");
                            ProgressLine line = new ProgressLine(System.out, false);
                            ModelServer.pull(llm, line::show);
                            line.done();
                            status = ModelServer.check(llm);
                        }
                        out.accept("model server: " + llm.describe() + " answers (" + status.version() + ")");
                    }
                    Duration think = LlmConfig.thinkTime(seat);
                    yield ModelInterfaceAgent.filler(llm, templates, think, contextDir, LlmConfig.readingHint(seat),
                            cassette);
                }
            });
        }
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        for (SeatPlan.Group g : plan.perSeat()) {
            fillers.add(byGroup.get(g));
        }
        return fillers;
    }

    /** The prompt templates a configuration names, checked. */
    public static PromptTemplates templates(MawConfig settings) {
        PromptTemplates templates = new PromptTemplates(LlmConfig.prompts(settings));
        try {
            templates.check();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new ConfigException(e.getMessage() + " (llm.prompts from " + settings.value(Setting.LLM_PROMPTS)
                    .source() + ")");
        }
        return templates;
    }

    /** "3 llm seats (ollama model llama3.1 at http://...), 3 rule bots". */
    public static String describe(MawConfig settings, SeatPlan plan) {
        List<String> parts = new ArrayList<>();
        for (SeatPlan.Group g : plan.groups()) {
            parts.add(switch (g.kind()) {
                case RULE -> g.count() + " rule bot" + (g.count() == 1 ? "" : "s");
                case HUMAN -> g.count() + " person at this terminal";
                case OUTSIDE -> g.count() + " outside agent" + (g.count() == 1 ? "" : "s");
                case LLM -> g.count() + " llm seat" + (g.count() == 1 ? "" : "s") + " ("
                        + LlmConfig.settings(settings.with(g.overrides(), g.label())).describe() + ")";
            });
        }
        return String.join(", ", parts);
    }

    /** {@code bots}, MAW's rule bots among them giving a person at the table {@code reading} to read before they vote. */
    static GameTable.SeatFiller givingPeopleTime(GameTable.SeatFiller bots, Duration reading) {
        return new GameTable.SeatFiller() {
            @Override
            public maw.runtime.Agent create(GameTable.Seat seat) {
                maw.runtime.Agent a = bots.create(seat);
                if (a instanceof maw.agents.bot.RuleBotAgent b) {
                    b.readingTime(reading);
                }
                return a;
            }

            @Override
            public String kind() {
                return bots.kind();
            }
        };
    }
}
