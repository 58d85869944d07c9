package maw.llm.standin;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stand-in's model at work: a call takes a slot (waiting for one in turn), reads the prompt's tokens its slot's
 * cache lacks and writes its answer, each at the cost profile's rate and time scale, and stops when its client hangs
 * up; the slot then keeps what it read (and wrote) as its cache. Prompts are tokens as the stand-in's server counts
 * them: words and marks, each message framed by three tokens of its own.
 */
final class Serving {

    volatile CostProfile cost = CostProfile.INSTANT;
    volatile double speed = 1;
    volatile Slots slots = new Slots(1);
    /** The longest piece of a word the tokenizer keeps whole (a small model's tokenizer cuts words finer); 0: none. */
    volatile int piece;

    /** What a streamed answer's chunks are handed to, as they are written. */
    @FunctionalInterface
    interface Chunks {
        void piece(String text) throws IOException;
    }

    /**
     * One call's work: its prompt's tokens (cut to the context), its answer (cut to the answer limit), and once
     * served, how.
     */
    final class Work {
        final java.util.function.Consumer<OllamaStandIn.Served> recorded;
        final List<String> tokens;
        final boolean truncated;
        final String content;
        final boolean cut;
        final int outputTokens;
        final Integer slot;
        final boolean keepCache;
        final long arrived;
        OllamaStandIn.Served served;
        long readNanos;
        long writeNanos;

        Work(java.util.function.Consumer<OllamaStandIn.Served> recorded, List<String> tokens, boolean truncated,
                String content, boolean cut, int outputTokens, Integer slot, boolean keepCache, long arrived) {
            this.recorded = recorded;
            this.tokens = tokens;
            this.truncated = truncated;
            this.content = content;
            this.cut = cut;
            this.outputTokens = outputTokens;
            this.slot = slot;
            this.keepCache = keepCache;
            this.arrived = arrived;
        }

        String content() {
            return content;
        }

        boolean cut() {
            return cut;
        }

        OllamaStandIn.Served served() {
            return served;
        }

        long readNanos() {
            return readNanos;
        }

        long writeNanos() {
            return writeNanos;
        }

        /**
         * Waits for a slot, then reads the prompt's tokens its cache lacks and writes the answer, each at the cost
         * profile's rate, handing the answer to {@code chunks} as it is written (streaming); false when the client
         * hung up first (the slot is freed at once, keeping what it read).
         */
        boolean serve(StandInHttp.Exchange x, Chunks chunks) throws IOException {
            Slots.Lease lease;
            try {
                lease = slots.take(tokens, slot, x::cancelled);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            if (lease == null) {
                long now = System.currentTimeMillis();
                done(-1, 0, now, now, true);
                return false;
            }
            long started = System.currentTimeMillis();
            int cached = keepCache ? lease.cached() : 0;
            List<String> kept = tokens.subList(0, cached);
            boolean cancelled = false;
            try {
                long t0 = System.nanoTime();
                cancelled = !pause(cost.reading(tokens.size() - cached, speed), x);
                readNanos = System.nanoTime() - t0;
                kept = cancelled ? tokens.subList(0, cached + (int) ((tokens.size() - cached)
                        * Math.min(1.0, (double) readNanos / Math.max(1, cost.reading(tokens.size() - cached, speed)
                                .toNanos())))) : tokens;
                if (!cancelled) {
                    long t1 = System.nanoTime();
                    List<String> pieces = pieces(content);
                    long per = cost.writing(outputTokens, speed).toNanos() / Math.max(1, pieces.size());
                    for (String piece : pieces) {
                        if (!pause(java.time.Duration.ofNanos(per), x)) {
                            cancelled = true;
                            break;
                        }
                        if (chunks != null) {
                            try {
                                chunks.piece(piece);
                            } catch (IOException e) {
                                cancelled = true;
                                break;
                            }
                        }
                    }
                    writeNanos = System.nanoTime() - t1;
                }
            } finally {
                List<String> cache = new ArrayList<>(kept);
                if (!cancelled) {
                    cache.addAll(words(content)); // the slot keeps what it wrote too, to the answer's end
                    cache.add(END);
                }
                // The call ends before its slot is free: the next call in the slot begins no sooner than this one
                // ended (stamped after the release, a busy machine's next call could begin a millisecond before).
                long ended = System.currentTimeMillis();
                slots.release(lease, cache);
                done(lease.slot(), cached, started, ended, cancelled);
            }
            return !cancelled;
        }

        private void done(int slotUsed, int cached, long started, long ended, boolean cancelled) {
            served = new OllamaStandIn.Served(slotUsed, tokens.size(), cached, outputTokens, arrived, started,
                    ended, cancelled, truncated);
            recorded.accept(served);
        }
    }

    /**
     * A call's work: its prompt cut to {@code context} tokens, its answer to {@code maxTokens} (-1: no limit);
     * {@code recorded} hears how it was served.
     */
    Work work(List<OllamaStandIn.Message> messages, String answer, int context, int maxTokens, Integer slot,
            boolean keep, long arrived, java.util.function.Consumer<OllamaStandIn.Served> recorded) {
        List<String> tokens = tokens(messages, piece);
        boolean truncated = false;
        if (tokens.size() > context) {
            // Ollama keeps the system message and the prompt's end.
            int system = messages.isEmpty() || !messages.getFirst().role().equals("system") ? 0
                    : tokens(List.of(messages.getFirst()), piece).size();
            List<String> cutTokens = new ArrayList<>(tokens.subList(0, Math.min(system, context)));
            int room = context - cutTokens.size();
            cutTokens.addAll(tokens.subList(tokens.size() - room, tokens.size()));
            tokens = cutTokens;
            truncated = true;
        }
        List<String> out = words(answer);
        int outputTokens = out.size() + 1;
        String content = answer;
        boolean cut = false;
        if (maxTokens > 0 && outputTokens > maxTokens) {
            content = prefixOf(answer, maxTokens - 1);
            outputTokens = maxTokens;
            cut = true;
        }
        return new Work(recorded, List.copyOf(tokens), truncated, content, cut, outputTokens, slot, keep, arrived);
    }

    /** Waits {@code d}, or until the client hangs up (false). */
    private static boolean pause(java.time.Duration d, StandInHttp.Exchange x) {
        long until = System.nanoTime() + d.toNanos();
        while (true) {
            if (x.cancelled()) {
                return false;
            }
            long left = until - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            try {
                Thread.sleep(Math.min(20, Math.max(1, left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{Nd}]+|[^\\p{L}\\p{Nd}\\s]");

    /**
     * The stand-in's tokens of a text: its words and marks (what the model seats' token count,
     * {@code maw.llm.Tokens.wordsAndMarks}, counts).
     */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text == null ? "" : text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** The text up to its {@code n}th token. */
    private static String prefixOf(String text, int n) {
        Matcher m = WORD.matcher(text);
        int end = 0;
        for (int i = 0; i < n && m.find(); i++) {
            end = m.end();
        }
        return text.substring(0, end);
    }

    private static final String END = "<|end|>";

    /**
     * A prompt's tokens as the stand-in's server reads them, as a chat template renders it: each message framed by
     * three tokens of its own, then the two that open the answer (so that a slot that wrote an answer holds the
     * beginning of the next prompt that quotes it).
     */
    static List<String> tokens(List<OllamaStandIn.Message> messages) {
        return tokens(messages, 0);
    }

    /** The same with words cut into pieces of at most {@code piece} characters (0: whole). */
    static List<String> tokens(List<OllamaStandIn.Message> messages, int piece) {
        List<String> out = new ArrayList<>();
        for (OllamaStandIn.Message m : messages) {
            out.add("<|start|>" + m.role());
            out.add("<|body|>");
            for (String w : words(m.content())) {
                for (int i = 0; i < w.length(); i += piece <= 0 ? w.length() : piece) {
                    out.add(piece <= 0 ? w : w.substring(i, Math.min(w.length(), i + piece)));
                }
            }
            out.add(END);
        }
        out.add("<|start|>assistant");
        out.add("<|body|>");
        return out;
    }

    /** The answer in pieces of at most 8 characters, as a stream carries it. */
    static List<String> pieces(String content) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < content.length(); i += 8) {
            out.add(content.substring(i, Math.min(content.length(), i + 8)));
        }
        if (out.isEmpty()) {
            out.add("");
        }
        return out;
    }
}
