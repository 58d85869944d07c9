package maw.llm.standin;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What a call costs the stand-in, as a model server's speed: prompt tokens read a second (those not already in the
 * slot's cache) and answer tokens written a second. The named profiles are measured figures: {@code cpu-8b} is
 * Llama-3.1-8B Q4_0 under llama.cpp on two laptop-class CPU cores (13.6 and 1.0 tokens/s: about 80 s for a 300-token
 * prompt and a 60-token answer), {@code gpu-8b} the same model on a consumer GPU (about 2,000 and 60); on the same two
 * cores {@code cpu-0.5b} is Qwen2.5-0.5B Q4_0 (62-143 and 6.5-14 measured: about 100 and 10) and {@code cpu-135m}
 * SmolLM2-135M Q8_0 (435-773 and 21-61: about 600 and 40); {@code instant} no cost at all (answers at once, as the
 * stand-in did before it had a cost).
 *
 * @param name                 as settings and benches name it
 * @param promptTokensPerSecond prompt tokens read a second; 0: free
 * @param outputTokensPerSecond answer tokens written a second; 0: free
 */
public record CostProfile(String name, double promptTokensPerSecond, double outputTokensPerSecond) {

    public static final CostProfile INSTANT = new CostProfile("instant", 0, 0);
    public static final CostProfile GPU_8B = new CostProfile("gpu-8b", 2000, 60);
    public static final CostProfile CPU_8B = new CostProfile("cpu-8b", 13.6, 1.0);
    public static final CostProfile CPU_05B = new CostProfile("cpu-0.5b", 100, 10);
    public static final CostProfile CPU_135M = new CostProfile("cpu-135m", 600, 40);

    public CostProfile {
        if (promptTokensPerSecond < 0 || outputTokensPerSecond < 0) {
            throw new IllegalArgumentException("token rates are not negative");
        }
    }

    /** The named profiles. */
    public static List<CostProfile> all() {
        return List.of(INSTANT, GPU_8B, CPU_8B, CPU_05B, CPU_135M);
    }

    /** The profile of this name ({@code cpu-8b}), or a refusal naming them all. */
    public static CostProfile named(String name) {
        String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        return all().stream().filter(p -> p.name().equals(n)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("no cost profile '" + name + "': expected one of " + String.join(", ",
                        all().stream().map(CostProfile::name).toList())));
    }

    /** Reading {@code tokens} prompt tokens, at {@code speed} times the profile's rate. */
    public Duration reading(int tokens, double speed) {
        return time(tokens, promptTokensPerSecond, speed);
    }

    /** Writing {@code tokens} answer tokens, at {@code speed} times the profile's rate. */
    public Duration writing(int tokens, double speed) {
        return time(tokens, outputTokensPerSecond, speed);
    }

    private static Duration time(int tokens, double rate, double speed) {
        if (rate <= 0 || tokens <= 0) {
            return Duration.ZERO;
        }
        return Duration.ofNanos(Math.round(tokens / (rate * speed) * 1e9));
    }
}
