package maw.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.app.ProgressLine;
import maw.app.Seats;
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
}
