package maw.aiwolf.protocol;

import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import maw.aiwolf.protocol.Sentence.Agree;
import maw.aiwolf.protocol.Sentence.And;
import maw.aiwolf.protocol.Sentence.Because;
import maw.aiwolf.protocol.Sentence.Comingout;
import maw.aiwolf.protocol.Sentence.Day;
import maw.aiwolf.protocol.Sentence.Disagree;
import maw.aiwolf.protocol.Sentence.Divined;
import maw.aiwolf.protocol.Sentence.Estimate;
import maw.aiwolf.protocol.Sentence.Identified;
import maw.aiwolf.protocol.Sentence.Inquire;
import maw.aiwolf.protocol.Sentence.Not;
import maw.aiwolf.protocol.Sentence.Or;
import maw.aiwolf.protocol.Sentence.Over;
import maw.aiwolf.protocol.Sentence.Request;
import maw.aiwolf.protocol.Sentence.Skip;
import maw.aiwolf.protocol.Sentence.Targeted;
import maw.aiwolf.protocol.Sentence.Xor;
import maw.aiwolf.protocol.Words.AgentId;
import maw.aiwolf.protocol.Words.RoleWord;
import maw.aiwolf.protocol.Words.SpeciesWord;
import maw.aiwolf.protocol.Words.Subject;
import maw.aiwolf.protocol.Words.TalkRef;
import maw.aiwolf.protocol.Words.Target;

/**
 * A sentence in plain English, for people watching a game: {@code COMINGOUT Agent[03] SEER} said by Agent[03] reads
 * "Cid (3) says they are the seer". Omitted subjects are read as the rules say (see {@link Protocol#resolve}).
 */
public final class Gloss {

    private final IntFunction<String> names;

    /** @param names a player's name by agent number, or null where there is none (then it reads "Agent[03]") */
    public Gloss(IntFunction<String> names) {
        this.names = names == null ? i -> null : names;
    }

    /** The gloss of {@code s} said by {@code speaker}. */
    public String of(Sentence s, AgentId speaker) {
        String g = clause(Protocol.resolve(s, speaker));
        return Character.toUpperCase(g.charAt(0)) + g.substring(1);
    }

    private String clause(Sentence s) {
        String who = subject(s.subject());
        return switch (s) {
            case Skip k -> who + " has nothing to say now";
            case Over o -> who + " has nothing more to say today";
            case Estimate e -> who + " thinks " + target(e.target()) + " is " + role(e.role());
            case Comingout c -> c.target().equals(c.subject()) ? who + " says they are " + role(c.role())
                    : who + " says " + target(c.target()) + " is " + role(c.role());
            case Targeted t -> who + " " + verb(t) + " " + target(t.target());
            case Divined d -> who + " says divining " + target(d.target()) + " showed " + species(d.species());
            case Identified i -> who + " says " + target(i.target()) + ", dead, was " + species(i.species());
            case Agree a -> who + " agrees with " + talk(a.talk());
            case Disagree d -> who + " disagrees with " + talk(d.talk());
            case Request r -> who + " asks " + (r.target() instanceof AgentId a ? agent(a) : "everyone") + ": \""
                    + clause(r.body()) + "\"";
            case Inquire i -> who + " asks " + (i.target() instanceof AgentId a ? agent(a) : "everyone") + " whether "
                    + clause(i.body());
            case Because b -> who + " says " + clause(b.claim()) + ", because " + clause(b.reason());
            case Day d -> "on day " + d.day() + ", " + clause(d.body());
            case Not n -> who + " says it is not so that " + clause(n.body());
            case And a -> join(a.clauses(), ", and ");
            case Or o -> "either " + join(o.clauses(), ", or ");
            case Xor x -> "either " + clause(x.first()) + ", or else " + clause(x.second()) + " (not both)";
        };
    }

    private String join(List<Sentence> clauses, String with) {
        return clauses.stream().map(this::clause).collect(Collectors.joining(with));
    }

    private static String verb(Targeted t) {
        return switch (t) {
            case Sentence.Divination d -> "divines";
            case Sentence.Guard g -> "guards";
            case Sentence.Vote v -> "votes for";
            case Sentence.Attack a -> "attacks";
            case Sentence.Guarded g -> "guarded";
            case Sentence.Voted v -> "voted for";
            case Sentence.Attacked a -> "attacked";
        };
    }

    private String subject(Subject s) {
        return switch (s) {
            case AgentId a -> agent(a);
            case Words.Any any -> "everyone";
            case Words.Unspec u -> "someone";
        };
    }

    private String target(Target t) {
        return t instanceof AgentId a ? agent(a) : "anyone";
    }

    private String agent(AgentId a) {
        String name = names.apply(a.index());
        return name == null ? a.toString() : name + " (" + a.index() + ")";
    }

    private static String role(RoleWord r) {
        return switch (r) {
            case VILLAGER -> "a villager";
            case WEREWOLF -> "a werewolf";
            case ANY -> "some role";
            default -> "the " + r.name().toLowerCase(Locale.ROOT);
        };
    }

    private static String species(SpeciesWord s) {
        return switch (s) {
            case HUMAN -> "human";
            case WEREWOLF -> "a werewolf";
            case ANY -> "either";
        };
    }

    private static String talk(TalkRef t) {
        return (t.kind() == Words.TalkKind.TALK ? "talk " : "whisper ") + t.id() + " of day " + t.day();
    }
}
