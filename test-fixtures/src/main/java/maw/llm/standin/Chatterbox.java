package maw.llm.standin;

import java.util.regex.Pattern;

/**
 * A stand-in model that only talks: every turn it says a long sentence and never votes, so a game runs day after day
 * until the day cap and every seat's context grows as fast as it can. For measuring that prompts stay under the budget.
 */
public final class Chatterbox implements OllamaStandIn.Brain {

    @Override
    public OllamaStandIn.Answer answer(OllamaStandIn.Call call) {
        String name = GameBrain.find(Pattern.compile("You are ([^,.\\n]+)[,.]"), call.system(), "I");
        return new OllamaStandIn.Answer.Text("{\"action\": \"speak\", \"message\": \"" + name + " here, call "
                + call.number() + ": I have been thinking about everything said so far, and I still cannot decide who "
                + "among us is lying, so I will keep listening closely to every word before I vote.\"}");
    }
}
