package maw.llm.standin;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in model that plays Werewolf from the guiding prompt alone: it reads the seat's name, the phase, the valid
 * targets and whether it has spoken or voted yet, then speaks once, votes, and listens. By day it suspects a player
 * picked from its name and the day; by night every werewolf picks the first valid victim by name, so the pack agrees.
 */
public final class GameBrain implements OllamaStandIn.Brain {

    private static final Pattern NAME = Pattern.compile("You are ([^,.\\n]+)[,.]");
    private static final Pattern TARGETS = Pattern.compile("(?m)^Valid (?:vote targets|victims): (.*)$");
    private static final Pattern DAY = Pattern.compile("It is (day|night) (\\d+)");

    @Override
    public OllamaStandIn.Answer answer(OllamaStandIn.Call call) {
        String prompt = call.system();
        String name = find(NAME, prompt, "someone");
        String listed = find(TARGETS, prompt, "none");
        listed = listed.endsWith(".") ? listed.substring(0, listed.length() - 1) : listed;
        List<String> targets = Arrays.stream(listed.split(",\\s*"))
                .filter(t -> !t.isBlank() && !t.equals("none")).sorted().toList();
        Matcher when = DAY.matcher(prompt);
        boolean night = when.find() && when.group(1).equals("night");
        int day = when.find(0) ? Integer.parseInt(when.group(2)) : 1;
        boolean spoke = !prompt.contains("spoken today: not yet") && !prompt.contains("spoken tonight: not yet");
        boolean voted = !prompt.contains("vote today: nobody yet") && !prompt.contains("vote tonight: nobody yet");
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

    static String find(Pattern p, String text, String otherwise) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1).strip() : otherwise;
    }

    private static OllamaStandIn.Answer text(String s) {
        return new OllamaStandIn.Answer.Text(s);
    }
}
