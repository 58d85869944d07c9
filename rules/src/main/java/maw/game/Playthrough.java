package maw.game;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import maw.base.Act;
import maw.base.Role;
import maw.game.maw.Seat;

/**
 * A game played to its end on a rule set alone, by seats that answer at once in the caller's thread: no agents, no
 * clock, no network. The commands are the GameMaster's (the deal, each act stamped with its step, a timeout where the
 * step still waits), so the game is the one the GameMaster would play with the same answers; each event is heard by
 * the seats its audience names, as the GameMaster routes it. What {@code maw aiwolf play} and the engine's benchmark
 * run.
 */
public final class Playthrough {

    private Playthrough() {}

    /** A seat that answers in the caller's thread. */
    public interface Seat<S extends GameView, E extends GameEvent> {

        /** An event the rules announced to this seat. */
        void hear(E event);

        /** The seat's act of this kind now (the rules check it), or null for none. */
        Act act(Act.Kind kind, S state);
    }

    /**
     * Plays a game of {@code players} (in the order the deal is asked for), each seat made by {@code seat} from its
     * player's name and the dealt game, handing every event to {@code observer} as well; returns the state at the
     * end. Each step asks each awaited seat, in the deal's order, once for each act awaited of it; an act the rules
     * refuse is passed instead; a step that still waits when everyone was asked ends by its timeout, as its timer
     * would.
     */
    public static <S extends GameView, O, E extends GameEvent> S play(Rules<S, O, E> rules, O options, long seed,
            List<String> players, BiFunction<String, S, ? extends Seat<S, E>> seat, Consumer<? super E> observer) {
        Outcome<S, E> deal = rules.apply(rules.newGame(options, seed), new Command.Start(players));
        if (!(deal instanceof Outcome.Accepted<S, E> dealt)) {
            throw new IllegalArgumentException("the deal is refused: " + ((Outcome.Refused<S, E>) deal).reason());
        }
        Map<String, Seat<S, E>> seats = new HashMap<>();
        for (String p : players) {
            seats.put(p, seat.apply(p, dealt.state()));
        }
        S state = told(dealt, seats, observer);
        for (int steps = 0; !state.isOver(); steps++) {
            if (steps > 100_000) {
                throw new IllegalStateException("the game does not end");
            }
            PhaseId step = state.phase();
            // Each seat is asked once a step for each act awaited of it, as the rules await it (in a game whose seats
            // speak one after another, the next speaker is awaited only once the last has spoken).
            Set<String> asked = new HashSet<>();
            for (Ask next = next(state, asked); next != null; next = next(state, asked)) {
                Act act = seats.get(next.who()).act(next.kind(), state);
                Outcome<S, E> o = rules.apply(state, new Command.Perform(next.who(), step, act == null
                        ? new Act.Pass() : act));
                if (o instanceof Outcome.Refused<S, E> && act != null) {
                    o = rules.apply(state, new Command.Perform(next.who(), step, new Act.Pass()));
                }
                if (o instanceof Outcome.Accepted<S, E> a) {
                    state = told(a, seats, observer);
                }
                if (state.isOver() || !step.equals(state.phase())) {
                    break;
                }
            }
            if (!state.isOver() && step.equals(state.phase())) {
                state = accept(rules, state, new Command.Timeout(step), seats, observer);
            }
        }
        return state;
    }

    private record Ask(String who, Act.Kind kind) {}

    /** The first seat (in the deal's order) awaited for an act it was not asked for yet this step, or null. */
    private static Ask next(GameView state, Set<String> asked) {
        Awaiting awaiting = state.awaiting();
        for (String who : state.players()) {
            for (Act.Kind kind : awaiting.turn(who).acts().stream().sorted().toList()) {
                // A seat passes only by giving no act, or one the rules refuse.
                if (kind != Act.Kind.PASS && asked.add(who + " " + kind)) {
                    return new Ask(who, kind);
                }
            }
        }
        return null;
    }

    private static <S extends GameView, O, E extends GameEvent> S accept(Rules<S, O, E> rules, S state,
            Command command, Map<String, ? extends Seat<S, E>> seats, Consumer<? super E> observer) {
        return switch (rules.apply(state, command)) {
            case Outcome.Accepted<S, E> a -> told(a, seats, observer);
            case Outcome.Refused<S, E> r -> throw new IllegalStateException(command + " refused: " + r.reason());
        };
    }

    private static <S extends GameView, E extends GameEvent> S told(Outcome.Accepted<S, E> a,
            Map<String, ? extends Seat<S, E>> seats, Consumer<? super E> observer) {
        S state = a.state();
        for (E e : a.events()) {
            observer.accept(e);
            for (String who : state.players()) {
                if (hears(e.audience(), who, state)) {
                    seats.get(who).hear(e);
                }
            }
        }
        return state;
    }

    /** Whether {@code player} is of the audience, as the GameMaster routes it. */
    static boolean hears(Audience audience, String player, GameView state) {
        return switch (audience) {
            case Audience.Everyone e -> true;
            case Audience.Players p -> p.names().contains(player);
            case Audience.Werewolves w -> state.living().contains(player)
                    && state.role(player).equals(Optional.of(Role.WEREWOLF));
        };
    }
}
