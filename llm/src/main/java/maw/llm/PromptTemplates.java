package maw.llm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.base.Speech;

/**
 * The guiding prompts: plain-text templates in a directory ({@code prompts/}), one per role and phase
 * ({@code villager-day.txt}, {@code werewolf-day.txt}, {@code werewolf-night.txt}, ...), read when a seat needs one,
 * so a user edits them without rebuilding. Placeholders are written {@code {{name}}}; a placeholder the view does not
 * provide is an error naming the file.
 *
 * <p>A line {@value #EACH_TURN} splits a template: what is above it is the guiding prompt (the system message), the
 * same on every turn of a phase, so that a model server reuses its prompt cache; what is below it goes at the end of
 * each turn's user message (the state that changes turn by turn: the actions open now, the vote so far). A template
 * without it is the guiding prompt whole.
 */
public final class PromptTemplates {

    /** The templates every table needs. */
    public static final List<String> REQUIRED = List.of("villager-day", "werewolf-day", "werewolf-night");

    /** The templates of AIWolf games, in the {@code aiwolf} directory beside MAW's. */
    public static final List<String> AIWOLF_REQUIRED = List.of("villager-day", "seer-day", "seer-night", "medium-day",
            "bodyguard-night", "possessed-day", "werewolf-day", "werewolf-night");

    /** The templates of the AIWolf NLP contest's games (talk in natural language), in {@code aiwolf-nlp}. */
    public static final List<String> NLP_REQUIRED = AIWOLF_REQUIRED;

    /** The line that splits a template into its guiding prompt and the part sent with each turn. */
    public static final String EACH_TURN = "=== each turn ===";

    /** Placeholders whose value changes from one turn of a phase to the next: only below {@link #EACH_TURN}. */
    static final List<String> TURN_BY_TURN = List.of("actions", "json", "voted_for", "spoke", "turn");

    /**
     * A rendered template: the guiding prompt, and what goes with each turn's user message (empty when the template
     * has no {@value #EACH_TURN} line).
     */
    public record Prompt(String system, String turn) {
        /** The whole text, as a reader sees the template. */
        public String whole() {
            return turn.isEmpty() ? system : system + "\n\n" + turn;
        }
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-z_]+)\\s*}}");

    private final Path dir;

    public PromptTemplates(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Checks that the directory holds the required templates and that their placeholders are all known. */
    public void check() {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("the prompt directory " + dir + " does not exist (llm.prompts)");
        }
        for (String name : REQUIRED) {
            Path file = dir.resolve(name + ".txt");
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("the guiding prompt " + file + " is missing");
            }
            render(file, sample());
        }
        for (String kind : List.of("aiwolf", "aiwolf-nlp")) {
            Path aiwolf = dir.resolve(kind);
            if (!Files.isDirectory(aiwolf)) {
                continue;
            }
            for (String name : AIWOLF_REQUIRED) {
                Path file = aiwolf.resolve(name + ".txt");
                if (!Files.isRegularFile(file)) {
                    throw new IllegalArgumentException("the guiding prompt " + file + " is missing");
                }
                render(file, sample());
            }
        }
    }

    /** The template for a role and phase: {@code role-phase.txt}, else the villagers' (for a seer, say). */
    public Path templateFor(String role, String phase) {
        Path own = dir.resolve(role + "-" + phase + ".txt");
        if (Files.isRegularFile(own)) {
            return own;
        }
        return dir.resolve(("werewolf".equals(role) ? "werewolf" : "villager") + "-" + phase + ".txt");
    }

    /** The template of an AIWolf game: {@code aiwolf/role-phase.txt}, else the villagers' or werewolves'. */
    public Path aiwolfTemplateFor(String role, String phase) {
        return aiwolfTemplateFor(role, phase, false);
    }

    /** Likewise, of the NLP contest's game ({@code natural}) in {@code aiwolf-nlp}. */
    public Path aiwolfTemplateFor(String role, String phase, boolean natural) {
        Path aiwolf = dir.resolve(natural ? "aiwolf-nlp" : "aiwolf");
        Path own = aiwolf.resolve(role + "-" + phase + ".txt");
        if (Files.isRegularFile(own)) {
            return own;
        }
        return aiwolf.resolve(("werewolf".equals(role) ? "werewolf" : "villager") + "-" + phase + ".txt");
    }

    /** The guiding prompt for this view, and the part that goes with the turn's message. */
    public Prompt guidingPrompt(SeatView v) {
        String role = role(v);
        String phase = v.phase() == null ? null : v.phase().wire();
        if (v.talk().inTurns()) {
            Path t = aiwolfTemplateFor(role, phase, v.talk() == Speech.NATURAL);
            if (!Files.isRegularFile(t)) {
                throw new IllegalArgumentException("the guiding prompt " + t + " is missing: AIWolf games need "
                        + t.getParent() + " (as in the prompts directory MAW ships)");
            }
            return render(t, values(v));
        }
        return render(templateFor(role, phase), values(v));
    }

    /**
     * The system part of the guiding prompt of the view's role in its phase, or of its day where the phase has none (a
     * villager's night, when there is nothing to do): for a seat that reads its guide between turns (an MCP host's).
     */
    public String roleGuide(SeatView v) {
        String role = role(v);
        boolean natural = v.talk() == Speech.NATURAL;
        String phase = v.phase() == null ? "day" : v.phase().wire();
        Path t = v.talk().inTurns() ? aiwolfTemplateFor(role, phase, natural) : templateFor(role, phase);
        if (!Files.isRegularFile(t)) {
            t = v.talk().inTurns() ? aiwolfTemplateFor(role, "day", natural) : templateFor(role, "day");
        }
        return render(t, values(v)).system();
    }

    /** The values the placeholders stand for. */
    public static Map<String, String> values(SeatView v) {
        Map<String, String> m = new LinkedHashMap<>();
        boolean natural = v.talk() == Speech.NATURAL;
        m.put("name", v.you());
        m.put("role", role(v));
        m.put("partners", list(v.partners()));
        m.put("phase", v.phase() == null ? null : v.phase().wire());
        m.put("day", Integer.toString(v.day()));
        List<String> players = v.everyone();
        m.put("players", list(players));
        m.put("players_count", Integer.toString(players.size()));
        m.put("living", list(v.living()));
        m.put("dead", list(v.dead()));
        m.put("targets", list(v.targetsNow()));
        m.put("actions", String.join(", ", actions(v)));
        m.put("room", v.room() == null ? "nowhere" : v.room());
        m.put("max_length", Integer.toString(v.max_message_length()));
        m.put("voted_for", v.voted_for() == null ? "nobody yet" : v.voted_for());
        m.put("spoke", v.spoke() ? "yes" : "not yet");
        m.put("json", jsonHelp(actions(v), natural));
        m.put("turn", turn(v));
        List<String> agents = agents(v);
        List<String> numbered = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            numbered.add(String.format(Locale.ROOT, "Agent[%02d] %s", i + 1, agents.get(i)));
        }
        m.put("agents", numbered.isEmpty() ? "none" : String.join(", ", numbered));
        int me = agents.indexOf(v.you());
        m.put("me", me < 0 ? "Agent[00]" : String.format(Locale.ROOT, "Agent[%02d]", me + 1));
        return m;
    }

    private static String role(SeatView v) {
        return v.role() == null ? null : v.role().wire();
    }

    /** What the seat may do now, in the prompt's words (listen at least). */
    static List<String> actions(SeatView v) {
        return v.allowed_actions() == null || v.allowed_actions().isEmpty() ? List.of("listen")
                : v.allowed_actions().stream().map(Act.Kind::wire).toList();
    }

    /** In an AIWolf game, the players in agent order (Agent[01] first); empty otherwise. */
    static List<String> agents(SeatView v) {
        return v.talk().inTurns() && v.agents() != null ? v.agents() : List.of();
    }

    /**
     * The seat's turn at a pace of turns (or its count of lines in a speak-anytime talk), in the guiding prompt's
     * words; empty at the clock's pace.
     */
    static String turn(SeatView v) {
        SeatView.Turn t = v.turn();
        if (t == null) {
            return "";
        }
        boolean night = v.phase() == Phase.NIGHT;
        if (v.talk().inTurns() && !t.voting()) {
            // The NLP contest's speak-anytime talk: no turns, a count of lines.
            int left = Math.max(0, t.talk_rounds() - t.talk_round());
            return "Everyone talks at once in this phase, whenever they like: you have said " + t.talk_round() + " of "
                    + "your " + t.talk_rounds() + " lines, " + left + " left; say Over when you have nothing more to "
                    + "say.";
        }
        return t.voting() ? "This is the voting round: each player is asked for a vote once, and the most-voted is "
                + (night ? "the victim if the pack agrees" : "executed") + ". Vote now (listen keeps the vote you have)."
                : "Players take turns, one act each: this is your turn of talk round " + t.talk_round() + " of "
                        + t.talk_rounds() + "; after the last round a voting round closes "
                        + (night ? "the night" : "the day") + ".";
    }

    /** What the expected JSON looks like, one line per allowed action. */
    static String jsonHelp(List<String> actions) {
        return jsonHelp(actions, false);
    }

    /** Likewise; {@code natural}: a talk is natural language (the NLP contest's game). */
    static String jsonHelp(List<String> actions, boolean natural) {
        StringBuilder b = new StringBuilder();
        for (String a : actions) {
            String example = natural && a.equals("talk") ? "{\"action\": \"talk\", \"message\": \"<what you say, in "
                    + "your own words; @Name to address one player; or Skip, or Over>\"}" : switch (a) {
                case "speak" -> "{\"action\": \"speak\", \"message\": \"<what you say>\"}";
                case "vote" -> "{\"action\": \"vote\", \"target\": \"<one of the valid targets>\"}";
                case "divine" -> "{\"action\": \"divine\", \"target\": \"<a living player>\"}";
                case "whisper" -> "{\"action\": \"whisper\", \"target\": \"<a living player>\", \"message\": "
                        + "\"<what only they hear>\"}";
                case "talk" -> "{\"action\": \"talk\", \"message\": \"<one protocol sentence, e.g. VOTE Agent[03]>\"}\n"
                        + "{\"action\": \"talk\", \"verb\": \"<COMINGOUT|ESTIMATE|DIVINED|IDENTIFIED|VOTE|ATTACK|GUARD>\", "
                        + "\"target\": \"<a player>\", \"role\": \"<a role, for COMINGOUT and ESTIMATE>\", "
                        + "\"species\": \"<HUMAN or WEREWOLF, for DIVINED and IDENTIFIED>\"}";
                case "guard" -> "{\"action\": \"guard\", \"target\": \"<a living player>\"}";
                case "listen" -> "{\"action\": \"listen\"}";
                default -> "{\"action\": \"" + a + "\"}";
            };
            b.append(b.isEmpty() ? "" : "\n").append(example);
        }
        return b.toString();
    }

    static Prompt render(Path file, Map<String, String> values) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the guiding prompt " + file, e);
        }
        int split = -1;
        for (int at = 0; at < text.length(); ) {
            int end = text.indexOf('\n', at);
            end = end < 0 ? text.length() : end;
            if (text.substring(at, end).strip().equals(EACH_TURN)) {
                split = at;
                break;
            }
            at = end + 1;
        }
        if (split < 0) {
            return new Prompt(fill(file, text, values), "");
        }
        String above = text.substring(0, split);
        Matcher turnByTurn = PLACEHOLDER.matcher(above);
        while (turnByTurn.find()) {
            if (TURN_BY_TURN.contains(turnByTurn.group(1))) {
                throw new IllegalArgumentException(file + ": {{" + turnByTurn.group(1) + "}} changes turn by turn: "
                        + "it belongs below the line " + EACH_TURN + " (above it, the guiding prompt stays the same "
                        + "through a phase)");
            }
        }
        String below = text.substring(text.indexOf('\n', split) < 0 ? text.length() : text.indexOf('\n', split) + 1);
        return new Prompt(fill(file, above, values), fill(file, below, values));
    }

    private static String fill(Path file, String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException(file + ": unknown placeholder {{" + m.group(1) + "}} (known: "
                        + String.join(", ", values.keySet()) + ")");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString().strip();
    }

    private static String list(List<String> names) {
        return names == null || names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static Map<String, String> sample() {
        List<String> all = List.of("Ann", "Bob", "Cid");
        return values(new SeatView("Ann", Role.VILLAGER, List.of(), Phase.DAY, 1, 0, all, List.of(),
                List.of("Bob", "Cid"), List.of(Act.Kind.SPEAK, Act.Kind.VOTE, Act.Kind.LISTEN), null, "Village", 500,
                List.of(), null, false, Map.of()));
    }
}
