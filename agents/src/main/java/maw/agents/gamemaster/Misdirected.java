package maw.agents.gamemaster;

import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.game.RefusalCode;

/** The GameMaster's answers to what is not its to take, and why an act is not judged: each with its code. */
final class Misdirected {

    private Misdirected() {}

    /** The refusal of {@code body} (of wire type {@code type}), which the GameMaster does not take. */
    static Catalog.Refusal refusal(String game, Catalog.Body body, String type, PhaseId phase) {
        return switch (body) {
            case Catalog.Chat c -> Catalog.Refusal.of(game, RefusalCode.WRONG_RECIPIENT, "the GameMaster takes votes; "
                    + "chat goes to the " + (phase != null && phase.phase() == Phase.NIGHT ? "Hideout" : "Village"),
                    type, c);
            case Catalog.GetNewMessages g -> Catalog.Refusal.of(game, RefusalCode.WRONG_RECIPIENT,
                    "the rooms keep the lines: ask the room that is open to you", type);
            case SeatCatalog.PlayerAction a -> Catalog.Refusal.of(game, RefusalCode.WRONG_RECIPIENT,
                    "an interface answers its own Player; the GameMaster takes the Player's acts", type);
            case SeatCatalog.GetInput g -> Catalog.Refusal.of(game, RefusalCode.WRONG_RECIPIENT,
                    "a Player asks its own interface agent for input", type);
            default -> Catalog.Refusal.of(game, RefusalCode.NOT_YOURS, "only the GameMaster sends " + type
                    + " messages", type);
        };
    }

    /** Why an act of a seat (or of no seat) is not judged, or null when it is. */
    static RefusalCode whyNotJudged(boolean seat, boolean started, boolean thisRound) {
        return !seat ? RefusalCode.NOT_SEATED : !started ? RefusalCode.NOT_STARTED : !thisRound
                ? RefusalCode.OTHER_GAME : null;
    }

    /** The reason in words of {@link #whyNotJudged}'s code. */
    static String reason(RefusalCode code) {
        return switch (code) {
            case NOT_SEATED -> "you are not a player in this game";
            case NOT_STARTED -> "the game has not started";
            default -> "that message belongs to another game or round";
        };
    }
}
