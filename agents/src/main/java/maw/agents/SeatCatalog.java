package maw.agents;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import java.util.Map;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.base.Speech;

/**
 * The catalog's messages between a Player and its interface agent (docs/PROTOCOL.md, "A seat and what fills it"):
 * what the seat knows, what it asks, and what fills it answers. Part of the one catalog: each is a {@link
 * Catalog.Body}.
 */
public final class SeatCatalog {

    private SeatCatalog() {}

    // --- a seat and what fills it ---------------------------------------------------------------------------------

    /** What a Player asks of its interface. */
    public enum Purpose implements Catalog.Wire {
        /** Choose the seat's name ({@code attempt} counts the names refused so far). */
        NAME,
        /** The seat's turn: decide what to do. */
        ACT,
        /**
         * The question pending is withdrawn: the seat's turn is over (its time ran out, or its phase ended). The
         * interface stops deciding (a model's call is cancelled) and answers nothing more to it.
         */
        WITHDRAW;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * Player to its interface agent, request: decide, with the seat's view. Answered with {@code seat_name} for
     * {@code name}, with {@code player_action} for {@code act}.
     */
    @JsonTypeName("get_input")
    public record GetInput(String game, int round, Purpose purpose, int attempt, SeatView view) implements Catalog.Body {}

    /** When a Player asks its interface for an act. */
    public enum Asking implements Catalog.Wire {
        /** After every piece of news the seat perceives (the default): each get_input brings what is new. */
        NEWS,
        /**
         * Once a turn, for an interface that observes: when a turn begins (a phase's, a step's, a re-vote's), when an
         * act is given back, and after each act the interface made, if no question is pending then (a new step's
         * replaces the one pending). The interface answers when it has decided (it
         * may hold the question while the observes come), and gets no {@code withdraw}: the observe that tells of
         * the new phase or turn is the question's end, and an answer to it then is dropped.
         */
        TURN;

        @Override
        public String toString() {
            return wire();
        }
    }

    /** Which observes carry the seat's view. */
    public enum Views implements Catalog.Wire {
        /** Every one (the default). */
        EVERY,
        /**
         * Only those after which the view differs from the last one this interface was sent in this game and round
         * (in an observe or a {@code get_input}), {@code unseen} aside, and the one of a game's start; an observe
         * without a view leaves the last one as it was, with {@code unseen} empty.
         */
        CHANGED;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * Interface to player: the seat's name, whether to pass on everything the seat perceives as it happens, when to
     * ask for acts ({@code ask}; null: {@link Asking#NEWS}), whether a person plays the seat ({@code person}; the
     * Player says so when it joins), and which observes carry the seat's view ({@code views}; null:
     * {@link Views#EVERY}).
     */
    @JsonTypeName("seat_name")
    public record SeatName(String name, Boolean observe, Asking ask, Boolean person, Views views)
            implements Catalog.Body {
        public SeatName {
            Catalog.required(name, "seat_name's name");
        }

        public SeatName(String name, Boolean observe, Asking ask, Boolean person) {
            this(name, observe, ask, person, null);
        }

        public SeatName(String name, Boolean observe, Asking ask) {
            this(name, observe, ask, null, null);
        }

        public SeatName(String name, Boolean observe) {
            this(name, observe, null, null, null);
        }
    }

    /** Interface to player: what to do (speak, vote, divine, whisper or listen). */
    @JsonTypeName("player_action")
    public record PlayerAction(Act.Kind action, String message, String target) implements Catalog.Body {
        public PlayerAction {
            Catalog.required(action, "player_action's action");
        }

        public static PlayerAction of(Act a) {
            return new PlayerAction(a.kind(), a.text(), a.target());
        }

        /** The act this body carries (missing parts stay null for the Player to refuse). */
        public Act toAct() {
            return switch (action) {
                case SPEAK -> new Act.Speak(message);
                case VOTE -> new Act.Vote(target);
                case DIVINE -> new Act.Divine(target);
                case WHISPER -> new Act.Whisper(target, message);
                case TALK -> new Act.Talk(message);
                case GUARD -> new Act.Guard(target);
                case PASS -> new Act.Pass();
                case LISTEN -> new Act.Listen();
            };
        }

        public Act.Kind kind() {
            return action;
        }
    }

    /** What a seat perceived, as an {@code observe} tells its kind. */
    public enum Perceived implements Catalog.Wire {
        LOBBY, WAITING, REFUSAL, START, ROLE, PHASE, TURN, CHAT, VOTE, RESULT, DEATH, REVEAL, NIGHT, DIVINED, WHISPER,
        END, SCORES, SILENCE, OVER, TALK, IDENTIFIED, ACCEPTED;

        @Override
        public String toString() {
            return wire();
        }
    }

    /**
     * Player to its interface, inform: something the seat perceived, as a line for people and a kind for code, with
     * the seat's view as it stands after it (its {@code unseen} empty; absent where the interface asked for views
     * only when they change, {@link Views#CHANGED}, and this one has not). The last one of a game has kind
     * {@code over}.
     */
    @JsonTypeName("observe")
    public record Observe(String game, int round, Perceived kind, String text, SeatView view, Catalog.Body news)
            implements Catalog.Body {
        public Observe(String game, int round, Perceived kind, String text, SeatView view) {
            this(game, round, kind, text, view, null);
        }
    }
}
