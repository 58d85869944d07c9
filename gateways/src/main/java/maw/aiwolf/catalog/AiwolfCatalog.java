package maw.aiwolf.catalog;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.CatalogExtension;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Species;

/**
 * The AIWolf rule sets' messages, added to the catalog (docs/PROTOCOL.md, "AIWolf games"): the requests of their own
 * acts ({@code talk}, {@code guard}), stamped as every act is, and their news (a talk turn's utterances, an invalid
 * talk, a vote's ballots at once, the medium's result).
 */
public final class AiwolfCatalog implements CatalogExtension {

    /** Found by {@link java.util.ServiceLoader} (META-INF/services/maw.agents.CatalogExtension). */
    public AiwolfCatalog() {}

    @Override
    public List<Class<? extends Catalog.Body>> messages() {
        return List.of(Talk.class, Guard.class, Talks.class, InvalidTalk.class, Votes.class, Identified.class,
                Event.class);
    }

    @Override
    public Catalog.Stamped request(Act act, String game, int round, Phase phase, int day, Integer step) {
        return switch (act) {
            case Act.Talk t -> new Talk(game, round, phase, day, t.text() == null ? null : t.text().strip(), step);
            case Act.Guard g -> new Guard(game, round, phase, day, g.target(), step);
            default -> null;
        };
    }

    /**
     * Player to GameMaster, request: this talk turn's utterance, protocol text (or natural language in the NLP
     * contest's game); by night a werewolf's whisper to the pack. Text that is not protocol 3.6 counts as Skip, and
     * the speaker is told why ({@code invalid_talk}).
     */
    @JsonTypeName("talk")
    public record Talk(String game, int round, Phase phase, int day, String text, Integer step)
            implements Catalog.Stamped {
        public Talk {
            Catalog.required(text, "talk's text");
            Catalog.required(phase, "talk's phase");
        }

        @Override
        public String target() {
            return null;
        }

        @Override
        public Act act() {
            return new Act.Talk(text);
        }
    }

    /** Bodyguard to GameMaster, request: protect a player from tonight's attack. */
    @JsonTypeName("guard")
    public record Guard(String game, int round, Phase phase, int day, String target, Integer step)
            implements Catalog.Stamped {
        public Guard {
            Catalog.required(target, "guard's target");
            Catalog.required(phase, "guard's phase");
        }

        @Override
        public Act act() {
            return new Act.Guard(target);
        }
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

    /**
     * GameMaster to a seat that takes envelopes ({@code news}), one of their {@code told}: an event of the AIWolf game
     * as the engine made it, to exactly the players allowed to learn it ({@link AiwolfEventJson} gives its words).
     */
    @JsonTypeName("aiwolf_event")
    public record Event(String game, int round,
            @com.fasterxml.jackson.databind.annotation.JsonSerialize(using = AiwolfEventJson.Writer.class)
            @com.fasterxml.jackson.databind.annotation.JsonDeserialize(using = AiwolfEventJson.Reader.class)
            maw.aiwolf.game.AiwolfEvent event) implements Catalog.Body {
        public Event {
            event = AiwolfEventJson.bare(Catalog.required(event, "aiwolf_event's event"));
        }
    }

    /** GameMaster to the medium, inform: the species of the player the village executed the day before (AIWolf). */
    @JsonTypeName("identified")
    public record Identified(String game, int round, int day, String target, Species species)
            implements Catalog.Body {}
}
