package maw.agents.player;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.SeatCatalog;
import maw.base.Act;
import maw.base.SeatView;

/**
 * A seat whose player is a person at an ordinary chat client, kept by the GameMaster itself: what the GameMaster tells
 * the person's account is heard here as a MAW Player hears it and becomes plain lines for the person; what the person
 * types is judged against the seat's last turn as a MAW Player judges it, and becomes the act's request.
 */
public final class PersonSeat {

    private Seat seat;
    private boolean readyAsked;
    private String lastTurn;

    public PersonSeat(String name) {
        seat = Seat.NEW.named(name);
    }

    public String name() {
        return seat.name();
    }

    /** The GameMaster seated the person in {@code game}. */
    public void joined(String game) {
        seat = seat.joined(game);
    }

    public boolean alive() {
        return seat.alive();
    }

    /** The seat as it stands, for reading the person's commands (who lives, valid targets, the time left). */
    public SeatView view() {
        return seat.view(List.of());
    }

    /**
     * What the GameMaster told the seat, as lines for the person; {@link #readyAsked} says afterwards whether it asked
     * the seat to confirm it is there.
     */
    public List<String> hear(Body body, String inReplyTo) {
        List<String> out = new ArrayList<>();
        if (body instanceof Catalog.Refusal r) {
            take(seat.refused(r, inReplyTo), out);
            return out;
        }
        take(seat.hear(body, inReplyTo), out);
        switch (body) {
            case Catalog.Joined j -> out.add("You sit at the table as " + j.player_name() + " (" + j.waiting() + " of "
                    + j.needed() + " seats taken). The game begins when the table is full.");
            case Catalog.News n when n.view() != null && seat.alive() && !seat.acts().isEmpty() -> {
                // A view sent again after the seat's own vote (or another's) is no news of the turn to the person.
                SeatView v = seat.view(List.of());
                String key = seat.round() + "/" + v.phase() + "/" + v.day() + "/" + v.step() + "/" + seat.acts() + "/"
                        + v.targets() + (v.turn() == null ? "" : "/" + v.turn().talk_round() + "/"
                                + v.turn().talk_rounds() + "/" + v.turn().voting());
                if (!key.equals(lastTurn)) {
                    lastTurn = key;
                    out.add(turn(v));
                }
            }
            case Catalog.Ok ok when "left".equals(ok.what()) -> out.add("You left the table.");
            default -> { }
        }
        return out;
    }

    /** Whether the last {@link #hear} was a ready check, which the GameMaster answers for the person's seat. */
    public boolean readyAsked() {
        boolean was = readyAsked;
        readyAsked = false;
        return was;
    }

    private void take(Seat.Next next, List<String> out) {
        seat = next.seat();
        for (Seat.Effect e : next.effects()) {
            switch (e) {
                case Seat.Tell t -> out.add(t.text());
                case Seat.Reply r when r.body() instanceof Catalog.Ready -> readyAsked = true;
                default -> { }
            }
        }
    }

    private String turn(SeatView v) {
        String aiwolf = maw.agents.typing.Typing.turnOf(v, maw.agents.kit.SeatKit.typing(v));
        if (aiwolf != null) {
            return aiwolf;
        }
        Map<Act.Kind, List<String>> targets = v.targets() == null ? Map.of() : v.targets();
        String acts = v.allowed_actions().stream().filter(k -> k != Act.Kind.PASS && k != Act.Kind.LISTEN)
                .map(k -> k == Act.Kind.SPEAK ? "speak in the " + (v.room() == null ? "room" : v.room()) + " room"
                        : k.wire() + " NAME" + (k == Act.Kind.WHISPER ? " TEXT" : "")
                                + (targets.containsKey(k) ? " (" + String.join(", ", targets.get(k)) + ")" : ""))
                .collect(Collectors.joining("; "));
        long left = v.deadline() <= 0 ? -1 : Math.max(0, (v.deadline() - System.currentTimeMillis() + 999) / 1000);
        return "Your turn" + (left < 0 ? "" : " (" + left + " s left)") + ": " + acts
                + (seat.awaits(Act.Kind.PASS) ? "; or pass (one act a turn)" : "") + ".";
    }

    /** Why the person cannot do {@code act} now, in their words; null when they can (as the last turn says). */
    public String problemWith(Act act) {
        return seat.problemWith(act);
    }

    /** The request that carries {@code act} in this phase (and step); null for one that sends nothing. */
    public Catalog.Stamped request(Act act) {
        return seat.request(act);
    }

    /** The person's ask for more time, for the phase under way. */
    public Catalog.MoreTime moreTime() {
        return seat.moreTime();
    }

    /** The request for {@code act} went to the GameMaster with reply-with {@code id}. */
    public void sent(Act act, String id) {
        seat = seat.sent(act, id);
    }
}
