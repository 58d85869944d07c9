package maw.aiwolf.seat;

import java.util.List;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.agents.Catalog;
import maw.agents.SeatCatalog.Perceived;
import maw.agents.Text;
import maw.agents.kit.SeatKit;
import maw.agents.typing.Typing;
import maw.aiwolf.log.AiwolfNarration;
import maw.base.Species;
import maw.base.Speech;
import maw.llm.TalkWriter;

/**
 * What AIWolf's rule sets give their seats: players named with their agent numbers, talk turns and ballots as
 * lines, protocol text written for a model and checked as a person types it.
 */
public final class AiwolfSeatKit implements SeatKit {

    /** Both keep nothing between calls: one of each serves every seat. */
    private static final TalkWriter WRITER = new AiwolfTalkWriter();
    private static final Typing TYPING = new AiwolfTalk();

    @Override
    public List<String> rules() {
        return List.of("aiwolf", "aiwolf-nlp");
    }

    @Override
    public String chatHelp(Speech talk) {
        String commands = "the short commands: co ROLE, divined N RESULT, estimate N ROLE, vote N, attack N, divine N, "
                + "guard N, skip, over; who, role, time, quit.";
        return talk == Speech.NATURAL
                ? "This is a game of the AIWolf NLP contest: in your turns type what you say in your own words (@Name "
                        + "addresses a player), or " + commands
                : "This is an AIWolf game: type protocol text in your turns (VOTE Agent[03], COMINGOUT Agent[01] "
                        + "SEER, ...) or " + commands;
    }

    @Override
    public Narration narration(List<String> players, Speech talk) {
        AiwolfNarration narration = new AiwolfNarration(players);
        return new Narration() {
            @Override
            public String who(String player) {
                return narration.who(player);
            }

            @Override
            public String rulesInWords() {
                return talk == Speech.NATURAL ? "The AIWolf NLP contest's rules: talk in your own words, one speaker "
                        + "at a time, @Name to address a player"
                        : "AIWolf rules: talk is protocol text, and a player is Agent[NN] by its number";
            }

            @Override
            public Told tell(Catalog.Body news, String me) {
                return switch (news) {
                    case AiwolfCatalog.Identified i -> new Told(Perceived.IDENTIFIED, who(i.target()) + ", executed "
                            + "yesterday, was " + (i.species() == Species.WEREWOLF ? "a werewolf." : "human."));
                    case AiwolfCatalog.Talks t -> new Told(Perceived.TALK, AiwolfLines.talks(t, me, narration));
                    case AiwolfCatalog.InvalidTalk it -> new Told(Perceived.REFUSAL, "Your talk "
                            + Text.quoted(it.text()) + " is not protocol text, and counted as Skip: " + it.reason()
                            + ".");
                    case AiwolfCatalog.Votes v -> new Told(Perceived.VOTE, AiwolfLines.votes(v, this::who),
                            v.attack() ? null : v.ballots(), v.day());
                    default -> null;
                };
            }
        };
    }

    @Override
    public TalkWriter talkWriter() {
        return WRITER;
    }

    @Override
    public Typing typing() {
        return TYPING;
    }
}
