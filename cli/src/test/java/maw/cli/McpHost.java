package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A scripted MCP host agent on the Java SDK's client, as the tests play MAW's MCP seats with it: it waits for each turn
 * with next_turn and answers it, a line when it may speak (once a phase, or as the test's {@code line} says), then the
 * vote or the night's act on a legal target other than itself.
 */
final class McpHost {

    /** What a game was for the host: whether it saw the end, the acts' outcomes, the tool errors' codes. */
    record Played(boolean over, List<String> accepted, List<String> refusals, int turns) {}

    private McpHost() {}

    /**
     * Plays until the game is over or {@code seconds} have passed; {@code line} says what to say at a turn where
     * speaking is allowed (null: nothing), given the turn's view and whether the host spoke in this phase already.
     */
    static Played play(McpSyncClient client, long seconds, java.util.function.BiFunction<Map<String, Object>, Boolean,
            String> line) {
        List<String> accepted = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        String spokeIn = null;
        boolean over = false;
        int turns = 0;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!over && System.nanoTime() < until) {
            Map<String, Object> turn = content(call(client, "next_turn", Map.of("wait_seconds", 20)));
            over = Boolean.TRUE.equals(turn.get("over"));
            if (over || !Boolean.TRUE.equals(turn.get("turn"))) {
                continue;
            }
            turns++;
            List<String> may = list(turn.get("you_may"));
            @SuppressWarnings("unchecked")
            Map<String, List<String>> targets = (Map<String, List<String>>) turn.get("targets");
            String phase = turn.get("phase") + " " + turn.get("day");
            if (may.contains("speak")) {
                String say = line.apply(turn, phase.equals(spokeIn));
                if (say != null) {
                    spokeIn = phase;
                    McpSchema.CallToolResult r = call(client, "speak", Map.of("text", say));
                    (Boolean.TRUE.equals(r.isError()) ? refusals : accepted).add("speak:" + outcome(r));
                }
            }
            for (String act : List.of("vote", "divine", "guard")) {
                if (may.contains(act) && targets.containsKey(act)) {
                    String target = targets.get(act).stream().filter(n -> !n.equals(turn.get("you"))).findFirst()
                            .orElse(targets.get(act).getFirst());
                    McpSchema.CallToolResult r = call(client, act, Map.of("target", target));
                    (Boolean.TRUE.equals(r.isError()) ? refusals : accepted).add(act + ":" + outcome(r));
                }
            }
        }
        return new Played(over, accepted, refusals, turns);
    }

    /** Every call's own progress token. */
    private static final java.util.concurrent.atomic.AtomicLong CALLS = new java.util.concurrent.atomic.AtomicLong();

    static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
        // A progress token with every call, none the same: next_turn reports how its wait goes.
        return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args)
                .progressToken(tool + "-" + CALLS.incrementAndGet()).build());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> content(McpSchema.CallToolResult r) {
        assertThat(r.isError()).as("%s", r.content()).isNotEqualTo(Boolean.TRUE);
        return (Map<String, Object>) r.structuredContent();
    }

    /** An act's outcome, or a tool error's code. */
    @SuppressWarnings("unchecked")
    static String outcome(McpSchema.CallToolResult r) {
        if (r.structuredContent() instanceof Map<?, ?> m) {
            Map<String, Object> c = (Map<String, Object>) m;
            return String.valueOf(c.containsKey("outcome") ? c.get("outcome") : c.get("refused"));
        }
        return ((McpSchema.TextContent) r.content().getFirst()).text();
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Object o) {
        return (List<String>) o;
    }
}
