package maw.cli;

import java.util.concurrent.Callable;
import maw.config.MawConfig;
import maw.config.Setting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maw config}: every setting, its value and where the value came from. */
@Command(header = "Show every setting, its value and where it came from.", name = "config", mixinStandardHelpOptions = true,
        description = "Show every setting with its value, where the value came from, and what it means.")
final class ConfigCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @picocli.CommandLine.Option(names = "--reference", description = "print every setting as a Markdown table (its "
            + "key, environment variable, default and meaning), as docs/CONFIGURATION.md holds it")
    boolean reference;

    @Override
    public Integer call() {
        if (reference) {
            System.out.print(Setting.reference());
            return 0;
        }
        MawConfig config = options.load();
        for (Setting s : Setting.values()) {
            MawConfig.Value v = config.value(s);
            String shown = v.text().isEmpty() ? "\"\"" : s.secret() ? "(set, not shown)" : v.text();
            System.out.printf("%-22s = %-24s (%s; env %s)%n    %s%n", s.key(), shown, v.source(), s.envName(),
                    s.description());
        }
        return 0;
    }
}
