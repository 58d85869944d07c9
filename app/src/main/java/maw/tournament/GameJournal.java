package maw.tournament;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.RoundSummary;
import maw.agents.gamemaster.Ruleset;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.runtime.Json;

/**
 * One game of a tournament as its table's journal holds it: what a worker sends beside the game's record (the journal's
 * opening lines and the game's round, gzipped, in base64), and the director's check of the record against it: the
 * journal replayed through the rules must end in the record's winner, days, dead and roles, dealt from its seed.
 */
public final class GameJournal {

    /** The most a game's journal may take, unpacked: more is no game's. */
    static final int MAX_BYTES = 16 << 20;

    private GameJournal() {}

    /**
     * The lines of {@code file} a game needs to be replayed: the journal's opening lines (up to its first round) and
     * those of round {@code round}, gzipped and in base64.
     */
    public static String slice(Path file, int round) throws IOException {
        List<String> kept = new ArrayList<>();
        int at = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode n;
            try {
                n = Json.parse(line);
            } catch (IOException e) {
                continue; // a line cut short (the journal is being written)
            }
            if (n.path("kind").asText().equals("round")) {
                at = n.path("round").asInt();
            }
            if (at == 0 || at == round) {
                kept.add(line);
            }
        }
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(packed)) {
            gz.write((String.join("\n", kept) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return Base64.getEncoder().encodeToString(packed.toByteArray());
    }

    /** The journal's text from what {@link #slice} made; an {@link IOException} names what is wrong with it. */
    static String unpack(String packed) throws IOException {
        byte[] gz;
        try {
            gz = Base64.getDecoder().decode(packed);
        } catch (IllegalArgumentException e) {
            throw new IOException("the journal is not base64: " + e.getMessage());
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            byte[] text = in.readNBytes(MAX_BYTES + 1);
            if (text.length > MAX_BYTES) {
                throw new IOException("the journal is longer than " + MAX_BYTES + " bytes");
            }
            return new String(text, StandardCharsets.UTF_8);
        }
    }

    /**
     * Why {@code record} is not what its journal ({@code packed}, as {@link #slice} made it) says the game came to, or
     * null when it is: the journal is kept as {@code keep} (its evidence), read back and replayed under {@code
     * ruleset}'s rules.
     */
    static String misfit(GameRecord record, String packed, Ruleset<?, ?, ?> ruleset, Path keep) {
        if (packed == null || packed.isEmpty()) {
            return "the result comes without its game's journal";
        }
        try {
            Files.createDirectories(keep.getParent());
            Files.writeString(keep, unpack(packed), StandardCharsets.UTF_8);
            return misfit(record, Recovery.read(keep, ruleset.rules()), ruleset);
        } catch (IOException | Recovery.Unrecoverable e) {
            return "its journal cannot be read back: " + e.getMessage();
        } catch (RuntimeException e) {
            return "its journal does not replay under the rules: " + e.getMessage();
        }
    }

    @SuppressWarnings("unchecked")
    private static <S extends GameView, O, E extends GameEvent> String misfit(GameRecord record,
            Recovery<?, ?> recovery, Ruleset<S, O, E> ruleset) {
        if (recovery.round() != record.round() || recovery.state() == null) {
            return "its journal holds round " + recovery.round() + ", not the game's round " + record.round();
        }
        S over = (S) recovery.state();
        if (over.result() == null) {
            return "its journal's game is not over";
        }
        RoundSummary s = RoundSummary.of(record.round(), over, ruleset.herald());
        List<String> wrong = new ArrayList<>();
        if (!Objects.equals(s.winner(), record.winner())) {
            wrong.add("the winner (" + s.winner() + ")");
        }
        if (s.days() != record.days()) {
            wrong.add("the days (" + s.days() + ")");
        }
        if (!s.executed().equals(record.executed())) {
            wrong.add("the executed " + s.executed());
        }
        if (!s.murdered().equals(record.murdered())) {
            wrong.add("the murdered " + s.murdered());
        }
        if (!s.roles().equals(record.roles())) {
            wrong.add("the roles");
        }
        return wrong.isEmpty() ? null : "its journal says otherwise of " + String.join(", ", wrong);
    }
}
