package maw.aiwolf;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import maw.agents.gamemaster.Journal;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfNews;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfRules;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.log.AiwolfLog;
import maw.game.Outcome;
import maw.runtime.Json;

/**
 * The rounds of an AIWolf game read back from its journal: each round's seed, options and commands replayed through
 * the rules give every event of the game again, whatever its audience, for the official AIWolf log format.
 */
public final class AiwolfJournal {

    private AiwolfJournal() {}

    /** One round, replayed: the players in agent order and every event, in order. */
    public record Round(int round, List<String> players, List<AiwolfEvent> events, boolean over) {

        /** The round in the official AIWolf server's log format. */
        public List<String> officialLog() {
            AiwolfLog log = new AiwolfLog(players);
            log.add(events);
            return log.lines();
        }
    }

    /** Thrown for a journal that is not of an AIWolf game, or does not replay. */
    public static final class NotAiwolf extends IOException {
        NotAiwolf(String message) {
            super(message);
        }
    }

    public static List<Round> read(Path file) throws IOException {
        AiwolfRules rules = new AiwolfRules();
        List<Round> out = new ArrayList<>();
        AiwolfState state = null;
        List<AiwolfEvent> events = new ArrayList<>();
        int round = 0;
        int lineNo = 0;
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            lineNo++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode n = Json.parse(text);
            switch (n.path("kind").asText()) {
                case "opened", "resumed" -> {
                    if (!"aiwolf".equals(n.path("rules").asText())) {
                        throw new NotAiwolf(file + " is the journal of a game under the rules '"
                                + n.path("rules").asText() + "', not aiwolf");
                    }
                }
                case "round" -> {
                    if (state != null && state.game() != null) {
                        out.add(new Round(round, state.players(), events, state.isOver()));
                    }
                    round = n.get("round").asInt();
                    state = rules.newGame(Json.MAPPER.treeToValue(n.get("options"), AiwolfOptions.class),
                            n.get("seed").asLong());
                    events = new ArrayList<>();
                }
                case "command" -> {
                    if (state == null) {
                        throw new NotAiwolf(file + " line " + lineNo + ": a command before any round");
                    }
                    Outcome<AiwolfState, AiwolfNews> o = rules.apply(state, Journal.command(n.get("command")));
                    if (!(o instanceof Outcome.Accepted<AiwolfState, AiwolfNews> a)) {
                        throw new NotAiwolf(file + " line " + lineNo + ": the command is refused on replay ("
                                + ((Outcome.Refused<AiwolfState, AiwolfNews> ) o).reason() + ")");
                    }
                    state = a.state();
                    for (AiwolfNews news : a.events()) {
                        if (news instanceof AiwolfNews.Told t) {
                            events.add(t.event());
                        }
                    }
                }
                default -> { }
            }
        }
        if (state != null && state.game() != null) {
            out.add(new Round(round, state.players(), events, state.isOver()));
        }
        return out;
    }
}
