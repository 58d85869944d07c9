package maw.game;

/**
 * SplitMix64 as a value: the game's randomness lives in its state, so the rules stay pure and a seed replays a game.
 */
public record Rng(long state) {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    public static Rng seeded(long seed) {
        return new Rng(seed);
    }

    /** The next 64 random bits. */
    public long bits() {
        long z = state + GOLDEN;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The state after one draw. */
    public Rng next() {
        return new Rng(state + GOLDEN);
    }

    /** A value in [0, bound) (the bias of taking 63 bits modulo a small bound is below 2^-50). */
    public int below(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive");
        }
        long u = bits() >>> 1;
        long r = u % bound;
        return (int) r;
    }
}
