package maw.aiwolf.game;

import java.util.List;
import java.util.Map;
import java.util.Set;
import maw.base.Role;
import maw.base.Species;
import maw.base.Team;

/**
 * What an AIWolf game announces, each event with the players allowed to learn it ({@code null}: everyone).
 */
public sealed interface AiwolfEvent {

    /** Who may learn this event; null for everyone. */
    Set<String> audience();

    /**
     * One utterance: a talk, or a werewolves' whisper; {@code time} is when the GameMaster took it (Unix milliseconds),
     * 0 where nobody has stamped it yet (the rules are pure and know no clock: the GameMaster stamps its news).
     */
    record Utterance(int day, int idx, int turn, String agent, String text, long time) {

        /** An utterance not stamped yet. */
        public Utterance(int day, int idx, int turn, String agent, String text) {
            this(day, idx, turn, agent, text, 0);
        }

        /** The same utterance, taken at {@code millis}. */
        public Utterance at(long millis) {
            return new Utterance(day, idx, turn, agent, text, millis);
        }
    }

    /** The roles are dealt: each player learns its own (and the werewolves each other). */
    record Dealt(String player, Role role, List<String> pack) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return Set.of(player);
        }
    }

    /** A day begins: who died in the night (null: nobody), who lives. */
    record DayBegan(int day, String attacked, List<String> living) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return null;
        }
    }

    /** A turn of talk (or of whispers, for the werewolves), delivered together in random order. */
    record Turn(int day, int turn, boolean whisper, List<Utterance> utterances, Set<String> audience)
            implements AiwolfEvent {

        /** The same turn, its utterances not stamped yet taken at {@code millis}. */
        public Turn at(long millis) {
            return new Turn(day, turn, whisper, utterances.stream().map(u -> u.time() == 0 ? u.at(millis) : u)
                    .toList(), audience);
        }
    }

    /** What a player said was not protocol text: it counts as Skip, and the player is told why. */
    record Invalid(String player, String text, String reason) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return Set.of(player);
        }
    }

    /** Ballots in the voters' name order, whatever order they came in: a replayed game tells them alike. */
    static Map<String, String> sorted(Map<String, String> ballots) {
        return java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(ballots));
    }

    /** A vote's ballots ({@code revote} from 0); seen by everyone when votes are visible. */
    record Votes(int day, int revote, boolean attack, Map<String, String> ballots, Set<String> audience)
            implements AiwolfEvent {}

    /** The village executes a player. */
    record Executed(int day, String player) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return null;
        }
    }

    /** The seer learns a species. */
    record Divined(int day, String seer, String target, Species species) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return Set.of(seer);
        }
    }

    /** The medium learns the species of the player executed the day before. */
    record Identified(int day, String medium, String target, Species species) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return Set.of(medium);
        }
    }

    /** The bodyguard guarded someone this night (the bodyguard alone knows; it learns nothing of what came of it). */
    record Guarded(int day, String bodyguard, String target) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return Set.of(bodyguard);
        }
    }

    /** The werewolves' attack: whom they chose (null: nobody), and whether the bodyguard saved them (werewolves only). */
    record Attack(int day, String target, boolean guarded, Set<String> audience) implements AiwolfEvent {}

    /** The game is over: {@code winner} is null for a draw (the day cap). */
    record Over(Team winner, String reason, Map<String, Role> roles) implements AiwolfEvent {
        @Override
        public Set<String> audience() {
            return null;
        }
    }
}
