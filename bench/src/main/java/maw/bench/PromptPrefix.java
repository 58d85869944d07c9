package maw.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.llm.standin.OllamaStandIn;

/**
 * How much of each model seat's prompt repeats the seat's previous prompt as a prefix (what a model server's prompt
 * cache can reuse), from the calls the Ollama stand-in received: characters of the whole prompt (system, history,
 * user), over all calls and over the calls after a phase's first (a new phase has a new guiding prompt).
 */
record PromptPrefix(long calls, double share, double shareAfterFirst) {

    private static final Pattern NAME = Pattern.compile("You are ([^,.\\n(]+)");
    private static final Pattern PHASE = Pattern.compile("It is (day|night) (\\d+)");

    static PromptPrefix of(List<OllamaStandIn.Call> calls) {
        Map<String, String> previous = new LinkedHashMap<>();
        Map<String, String> previousPhase = new LinkedHashMap<>();
        long shared = 0;
        long total = 0;
        long sharedAfterFirst = 0;
        long totalAfterFirst = 0;
        for (OllamaStandIn.Call c : calls) {
            String seat = seat(c.system());
            String phase = phase(c.system());
            StringBuilder whole = new StringBuilder();
            c.messages().forEach(m -> whole.append(m.role()).append('\n').append(m.content()).append('\n'));
            String text = whole.toString();
            String before = previous.get(seat);
            int common = before == null ? 0 : commonPrefix(before, text);
            shared += common;
            total += text.length();
            if (before != null && phase.equals(previousPhase.get(seat))) {
                sharedAfterFirst += common;
                totalAfterFirst += text.length();
            }
            previous.put(seat, text);
            previousPhase.put(seat, phase);
        }
        return new PromptPrefix(calls.size(), total == 0 ? 0 : (double) shared / total,
                totalAfterFirst == 0 ? 0 : (double) sharedAfterFirst / totalAfterFirst);
    }

    static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    /** The seat a guiding prompt is for ("You are Alice, ..."). */
    static String seat(String system) {
        Matcher m = NAME.matcher(system);
        return m.find() ? m.group(1).strip() : "?";
    }

    /** The phase a guiding prompt is for ("It is day 2"). */
    static String phase(String system) {
        Matcher m = PHASE.matcher(system);
        return m.find() ? m.group(1) + m.group(2) : "?";
    }
}
