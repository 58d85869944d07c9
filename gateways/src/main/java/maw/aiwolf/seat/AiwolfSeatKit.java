package maw.aiwolf.seat;

import java.util.List;
import maw.aiwolf.catalog.AiwolfCatalog;
import maw.aiwolf.game.AiwolfEvent;
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
                // (One speaker at a time, or everyone at once in the speak-anytime track: each turn's prompt says.)
                return talk == Speech.NATURAL ? "The AIWolf NLP contest's rules: talk in your own words, @Name to "
                        + "address a player"
                        : "AIWolf rules: talk is protocol text, and a player is Agent[NN] by its number";
            }

            @Override
            public Told tell(Catalog.Body news, String me) {
                return news instanceof AiwolfCatalog.Event e ? told(e.event(), me) : null;
            }

            /** One of the engine's events as the seat {@code me} tells it (null: nothing to tell). */
            private Told told(AiwolfEvent event, String me) {
                return switch (event) {
                    case AiwolfEvent.Dealt d -> new Told(Perceived.ROLE, "You are a " + d.role() + "."
                            + (d.pack().size() > 1 ? " Your fellow werewolves: " + String.join(", ", d.pack().stream()
                                    .filter(p -> !p.equals(me)).map(this::who).toList()) + "." : ""));
                    case AiwolfEvent.DayBegan d -> new Told(me.equals(d.attacked()) ? Perceived.DEATH : Perceived.PHASE,
                            (me.equals(d.attacked()) ? "The werewolves murdered you in the night. You can watch. "
                                    : "") + "Day " + d.day() + " begins." + (d.attacked() == null ? ""
                                            : " " + who(d.attacked()) + " was murdered in the night.") + " Living: "
                                    + String.join(", ", d.living().stream().map(this::who).toList()) + ".");
                    case AiwolfEvent.Turn t -> new Told(Perceived.TALK, AiwolfLines.talks(t, me, narration));
                    case AiwolfEvent.Invalid it -> new Told(Perceived.REFUSAL, "Your talk " + Text.quoted(it.text())
                            + " is not protocol text, and counted as Skip: " + it.reason() + ".");
                    case AiwolfEvent.Votes v -> new Told(Perceived.VOTE, AiwolfLines.votes(v, this::who));
                    case AiwolfEvent.Executed x -> new Told(me.equals(x.player()) ? Perceived.DEATH
                            : Perceived.RESULT, me.equals(x.player())
                                    ? "You were executed by the village (the most votes). You can watch."
                                    : "The village executes " + who(x.player()) + " (the most votes).");
                    case AiwolfEvent.Divined d -> new Told(Perceived.DIVINED, "Your divination: " + who(d.target())
                            + " is " + (d.species() == Species.WEREWOLF ? "a werewolf." : "human."));
                    case AiwolfEvent.Identified i -> new Told(Perceived.IDENTIFIED, who(i.target()) + ", executed "
                            + "yesterday, was " + (i.species() == Species.WEREWOLF ? "a werewolf." : "human."));
                    case AiwolfEvent.Guarded g -> new Told(Perceived.NIGHT, "You guard " + who(g.target())
                            + " tonight.");
                    case AiwolfEvent.Attack a -> new Told(Perceived.NIGHT, a.target() == null
                            ? "No murder tonight: the pack chose nobody."
                            : a.guarded() ? "No murder tonight: the bodyguard guarded " + who(a.target()) + "."
                            : "The pack killed " + who(a.target()) + ".");
                    case AiwolfEvent.Over o -> new Told(Perceived.END, (o.winner() == null ? "The game is a draw"
                            : "The " + o.winner().toString().toLowerCase(java.util.Locale.ROOT) + " win") + " ("
                            + o.reason() + "). Roles: " + o.roles().entrySet().stream()
                                    .map(en -> en.getKey() + " " + en.getValue())
                                    .collect(java.util.stream.Collectors.joining(", ")) + ".");
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
