package maw.app.mcp;

import java.util.List;
import maw.base.Act;
import maw.base.SeatView;

/**
 * Whether the seat's view allows an act an MCP session asks for, before anything is sent: a call out of turn, after
 * death or the game, on a target the rules do not offer, or with text beyond the limit is answered at once with a
 * code and the reason, and the table never sees it.
 */
final class McpJudge {

    private McpJudge() {}

    /** {code, reason} of why {@code a} cannot be made now; null: the view allows it. */
    static String[] problem(Act a, SeatView v, boolean over) {
        if (over) {
            return new String[] {"game_over", "the game is over"};
        }
        if (v == null || v.allowed_actions() == null) {
            return new String[] {"not_now", "the game has not begun: call next_turn"};
        }
        if (v.dead() != null && v.dead().contains(v.you())) {
            return new String[] {"dead", "you are dead: you can watch (next_turn, listen), not act"};
        }
        Act.Kind kind = a.kind();
        List<Act.Kind> allowed = v.allowed_actions();
        if (!allowed.contains(kind)) {
            return new String[] {"not_now", "you cannot " + kind.wire() + " now; you may: " + String.join(", ",
                    allowed.stream().filter(k -> k != Act.Kind.LISTEN).map(Act.Kind::wire).toList())
                    + (allowed.stream().allMatch(k -> k == Act.Kind.LISTEN) ? "nothing but wait (next_turn)" : "")};
        }
        String target = switch (a) {
            case Act.Vote x -> x.target();
            case Act.Divine x -> x.target();
            case Act.Guard x -> x.target();
            case Act.Whisper x -> x.target();
            default -> null;
        };
        if (target != null) {
            List<String> legal = v.targets() == null ? null : v.targets().get(kind);
            if (legal != null && !legal.contains(target)) {
                return new String[] {"invalid_target", target.length() > 40 ? "no such player"
                        : "'" + target + "' is not one you may " + kind.wire() + " now; you may name: "
                                + String.join(", ", legal)};
            }
        }
        String text = switch (a) {
            case Act.Speak x -> x.text();
            case Act.Talk x -> x.text();
            case Act.Whisper x -> x.text();
            default -> null;
        };
        if (text != null && v.max_message_length() > 0 && text.length() > v.max_message_length()) {
            return new String[] {"too_long", "at most " + v.max_message_length() + " characters (this has "
                    + text.length() + ")"};
        }
        return null;
    }
}
