package maw.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import maw.config.MawConfig;
import picocli.CommandLine.Option;

/** The language-model flags shared by the commands that run or check model seats; each is an {@code llm.*} setting. */
public final class LlmOptions {

    @Option(names = "--provider", paramLabel = "ollama|openai",
            description = "language-model API (setting llm.provider, default ollama)")
    String provider;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "the model server (setting llm.base-url, default http://localhost:11434 for ollama)")
    String baseUrl;

    @Option(names = "--model", paramLabel = "NAME", description = "the model (setting llm.model, default llama3.1)")
    String model;

    /** These flags as settings, for {@link ConfigOptions#load(Map)}. */
    Map<String, MawConfig.Value> flags() {
        Map<String, MawConfig.Value> flags = new LinkedHashMap<>();
        if (provider != null) {
            flags.put("llm.provider", new MawConfig.Value(provider, "--provider"));
        }
        if (baseUrl != null) {
            flags.put("llm.base-url", new MawConfig.Value(baseUrl, "--base-url"));
        }
        if (model != null) {
            flags.put("llm.model", new MawConfig.Value(model, "--model"));
        }
        return flags;
    }
}
