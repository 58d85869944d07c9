package maw.bench;

/** How the benchmarks write their figures. */
final class Figures {

    private Figures() {}

    /** Two decimals, as the JSON summaries and docs/BENCHMARKS.md give ratios. */
    static double round(double d) {
        return Math.round(d * 100) / 100.0;
    }
}
