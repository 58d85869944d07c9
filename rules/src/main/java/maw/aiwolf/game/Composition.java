package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import maw.base.Role;

/**
 * How many of each role a village deals: the regulation's villages of 5 and 15, the official server's default for
 * any size from 3 to 18 players, or any role-count map.
 */
public record Composition(Map<Role, Integer> counts) {

    /** The official server 0.6.x's default roles for 3 to 18 players (its {@code getDefaultGame}). */
    private static final int[][] DEFAULTS = {
        // VILLAGER, SEER, MEDIUM, BODYGUARD, WEREWOLF, POSSESSED
        {1, 1, 0, 0, 1, 0}, // 3
        {2, 1, 0, 0, 1, 0}, // 4
        {2, 1, 0, 0, 1, 1}, // 5
        {3, 1, 0, 0, 1, 1}, // 6
        {4, 1, 0, 0, 2, 0}, // 7
        {4, 1, 1, 0, 2, 0}, // 8
        {5, 1, 1, 0, 2, 0}, // 9
        {4, 1, 1, 1, 2, 1}, // 10
        {5, 1, 1, 1, 2, 1}, // 11
        {5, 1, 1, 1, 3, 1}, // 12
        {6, 1, 1, 1, 3, 1}, // 13
        {7, 1, 1, 1, 3, 1}, // 14
        {8, 1, 1, 1, 3, 1}, // 15
        {9, 1, 1, 1, 3, 1}, // 16
        {10, 1, 1, 1, 3, 1}, // 17
        {11, 1, 1, 1, 3, 1}, // 18
    };

    public Composition {
        Objects.requireNonNull(counts, "counts");
        EnumMap<Role, Integer> copy = new EnumMap<>(Role.class);
        for (Role r : Role.values()) {
            int n = counts.getOrDefault(r, 0);
            if (n < 0) {
                throw new IllegalArgumentException("a role count cannot be negative: " + r + " " + n);
            }
            copy.put(r, n);
        }
        int wolves = copy.get(Role.WEREWOLF);
        int players = copy.values().stream().mapToInt(Integer::intValue).sum();
        if (wolves < 1) {
            throw new IllegalArgumentException("a village needs a werewolf");
        }
        if (players - wolves <= wolves) {
            throw new IllegalArgumentException("the werewolves would win before the game begins: " + wolves
                    + " werewolves among " + players + " players");
        }
        counts = Collections.unmodifiableMap(copy);
    }

    /** The regulation's 5-player village: 2 villagers, a seer, a werewolf, a possessed. */
    public static Composition regulation5() {
        return of(5);
    }

    /** The regulation's 15-player village: 8 villagers, a seer, a medium, a bodyguard, 3 werewolves, a possessed. */
    public static Composition regulation15() {
        return of(15);
    }

    /** The official server's default village for {@code players} (3 to 18). */
    public static Composition of(int players) {
        if (players < 3 || players > 18) {
            throw new IllegalArgumentException("the official villages have 3 to 18 players, not " + players);
        }
        int[] row = DEFAULTS[players - 3];
        Map<Role, Integer> m = new EnumMap<>(Role.class);
        Role[] order = {Role.VILLAGER, Role.SEER, Role.MEDIUM, Role.BODYGUARD,
            Role.WEREWOLF, Role.POSSESSED};
        for (int i = 0; i < order.length; i++) {
            m.put(order[i], row[i]);
        }
        return new Composition(m);
    }

    public int players() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    public int count(Role r) {
        return counts.get(r);
    }

    /** Every role dealt, in the order of the enum (one entry per player); the deal shuffles it. */
    public List<Role> roles() {
        List<Role> out = new ArrayList<>();
        counts.forEach((r, n) -> {
            for (int i = 0; i < n; i++) {
                out.add(r);
            }
        });
        return out;
    }
}
