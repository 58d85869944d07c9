package maw.llm.standin;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in model that plays Werewolf from the prompt alone: it reads the seat's name and the phase from the guiding
 * prompt, the valid targets and whether it has spoken or voted yet from the newest state the prompt tells (the guiding
 * prompt, or the turn's part at the end of a user message), then speaks once, votes, and listens. By day it suspects
 * a player picked from its name and the day; by night every werewolf picks the first valid victim by name, so the pack
 * agrees.
 */
public final class GameBrain implements OllamaStandIn.Brain {

    private static final Pattern NAME = Pattern.compile("You are ([^,.\\n]+)[,.]");
    private static final Pattern TARGETS = Pattern.compile("(?m)^Valid (?:vote targets|victims): (.*)$");
    private static final Pattern AIWOLF_TARGETS = Pattern.compile("Valid targets: ([^\\n]*?)\\.?$",
            Pattern.MULTILINE);
    private static final Pattern ACTIONS = Pattern.compile("You may now: ([a-z, ]+)\\.");
    private static final Pattern DAY = Pattern.compile("It is (day|night) (\\d+)");

    @Override
    public OllamaStandIn.Answer answer(OllamaStandIn.Call call) {
        if (call.system().contains("in an AIWolf game")) {
            return aiwolf(call);
        }
        if (call.system().contains("played in conversation")) {
            return conversation(call);
        }
        String prompt = state(call);
        String name = find(NAME, call.system(), "someone");
        String listed = find(TARGETS, prompt, "none");
        listed = listed.endsWith(".") ? listed.substring(0, listed.length() - 1) : listed;
        List<String> targets = Arrays.stream(listed.split(",\\s*"))
                .filter(t -> !t.isBlank() && !t.equals("none")).sorted().toList();
        Matcher when = DAY.matcher(call.system());
        boolean night = when.find() && when.group(1).equals("night");
        int day = when.find(0) ? Integer.parseInt(when.group(2)) : 1;
        boolean spoke = !find(SPOKE, prompt, "").equals("not yet");
        boolean voted = !find(VOTED, prompt, "").equals("nobody yet");
        if (targets.isEmpty()) {
            return text("{\"action\": \"listen\"}");
        }
        String target = night ? targets.get(0)
                : targets.get(Math.floorMod((name + "/" + day).hashCode(), targets.size()));
        if (!spoke) {
            return text("{\"action\": \"speak\", \"message\": \"" + (night ? "Tonight we take " + target + "."
                    : "I suspect " + target + ".") + "\"}");
        }
        if (!voted) {
            return text("{\"action\": \"vote\", \"target\": \"" + target + "\"}");
        }
        return text("{\"action\": \"listen\"}");
    }

    /**
     * An AIWolf seat: in a talk turn it says whom it will vote for, first in prose (which the seat refuses, so that the
     * model is asked again) and then as protocol text; later turns of the day, Over; by night a werewolf whispers its
     * target as a structured sentence; votes, divinations and guards name the first valid target.
     */
    private static OllamaStandIn.Answer aiwolf(OllamaStandIn.Call call) {
        String prompt = state(call);
        String user = call.lastUser();
        List<String> actions = Arrays.stream(find(ACTIONS, prompt, "listen").split(",\\s*")).toList();
        List<String> targets = Arrays.stream(find(AIWOLF_TARGETS, prompt, "none").split(",\\s*"))
                .filter(t -> !t.isBlank() && !t.equals("none")).toList();
        boolean night = call.system().contains("It is night");
        String target = targets.isEmpty() ? null : targets.get(0);
        if (actions.contains("talk")) {
            if (night) {
                return target == null ? text("{\"action\": \"talk\", \"message\": \"Over\"}")
                        : text("{\"action\": \"talk\", \"verb\": \"ATTACK\", \"target\": \"" + target + "\"}");
            }
            if (user.contains("Talk turn")) {
                return text("{\"action\": \"talk\", \"message\": \"Over\"}");
            }
            Matcher agent = Pattern.compile("(Agent\\[\\d\\d]) (?!" + Pattern.quote(find(NAME_AIWOLF, call.system(), "?"))
                    + "(,|$))").matcher(find(PLAYERS, call.system(), ""));
            String who = agent.find() ? agent.group(1) : "ANY";
            return user.startsWith("That answer could not be used")
                    ? text("{\"action\": \"talk\", \"message\": \"VOTE " + who + "\"}")
                    : text("{\"action\": \"talk\", \"message\": \"I will vote for " + who + "\"}");
        }
        for (String act : List.of("divine", "guard", "vote")) {
            if (actions.contains(act) && target != null) {
                return text("{\"action\": \"" + act + "\", \"target\": \"" + target + "\"}");
            }
        }
        return text("{\"action\": \"listen\"}");
    }

    /**
     * A seat of the AIWolf NLP contest's game (talk in natural language): in its first talk of a day it says whom it
     * will vote for, addressing them ({@code I will vote for @Bob.}), then Over once its own words are in the news; by
     * night a werewolf whispers its target once; votes, divinations, guards and attacks name the first valid target.
     */
    private static OllamaStandIn.Answer conversation(OllamaStandIn.Call call) {
        String prompt = state(call);
        String name = find(NAME, call.system(), "someone");
        List<String> actions = Arrays.stream(find(ACTIONS, prompt, "listen").split(",\\s*")).toList();
        List<String> targets = Arrays.stream(find(AIWOLF_TARGETS, prompt, "none").split(",\\s*"))
                .filter(t -> !t.isBlank() && !t.equals("none")).toList();
        boolean night = call.system().contains("It is night");
        String target = targets.stream().filter(t -> !t.equals(name)).findFirst().orElse(null);
        if (actions.contains("talk")) {
            boolean said = Pattern.compile("(?m)^.{0,12}?\\b" + Pattern.quote(name)
                    + " \\(\\d+\\): (?!Over|Skip)")
                    .matcher(call.lastUser()).find();
            List<String> others = Arrays.stream(find(LIVING, prompt, "").split(",\\s*"))
                    .filter(p -> !p.isBlank() && !p.equals(name)).toList();
            String who = night ? target : others.isEmpty() ? null
                    : others.get(Math.floorMod((name + "/" + prompt.length()).hashCode(), others.size()));
            if (said || who == null) {
                return text("{\"action\": \"talk\", \"message\": \"Over\"}");
            }
            return text("{\"action\": \"talk\", \"message\": \"" + (night ? "Let's attack @" + who + " tonight."
                    : "Hello, I am " + name + ". I will vote for @" + who + ".") + "\"}");
        }
        for (String act : List.of("divine", "guard", "vote")) {
            if (actions.contains(act) && target != null) {
                return text("{\"action\": \"" + act + "\", \"target\": \"" + target + "\"}");
            }
        }
        return text("{\"action\": \"listen\"}");
    }

    private static final Pattern LIVING = Pattern.compile("Living: ([^\\n]*?)\\. Dead:");
    private static final Pattern NAME_AIWOLF = Pattern.compile("You are ([^(\\n]+?) \\(Agent");
    private static final Pattern PLAYERS = Pattern.compile("(?m)^Players: (.*)$");

    private static final Pattern SPOKE = Pattern.compile("spoken (?:today|tonight): ([^.\\n]+)\\.");
    private static final Pattern VOTED = Pattern.compile("vote (?:today|tonight): ([^\\n]+?)\\.?$", Pattern.MULTILINE);

    /** The guiding prompt and every user message, in order: the last of each thing it tells is the state now. */
    static String state(OllamaStandIn.Call call) {
        StringBuilder b = new StringBuilder();
        for (OllamaStandIn.Message m : call.messages()) {
            if (!m.role().equals("assistant")) {
                b.append(m.content()).append('\n');
            }
        }
        return b.toString();
    }

    /** The last match's first group in {@code text}. */
    static String find(Pattern p, String text, String otherwise) {
        Matcher m = p.matcher(text);
        String found = null;
        while (m.find()) {
            found = m.group(1).strip();
        }
        return found == null ? otherwise : found;
    }

    private static OllamaStandIn.Answer text(String s) {
        return new OllamaStandIn.Answer.Text(s);
    }
}
