package maw.aiwolf.seat;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Plain;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.aiwolf.protocol.Words.AgentId;
import maw.llm.TalkWriter;

/**
 * A model seat's AIWolf talk as protocol 3.6 text: the sentence it wrote, in its canonical form, or one written from
 * its fields ({@code {"verb":"DIVINED","target":"Bob","species":"WEREWOLF"}} is {@code DIVINED Agent[02] WEREWOLF});
 * anything else is refused with where it goes wrong, so the model can try again.
 */
public final class AiwolfTalkWriter implements TalkWriter {

    @Override
    public String write(String text, Map<String, String> fields, List<String> agents) {
        String sentence = text != null && !text.isBlank() ? text.strip() : fromFields(fields, agents);
        Parsed p = Protocol.parse(sentence, Version.V3_6);
        if (p instanceof Parsed.Failed f) {
            throw new IllegalArgumentException("\"" + sentence + "\" is not AIWolf protocol 3.6 text: "
                    + f.error().message() + " (say e.g. VOTE Agent[03], COMINGOUT Agent[01] SEER, Skip or Over)");
        }
        return Protocol.write(p.sentence());
    }

    /**
     * In the NLP contest's game: the message as the model wrote it ({@code skip} and {@code over} as the contest
     * spells them), else the sentence its fields make, said in plain English ({@link maw.aiwolf.protocol.Plain}).
     */
    @Override
    public String writeNatural(String text, Map<String, String> fields, List<String> agents) {
        if (text != null && !text.isBlank()) {
            String t = text.strip();
            return t.equalsIgnoreCase("skip") ? "Skip" : t.equalsIgnoreCase("over") ? "Over" : t;
        }
        String sentence = fromFields(fields, agents);
        Parsed p = Protocol.parse(sentence, Version.V3_6);
        if (p instanceof Parsed.Failed f) {
            throw new IllegalArgumentException("the fields do not make a sentence: " + f.error().message()
                    + " (or give a message: what you say)");
        }
        String plain = Plain.of(agents).say(p.sentence(), null);
        if (plain == null) {
            throw new IllegalArgumentException("give a message: what you say, in your own words");
        }
        return plain;
    }

    private static String fromFields(Map<String, String> fields, List<String> agents) {
        String verb = fields.getOrDefault("verb", "").toUpperCase(Locale.ROOT);
        if (verb.isEmpty()) {
            throw new IllegalArgumentException("a talk needs a message (protocol text) or a verb");
        }
        if (verb.equals("SKIP") || verb.equals("OVER")) {
            return verb.equals("SKIP") ? "Skip" : "Over";
        }
        String target = agent(fields.get("target"), agents);
        String role = fields.getOrDefault("role", "").toUpperCase(Locale.ROOT);
        String species = fields.getOrDefault("species", "").toUpperCase(Locale.ROOT);
        return switch (verb) {
            case "COMINGOUT", "ESTIMATE" -> verb + " " + target + " " + role;
            case "DIVINED", "IDENTIFIED" -> verb + " " + target + " " + species;
            default -> verb + " " + target;
        };
    }

    /** A target given as a name, a number, or Agent[NN]: its agent word. */
    private static String agent(String target, List<String> agents) {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("the sentence needs a target (a player's name or number)");
        }
        String t = target.strip();
        for (int i = 0; i < agents.size(); i++) {
            if (agents.get(i).equalsIgnoreCase(t)) {
                return new AgentId(i + 1).toString();
            }
        }
        String digits = t.regionMatches(true, 0, "Agent[", 0, 6) && t.endsWith("]") ? t.substring(6, t.length() - 1)
                : t;
        try {
            int n = Integer.parseInt(digits);
            if (n >= 1 && n <= agents.size()) {
                return new AgentId(n).toString();
            }
        } catch (NumberFormatException e) {
            // below
        }
        if (t.equalsIgnoreCase("ANY")) {
            return "ANY";
        }
        throw new IllegalArgumentException("\"" + target + "\" is not a player (the players: " + String.join(", ",
                agents) + ")");
    }
}
