package maw.aiwolf.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import maw.aiwolf.protocol.Sentence.Agree;
import maw.aiwolf.protocol.Sentence.Day;
import maw.aiwolf.protocol.Sentence.Disagree;
import maw.aiwolf.protocol.Words.AgentId;
import maw.aiwolf.protocol.Words.TalkRef;

/**
 * A sentence checked against the game it is said in, as the official server's {@code validateUtterance} does and a
 * little more: every agent it names sits at the table, no day it names is in the future, and every talk it refers to
 * was said.
 *
 * @param agents     the agent numbers of the game
 * @param today      the current day
 * @param talkExists whether a talk or whisper reference names something said (null: not checked)
 */
public record GameCheck(Set<Integer> agents, int today, Predicate<TalkRef> talkExists) {

    public GameCheck {
        agents = Set.copyOf(Objects.requireNonNull(agents, "agents"));
    }

    /** What is wrong with {@code s} in this game, in words; empty when nothing is. */
    public List<String> problems(Sentence s) {
        List<String> out = new ArrayList<>();
        walk(s, out);
        return out;
    }

    private void walk(Sentence s, List<String> out) {
        if (s.subject() instanceof AgentId a) {
            agent(a, out);
        }
        switch (s) {
            case Sentence.Estimate e -> target(e.target(), out);
            case Sentence.Comingout c -> target(c.target(), out);
            case Sentence.Targeted a -> target(a.target(), out);
            case Sentence.Divined d -> target(d.target(), out);
            case Sentence.Identified i -> target(i.target(), out);
            case Agree a -> talk(a.talk(), out);
            case Disagree d -> talk(d.talk(), out);
            case Sentence.Request r -> target(r.target(), out);
            case Sentence.Inquire i -> target(i.target(), out);
            case Day d -> {
                if (d.day() > today) {
                    out.add("DAY " + d.day() + " is in the future: today is day " + today);
                }
            }
            default -> { }
        }
        for (Sentence c : s.clauses()) {
            walk(c, out);
        }
    }

    private void target(Words.Target t, List<String> out) {
        if (t instanceof AgentId a) {
            agent(a, out);
        }
    }

    private void agent(AgentId a, List<String> out) {
        if (!agents.contains(a.index())) {
            String m = a + " does not play in this game";
            if (!out.contains(m)) {
                out.add(m);
            }
        }
    }

    private void talk(TalkRef ref, List<String> out) {
        if (ref.day() > today) {
            out.add(ref + " is in the future: today is day " + today);
        } else if (talkExists != null && !talkExists.test(ref)) {
            out.add(ref + " was never said");
        }
    }
}
