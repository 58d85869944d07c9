package maw.aiwolf.game;

import java.util.Arrays;
import java.util.List;

/**
 * Natural-language talk (or whisper) as the AIWolf NLP server (aiwolf-nlp-server) runs it, named as its {@code
 * setting.talk} names it: the speakers are shuffled once a day and asked one after another, a turn at a time, for at
 * most {@code perDay} turns and {@code perAgent} talks each; a Skip spends one of {@code maxSkip} (none left: it
 * counts as Over), and Over ends that speaker's day. Text is free and is cut, never refused: {@code baseLength} before
 * the first {@code @Name} mention, {@code mentionLength} after it, and {@code perTalk} in all, counted in words or
 * characters ({@code countInWord}; spaces not counted when {@code countSpaces} is false); {@code perAgentLength} is a
 * day's budget beyond the base lengths. A null length is no limit (the server's -1). With a {@code durationMillis}
 * the talk is group chat (the contest's speak-anytime mode): nobody is asked; each speaker may say a line at any time
 * while it has talks left, the phase ends once every speaker has none, or when the duration is over.
 */
public record NlTalk(int perAgent, int perDay, int maxSkip, Integer perTalk, Integer perAgentLength, Integer baseLength,
        Integer mentionLength, boolean countInWord, boolean countSpaces, Long durationMillis) {

    /** Turn-based talk. */
    public NlTalk(int perAgent, int perDay, int maxSkip, Integer perTalk, Integer perAgentLength, Integer baseLength,
            Integer mentionLength, boolean countInWord, boolean countSpaces) {
        this(perAgent, perDay, maxSkip, perTalk, perAgentLength, baseLength, mentionLength, countInWord, countSpaces,
                null);
    }

    /** Whether this is group chat (a phase of {@link #durationMillis}), not turns. */
    public boolean groupChat() {
        return durationMillis != null;
    }

    /** The same limits as group chat of {@code millis}. */
    public NlTalk chat(long millis) {
        return new NlTalk(perAgent, perDay, maxSkip, perTalk, perAgentLength, baseLength, mentionLength, countInWord,
                countSpaces, millis);
    }

    public NlTalk {
        if (durationMillis != null && durationMillis <= 0) {
            throw new IllegalArgumentException("a group chat lasts more than 0 ms");
        }
        if (perAgent < 0 || perDay < 0 || maxSkip < 0) {
            throw new IllegalArgumentException("talk counts are 0 or more");
        }
        for (Integer n : new Integer[] {perTalk, perAgentLength, baseLength, mentionLength}) {
            if (n != null && n < 0) {
                throw new IllegalArgumentException("a length limit is 0 or more (null: none)");
            }
        }
    }

    /** Talk without length limits. */
    public static NlTalk counts(int perAgent, int perDay, int maxSkip) {
        return new NlTalk(perAgent, perDay, maxSkip, null, null, null, null, false, true);
    }

    /** Whether any length limit applies. */
    public boolean cuts() {
        return perTalk != null || perAgentLength != null || baseLength != null;
    }

    /** The length of {@code text} as these limits count it. */
    public int count(String text) {
        if (countInWord) {
            String t = text.strip();
            return t.isEmpty() ? 0 : t.split("\\s+").length;
        }
        return (int) text.codePoints().filter(c -> countSpaces || !Character.isWhitespace(c)).count();
    }

    /** {@code text} cut to {@code length} as counted here (words joined by one space; characters kept in place). */
    public String trim(String text, int length) {
        if (countInWord) {
            String t = text.strip();
            String[] words = t.isEmpty() ? new String[0] : t.split("\\s+");
            return words.length > length ? String.join(" ", Arrays.copyOf(words, Math.max(0, length)))
                    : text;
        }
        StringBuilder out = new StringBuilder();
        int counted = 0;
        int[] cps = text.codePoints().toArray();
        for (int c : cps) {
            boolean counts = countSpaces || !Character.isWhitespace(c);
            if (counts && counted >= length) {
                break;
            }
            out.appendCodePoint(c);
            if (counts) {
                counted++;
            }
        }
        return out.length() == text.length() ? text : out.toString();
    }

    /**
     * What is left of {@code text} said by a speaker with {@code budget} of its day's length left (null: no day
     * budget), as the server cuts it: the first mention of another agent ({@code @Name}, in the agents' order) splits
     * it; each side is cut to its limit plus the budget, and what goes beyond the limits is taken from the budget.
     * Returns the text and the budget left; an empty text becomes Over.
     */
    public Cut cut(String text, Integer budget, String speaker, List<String> agents) {
        String out = text;
        Integer left = budget;
        if (perAgentLength != null || baseLength != null) {
            int base = baseLength == null ? 0 : baseLength;
            String mention = null;
            int at = -1;
            if (mentionLength != null) {
                for (String a : agents) {
                    if (!a.equals(speaker) && text.contains("@" + a)) {
                        mention = "@" + a;
                        at = text.indexOf(mention);
                        break;
                    }
                }
            }
            if (at >= 0) {
                String before = text.substring(0, at);
                String after = text.substring(at + mention.length());
                out = trim(before, base + (left == null ? 0 : left));
                int cost = count(before) - base;
                if (cost > 0 && left != null) {
                    left -= cost;
                }
                out += mention;
                String tail = trim(after, mentionLength + (left == null ? 0 : left));
                int tailCost = count(tail) - mentionLength;
                if (tailCost > 0 && left != null) {
                    left -= tailCost;
                }
                out += tail;
            } else {
                out = trim(text, base + (left == null ? 0 : left));
                int cost = count(out) - base;
                if (cost > 0 && left != null) {
                    left -= cost;
                }
            }
        }
        if (perTalk != null && count(out) > perTalk) {
            out = trim(out, perTalk);
        }
        if (out.isEmpty()) {
            out = "Over";
        }
        return new Cut(out, left);
    }

    /** A cut utterance and the speaker's day budget left. */
    public record Cut(String text, Integer budgetLeft) {}
}
