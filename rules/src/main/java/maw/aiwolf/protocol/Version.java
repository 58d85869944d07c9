package maw.aiwolf.protocol;

/** The versions of the AIWolf protocol: 3.6 (2019, the current one) and 2.01 (2017). */
public enum Version {
    /** Protocol 3.6: REQUEST and INQUIRE name a target; BECAUSE, DAY, NOT, AND, OR, XOR; ANY; VOTED, ATTACKED. */
    V3_6("3.6"),
    /** Protocol 2.01: REQUEST is the only operator and names no target; no ANY; INQUESTED read as IDENTIFIED. */
    V2_01("2.01");

    private final String label;

    Version(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The version a label names ({@code 3.6}, {@code 2.01}), or null. */
    public static Version of(String label) {
        for (Version v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        return null;
    }

    public Version other() {
        return this == V3_6 ? V2_01 : V3_6;
    }

    @Override
    public String toString() {
        return label;
    }
}
