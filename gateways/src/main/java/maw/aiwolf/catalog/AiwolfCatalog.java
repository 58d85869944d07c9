package maw.aiwolf.catalog;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.CatalogExtension;
import maw.base.Species;

/**
 * The AIWolf rule sets' news, added to the catalog (docs/PROTOCOL.md, "AIWolf games"): a talk turn's utterances, an
 * invalid talk, a vote's ballots at once, the medium's result. Their acts ({@code talk}, {@code guard}) are
 * {@link Catalog}'s, stamped as every act is.
 */
public final class AiwolfCatalog implements CatalogExtension {

    /** Found by {@link java.util.ServiceLoader} (META-INF/services/maw.agents.CatalogExtension). */
    public AiwolfCatalog() {}

    @Override
    public List<Class<? extends Catalog.Body>> messages() {
        return List.of(Talks.class, InvalidTalk.class, Votes.class, Identified.class);
    }

    /**
     * One utterance of a talk turn: its number in the day, the turn, who said it (name and agent number), the text,
     * and its reading in English (none for Skip and Over).
     */
    public record Utterance(int idx, int turn, String agent, int number, String text, String gloss) {
        public Utterance(int idx, int turn, String agent, int number, String text) {
            this(idx, turn, agent, number, text, null);
        }
    }

    /**
     * GameMaster to the turn's audience, inform: a talk turn's utterances, together, in random order; {@code whisper}:
     * the werewolves' whispers of a night turn, told to the pack only.
     */
    @JsonTypeName("talks")
    public record Talks(String game, int round, int day, int turn, boolean whisper, List<Utterance> utterances)
            implements Catalog.Body {}

    /** GameMaster to the speaker, inform: its talk was not protocol text and counted as Skip. */
    @JsonTypeName("invalid_talk")
    public record InvalidTalk(String game, int round, int day, String text, String reason)
            implements Catalog.Body {}

    /**
     * GameMaster to the vote's audience, inform: every ballot of a vote at once (AIWolf), voter to target;
     * {@code revote} counts the re-votes of a tie from 0; {@code attack}: the werewolves' vote for a victim.
     */
    @JsonTypeName("votes")
    public record Votes(String game, int round, int day, int revote, boolean attack, Map<String, String> ballots)
            implements Catalog.Body {}

    /** GameMaster to the medium, inform: the species of the player the village executed the day before (AIWolf). */
    @JsonTypeName("identified")
    public record Identified(String game, int round, int day, String target, Species species)
            implements Catalog.Body {}
}
