package maw.llm;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import maw.base.Act;
import maw.base.SeatView;
import maw.base.Speech;

/**
 * A seat played by a language model: each turn it renders the guiding prompt for the seat's role and phase, sends
 * the messages the seat has not seen yet, and reads a decision out of the answer. A bad answer (not JSON, an unknown
 * action, a target that is not valid, an empty or over-long message) is sent back with what was wrong; a failed call
 * (timeout, HTTP error) is tried again; after the configured retries the seat listens. Every kind of trouble is
 * counted.
 */
public final class ModelSeat {

    private final Llm llm;
    private final PromptTemplates templates;
    private final SeatStats stats = new SeatStats();
    private volatile TalkWriter talk;

    /**
     * One call to the model, as an agent's inside shows it: the guiding prompt and the user message as sent, the raw
     * answer (null when the call failed), what was wrong with it (null when it was used), tokens and latency.
     */
    public record Call(long at, String system, String user, String answer, String problem, int promptTokens,
            int outputTokens, long millis) {}

    /** How many calls {@link #lastCalls} keeps. */
    public static final int CALLS_KEPT = 5;

    private final ArrayDeque<Call> calls = new ArrayDeque<>();

    private void called(Call c) {
        synchronized (calls) {
            calls.addLast(c);
            while (calls.size() > CALLS_KEPT) {
                calls.removeFirst();
            }
        }
    }

    /** The latest calls to the model, oldest first. */
    public List<Call> lastCalls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    public ModelSeat(Llm llm, PromptTemplates templates) {
        this.llm = Objects.requireNonNull(llm, "llm");
        this.templates = Objects.requireNonNull(templates, "templates");
    }

    /** Talk answers (AIWolf games) are protocol text that {@code writer} writes and checks. */
    public ModelSeat talk(TalkWriter writer) {
        this.talk = writer;
        return this;
    }

    public Llm llm() {
        return llm;
    }

    public SeatStats stats() {
        return stats;
    }

    /**
     * The seat's decision for this turn; {@link Act.Listen} when the model could not give a usable one, or when
     * the calling thread is interrupted (the turn is over: the call is abandoned and counted as cancelled).
     */
    public Act decide(SeatView view, List<String> unseen) {
        return turn(view, unseen).decision();
    }

    /**
     * A turn's outcome: the decision, and whether the model received the turn's news (false when every call failed
     * or the turn was abandoned first: the news should go with the next turn).
     */
    public record Turn(Act decision, boolean newsSeen) {}

    /** Like {@link #decide}, saying also whether the model received the news. */
    public Turn turn(SeatView view, List<String> unseen) {
        return turn(view, unseen, List.of());
    }

    /**
     * Like {@link #turn(SeatView, List)}, with a hint: lines that go with the turn's news (a rule player's reading of
     * the table, say). A hint the model has already received, and still holds in its context, is not sent again.
     */
    public Turn turn(SeatView view, List<String> unseen, List<String> hint) {
        long answered = llm.calls();
        Act d = decideOnce(view, unseen, hint == null ? List.of() : hint);
        return new Turn(d, llm.calls() > answered);
    }

    /** The hint the model last received, and the context's cuts and size then (a cut may have taken it away). */
    private List<String> hintSent = List.of();
    private long cutsAtHint = -1;

    private Act decideOnce(SeatView view, List<String> unseen, List<String> hint) {
        Set<String> names = Set.copyOf(view.everyone());
        // The running summary keeps the news lines the game master announced, not what players said.
        llm.summaryKeeps(line -> {
            if (!line.startsWith("- ")) {
                return false;
            }
            int colon = line.indexOf(": ");
            return colon <= 2 || !names.contains(line.substring(2, colon));
        });
        PromptTemplates.Prompt prompt = templates.guidingPrompt(view);
        String system = prompt.system();
        boolean hintHeld = hint.equals(hintSent) && cutsAtHint == llm.droppedExchanges() && llm.contextSize() > 0;
        String user = news(unseen, prompt.turn(), hint, hintHeld);
        List<String> actions = PromptTemplates.actions(view);
        List<String> targets = view.targetsNow();
        boolean natural = view.talk() == Speech.NATURAL;
        DecisionParser parser = new DecisionParser(targets, view.max_message_length(), actions);
        if (view.talk().inTurns() && talk != null) {
            if (natural) {
                parser.natural(talk, PromptTemplates.agents(view));
            } else {
                parser.talk(talk, PromptTemplates.agents(view));
            }
        }
        var format = Llm.decisionFormat(llm.settings(), actions, targets);
        int retries = llm.settings().retries();
        for (int attempt = 0; attempt <= retries; attempt++) {
            if (attempt > 0) {
                stats.retried();
            }
            Llm.Reply reply;
            try {
                reply = llm.prompt(system, user, format);
            } catch (LlmException e) {
                called(new Call(System.currentTimeMillis(), system, user, null,
                        e.kind().name().toLowerCase(Locale.ROOT) + ": " + e.getMessage(), 0, 0, 0));
                if (e.kind() == LlmException.Kind.CANCELLED) {
                    stats.cancelled();
                    return new Act.Listen();
                }
                stats.problem(e.kind().name().toLowerCase(Locale.ROOT));
                continue;
            }
            DecisionParser.Result r = parser.parse(reply.text());
            called(new Call(System.currentTimeMillis(), system, user, reply.text(), r.ok() ? null
                    : r.problem().name().toLowerCase(Locale.ROOT) + ": " + r.detail(), reply.promptTokens(),
                    reply.outputTokens(), reply.millis()));
            if (r.wrappedInProse()) {
                stats.problem("wrapped_in_prose");
            }
            if (!hint.isEmpty()) {
                hintSent = hint;
                cutsAtHint = llm.droppedExchanges();
            }
            if (r.ok()) {
                stats.decided(r.decision());
                return r.decision();
            }
            stats.problem(r.problem().name().toLowerCase(Locale.ROOT));
            user = "That answer could not be used: " + r.detail() + ". Answer again with exactly one JSON object and "
                    + "nothing else, one of:\n" + PromptTemplates.jsonHelp(actions, natural)
                    + (targets.isEmpty() ? "" : "\nValid targets: " + String.join(", ", targets));
        }
        stats.gaveUp();
        Act listen = new Act.Listen();
        stats.decided(listen);
        return listen;
    }

    /** The turn's user message: the unseen lines, then the question. */
    static String news(List<String> unseen) {
        return news(unseen, "");
    }

    /**
     * The turn's user message: the unseen lines, the template's part for each turn (the state now: the guiding prompt
     * stays the same through a phase, so each prompt begins with the one before), then the question.
     */
    static String news(List<String> unseen, String turn) {
        return news(unseen, turn, List.of(), false);
    }

    /** The header of a hint in the turn's message. */
    public static final String HINT = "A reading of the table (a rule player's, from the same news; weigh it "
            + "yourself):";

    /**
     * Likewise, with a hint after the news: in full, or a line saying it is unchanged when the model holds it
     * ({@code held}). Its lines are not news: they are left out of the running summary when the context is cut.
     */
    static String news(List<String> unseen, String turn, List<String> hint, boolean held) {
        StringBuilder b = new StringBuilder("What happened since your last turn:\n");
        if (unseen == null || unseen.isEmpty()) {
            b.append("(nothing new)\n");
        } else {
            for (String line : unseen) {
                b.append("- ").append(line).append('\n');
            }
        }
        if (!hint.isEmpty()) {
            if (held) {
                b.append("\nThe reading of the table is unchanged.\n");
            } else {
                b.append('\n').append(HINT).append('\n');
                hint.forEach(l -> b.append("  ").append(l).append('\n'));
            }
        }
        if (!turn.isEmpty()) {
            b.append('\n').append(turn).append('\n');
        }
        return b.append("\nYour turn. Answer with one JSON object.").toString();
    }
}
