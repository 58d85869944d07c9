package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.base.Act;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.game.maw.GameState;
import maw.game.maw.MawRules;
import maw.runtime.Jid;
import org.junit.jupiter.api.Test;

/** The GameMaster's parts, each alone: no transport, no agent. */
class GameMasterPartsTest {

    private static final Jid VILLAGE = Jid.parse("gm-village@localhost");
    private static final Jid HIDEOUT = Jid.parse("gm-hideout@localhost");

    private static Jid session(String local, String resource) {
        return Jid.parse(local + "@localhost/" + resource);
    }

    private static RefusalCode code(Seating.Join j) {
        return j instanceof Seating.Refused r ? r.code() : null;
    }

    @Test
    void aSeatIsTakenUnderAValidUniqueNameAtATableWithRoomBeforeTheGame() {
        Seating s = new Seating(Map.of(Room.VILLAGE, VILLAGE, Room.HIDEOUT, HIDEOUT));
        assertThat(s.join("Ann", session("p1", "a"), false, 3)).isEqualTo(new Seating.Seated("Ann"));
        assertThat(s.join("Ann", session("p1", "b"), false, 3)).isEqualTo(new Seating.Again("Ann"));
        assertThat(code(s.join("Bob", session("p1", "a"), false, 3))).isEqualTo(RefusalCode.ALREADY_SEATED);
        assertThat(code(s.join("ann", session("p2", "a"), false, 3))).isEqualTo(RefusalCode.NAME_TAKEN);
        assertThat(code(s.join("Аnn", session("p2", "a"), false, 3))).isEqualTo(RefusalCode.NAME_INVALID); // Cyrillic А
        assertThat(code(s.join("-x", session("p2", "a"), false, 3))).isEqualTo(RefusalCode.NAME_INVALID);
        assertThat(s.join("Bob", session("p2", "a"), false, 3)).isEqualTo(new Seating.Seated("Bob"));
        assertThat(s.join("Cid", session("p3", "a"), false, 3)).isEqualTo(new Seating.Seated("Cid"));
        assertThat(code(s.join("Dee", session("p4", "a"), false, 3))).isEqualTo(RefusalCode.TABLE_FULL);
        assertThat(s.lobby()).containsExactly("Ann", "Bob", "Cid");
        assertThat(s.links()).containsEntry("Bob", "p2@localhost").containsEntry("village", VILLAGE.toString());
        // Once the game has begun: no new seat, and a seat is not taken over from a second session.
        assertThat(code(s.join("Dee", session("p4", "a"), true, 4))).isEqualTo(RefusalCode.GAME_IN_PROGRESS);
        Seating.Join second = s.join("Bob", session("p2", "other"), true, 3);
        assertThat(code(second)).isEqualTo(RefusalCode.GAME_IN_PROGRESS);
        assertThat(((Seating.Refused) second).note()).isEqualTo("joined from a second session");
        assertThat(s.join("Bob", session("p2", "a"), true, 3)).isEqualTo(new Seating.Again("Bob"));
    }

    @Test
    void theSeatsPeoplePlayAreKnownUntilTheyLeave() {
        Seating s = new Seating(Map.of(Room.VILLAGE, VILLAGE, Room.HIDEOUT, HIDEOUT));
        s.join("Ann", session("p1", "a"), false, 3, true);
        s.join("Bob", session("p2", "a"), false, 3);
        s.join("Cid", session("p3", "a"), false, 3, true);
        assertThat(s.people(List.of("Cid", "Bob", "Ann"))).containsExactly("Cid", "Ann");
        s.unseat("Cid");
        assertThat(s.people(List.of("Cid", "Bob", "Ann"))).containsExactly("Ann");
    }

    @Test
    void onlySeatedAccountsAnswerTheReadyCheckAndAnUnseatedOneIsForgotten() {
        Seating s = new Seating(Map.of(Room.VILLAGE, VILLAGE, Room.HIDEOUT, HIDEOUT));
        s.join("Ann", session("p1", "a"), false, 2);
        s.join("Bob", session("p2", "a"), false, 2);
        s.ready(Jid.parse("stranger@localhost"));
        s.ready(Jid.parse("p1@localhost"));
        assertThat(s.allReady()).isFalse();
        assertThat(s.isReady("Ann")).isTrue();
        assertThat(s.unseat("Bob")).isTrue();
        assertThat(s.allReady()).isTrue();
        assertThat(s.name(Jid.parse("p2@localhost"))).isNull();
        assertThat(s.unseat("Bob")).isFalse();
        s.clearReady();
        assertThat(s.allReady()).isFalse();
    }

    @Test
    void theGodViewNeedsTheTokenAndTheHideoutShowsOnlyToIt() {
        Watchers w = new Watchers();
        Jid pub = session("web", "1");
        Jid god = session("web", "2");
        assertThat(w.watch(pub, new WatchCatalog.Watch("g", WatchCatalog.WatchView.PUBLIC, null), "g")).isNull();
        assertThat(w.watch(god, new WatchCatalog.Watch("g", WatchCatalog.WatchView.GOD, "wrong"), "g").code())
                .isEqualTo(RefusalCode.NOT_YOURS);
        assertThat(w.watch(god, new WatchCatalog.Watch("other", WatchCatalog.WatchView.PUBLIC, null), "g").code())
                .isEqualTo(RefusalCode.OTHER_GAME);
        assertThat(w.watch(god, new WatchCatalog.Watch("g", WatchCatalog.WatchView.GOD, w.token()), "g")).isNull();
        assertThat(w.isGod(god)).isTrue();
        assertThat(w.isGod(pub)).isFalse();
        assertThat(w.gods()).containsExactly(god.toString());
        assertThat(w.of(Room.VILLAGE)).containsOnlyKeys(pub.toString(), god.toString());
        assertThat(w.of(Room.HIDEOUT)).containsOnlyKeys(god.toString());
        List<Jid> told = new java.util.ArrayList<>();
        w.tell(false, told::add);
        assertThat(told).containsExactly(god);
        for (int i = 0; w.size() < Watchers.MAX; i++) {
            assertThat(w.watch(session("many" + i, "r"), new WatchCatalog.Watch("g", WatchCatalog.WatchView.PUBLIC, null), "g"))
                    .isNull();
        }
        assertThat(w.watch(session("one", "more"), new WatchCatalog.Watch("g", WatchCatalog.WatchView.PUBLIC, null), "g").code())
                .isEqualTo(RefusalCode.TABLE_FULL);
    }

    @Test
    void aSeatHearsItsTurnAtEachPhaseAndWithinItOnlyWhenItChanged() {
        MawRules rules = new MawRules();
        GameState s = ((Outcome.Accepted<GameState, maw.game.maw.Event>) rules.apply(
                rules.newGame(GameOptions.defaults(), 7), new Command.Start(List.of("Ann", "Bob", "Cid", "Dee",
                        "Eve", "Fay")))).state();
        Turns turns = new Turns();
        Map<String, Catalog.YourTurn> first = turns.toTell(s, "g", 1, 1000, true);
        assertThat(first).isNotEmpty();
        assertThat(turns.toTell(s, "g", 1, 1000, false)).isEmpty();
        String voter = first.entrySet().stream().filter(e -> e.getValue().acts().contains(Act.Kind.VOTE))
                .findFirst().orElseThrow().getKey();
        String target = first.get(voter).targets().get(Act.Kind.VOTE).getFirst();
        s = ((Outcome.Accepted<GameState, maw.game.maw.Event>) rules.apply(s, new Command.Perform(voter, s.phase(),
                new Act.Vote(target)))).state();
        Map<String, Catalog.YourTurn> changed = turns.toTell(s, "g", 1, 1000, false);
        assertThat(changed).containsKey(voter);
        assertThat(changed.get(voter).done()).containsEntry(Act.Kind.VOTE, target);
    }
}
