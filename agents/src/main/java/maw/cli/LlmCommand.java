package maw.cli;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.config.LlmConfig;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.config.Setting;
import maw.llm.LlmSettings;
import maw.llm.ModelServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maw llm check|pull}: is the model server there with the model, and fetch the model when it is not. */
@Command(name = "llm", mixinStandardHelpOptions = true, header = "Check the language-model server, or pull a model.",
        description = "Check that the model server answers and has the model, or pull a missing model onto Ollama.",
        subcommands = {LlmCommand.Check.class, LlmCommand.Pull.class})
final class LlmCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code maw llm check}. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            header = "Check that the model server answers and has the model (and those of every llm seat group).")
    static final class Check implements Callable<Integer> {

        @Mixin
        ConfigOptions config;

        @Mixin
        LlmOptions llm;

        @Override
        public Integer call() throws Exception {
            MawConfig settings = config.load(llm.flags());
            Map<String, LlmSettings> targets = new LinkedHashMap<>();
            LlmSettings main = LlmConfig.settings(settings);
            targets.put(main.describe(), main);
            SeatPlan plan = SeatPlan.parse(settings.value(Setting.SEATS));
            if (plan != null) {
                for (SeatPlan.Group g : plan.groups()) {
                    if (g.kind() == SeatPlan.Kind.LLM) {
                        LlmSettings s = LlmConfig.settings(settings.with(g.overrides(), "seat group " + g.label()));
                        targets.putIfAbsent(s.describe(), s);
                    }
                }
            }
            Seats.templates(settings);
            for (LlmSettings s : targets.values()) {
                ModelServer.Status status = ModelServer.check(s);
                System.out.printf("ok: %s (server %s; models: %s)%n", s.describe(), status.version(),
                        status.models().isEmpty() ? "not listed" : String.join(", ", status.models()));
            }
            System.out.printf("prompts: %s%n", LlmConfig.prompts(settings));
            return 0;
        }
    }

    /** {@code maw llm pull}. */
    @Command(name = "pull", mixinStandardHelpOptions = true,
            header = "Pull the model onto the Ollama server, showing progress.")
    static final class Pull implements Callable<Integer> {

        @Mixin
        ConfigOptions config;

        @Mixin
        LlmOptions llm;

        @Override
        public Integer call() throws Exception {
            LlmSettings s = LlmConfig.settings(config.load(llm.flags()));
            System.out.printf("pulling %s onto %s%n", s.model(), s.baseUrl());
            ProgressLine line = new ProgressLine(System.out, System.console() != null);
            ModelServer.pull(s, line::show);
            line.done();
            System.out.printf("%s is on %s%n", s.model(), s.baseUrl());
            return 0;
        }
    }

    /**
     * A pull's progress: on a terminal one line rewritten in place; otherwise a line per status and per tenth of each
     * layer, so that logs stay short.
     */
    static final class ProgressLine {
        private final PrintStream out;
        private final boolean terminal;
        private String lastStatus = "";
        private long lastTenth = -1;
        private boolean open;

        ProgressLine(PrintStream out, boolean terminal) {
            this.out = out;
            this.terminal = terminal;
        }

        void show(ModelServer.Progress p) {
            String status = p.status();
            String text = status;
            long tenth = -1;
            if (p.total() > 0) {
                double share = (double) p.completed() / p.total();
                tenth = (long) Math.floor(share * 10);
                text = String.format(Locale.ROOT, "%s %5.1f%% (%s of %s)", status, share * 100, bytes(p.completed()),
                        bytes(p.total()));
            }
            if (terminal) {
                out.print("\r" + text + " ".repeat(Math.max(0, 10)));
                out.flush();
                open = true;
                if (p.total() <= 0) {
                    out.println();
                    open = false;
                }
            } else if (!status.equals(lastStatus) || tenth != lastTenth) {
                out.println(text);
            }
            lastStatus = status;
            lastTenth = tenth;
        }

        void done() {
            if (open) {
                out.println();
            }
        }

        static String bytes(long n) {
            if (n >= 1L << 30) {
                return String.format(Locale.ROOT, "%.2f GB", n / (double) (1L << 30));
            }
            if (n >= 1L << 20) {
                return String.format(Locale.ROOT, "%.1f MB", n / (double) (1L << 20));
            }
            return String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
        }
    }
}
