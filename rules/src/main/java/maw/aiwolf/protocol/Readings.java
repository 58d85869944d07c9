package maw.aiwolf.protocol;

/**
 * The texts {@link Protocol#parse} read last and what they read as: 1,024 slots by the text's hash, each replaced by
 * the next text that falls in it; texts over 512 characters are read anew each time, to keep this small.
 */
final class Readings {

    private static final Reading[] RECENT = new Reading[1024];
    private static final int LONGEST = 512;

    private record Reading(String text, Version version, Parsed parsed) {}

    private Readings() {}

    private static int slot(String text, Version version) {
        return (text.hashCode() * 31 + version.ordinal()) & (RECENT.length - 1);
    }

    /** What {@code text} was read as lately, or null. */
    static Parsed recent(String text, Version version) {
        if (text == null || text.length() > LONGEST) {
            return null;
        }
        Reading r = RECENT[slot(text, version)];
        return r != null && r.version() == version && r.text().equals(text) ? r.parsed() : null;
    }

    /** Keeps a reading of {@code text} (a record's fields are final: shared safely without a lock); returns it. */
    static Parsed keep(String text, Version version, Parsed parsed) {
        if (text != null && text.length() <= LONGEST) {
            RECENT[slot(text, version)] = new Reading(text, version, parsed);
        }
        return parsed;
    }
}
