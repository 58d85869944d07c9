package maw.agents.player;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.agents.Catalog;

/**
 * What a seat has read of its rooms. The seat follows the room of its phase ({@code get_new_messages} with
 * {@code follow}): the room answers with the lines said so far, then sends each new line as it takes it. Kept here:
 * the lines read of each phase (a room's answer that arrives after the phase changed still brings the last lines said
 * in it, which the seat must not lose), the follow requests still unanswered, and the lines that came before the answer
 * to the follow (the server's fan-out takes another way than the answer).
 */
final class RoomReader {

    /** Where a line goes: told to the seat, with where it was said when that was in a phase that is over. */
    interface Lines {
        void line(Catalog.Line line, String late);
    }

    private String pollId;
    private final Map<String, String> polls = new LinkedHashMap<>();
    private final Map<String, Long> seenByPhase = new HashMap<>();
    private String followedKey;
    private final List<Catalog.NewMessages> early = new ArrayList<>();

    /** Whether the seat is to ask to follow the room of the phase {@code phaseKey} now. */
    boolean due(String phaseKey) {
        return pollId == null && !phaseKey.equals(followedKey);
    }

    /** The request (its id {@code id}) to follow the room of the phase {@code phaseKey}. */
    Catalog.GetNewMessages follow(String id, String phaseKey, String game, int round) {
        pollId = id;
        followedKey = phaseKey;
        polls.put(id, phaseKey);
        while (polls.size() > 16) { // a room that never answered: forget its oldest requests
            polls.remove(polls.keySet().iterator().next());
        }
        return new Catalog.GetNewMessages(game, round, seenByPhase.getOrDefault(phaseKey, 0L), true);
    }

    /** A new phase: its room is followed anew; what was read of phases whose answers are awaited is kept. */
    void phaseChanged() {
        seenByPhase.keySet().retainAll(polls.values());
        pollId = null;
        followedKey = null;
        early.clear();
    }

    /**
     * The room refused the follow {@code inReplyTo}: true when it was the follow of the phase {@code current} (the room
     * will not have the seat follow now; it is followed anew once it opens again), false for one of a phase the seat
     * has left (a round's room that opened before the seat heard the round begin refuses a follow stamped with the
     * round before, which says nothing of the room now).
     */
    boolean refused(String inReplyTo, String current) {
        String key = inReplyTo == null ? null : polls.remove(inReplyTo);
        if (inReplyTo != null && inReplyTo.equals(pollId)) {
            pollId = null;
        }
        if (key != null && !key.equals(current)) {
            return false;
        }
        forget();
        return true;
    }

    /** The room refused the seat's request, or opened anew (a resumed game's room knows no followers). */
    void forget() {
        pollId = null;
        followedKey = null;
    }

    /**
     * Lines from a room ({@code inReplyTo}: the request answered; null for a line the followed room sent), read into
     * {@code out}. True when the answer says the room of the phase {@code current} closed.
     */
    boolean take(String inReplyTo, Catalog.NewMessages nm, String current, Lines out) {
        String key = inReplyTo != null ? polls.remove(inReplyTo)
                : nm.phase() == null || nm.day() == null ? null : Seat.phaseKey(nm.round(), nm.phase(), nm.day());
        if (key == null) {
            return false;
        }
        if (inReplyTo == null && pollId != null && key.equals(followedKey)) {
            early.add(nm); // read once the answer to the follow, with the lines before it, is in
            return false;
        }
        boolean answer = key.equals(current) && inReplyTo != null && inReplyTo.equals(pollId);
        read(key, nm, current, out);
        if (!answer) {
            return false;
        }
        pollId = null;
        early.forEach(e -> read(key, e, current, out));
        early.clear();
        return nm.closed();
    }

    private void read(String key, Catalog.NewMessages nm, String current, Lines out) {
        long seen = seenByPhase.getOrDefault(key, 0L);
        String late = key.equals(current) ? "" : " (earlier, in the " + nm.room_name() + ")";
        for (Catalog.Line line : nm.messages()) {
            if (line.index() > seen) {
                out.line(line, late);
            }
        }
        seenByPhase.put(key, Math.max(seen, nm.index()));
    }
}
