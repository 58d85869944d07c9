package maw.app.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import maw.base.SeatView;
import maw.base.Speech;
import maw.llm.PromptTemplates;

/**
 * What an MCP session reads beside its tools: the table's rules and the seat's news so far (resources), and the guiding
 * prompt of the seat's role and phase (a prompt), the same text MAW's own model seats are given, so a host's model
 * plays with what they know.
 */
final class McpGuide {

    static final String RULES = "maw://table/rules";
    static final String NEWS = "maw://seat/news";
    static final String PROMPT = "seat_guide";

    private final McpTools.Table table;
    private final PromptTemplates prompts;

    McpGuide(McpTools.Table table, PromptTemplates prompts) {
        this.table = table;
        this.prompts = prompts;
    }

    List<SyncResourceSpecification> resources() {
        return List.of(
                new SyncResourceSpecification(McpSchema.Resource.builder(RULES, "rules")
                        .title("The rules of this table").mimeType("text/markdown")
                        .description("The rule set, how talk goes, who sits at the table, and the rules as your role "
                                + "sees them in this phase (known once the game has begun)").build(),
                        (ex, req) -> text(RULES, "text/markdown", rules())),
                new SyncResourceSpecification(McpSchema.Resource.builder(NEWS, "news")
                        .title("Your seat's news so far").mimeType("text/plain")
                        .description("Everything your seat was told since it sat down, one line each (kind: text); "
                                + "reading it does not mark news as seen").build(),
                        (ex, req) -> text(NEWS, "text/plain", news())));
    }

    List<SyncPromptSpecification> prompts() {
        return List.of(new SyncPromptSpecification(McpSchema.Prompt.builder(PROMPT).title("Your role's guide")
                .description("The guiding prompt of your seat's role and the phase now, as MAW's own model seats get "
                        + "it, and how to play it with this server's tools").arguments(List.of()).build(), (ex, req) -> {
                            String text = guide();
                            return McpSchema.GetPromptResult.builder(List.of(new McpSchema.PromptMessage(
                                    McpSchema.Role.USER, McpSchema.TextContent.builder(text).build())))
                                    .description("the guide of your seat's role and phase").build();
                        }));
    }

    private static McpSchema.ReadResourceResult text(String uri, String mime, String text) {
        return McpSchema.ReadResourceResult.builder(List.of(McpSchema.TextResourceContents.builder(uri, text)
                .mimeType(mime).build())).build();
    }

    /** The table's rules as the seat knows them now. */
    String rules() {
        SeatView v = view();
        if (v == null) {
            return "# The rules of this table\n\nNot known yet: the table tells them when the game begins (join_table, "
                    + "then next_turn).\n";
        }
        StringBuilder b = new StringBuilder("# The rules of this table\n\n");
        b.append("- Rule set: ").append(v.rules()).append(" (").append(switch (v.talk()) {
            case CHAT -> "MAW's rules: the Village talks freely by day, the werewolves in the Hideout by night; votes "
                    + "by the clock";
            case PROTOCOL -> "AIWolf's rules: talk in turns, each talk one sentence of AIWolf's protocol";
            case NATURAL -> "the AIWolf NLP contest's rules: talk in your own words, @Name to address a player";
        }).append(")\n");
        b.append("- Players: ").append(String.join(", ", v.everyone())).append('\n');
        b.append("- A line (speak, whisper) has at most ").append(v.max_message_length()).append(" characters\n");
        if (v.talk() == Speech.CHAT) {
            b.append("- Speak as often as you like while your room is open; a vote can change until the phase ends\n");
        } else {
            b.append("- Every turn waits for your answer (a talk, Skip or Over; a vote; a night's act): next_turn "
                    + "gives each\n");
        }
        b.append("\n## As your role sees them (").append(v.role() == null ? "no role yet" : v.role().wire())
                .append(", ").append(v.phase() == null ? "before the game" : v.phase().wire()).append(")\n\n");
        b.append(roleGuide());
        return b.toString();
    }

    /** Every line the seat perceived so far, under the note that players' words are theirs. */
    String news() {
        McpSeat s = table.seat();
        StringBuilder b = new StringBuilder("# ").append(McpTools.UNTRUSTED).append('\n');
        if (s != null) {
            for (McpSeat.Line l : s.all()) {
                b.append(l.kind()).append(": ").append(l.text()).append('\n');
            }
        }
        return b.toString();
    }

    /** The guiding prompt of the seat's role and phase, and how to play it here. */
    String guide() {
        SeatView v = view();
        String how = "You play one seat of a Werewolf game through this server's tools. Loop: call next_turn (it "
                + "waits for your turn and gives your view and the news), then make one act with the tool for it "
                + "among those its you_may lists, naming only the targets it gives. " + McpTools.UNTRUSTED;
        if (v == null) {
            return how + "\n\nYour role is dealt when the game begins: read this prompt again then.";
        }
        return roleGuide() + "\n\n" + how;
    }

    /** The guiding prompt's system part for the seat's role in the phase now (after the game: the last one's). */
    private String roleGuide() {
        McpSeat s = table.seat();
        SeatView v = s == null ? null : s.played();
        if (prompts == null || v == null || v.role() == null) {
            return "(the guide of your role comes with the first phase)";
        }
        try {
            return prompts.roleGuide(v).strip();
        } catch (RuntimeException e) {
            return "(no guide for this role and phase: " + e.getMessage() + ")";
        }
    }

    private SeatView view() {
        McpSeat s = table.seat();
        return s == null ? null : s.view();
    }
}
