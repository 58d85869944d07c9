package maw.agents.gamemaster;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import maw.game.Room;
import maw.runtime.Jid;

/**
 * How the GameMaster runs its games: the game's id, seats, rounds and seed, the ChatRoom agent that keeps each room of
 * the rule set, how long it waits for the ready check and for a room to answer, and each round's seed where they are
 * given (a tournament's schedule; null: drawn from the table's).
 */
public record GameConfig(String gameId, int players, int rounds, long seed, Map<Room, Jid> rooms,
        Duration readyTimeout, Duration roomTimeout, java.util.List<Long> roundSeeds) {

    public GameConfig {
        if (players < 1) {
            throw new IllegalArgumentException("a game needs at least one seat (its rule set says how many)");
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("a game has at least one round");
        }
        rooms = Collections.unmodifiableMap(new LinkedHashMap<>(rooms));
        roundSeeds = roundSeeds == null ? null : java.util.List.copyOf(roundSeeds);
    }

    public GameConfig(String gameId, int players, int rounds, long seed, Map<Room, Jid> rooms,
            Duration readyTimeout, Duration roomTimeout) {
        this(gameId, players, rounds, seed, rooms, readyTimeout, roomTimeout, null);
    }

    /** The same, with each round's seed {@code given} (first to last; null: drawn from the table's). */
    public GameConfig withRoundSeeds(java.util.List<Long> given) {
        return new GameConfig(gameId, players, rounds, seed, rooms, readyTimeout, roomTimeout, given);
    }

    /** MAW's two rooms, kept by {@code village} and {@code hideout}. */
    public GameConfig(String gameId, int players, int rounds, long seed, Jid village, Jid hideout,
            Duration readyTimeout, Duration roomTimeout) {
        this(gameId, players, rounds, seed, Map.of(Room.VILLAGE, village, Room.HIDEOUT, hideout), readyTimeout,
                roomTimeout);
    }

    /** Each room's agent by the room's title ({@code Village}), as {@code start_game} names them. */
    public Map<String, String> roomsByTitle() {
        Map<String, String> out = new LinkedHashMap<>();
        rooms.forEach((room, jid) -> out.put(room.title(), jid.toString()));
        return out;
    }

    /** A round's start as the seats (and the watchers) are told it: the players in the rules' deal order. */
    public maw.agents.Catalog.StartGame startGame(int round, java.util.List<String> players, String rules,
            maw.base.Speech speech, int longest, java.util.List<String> people) {
        return new maw.agents.Catalog.StartGame(gameId, round, rounds, players.size(), players,
                village() == null ? null : village().toString(), hideout() == null ? null : hideout().toString(), rules,
                speech, roomsByTitle(), longest, people);
    }

    /** Round {@code r}'s seed: the one given for it (a tournament's schedule), else drawn from the table's. */
    public long seedFor(int r) {
        return roundSeeds != null && r >= 1 && r <= roundSeeds.size() ? roundSeeds.get(r - 1)
                : seed + (r - 1) * 0x9E3779B97F4A7C15L;
    }

    /** The agent that keeps the Village, or null when the rule set has none. */
    public Jid village() {
        return rooms.get(Room.VILLAGE);
    }

    /** The agent that keeps the Hideout, or null when the rule set has none. */
    public Jid hideout() {
        return rooms.get(Room.HIDEOUT);
    }
}
