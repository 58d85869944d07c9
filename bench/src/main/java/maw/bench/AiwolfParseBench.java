package maw.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import maw.aiwolf.protocol.GameCheck;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.RandomSentences;
import maw.aiwolf.protocol.Version;

/**
 * {@code maw bench aiwolf-parse}: (1) the AIWolf protocol parser's throughput on a corpus of realistic talk (sentences
 * of both versions from the property generator, nested up to 3 deep), against the cheapest possible reading of the
 * same text (splitting it at spaces) in the same run; (2) a fuzz run of N inputs (corpus sentences damaged at random,
 * and random text) through the parser and the game checker, counting crashes: an exception, or a parsed sentence that
 * does not write back to itself.
 */
public final class AiwolfParseBench {

    /** What one run measured. */
    public record Result(int corpus, double sentencesPerSecond, double splitsPerSecond, long fuzzInputs,
            long fuzzValid, long crashes, long fuzzMillis, String firstCrash) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("corpus", corpus);
            m.put("sentencesPerSecond", Math.round(sentencesPerSecond));
            m.put("splitsPerSecond", Math.round(splitsPerSecond));
            m.put("parseToSplitCostRatio", Figures.round(splitsPerSecond / sentencesPerSecond));
            m.put("fuzzInputs", fuzzInputs);
            m.put("fuzzValid", fuzzValid);
            m.put("crashes", crashes);
            m.put("fuzzMillis", fuzzMillis);
            m.put("firstCrash", firstCrash);
            return m;
        }
    }

    private final PrintStream out;

    public AiwolfParseBench(PrintStream out) {
        this.out = out;
    }

    public Result run(long inputs, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> texts = new ArrayList<>();
        List<Version> versions = new ArrayList<>();
        for (Version v : Version.values()) {
            RandomSentences gen = new RandomSentences(random.split(), v, 15);
            for (int i = 0; i < 5_000; i++) {
                texts.add(Protocol.write(gen.next(i % 4)));
                versions.add(v);
            }
        }
        int n = texts.size();
        out.printf(Locale.ROOT, "corpus: %d sentences of versions 3.6 and 2.01, %d characters on average%n", n,
                texts.stream().mapToInt(String::length).sum() / n);

        // Warm up both, then measure each over the same corpus, alternating, best of five rounds.
        long sink = 0;
        for (int i = 0; i < 20; i++) {
            sink += parseAll(texts, versions) + splitAll(texts);
        }
        double bestParse = Double.MAX_VALUE;
        double bestSplit = Double.MAX_VALUE;
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            for (int r = 0; r < 10; r++) {
                sink += parseAll(texts, versions);
            }
            long t1 = System.nanoTime();
            for (int r = 0; r < 10; r++) {
                sink += splitAll(texts);
            }
            long t2 = System.nanoTime();
            bestParse = Math.min(bestParse, (t1 - t0) / 10.0);
            bestSplit = Math.min(bestSplit, (t2 - t1) / 10.0);
        }
        double parseRate = n / (bestParse / 1e9);
        double splitRate = n / (bestSplit / 1e9);
        out.printf(Locale.ROOT, "parse: %,.0f sentences/s; splitting the same text at spaces: %,.0f/s (%d)%n", parseRate, splitRate,
                sink % 2);

        out.printf(Locale.ROOT, "fuzzing %,d inputs ...%n", inputs);
        GameCheck game = new GameCheck(Set.of(1, 2, 3, 4, 5), 3, ref -> ref.id() % 2 == 0);
        String alphabet = "()[]: AgentANYREQUESTINQUIREBECAUSEVOTEDOROverSkipTALKday1ID:0123456789\u0000\ud800\u3000\n\t";
        long valid = 0;
        long crashes = 0;
        String firstCrash = null;
        long t0 = System.nanoTime();
        long report = Math.max(1, inputs / 10);
        for (long i = 0; i < inputs; i++) {
            String text;
            if (i % 10 == 9) {
                StringBuilder b = new StringBuilder();
                int len = random.nextInt(60);
                for (int c = 0; c < len; c++) {
                    b.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x10000)
                            : alphabet.charAt(random.nextInt(alphabet.length())));
                }
                text = b.toString();
            } else {
                StringBuilder b = new StringBuilder(texts.get(random.nextInt(n)));
                int edits = 1 + random.nextInt(5);
                for (int e = 0; e < edits && b.length() > 0; e++) {
                    int at = random.nextInt(b.length());
                    switch (random.nextInt(4)) {
                        case 0 -> b.deleteCharAt(at);
                        case 1 -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        case 2 -> b.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        default -> {
                            String other = texts.get(random.nextInt(n));
                            int from = random.nextInt(other.length());
                            b.insert(at, other, from, Math.min(other.length(), from + 1 + random.nextInt(20)));
                        }
                    }
                }
                text = b.toString();
            }
            Version v = random.nextBoolean() ? Version.V3_6 : Version.V2_01;
            try {
                Parsed p = Protocol.parseAnew(text, v);
                if (p instanceof Parsed.Ok ok) {
                    valid++;
                    game.problems(ok.sentence());
                    if (!Protocol.parseAnew(Protocol.write(ok.sentence()), v).sentence().equals(ok.sentence())) {
                        throw new IllegalStateException("does not write back to itself");
                    }
                }
            } catch (RuntimeException | StackOverflowError e) {
                crashes++;
                if (firstCrash == null) {
                    firstCrash = v + " " + text + " -> " + e;
                }
            }
            if ((i + 1) % report == 0) {
                out.printf(Locale.ROOT, "  %,d inputs, %,d valid, %d crashes%n", i + 1, valid, crashes);
            }
        }
        long fuzzMillis = (System.nanoTime() - t0) / 1_000_000;
        return new Result(n, parseRate, splitRate, inputs, valid, crashes, fuzzMillis, firstCrash);
    }

    private static long parseAll(List<String> texts, List<Version> versions) {
        long ok = 0;
        for (int i = 0; i < texts.size(); i++) {
            if (Protocol.parseAnew(texts.get(i), versions.get(i)).ok()) {
                ok++;
            }
        }
        return ok;
    }

    private static long splitAll(List<String> texts) {
        long words = 0;
        for (String t : texts) {
            words += t.split(" ").length;
        }
        return words;
    }
}
