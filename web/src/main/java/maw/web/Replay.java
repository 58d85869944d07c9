package maw.web;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import maw.agents.Catalog;
import maw.agents.WatchCatalog;
import maw.agents.gamemaster.Herald;
import maw.agents.gamemaster.Journal;
import maw.agents.ruleset.Variant;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Outcome;
import maw.game.Room;
import maw.game.Rules;
import maw.runtime.Json;

/**
 * A finished game's messages again, from its journal: each round's seed, options and commands replayed through its
 * rules, and its herald's announcements, as a watcher of the god view would have received them (to whom each went).
 */
public final class Replay {

    private Replay() {}

    /** The messages of the game journaled in {@code file}. */
    public static List<WatchCatalog.Watched> messages(Path file) throws IOException {
        return read(Variant.ofJournal(file), file);
    }

    private static <S extends GameView, O, E extends GameEvent> List<WatchCatalog.Watched> read(Variant<S, O, E> variant,
            Path file) throws IOException {
        return new Run<>(variant.rules(), variant.herald()).read(file);
    }

    private static final class Run<S extends GameView, O, E extends GameEvent> {
        private final Rules<S, O, E> rules;
        private final Herald<S, E> herald;

        Run(Rules<S, O, E> rules, Herald<S, E> herald) {
            this.rules = rules;
            this.herald = herald;
        }

        /** The rule set's rooms and their agents, by title, as the journal's config names them. */
        private Map<String, String> rooms(JsonNode config, O options) {
            Map<String, String> out = new LinkedHashMap<>();
            JsonNode kept = config.has("rooms") ? config.get("rooms") : config;
            for (Room r : rules.rooms(options)) {
                if (kept.hasNonNull(r.name())) {
                    out.put(r.title(), kept.get(r.name()).asText());
                }
            }
            return out;
        }

        List<WatchCatalog.Watched> read(Path file) throws IOException {
            List<WatchCatalog.Watched> out = new ArrayList<>();
            S state = null;
            O options = null;
            String game = null;
            int round = 0;
            int rounds = 1;
            Map<String, String> rooms = Map.of();
            int lineNo = 0;
            for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                lineNo++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode n = Json.parse(text);
                switch (n.path("kind").asText()) {
                    case "round" -> {
                        game = n.path("game").asText();
                        round = n.path("round").asInt();
                        rounds = n.path("rounds").asInt(1);
                        options = Json.MAPPER.treeToValue(n.get("options"), rules.optionsType());
                        rooms = rooms(n.path("config"), options);
                        state = rules.newGame(options, n.path("seed").asLong());
                    }
                    case "command" -> {
                        if (state == null) {
                            throw new IOException(file + " line " + lineNo + ": a command before any round");
                        }
                        Command c = Journal.command(n.get("command"));
                        Outcome<S, E> o = rules.apply(state, c);
                        if (!(o instanceof Outcome.Accepted<S, E> a)) {
                            throw new IOException(file + " line " + lineNo + ": the command is refused on replay");
                        }
                        state = a.state();
                        if (c instanceof Command.Start) {
                            List<String> players = state.players();
                            out.add(new WatchCatalog.Watched(game, round, players, new Catalog.StartGame(game, round,
                                    rounds, players.size(), players, rooms.get(Room.VILLAGE.title()),
                                    rooms.get(Room.HIDEOUT.title()), rules.label(options), rules.speech(options),
                                    rooms, rules.longest(options), null)));
                        }
                        Herald.Context context = new Herald.Context(game, round, 0, 0);
                        for (E e : a.events()) {
                            for (Herald.Notice notice : herald.announce(e, state, context)) {
                                out.add(new WatchCatalog.Watched(game, round, notice.to().stream().sorted().toList(),
                                        notice.body()));
                            }
                        }
                    }
                    case "scores" -> {
                        Map<String, Integer> totals = new TreeMap<>();
                        n.path("totals").properties().forEach(e -> totals.put(e.getKey(), e.getValue().asInt()));
                        List<String> players = state == null ? List.of() : state.players();
                        out.add(new WatchCatalog.Watched(game, round, players, new Catalog.Scores(game, round, rounds,
                                totals, n.path("last").asBoolean())));
                    }
                    default -> { }
                }
            }
            return out;
        }
    }
}
