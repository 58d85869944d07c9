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
            header = "Check that the model server answers and has the model (and those of every llm seat group).",
            description = {"Then, unless --no-call, times one decision as a model seat asks it (the guiding prompt "
                + "of a villager's first day) and says what it measured: the server's slots, the call's time and "
                + "tokens, and the pace that suits it."})
    static final class Check implements Callable<Integer> {

        @Mixin
        ConfigOptions config;

        @Mixin
        LlmOptions llm;

        @picocli.CommandLine.Option(names = "--no-call", description = "only check the server and the model")
        boolean noCall;

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
            maw.llm.PromptTemplates templates = Seats.templates(settings);
            for (LlmSettings s : targets.values()) {
                ModelServer.Status status = ModelServer.check(s);
                System.out.printf("ok: %s (server %s; models: %s)%n", s.describe(), status.version(),
                        status.models().isEmpty() ? "not listed" : String.join(", ", status.models()));
                if (!noCall) {
                    timeOneCall(s, templates);
                }
            }
            System.out.printf("prompts: %s%n", LlmConfig.prompts(settings));
            return 0;
        }
    }

    /** One decision as a model seat asks it, timed; what the server's slots are; the pace that suits it. */
    static void timeOneCall(LlmSettings s, maw.llm.PromptTemplates templates) {
        maw.llm.ServerQueue.Shape shape = ModelServer.shape(s);
        System.out.printf("  slots: %s%n", shape.slots() == 0 ? "not said (MAW sends every call; the server queues "
                + "them; set llm.slots to its OLLAMA_NUM_PARALLEL)" : shape.slots() + (shape.namesSlots()
                ? " (llama.cpp: each seat's calls keep to its own slot)" : ""));
        maw.llm.Llm model = new maw.llm.Llm(s);
        java.util.List<String> names = java.util.List.of("Ann", "Bob", "Cid", "Dee", "Eve", "Fay");
        maw.base.SeatView view = new maw.base.SeatView("Ann", maw.base.Role.VILLAGER, java.util.List.of(),
                maw.base.Phase.DAY, 1, 0, names, java.util.List.of(), names.subList(1, 6), java.util.List.of(
                maw.base.Act.Kind.SPEAK, maw.base.Act.Kind.VOTE, maw.base.Act.Kind.LISTEN), null, "Village", 200,
                java.util.List.of(), null, false, java.util.Map.of());
        maw.llm.ModelSeat seat = new maw.llm.ModelSeat(model, templates);
        long t0 = System.nanoTime();
        maw.base.Act decision = seat.decide(view, java.util.List.of("Day 1 begins. Living: " + String.join(", ",
                names) + ".", "Bob: Good morning. Who do we suspect?"));
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("  one decision: %s in %.1f s (%d call(s), %d prompt tokens, %d answer tokens)%n",
                decision.kind().wire(), seconds, model.calls(), model.promptTokens(), model.outputTokens());
        System.out.printf("  %s%n", advice(seconds));
    }

    /** The pace that suits a model that takes {@code seconds} a decision. */
    static String advice(double seconds) {
        return seconds > 10 ? "at this speed a table of model seats plays by turns (the default with a model seat; "
                + "game.pace=turns): a clock-paced day would end before most seats act"
                : "fast enough for either pace; by the clock, give a day at least " + Math.max(60,
                        (long) Math.ceil(seconds * 6 * 4)) + " s for six model seats (--day-seconds)";
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
