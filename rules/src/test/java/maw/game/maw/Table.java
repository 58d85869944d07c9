package maw.game.maw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import maw.base.Act;
import maw.base.Phase;
import maw.game.Command;
import maw.game.Outcome;
import maw.game.RefusalCode;

/** A game driven by tests: apply commands, keep the events, read the state. */
final class Table {

    final MawRules rules = new MawRules();
    GameState state;
    final List<Event> events = new ArrayList<>();
    String lastRefusal;
    RefusalCode lastCode;

    /** A vote, not stamped with a phase (the rules' own checks). */
    static Command voting(String voter, String target) {
        return new Command.Perform(voter, null, new Act.Vote(target));
    }

    /** The seer's question, not stamped with a phase. */
    static Command divining(String seer, String target) {
        return new Command.Perform(seer, null, new Act.Divine(target));
    }

    Table(GameOptions options, long seed, String... players) {
        state = rules.newGame(options, seed);
        accept(new Command.Start(List.of(players)));
    }

    static Table of(int players, long seed) {
        return new Table(GameOptions.defaults(), seed, names(players));
    }

    static Table of(GameOptions options, int players, long seed) {
        return new Table(options, seed, names(players));
    }

    static String[] names(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> String.format("p%02d", i)).toArray(String[]::new);
    }

    /** Applies a command that must be accepted; returns the events it produced. */
    List<Event> accept(Command c) {
        Outcome<GameState, Event> o = rules.apply(state, c);
        assertThat(o).as("%s should be accepted", c).isInstanceOf(Outcome.Accepted.class);
        Outcome.Accepted<GameState, Event> a = (Outcome.Accepted<GameState, Event>) o;
        state = a.state();
        events.addAll(a.events());
        return a.events();
    }

    /** Applies a command that must be refused; returns the reason. */
    String refuse(Command c) {
        Outcome<GameState, Event> o = rules.apply(state, c);
        assertThat(o).as("%s should be refused", c).isInstanceOf(Outcome.Refused.class);
        lastCode = ((Outcome.Refused<GameState, Event>) o).code();
        lastRefusal = ((Outcome.Refused<GameState, Event>) o).reason();
        return lastRefusal;
    }

    List<Event> vote(String voter, String target) {
        return accept(Table.voting(voter, target));
    }

    List<Event> timeout() {
        return accept(new Command.Timeout(state.phase()));
    }

    List<String> wolves() {
        return state.livingWerewolves();
    }

    List<String> villagers() {
        return state.livingVillagers();
    }

    String wolf() {
        return wolves().get(0);
    }

    String villager() {
        return villagers().get(0);
    }

    /** Lets timers run out until the game reaches {@code p} (or ends). */
    void timeoutUntil(Phase p) {
        while (!state.isOver() && phase() != p) {
            timeout();
        }
    }

    Phase phase() {
        return state.phase().phase();
    }

    <E extends Event> List<E> all(Class<E> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <E extends Event> E last(Class<E> type) {
        List<E> es = all(type);
        assertThat(es).as("events of type %s", type.getSimpleName()).isNotEmpty();
        return es.get(es.size() - 1);
    }

    /** Every living player votes for {@code target} (except the target, who votes for someone else). */
    void everyoneVotes(String target) {
        for (String p : state.living()) {
            if (state.phase().phase() != Phase.DAY) {
                return;
            }
            String choice = p.equals(target) ? state.living().stream().filter(x -> !x.equals(p)).findFirst().orElseThrow() : target;
            vote(p, choice);
        }
    }

    /** The living werewolves all vote for {@code victim}. */
    void wolvesKill(String victim) {
        for (String w : wolves()) {
            if (state.phase().phase() != Phase.NIGHT) {
                return;
            }
            vote(w, victim);
        }
    }
}
