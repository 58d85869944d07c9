package maw.agents;

import com.ibm.icu.text.SpoofChecker;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one rule for a seat's name, wherever a seat is taken (MAW's lobby, a chat client, the web page, the AIWolf
 * servers): 1 to {@link Catalog#LONGEST_NAME} letters and digits, in up to three words parted by single spaces,
 * written in one script as Unicode's restriction levels read it (UTS #39, "highly restrictive": Latin alone, or
 * Japanese's scripts together, say), nothing invisible, and none of the words the game's own voices go by. Two names
 * that look alike (Unicode's confusables, as ICU4J's {@link SpoofChecker} has them, read with case and accents
 * ignored too) are one name at a table.
 */
public final class Names {

    private Names() {}

    /** Letters (with their marks) and digits, in words parted by single spaces. */
    private static final Pattern WORDS = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}]*( [\\p{L}\\p{N}]"
            + "[\\p{L}\\p{M}\\p{N}]*){0,2}");

    /** Words a name may not hold: those of the game's own voices, which a player's name must never pass for. */
    private static final Set<String> RESERVED = Set.of("gamemaster", "gm", "moderator", "narrator", "host", "system",
            "server", "admin", "maw", "village", "hideout", "everyone", "nobody");

    private static final SpoofChecker SCRIPTS = new SpoofChecker.Builder()
            .setChecks(SpoofChecker.RESTRICTION_LEVEL | SpoofChecker.INVISIBLE | SpoofChecker.MIXED_NUMBERS)
            .setRestrictionLevel(SpoofChecker.RestrictionLevel.HIGHLY_RESTRICTIVE).build();
    private static final SpoofChecker CONFUSABLES = new SpoofChecker.Builder()
            .setChecks(SpoofChecker.CONFUSABLE).build();
    private static final Set<String> RESERVED_LOOKS = RESERVED.stream().flatMap(w -> looks(w).stream())
            .collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** What a valid name is, in a person's words. */
    public static final String RULE = "a name has 1 to " + Catalog.LONGEST_NAME + " letters or digits, in up to three "
            + "words parted by single spaces, written in one script";

    /** Why {@code name} cannot be a seat's name, in a person's words; null when it can. */
    public static String problem(String name) {
        if (name == null || name.isEmpty() || name.codePointCount(0, name.length()) > Catalog.LONGEST_NAME
                || !WORDS.matcher(name).matches()) {
            return RULE;
        }
        if (SCRIPTS.failsChecks(name)) {
            return "a name is written in one script (it mixes, say, Latin and Cyrillic letters, and could pass for "
                    + "another)";
        }
        for (String word : folded(name).split(" ")) {
            if (RESERVED.contains(word) || looks(word).stream().anyMatch(RESERVED_LOOKS::contains)) {
                return "a name may not hold \"" + word + "\": the game's own voices go by it";
            }
        }
        if (looks(name.replace(" ", "")).stream().anyMatch(l -> l.contains("gamemaster")
                || l.contains(CONFUSABLES.getSkeleton("gamemaster")))) {
            return "a name may not hold \"game master\": the game's own voice goes by it";
        }
        return null;
    }

    /** Whether {@code a} and {@code b} look alike to a reader: confusable as written, or once case and accents go. */
    public static boolean lookAlike(String a, String b) {
        Set<String> la = looks(a);
        return looks(b).stream().anyMatch(la::contains);
    }

    /**
     * The nearest valid name to {@code given} (an outside agent's, which MAW's servers must seat under a name of their
     * own rule): other characters read as spaces, spaces collapsed, words past the third joined, cut to
     * {@code longest}; empty when nothing usable is left.
     */
    public static String nearest(String given, int longest) {
        if (given == null) {
            return "";
        }
        String words = given.replaceAll("[^\\p{L}\\p{M}\\p{N}]+", " ").strip().replaceAll("^\\p{M}+", "");
        String[] parts = words.isEmpty() ? new String[0] : words.split(" ");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            b.append(i == 0 ? "" : i < 3 ? " " : "").append(parts[i]);
        }
        String name = b.toString();
        if (name.codePointCount(0, name.length()) > longest) {
            name = name.substring(0, name.offsetByCodePoints(0, longest)).strip();
        }
        return name;
    }

    /**
     * How {@code name} looks: its confusables' skeleton (UTS #39) as written, and with case and accents ignored (the
     * skeleton taken before and after the letters are lowered: {@code ВОВ} reads as {@code BOB}, {@code M0derator} as
     * {@code moderator}).
     */
    private static Set<String> looks(String name) {
        String plain = plain(name);
        String lower = plain.toLowerCase(Locale.ROOT);
        return java.util.stream.Stream.of(CONFUSABLES.getSkeleton(name),
                CONFUSABLES.getSkeleton(plain).toLowerCase(Locale.ROOT), CONFUSABLES.getSkeleton(lower),
                CONFUSABLES.getSkeleton(lower).toLowerCase(Locale.ROOT))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /** {@code name} in lower case with its accents dropped. */
    private static String folded(String name) {
        return plain(name).toLowerCase(Locale.ROOT);
    }

    /** {@code name} with its accents dropped (compatibility forms folded). */
    private static String plain(String name) {
        return Normalizer.normalize(name, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
    }
}
