package maw.aiwolf.protocol;

/** What {@link Protocol#parse} makes of a text: a sentence, or the error with its position. */
public sealed interface Parsed {

    /** The text is this sentence. */
    record Ok(Sentence sentence) implements Parsed {}

    /** The text is not a sentence of the version. */
    record Failed(ParseError error) implements Parsed {}

    default boolean ok() {
        return this instanceof Ok;
    }

    /** The sentence, or an exception naming the error (for callers that have checked). */
    default Sentence sentence() {
        return switch (this) {
            case Ok o -> o.sentence();
            case Failed f -> throw new IllegalStateException("not a sentence: " + f.error().message());
        };
    }
}
