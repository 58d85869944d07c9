package maw.agents.gamemaster;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.PropertyWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import maw.agents.Catalog;
import maw.agents.Text;
import maw.agents.chatroom.ChatRoomAgent;
import maw.base.Act;
import maw.base.Phase;
import maw.game.Audience;
import maw.game.Command;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.game.Outcome;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Room;
import maw.game.maw.Event;
import maw.game.maw.GameOptions;
import maw.game.maw.GameState;
import maw.game.maw.MawRules;
import maw.runtime.Jid;
import maw.runtime.Json;
import org.slf4j.LoggerFactory;

/**
 * The game journal: every command the rules accepted, every event they announced, every refusal and every chat line,
 * one JSON object a line, appended and flushed as it happens (an existing journal is continued, never truncated). A
 * round's seed and options with its commands replay it exactly ({@link #replay}); with the seats' addresses and the
 * phases' wall-clock deadlines it also holds what a GameMaster needs to resume the game after a crash.
 */
public final class Journal implements GameListener, ChatRoomAgent.Listener, AutoCloseable {

    private final BufferedWriter out;
    private final String game;

    public Journal(Path file, String game) {
        this.game = game;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            this.out = Text.writer(file, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the game journal " + file, e);
        }
    }

    private void write(ObjectNode line) {
        write(Json.write(line));
    }

    private synchronized void write(String line) {
        try {
            out.write(line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            // The game goes on without its journal rather than stop; the operator is told.
            LoggerFactory.getLogger(Journal.class).error("cannot write the journal of game {}: {}", game,
                    e.toString());
        }
    }

    private ObjectNode line(String kind, int round) {
        ObjectNode n = Json.MAPPER.createObjectNode();
        n.put("t", System.currentTimeMillis());
        n.put("seq", maw.base.Moment.next());
        n.put("game", game);
        n.put("round", round);
        n.put("kind", kind);
        return n;
    }

    @Override
    public void opened(GameConfig config, Jid gameMaster, String rules, Object options, boolean resumed) {
        ObjectNode n = line(resumed ? "resumed" : "opened", 0).put("rules", rules);
        n.set("options", Json.MAPPER.valueToTree(options));
        n.set("config", config(config, gameMaster));
        write(n);
    }

    private static ObjectNode config(GameConfig config, Jid gameMaster) {
        ObjectNode c = Json.MAPPER.createObjectNode();
        c.put("players", config.players()).put("rounds", config.rounds()).put("seed", config.seed())
                .put("gamemaster", gameMaster.toString());
        ObjectNode rooms = c.putObject("rooms");
        config.rooms().forEach((room, jid) -> rooms.put(room.name(), jid.toString()));
        return c;
    }

    @Override
    public void joined(String name, Jid jid, int waiting, int needed) {
        joined(name, jid, waiting, needed, false);
    }

    @Override
    public void joined(String name, Jid jid, int waiting, int needed, boolean person) {
        joined(name, jid, waiting, needed, person, false);
    }

    /**
     * A seat taken; a person's says so ({@code "person": true}), and one that takes its news as envelopes
     * ({@code "news": true}), so that a resumed game still knows.
     */
    @Override
    public void joined(String name, Jid jid, int waiting, int needed, boolean person, boolean news) {
        ObjectNode n = line("joined", 0).put("player", name).put("jid", jid.toString()).put("waiting", waiting)
                .put("needed", needed);
        if (person) {
            n.put("person", true);
        }
        if (news) {
            n.put("news", true);
        }
        write(n);
    }

    @Override
    public void chatClient(String name) {
        write(line("chat_client", 0).put("player", name));
    }

    @Override
    public void left(String name, String why) {
        write(line("left", 0).put("player", name).put("why", why));
    }

    @Override
    public void roundStarted(int round, int rounds, long seed, String rules, Object options,
            GameConfig config, Jid gameMaster, Map<String, Jid> seats, GameView state) {
        ObjectNode n = line("round", round).put("rounds", rounds).put("seed", seed).put("rules", rules);
        n.set("options", Json.MAPPER.valueToTree(options));
        n.set("config", config(config, gameMaster));
        ObjectNode s = n.putObject("seats");
        seats.forEach((name, jid) -> s.put(name, jid.toString()));
        write(n);
    }

    @Override
    public void command(int round, Command command) {
        write("command", round, (Record) command);
    }

    @Override
    public void event(int round, GameEvent event, GameView after) {
        write("event", round, (Record) event);
    }

    /**
     * A command's or an event's line, written straight from its record: the same text as {@link #line} with the
     * record's tree set under {@code kind} (JournalTest holds them to it), without building the tree. Commands and
     * events are most of a journal's lines.
     */
    private void write(String kind, int round, Record r) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator g = Json.MAPPER.createGenerator(text)) {
            g.writeStartObject();
            g.writeNumberField("t", System.currentTimeMillis());
            g.writeStringField("game", game);
            g.writeNumberField("round", round);
            g.writeStringField("kind", kind);
            g.writeFieldName(kind);
            write(g, r);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        write(text.toString());
    }

    /**
     * A command or an event as its journal object: its type, then its fields as Jackson writes them and in that order,
     * but for an event's audience in the journal's words and a command's act typed too; an audience Jackson does not
     * write comes last.
     */
    private static void write(JsonGenerator g, Record r) throws IOException {
        g.writeStartObject();
        g.writeStringField("type", r.getClass().getSimpleName());
        SerializerProvider provider = Json.MAPPER.getSerializerProviderInstance();
        boolean audience = false;
        for (Iterator<PropertyWriter> it = provider.findValueSerializer(r.getClass()).properties(); it.hasNext(); ) {
            PropertyWriter field = it.next();
            if (r instanceof GameEvent e && field.getName().equals("audience")) {
                g.writeFieldName("audience");
                g.writeTree(audience(e.audience()));
                audience = true;
            } else if (r instanceof Command.Perform p && field.getName().equals("act")) {
                g.writeFieldName("act");
                write(g, (Record) p.act());
            } else {
                try {
                    field.serializeAsField(r, g, provider);
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException(e);
                }
            }
        }
        if (r instanceof GameEvent e && !audience) {
            g.writeFieldName("audience");
            g.writeTree(audience(e.audience()));
        }
        g.writeEndObject();
    }

    @Override
    public void moreTime(int round, PhaseId phase, String player) {
        ObjectNode n = line("more_time", round).put("player", player);
        n.set("phase", Json.MAPPER.valueToTree(phase));
        write(n);
    }

    @Override
    public void deadline(int round, PhaseId phase, long deadlineMillis) {
        ObjectNode n = line("deadline", round).put("deadline", deadlineMillis);
        n.set("phase", Json.MAPPER.valueToTree(phase));
        write(n);
    }

    @Override
    public void clock(int round, PhaseId phase, boolean paused, long leftMillis) {
        ObjectNode n = line("clock", round).put("paused", paused).put("left", leftMillis);
        if (phase != null) {
            n.set("phase", Json.MAPPER.valueToTree(phase));
        }
        write(n);
    }

    @Override
    public void refused(int round, String who, String what, RefusalCode code, String reason) {
        write(line("refused", round).put("who", who).put("what", what).put("code", code.wire())
                .put("reason", reason));
    }

    @Override
    public void scores(int round, Map<String, Integer> totals, boolean last) {
        ObjectNode n = line("scores", round).put("last", last);
        n.set("totals", Json.MAPPER.valueToTree(totals));
        write(n);
    }

    @Override
    public void line(Room room, String g, int round, String phase, Catalog.Line line) {
        write(line("chat", round).put("room", room.title()).put("phase", phase).put("index", line.index())
                .put("from", line.from()).put("text", line.text()));
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- JSON of commands and events ----------------------------------------------------------------------------

    private static JsonNode audience(Audience a) {
        return switch (a) {
            case Audience.Everyone e -> Json.MAPPER.getNodeFactory().textNode("everyone");
            case Audience.Werewolves w -> Json.MAPPER.getNodeFactory().textNode("werewolves");
            case Audience.Players p -> {
                ArrayNode arr = Json.MAPPER.createArrayNode();
                p.names().stream().sorted().forEach(arr::add);
                yield arr;
            }
        };
    }

    /** A command as the journal wrote it, read back. */
    public static Command command(JsonNode n) {
        return commandFromJson(n);
    }

    static Command commandFromJson(JsonNode n) {
        return switch (n.get("type").asText()) {
            case "Start" -> {
                List<String> players = new ArrayList<>();
                n.get("players").forEach(p -> players.add(p.asText()));
                yield new Command.Start(players);
            }
            case "Perform" -> new Command.Perform(n.get("actor").asText(), phaseId(n.get("phase")), act(n.get("act")));
            // Journals written before acts were stamped.
            case "Vote" -> new Command.Perform(n.get("voter").asText(), null, new Act.Vote(n.get("target").asText()));
            case "Divine" -> new Command.Perform(n.get("seer").asText(), null,
                    new Act.Divine(n.get("target").asText()));
            case "Timeout" -> new Command.Timeout(phaseId(n.get("phase")));
            default -> throw new IllegalArgumentException("not a command: " + n);
        };
    }

    static PhaseId phaseId(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        return new PhaseId(Phase.valueOf(n.get("phase").asText().toUpperCase(Locale.ROOT)),
                n.get("number").asInt(), n.path("step").asInt(0));
    }

    static Act act(JsonNode n) {
        return switch (n.get("type").asText()) {
            case "Vote" -> new Act.Vote(n.get("target").asText());
            case "Divine" -> new Act.Divine(n.get("target").asText());
            case "Whisper" -> new Act.Whisper(n.get("target").asText(), n.get("text").asText());
            case "Talk" -> new Act.Talk(n.get("text").asText());
            case "Guard" -> new Act.Guard(n.get("target").asText());
            case "Pass" -> new Act.Pass();
            default -> throw new IllegalArgumentException("not an act: " + n);
        };
    }

    /** One round of a journal, replayed. */
    public record Replay(int round, GameState state, List<Event> events, List<JsonNode> journaledEvents) {}

    /** Replays every round of a journal through the rules: the same seed, options and commands. */
    public static List<Replay> replay(Path file) throws IOException {
        MawRules rules = new MawRules();
        List<Replay> out = new ArrayList<>();
        GameState state = null;
        List<Event> events = new ArrayList<>();
        List<JsonNode> journaled = new ArrayList<>();
        int round = 0;
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode n = Json.parse(text);
            switch (n.get("kind").asText()) {
                case "round" -> {
                    if (state != null) {
                        out.add(new Replay(round, state, events, journaled));
                    }
                    round = n.get("round").asInt();
                    state = rules.newGame(Json.MAPPER.treeToValue(n.get("options"), GameOptions.class),
                            n.get("seed").asLong());
                    events = new ArrayList<>();
                    journaled = new ArrayList<>();
                }
                case "command" -> {
                    Outcome<GameState, Event> o = rules.apply(state, commandFromJson(n.get("command")));
                    if (!(o instanceof Outcome.Accepted<GameState, Event> a)) {
                        throw new IllegalStateException("round " + round + ": the journal's command " + n
                                + " is refused on replay: " + ((Outcome.Refused<GameState, Event>) o).reason());
                    }
                    state = a.state();
                    events.addAll(a.events());
                }
                case "event" -> journaled.add(n.get("event"));
                default -> { }
            }
        }
        if (state != null) {
            out.add(new Replay(round, state, events, journaled));
        }
        return out;
    }

    /** An event as the journal writes it (for comparing a replay with the journal). */
    public static JsonNode asJournaled(Event e) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator g = Json.MAPPER.createGenerator(text)) {
            write(g, (Record) e);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        try {
            return Json.parse(text.toString());
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }
}
