package maw.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import maw.agents.Text;
import maw.aiwolf.AiwolfJournal;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.log.AiwolfLog;
import maw.aiwolf.log.AiwolfNarration;
import maw.base.Team;
import maw.config.ConfigException;

/**
 * AIWolf games on the rules alone and their official logs: a game of MAW's rule-based seats played in this process
 * ({@code maw aiwolf play}), and the official AIWolf server's log of a journaled game ({@code maw aiwolf log}).
 */
public final class AiwolfPlay {

    private AiwolfPlay() {}

    /** What a game on the rules alone came to: the winning side (null for a draw) and its official log, if written. */
    public record Played(Team winner, int days, Path log) {}

    /**
     * Plays a game of {@code players} rule-based seats by the GAT2017 regulation (the official server's defaults for
     * that size) from {@code seed}, telling {@code out} each line of it as the moderator sees it ({@code quietTalk}
     * leaves out Skip and Over); with {@code log}, writes its official AIWolf log there.
     */
    public static Played play(int players, long seed, boolean quietTalk, Path log, Consumer<String> out)
            throws IOException {
        if (players < 3 || players > 18) {
            throw new ConfigException("invalid value '" + players + "' for --players: 3 to 18 (5 and 15 are the "
                    + "regulation's villages)");
        }
        List<String> names = AiwolfBots.names(players);
        AiwolfNarration narration = new AiwolfNarration(names);
        List<AiwolfEvent> all = new ArrayList<>();
        // The step's length is no matter here: no clock runs.
        AiwolfState end = AiwolfBots.play(AiwolfOptions.of(players, Duration.ofSeconds(1)), seed, names,
                (p, role) -> AiwolfBots.rules(p, names, seed ^ names.indexOf(p)), e -> {
                    all.add(e);
                    narration.lines(e, quietTalk).forEach(line -> out.accept(Text.inert(line)));
                });
        if (log != null) {
            AiwolfLog official = new AiwolfLog(names);
            official.add(all);
            Files.write(log, official.lines(), StandardCharsets.UTF_8);
        }
        return new Played(AiwolfBots.winner(end), end.game().day(), log);
    }

    /** A round of a journaled game in the official log's format, and whether it was over. */
    public record RoundLog(int round, boolean over, List<String> lines, Path file) {}

    /**
     * The official AIWolf server's log of each round (only {@code round}, if given) of the game journaled in
     * {@code game} (its directory or its {@code game.jsonl}); with {@code outDir}, each round written to
     * {@code outDir/round-N.log} too. Bad input is named as the option that gave it.
     */
    public static List<RoundLog> officialLogs(Path game, Integer round, Path outDir) throws IOException {
        Path file = Files.isDirectory(game) ? game.resolve("game.jsonl") : game;
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("invalid value '" + game + "' for GAME_DIR: no journal " + file);
        }
        List<AiwolfJournal.Round> rounds;
        try {
            rounds = AiwolfJournal.read(file);
        } catch (AiwolfJournal.NotAiwolf e) {
            throw new ConfigException("invalid value '" + game + "' for GAME_DIR: " + e.getMessage());
        }
        if (round != null && rounds.stream().noneMatch(r -> r.round() == round)) {
            throw new ConfigException("invalid value '" + round + "' for --round: the journal has round(s) "
                    + rounds.stream().map(r -> String.valueOf(r.round())).toList());
        }
        List<RoundLog> out = new ArrayList<>();
        for (AiwolfJournal.Round r : rounds) {
            if (round != null && r.round() != round) {
                continue;
            }
            Path f = null;
            if (outDir != null) {
                Files.createDirectories(outDir);
                f = outDir.resolve("round-" + r.round() + ".log");
                Files.write(f, r.officialLog(), StandardCharsets.UTF_8);
            }
            out.add(new RoundLog(r.round(), r.over(), r.officialLog(), f));
        }
        return out;
    }
}
