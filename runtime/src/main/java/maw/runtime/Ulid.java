package maw.runtime;

import java.security.SecureRandom;

/**
 * ULIDs (github.com/ulid/spec): 26 characters of Crockford's base32, a 48-bit time in milliseconds then 80 random
 * bits, so that ids sort by the time they were made. Ids made in the same millisecond by one process count up from the
 * first (the spec's monotonic mode), so they still sort in the order they were made. Agents of the AIWolf NLP contest
 * read their {@code game_id} as one (the contest's sample agent names its log files by its time), and every MAW game id
 * is one.
 */
public final class Ulid {

    private static final char[] DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private static long lastMillis = -1;
    private static long lastHigh; // the random part's top 16 bits
    private static long lastLow; // and its low 64 bits

    private Ulid() {}

    /** A new ULID of this instant. */
    public static synchronized String next() {
        long now = System.currentTimeMillis();
        if (now == lastMillis) {
            lastLow++;
            if (lastLow == 0) {
                lastHigh = (lastHigh + 1) & 0xFFFF;
            }
        } else {
            lastMillis = now;
            lastHigh = RANDOM.nextInt(1 << 16);
            lastLow = RANDOM.nextLong();
        }
        return write(now, lastHigh, lastLow);
    }

    /**
     * The ULID {@code n} after {@code ulid}: the same time, the random part plus {@code n} (the ids of a table's later
     * games, which every seat derives alike from the table's).
     */
    public static String plus(String ulid, long n) {
        if (!valid(ulid)) {
            throw new IllegalArgumentException("not a ULID: " + ulid);
        }
        long time = 0;
        for (int i = 0; i < 10; i++) {
            time = time << 5 | value(ulid.charAt(i));
        }
        long high = 0;
        long low = 0;
        for (int i = 10; i < 26; i++) {
            high = high << 5 | low >>> 59;
            low = low << 5 | value(ulid.charAt(i));
        }
        long sum = low + n;
        if (Long.compareUnsigned(sum, low) < 0) {
            high++;
        }
        return write(time, high & 0xFFFF, sum);
    }

    /** Whether {@code s} is a ULID as written here: 26 characters of Crockford's base32, upper case, in range. */
    public static boolean valid(String s) {
        if (s == null || s.length() != 26 || s.charAt(0) > '7') {
            return false;
        }
        for (int i = 0; i < 26; i++) {
            if (value(s.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The milliseconds since the epoch a ULID was made at. */
    public static long millis(String ulid) {
        if (!valid(ulid)) {
            throw new IllegalArgumentException("not a ULID: " + ulid);
        }
        long time = 0;
        for (int i = 0; i < 10; i++) {
            time = time << 5 | value(ulid.charAt(i));
        }
        return time;
    }

    private static String write(long millis, long high, long low) {
        char[] out = new char[26];
        for (int i = 9; i >= 0; i--) {
            out[i] = DIGITS[(int) (millis & 31)];
            millis >>>= 5;
        }
        // 80 bits: the 16 high ones, then the 64 low, 5 at a time from the end.
        for (int i = 25; i >= 10; i--) {
            out[i] = DIGITS[(int) (low & 31)];
            low = low >>> 5 | (high & 31) << 59;
            high >>>= 5;
        }
        return new String(out);
    }

    private static int value(char c) {
        for (int i = 0; i < DIGITS.length; i++) {
            if (DIGITS[i] == c) {
                return i;
            }
        }
        return -1;
    }
}
