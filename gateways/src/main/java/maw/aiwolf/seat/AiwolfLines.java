package maw.aiwolf.seat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.Text;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.log.AiwolfNarration;

/**
 * An AIWolf game's events as a seat tells them in lines: a talk turn one talk a line with its gloss, a vote's ballots
 * as a short table; players named with their agent numbers, and what players wrote made inert.
 */
final class AiwolfLines {

    private AiwolfLines() {}

    /**
     * A talk turn as lines of its own, one talk a line, each gloss in one column; turns counted from 1, as days are.
     * What the speakers said is quoted here ({@link Text#said}): the line breaks are the seat's own, and an interface
     * shows them as lines.
     */
    static String talks(AiwolfEvent.Turn t, String name, AiwolfNarration narration) {
        List<String[]> rows = new ArrayList<>();
        for (AiwolfEvent.Utterance u : t.utterances()) {
            if (u.text().equals("Skip") && !u.agent().equals(name)) {
                continue;
            }
            boolean control = u.text().equals("Skip") || u.text().equals("Over");
            String said = (t.whisper() ? "[whisper] " : "") + Text.said(narration == null ? u.agent()
                    : narration.who(u.agent()), u.text());
            String gloss = narration == null || control ? null : narration.gloss(u.agent(), u.text());
            rows.add(new String[] {said, gloss == null ? null : Text.inert(gloss)});
        }
        String head = (t.whisper() ? "Whisper" : "Talk") + " turn " + (t.turn() + 1) + " of day " + t.day();
        if (rows.isEmpty()) {
            return head + ": everyone skips.";
        }
        if (rows.size() == 1) {
            // One speaker at a time (the NLP contest's game): the turn and its talk on one line.
            String[] r = rows.getFirst();
            return head + ": " + r[0] + (r[1] == null ? "" : "   = " + r[1]);
        }
        int width = Math.min(48, rows.stream().filter(r -> r[1] != null).mapToInt(r -> r[0].length()).max()
                .orElse(0));
        StringBuilder b = new StringBuilder(head).append(':');
        for (String[] r : rows) {
            b.append("\n  ").append(r[1] == null ? r[0] : String.format("%-" + width + "s   = %s", r[0], r[1]));
        }
        return b.toString();
    }

    /** A vote's ballots as a short table: each name voted for, its count, and who voted for it. */
    static String votes(AiwolfEvent.Votes v, java.util.function.UnaryOperator<String> who) {
        Map<String, List<String>> by = new LinkedHashMap<>();
        v.ballots().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(b -> by.computeIfAbsent(b.getValue(), k -> new ArrayList<>()).add(who.apply(b.getKey())));
        List<Map.Entry<String, List<String>>> rows = new ArrayList<>(by.entrySet());
        rows.sort((a, b) -> b.getValue().size() - a.getValue().size());
        int width = rows.stream().mapToInt(r -> who.apply(r.getKey()).length()).max().orElse(0);
        StringBuilder b = new StringBuilder(v.attack() ? "The pack's attack votes" : "Votes").append(v.revote() > 0
                ? " (re-vote " + v.revote() + ")" : "").append(rows.isEmpty() ? ": none." : ":");
        for (Map.Entry<String, List<String>> r : rows) {
            b.append("\n  ").append(String.format("%-" + width + "s  %d  <- %s", Text.inert(who.apply(r.getKey())),
                    r.getValue().size(), Text.inert(String.join(", ", r.getValue()))));
        }
        return b.toString();
    }

}
