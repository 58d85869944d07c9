package maw.aiwolf;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import maw.agents.gamemaster.Narrator;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfNews;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.log.AiwolfNarration;
import maw.game.GameEvent;
import maw.game.GameView;

/** An AIWolf game as its moderator sees it: the engine's events in words, each talk as protocol text with its gloss. */
public final class AiwolfNarrator implements Narrator {

    @Override
    public List<String> rules() {
        return List.of("aiwolf", "aiwolf-nlp");
    }

    @Override
    public List<String> lines(int round, GameEvent any, GameView view) {
        if (!(any instanceof AiwolfNews.Told told) || !(view instanceof AiwolfState after)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (told.event() instanceof AiwolfEvent.Dealt d && d.player().equals(after.players().getFirst())
                || told.event() instanceof AiwolfEvent.DayBegan) {
            out.add("");
        }
        out.addAll(new AiwolfNarration(after.players()).lines(told.event(), false));
        if (told.event() instanceof AiwolfEvent.Over && after.result() != null) {
            out.add("Round " + round + " over after " + after.result().days() + " day(s). Scores: " + after.result()
                    .scores().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                    .collect(Collectors.joining(", ")));
        }
        return out;
    }
}
