package maw.base;

import java.util.List;
import java.util.Map;

/**
 * What a seat knows, for its interface to decide on: the one view of a seat that every part reads (a person's
 * terminal, a model's prompt, a bot, a gateway to an outside agent; on the wire, {@code get_input}'s {@code view}).
 * {@code targets} names whom each allowed action may name
 * ({@code valid_targets} is the vote's); {@code unseen} holds what happened since the last get_input;
 * {@code votes} the votes of this phase the seat may know, voter to target; {@code step} the step of the phase the
 * view is of, where the rules take it in steps (null: none, MAW's game at the clock's pace). The rules give it
 * ({@code Rules.view}), the GameMaster's clock its {@code deadline}, and the Player what only the seat knows
 * ({@code unseen}, {@code spoke}).
 */
public record SeatView(String you, Role role, List<String> partners, Phase phase, int day, long deadline,
        List<String> living, List<String> dead, List<String> valid_targets, List<Act.Kind> allowed_actions,
        Map<Act.Kind, List<String>> targets, String room, int max_message_length, List<String> unseen,
        String voted_for, boolean spoke, Map<String, String> votes, String rules, Speech talk,
        List<String> agents, Turn turn, Integer step) {
    public SeatView {
        talk = talk == null ? Speech.CHAT : talk;
    }

    public SeatView(String you, Role role, List<String> partners, Phase phase, int day, long deadline,
            List<String> living, List<String> dead, List<String> valid_targets, List<Act.Kind> allowed_actions,
            Map<Act.Kind, List<String>> targets, String room, int max_message_length, List<String> unseen,
            String voted_for, boolean spoke, Map<String, String> votes, String rules, Speech talk,
            List<String> agents, Turn turn) {
        this(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions, targets, room,
                max_message_length, unseen, voted_for, spoke, votes, rules, talk, agents, turn, null);
    }

    public SeatView(String you, Role role, List<String> partners, Phase phase, int day, long deadline,
            List<String> living, List<String> dead, List<String> valid_targets, List<Act.Kind> allowed_actions,
            Map<Act.Kind, List<String>> targets, String room, int max_message_length, List<String> unseen,
            String voted_for, boolean spoke, Map<String, String> votes, String rules, Speech talk,
            List<String> agents) {
        this(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions, targets, room,
                max_message_length, unseen, voted_for, spoke, votes, rules, talk, agents, null);
    }

    public SeatView(String you, Role role, List<String> partners, Phase phase, int day, long deadline,
            List<String> living, List<String> dead, List<String> valid_targets, List<Act.Kind> allowed_actions,
            Map<Act.Kind, List<String>> targets, String room, int max_message_length, List<String> unseen,
            String voted_for, boolean spoke, Map<String, String> votes) {
        this(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions, targets, room,
                max_message_length, unseen, voted_for, spoke, votes, null, null, null);
    }

    /** This view with {@code unseen} in place of its own. */
    public SeatView withUnseen(List<String> unseen) {
        return new SeatView(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions,
                targets, room, max_message_length, unseen, voted_for, spoke, votes, rules, talk, agents, turn, step);
    }

    /**
     * This view with what only the seat knows: the lines it has not seen ({@code unseen}), whether it spoke this phase,
     * and its vote (where it sent one the rules have not counted yet).
     */
    public SeatView withSeat(List<String> unseen, boolean spoke, String voted_for) {
        return new SeatView(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions,
                targets, room, max_message_length, unseen, voted_for, spoke, votes, rules, talk, agents, turn, step);
    }

    /** This view with the clock's deadline, the phase's (or, in steps, the step's) and the seat's own turn's. */
    public SeatView withDeadline(long deadline) {
        return new SeatView(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions,
                targets, room, max_message_length, unseen, voted_for, spoke, votes, rules, talk, agents,
                turn == null ? null : new Turn(turn.talk_round(), turn.talk_rounds(), turn.voting(), deadline), step);
    }

    /** This view at another step of the phase, with its deadline (the seat's own turn's too). */
    public SeatView atStep(Integer step, long deadline) {
        return new SeatView(you, role, partners, phase, day, deadline, living, dead, valid_targets, allowed_actions,
                targets, room, max_message_length, unseen, voted_for, spoke, votes, rules, talk, agents,
                turn == null ? null : new Turn(turn.talk_round(), turn.talk_rounds(), turn.voting(), deadline), step);
    }

    /** Whether the seat may make an act now (listening aside). */
    public boolean awaited() {
        return allowed_actions != null && allowed_actions.stream().anyMatch(k -> k != Act.Kind.LISTEN);
    }

    /** Everyone at the table: the living, then the dead. */
    public List<String> everyone() {
        List<String> all = new java.util.ArrayList<>(living == null ? List.of() : living);
        all.addAll(dead == null ? List.of() : dead);
        return all;
    }

    /**
     * Whom the seat may name now: the vote's targets, or where there is no vote those of the act it may make (the
     * seer's, the bodyguard's).
     */
    public List<String> targetsNow() {
        if (valid_targets != null && !valid_targets.isEmpty() || targets == null) {
            return valid_targets == null ? List.of() : valid_targets;
        }
        return targets.values().stream().flatMap(List::stream).distinct().toList();
    }

    /**
     * The seat's own turn at a pace of turns (absent at the clock's pace): talk round {@code talk_round} of
     * {@code talk_rounds}, or (when {@code voting}) its turn of the closing voting round, which ends at
     * {@code deadline} (milliseconds since the epoch) or when the seat has made its one act.
     */
    public record Turn(int talk_round, int talk_rounds, boolean voting, long deadline) {}
}
