package maw.aiwolf.seat;

import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.agents.typing.HumanCommands;
import maw.agents.typing.Typing;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Plain;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.aiwolf.protocol.Words.AgentId;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;
import maw.base.Speech;

/**
 * A person's lines in an AIWolf game: protocol text, checked here before it is sent (so a typo is answered at once,
 * not counted as Skip), and short commands that write it: {@code /co seer}, {@code /divined 3 werewolf},
 * {@code /identified 3 human}, {@code /estimate 4 werewolf}, {@code /vote 4} (in a talk turn the sentence
 * {@code VOTE Agent[04]}; when the vote is asked for, the vote), {@code /attack 2} (likewise, for the werewolves),
 * {@code /divine 3}, {@code /guard 3}, {@code /skip}, {@code /over}. A player is its number or its name.
 */
public final class AiwolfTalk implements Typing {

    /**
     * A line typed as is: in the NLP contest's game, natural language, the talk itself (the game cuts it to its
     * limits); else protocol text, a talk if it is valid 3.6 text, or where it goes wrong.
     */
    @Override
    public HumanCommands.Command line(String text, SeatView v) {
        return protocol(text, v);
    }

    private static HumanCommands.Command protocol(String text, SeatView v) {
        if (v.talk() == Speech.NATURAL) {
            return talkNow(v, text);
        }
        Parsed p = Protocol.parse(text, Version.V3_6);
        if (p instanceof Parsed.Failed f) {
            return new HumanCommands.Tell("Not AIWolf protocol text (" + f.error().message() + "). Type a sentence "
                    + "such as COMINGOUT Agent[03] SEER, or a command: " + commands());
        }
        if (!allows(v, Act.Kind.TALK)) {
            return new HumanCommands.Tell("It is not your turn to talk" + (v.phase() == Phase.NIGHT
                    ? " (at night only the werewolves whisper, in their turns)." : "."));
        }
        return new HumanCommands.Perform(new Act.Talk(Protocol.write(p.sentence())));
    }

    /** The command {@code word}, or null when it is not one of AIWolf's (the usual commands then apply). */
    @Override
    public HumanCommands.Command command(String word, String arg, SeatView v) {
        String[] a = arg.isEmpty() ? new String[0] : arg.split("\\s+");
        return switch (word) {
            case "/skip" -> talkNow(v, "Skip");
            case "/over" -> talkNow(v, "Over");
            case "/co", "/comingout" -> a.length != 1 ? new HumanCommands.Tell("Which role? /co seer (or medium, "
                    + "bodyguard, villager, werewolf, possessed)") : sentence(v, "COMINGOUT " + me(v) + " "
                    + a[0].toUpperCase(Locale.ROOT));
            case "/divined", "/identified" -> a.length != 2 ? new HumanCommands.Tell("Whom, and what? " + word
                    + " 3 werewolf (or human)") : agent(a[0], v, word, n -> sentence(v, word.substring(1)
                    .toUpperCase(Locale.ROOT) + " " + n + " " + a[1].toUpperCase(Locale.ROOT)));
            case "/estimate" -> a.length != 2 ? new HumanCommands.Tell("Whom, and which role? /estimate 4 werewolf")
                    : agent(a[0], v, word, n -> sentence(v, "ESTIMATE " + n + " " + a[1].toUpperCase(Locale.ROOT)));
            case "/vote", "/v" -> a.length != 1 ? new HumanCommands.Tell("Whom? /vote 4 (or a name)")
                    : allows(v, Act.Kind.VOTE) ? HumanCommands.target(name(a[0], v), v, "vote",
                            t -> new HumanCommands.Perform(new Act.Vote(t)))
                    : agent(a[0], v, word, n -> sentence(v, "VOTE " + n));
            case "/attack" -> a.length != 1 ? new HumanCommands.Tell("Whom? /attack 4 (or a name)")
                    : allows(v, Act.Kind.VOTE) && v.phase() == Phase.NIGHT
                            ? HumanCommands.target(name(a[0], v), v, "attack",
                                    t -> new HumanCommands.Perform(new Act.Vote(t)))
                    : agent(a[0], v, word, n -> sentence(v, "ATTACK " + n));
            case "/divine", "/d" -> a.length != 1 ? new HumanCommands.Tell("Whom? /divine 3 (or a name)")
                    : HumanCommands.target(name(a[0], v), v, "divine", t -> new HumanCommands.Perform(new Act.Divine(t)));
            case "/guard", "/g" -> a.length != 1 ? new HumanCommands.Tell("Whom? /guard 3 (or a name)")
                    : HumanCommands.target(name(a[0], v), v, "guard", t -> new HumanCommands.Perform(new Act.Guard(t)));
            default -> null;
        };
    }

    private static boolean allows(SeatView v, Act.Kind k) {
        return v.allowed_actions() != null && v.allowed_actions().contains(k);
    }

    private static HumanCommands.Command talkNow(SeatView v, String text) {
        return allows(v, Act.Kind.TALK) ? new HumanCommands.Perform(new Act.Talk(text))
                : new HumanCommands.Tell("It is not your turn to talk" + (v.phase() == Phase.NIGHT
                        ? " (at night only the werewolves whisper, in their turns)." : "."));
    }

    /** A sentence a command wrote: as protocol text, or in the NLP contest's game as plain English. */
    private static HumanCommands.Command sentence(SeatView v, String text) {
        if (v.talk() == Speech.NATURAL) {
            Parsed p = Protocol.parse(text, Version.V3_6);
            if (p instanceof Parsed.Failed f) {
                return new HumanCommands.Tell("That does not say anything (" + f.error().message() + ").");
            }
            String plain = Plain.of(agents(v)).say(p.sentence(), v.you());
            return talkNow(v, plain == null ? text : plain);
        }
        return protocol(text, v);
    }

    /** This seat's agent word, {@code Agent[03]}. */
    private static String me(SeatView v) {
        return new AgentId(agents(v).indexOf(v.you()) + 1).toString();
    }

    private static List<String> agents(SeatView v) {
        return v.agents() == null ? List.of() : v.agents();
    }

    /** A player named by number (3, 03, Agent[03]) or by name: its name, or the text as typed. */
    private static String name(String arg, SeatView v) {
        Integer n = number(arg);
        List<String> agents = agents(v);
        return n != null && n >= 1 && n <= agents.size() ? agents.get(n - 1) : arg;
    }

    private static Integer number(String arg) {
        String t = arg.strip();
        if (t.regionMatches(true, 0, "Agent[", 0, 6) && t.endsWith("]")) {
            t = t.substring(6, t.length() - 1);
        }
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private interface WithAgent {
        HumanCommands.Command of(String agentWord);
    }

    /** The sentence with a player in it, named by number or (any unambiguous beginning of) name. */
    private static HumanCommands.Command agent(String arg, SeatView v, String word, WithAgent make) {
        List<String> agents = agents(v);
        String name = name(arg, v);
        List<String> matches = agents.stream().filter(n -> n.equalsIgnoreCase(name)).toList();
        if (matches.isEmpty()) {
            matches = agents.stream().filter(n -> n.toLowerCase(Locale.ROOT)
                    .startsWith(name.toLowerCase(Locale.ROOT))).toList();
        }
        if (matches.size() > 1) {
            return new HumanCommands.Tell("Which one: " + String.join(", ", matches) + "?");
        }
        if (matches.isEmpty()) {
            return new HumanCommands.Tell("No player " + arg + " (" + String.join(", ", numbered(v)) + ").");
        }
        return make.of(new AgentId(agents.indexOf(matches.getFirst()) + 1).toString());
    }

    private static List<String> numbered(SeatView v) {
        List<String> a = agents(v);
        return IntStream.range(0, a.size()).mapToObj(i -> (i + 1) + " " + a.get(i)).toList();
    }

    static String commands() {
        return "/co ROLE, /divined N SPECIES, /identified N SPECIES, /estimate N ROLE, /vote N, /attack N, /skip, /over";
    }

    @Override
    public String help() {
        return "AIWolf rules: in your talk turns type protocol text (COMINGOUT Agent[03] SEER, VOTE Agent[04], "
                + "REQUEST ANY (VOTE Agent[04])...) or " + commands() + ". When the vote is asked for, /vote N votes "
                + "(at night, as a werewolf, /attack N). /divine N (seer), /guard N (bodyguard) at night. A player is "
                + "its number or its name. /who, /role, /time, /quit as usual.";
    }

    /** What an AIWolf step asks of the person, in words; null when it asks nothing (or the game is MAW's). */
    @Override
    public String turn(SeatView v) {
        if (!v.talk().inTurns() || v.allowed_actions() == null) {
            return null;
        }
        long left = v.deadline() <= 0 ? -1 : Math.max(0, (v.deadline() - System.currentTimeMillis() + 999) / 1000);
        String time = left < 0 ? "" : " (" + left + " s)";
        boolean night = v.phase() == Phase.NIGHT;
        List<Act.Kind> a = v.allowed_actions();
        if (a.contains(Act.Kind.TALK) && v.turn() != null && !v.turn().voting()) {
            // The speak-anytime track: one phase in which everyone says their lines when they choose.
            int more = Math.max(0, v.turn().talk_rounds() - v.turn().talk_round());
            return (night ? "The whisper is open" : "The talk is open") + time + ": say what you like whenever you "
                    + "like, " + more + " more line" + (more == 1 ? "" : "s") + " (" + v.turn().talk_round() + " of "
                    + v.turn().talk_rounds() + " said; @Name to address someone), or /co, /divined, /vote N"
                    + (night ? ", /attack N" : "") + "; /over when you are done.";
        }
        if (a.contains(Act.Kind.TALK)) {
            return (night ? "Your whisper turn" : "Your talk turn") + time + (v.talk() == Speech.NATURAL
                    ? ": say it in your own words (@Name to address someone), or /co, /divined, /vote N"
                    : ": type protocol text (VOTE Agent[03], COMINGOUT Agent[01] SEER...) or /co, /estimate, /divined, "
                    + "/vote N") + (night ? ", /attack N" : "") + ", /skip, /over.";
        }
        if (a.contains(Act.Kind.DIVINE)) {
            return "Whom do you divine tonight" + time + "? /divine N";
        }
        if (a.contains(Act.Kind.GUARD)) {
            return "Whom do you guard tonight" + time + "? /guard N";
        }
        if (a.contains(Act.Kind.VOTE)) {
            return (night ? "The attack vote" + time + ": /attack N" : "The vote" + time + ": /vote N") + " ("
                    + String.join(", ", v.targets() == null ? List.of()
                            : v.targets().getOrDefault(Act.Kind.VOTE, List.of())) + ").";
        }
        return null;
    }
}
