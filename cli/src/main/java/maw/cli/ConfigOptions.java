package maw.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import maw.config.MawConfig;
import maw.config.Setting;
import maw.runtime.BehaviourThreads;
import maw.runtime.xmpp.SmackThreads;
import picocli.CommandLine.Option;

/** The options every command shares: where the settings come from, and single settings set on the command line. */
public final class ConfigOptions {

    @Option(names = "--config", paramLabel = "FILE",
            description = "settings file, YAML or .properties (default: $MAW_CONFIG, else maw.yaml in the checkout)")
    Path configFile;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "set one setting, e.g. --set xmpp.port=5222 (see `maw config` for all of them)")
    Map<String, String> sets = new LinkedHashMap<>();

    /** Loads the settings, with the command's own flags (keyed by setting, valued by flag and value) on top. */
    public MawConfig load(Map<String, MawConfig.Value> commandFlags) {
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>();
        sets.forEach((k, v) -> flags.put(k, new MawConfig.Value(v, "--set " + k)));
        flags.putAll(commandFlags);
        MawConfig config = MawConfig.load(Main.Home.path(), configFile, System.getenv(), flags);
        System.setProperty(BehaviourThreads.PROPERTY,
                config.choice(Setting.RUNTIME_THREADS, Setting.ThreadKind.class).name().toLowerCase(Locale.ROOT));
        System.setProperty(SmackThreads.PROPERTY,
                config.choice(Setting.XMPP_THREADS, Setting.ThreadKind.class).name().toLowerCase(Locale.ROOT));
        return config;
    }

    public MawConfig load() {
        return load(Map.of());
    }

    /** These options as given, for a command this one starts with the same settings. */
    public java.util.List<String> asArguments() {
        java.util.List<String> args = new java.util.ArrayList<>();
        if (configFile != null) {
            args.addAll(java.util.List.of("--config", configFile.toAbsolutePath().toString()));
        }
        sets.forEach((k, v) -> args.addAll(java.util.List.of("--set", k + "=" + v)));
        return args;
    }
}
