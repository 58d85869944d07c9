package maw.agents.gamemaster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.game.Audience;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.runtime.Json;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal writes its commands and events straight from their records: each line says, field for field and in
 * the same order, what Jackson's tree of the record says (its type first, its fields, an act typed too, an event's
 * audience). Checked on whole games of every rule set, played in process.
 */
class JournalTest {

    @TempDir
    Path out;

    @Test
    void commandsAndEventsAreWrittenAsTheTreesOfTheirRecords() throws Exception {
        GameOptions maw = GameOptions.defaults().withTimers(Duration.ofSeconds(10), Duration.ofSeconds(10))
                .withEndWhenAllVoted(true).withSeer(true).withWhispers(true);
        check(new GameTable(MawTables.bots("j-maw-", 7, 1, 5, maw, out.resolve("maw")), "localhost"),
                out.resolve("maw"));
        for (AiwolfOptions options : List.of(AiwolfOptions.of(5, Duration.ofSeconds(3)),
                AiwolfOptions.of(15, Duration.ofSeconds(3)), AiwolfOptions.natural(5, Duration.ofSeconds(3)))) {
            Path dir = out.resolve("aiwolf-" + options.settings().players() + "-" + options.settings().natural());
            List<GameTable.SeatFiller> bots = new ArrayList<>();
            for (int i = 0; i < options.settings().players(); i++) {
                bots.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
            }
            check(new GameTable(new GameTable.Spec("j-aiwolf-", GameTable.defaultNames(options.settings().players()),
                    bots, 1, 7, new AiwolfVariant().ruleset(options), dir), "localhost"), dir);
        }
    }

    private static void check(GameTable table, Path dir) throws Exception {
        Path file = dir.resolve("game.jsonl");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        List<Record> told = new CopyOnWriteArrayList<>();
        GameListener recorder = new GameListener() {
            @Override
            public void command(int round, Command c) {
                told.add((Record) c);
            }

            @Override
            public void event(int round, GameEvent e, GameView after) {
                told.add((Record) e);
            }
        };
        try (Journal journal = new Journal(file, table.gameId())) {
            table.play(local, new Listeners(journal, recorder), null, Duration.ofMinutes(2));
        }
        List<String> written = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            JsonNode n = Json.parse(line);
            assertThat(Json.write(n)).as("a line as Jackson writes its own tree").isEqualTo(line);
            String kind = n.get("kind").asText();
            if (kind.equals("command") || kind.equals("event")) {
                written.add(Json.write(n.get(kind)));
            }
        }
        assertThat(written).containsExactlyElementsOf(told.stream().map(r -> Json.write(tree(r))).toList());
        assertThat(told).anyMatch(Command.Perform.class::isInstance).anyMatch(GameEvent.class::isInstance);
        for (Record r : told) {
            if (r instanceof Event e) {
                assertThat(Json.write(Journal.asJournaled(e))).isEqualTo(Json.write(tree(r)));
            }
        }
    }

    /** A record as a tree: its type, then its fields as Jackson's tree of it has them, then an event's audience. */
    private static JsonNode tree(Record r) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("type", r.getClass().getSimpleName());
        ObjectNode fields = Json.MAPPER.valueToTree(r);
        fields.properties().forEach(e -> n.set(e.getKey(), e.getValue()));
        if (r instanceof Command.Perform p) {
            n.set("act", tree((Record) p.act()));
        }
        if (r instanceof GameEvent e) {
            n.set("audience", switch (e.audience()) {
                case Audience.Everyone x -> Json.MAPPER.getNodeFactory().textNode("everyone");
                case Audience.Werewolves x -> Json.MAPPER.getNodeFactory().textNode("werewolves");
                case Audience.Players p -> {
                    ArrayNode a = Json.MAPPER.createArrayNode();
                    p.names().stream().sorted().forEach(a::add);
                    yield a;
                }
            });
        }
        return n;
    }
}
