package maw.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * A command's options in groups in its {@code --help} (the table and its rules, the seats and people, models, output,
 * the rest), each group in the order the options are declared, so that a command of seventy options reads by what one
 * wants to change. A command of few options, or whose options all fall in one group, is listed as picocli lists it.
 */
final class HelpGroups {

    private HelpGroups() {}

    /** Fewer options than this are read at a glance: no groups. */
    static final int FEW = 12;

    static final String TABLE = "The table and its rules";
    static final String SEATS = "Seats and people";
    static final String MODELS = "Models";
    static final String OUTPUT = "Output";
    static final String ADVANCED = "Advanced";

    private static final Map<String, Set<String>> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put(TABLE, Set.of("--rules", "--players", "--roles", "--rounds", "--seed", "--day-seconds",
                "--night-seconds", "--tie-break", "--secret-votes", "--day-cap", "--seer", "--werewolves",
                "--no-whispers", "--pace", "--talk-rounds", "--turn-seconds", "--full-phases", "--end-early",
                "--lobby-seconds", "--games", "--parallel"));
        GROUPS.put(SEATS, Set.of("--bots", "--seats", "--humans", "--name", "--open-seats", "--chat-seats", "--gm",
                "--password", "--gm-silence", "--gm-give-up", "--gateway-port"));
        GROUPS.put(MODELS, Set.of("--provider", "--base-url", "--model", "--model-cassette", "--api-key",
                "--think-seconds", "--llm-timeout", "--hint"));
        GROUPS.put(OUTPUT, Set.of("--out", "--quiet", "--web", "--web-stays", "--json", "--report"));
    }

    /** Lists the options of {@code cl} and of every subcommand under it in groups. */
    static void install(CommandLine cl) {
        cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpGroups::optionList);
        for (CommandLine sub : cl.getSubcommands().values()) {
            install(sub);
        }
    }

    /** The group of {@code o}: by its name, a model setting by its mixin, and the rest is advanced. */
    static String groupOf(CommandSpec spec, OptionSpec o) {
        for (Map.Entry<String, Set<String>> g : GROUPS.entrySet()) {
            for (String name : o.names()) {
                if (g.getValue().contains(name)) {
                    return g.getKey();
                }
            }
        }
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof LlmOptions && mixin.options().stream()
                    .anyMatch(m -> m.longestName().equals(o.longestName()))) {
                return MODELS;
            }
        }
        return ADVANCED;
    }

    private static String optionList(Help help) {
        CommandSpec spec = help.commandSpec();
        Map<String, List<OptionSpec>> grouped = new LinkedHashMap<>();
        for (String g : List.of(TABLE, SEATS, MODELS, OUTPUT, ADVANCED)) {
            grouped.put(g, new ArrayList<>());
        }
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                grouped.get(groupOf(spec, o)).add(o);
            }
        }
        grouped.values().removeIf(List::isEmpty);
        if (grouped.size() < 2 || grouped.values().stream().mapToInt(List::size).sum() < FEW) {
            return help.optionList();
        }
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, List<OptionSpec>> g : grouped.entrySet()) {
            Help.Layout layout = help.createDefaultLayout();
            for (OptionSpec o : g.getValue()) {
                layout.addOption(o, help.parameterLabelRenderer());
            }
            b.append("\n").append(g.getKey()).append(":\n").append(layout);
        }
        return b.toString();
    }
}
