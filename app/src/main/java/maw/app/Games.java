package maw.app;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.Ruleset;
import maw.agents.ruleset.Variant;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.Setting;
import maw.game.GameEvent;
import maw.game.GameView;
import maw.runtime.Jid;

/** Where games are kept and how a journaled one is taken up again, whatever its rule set. */
public final class Games {

    private Games() {}

    /** Where a game's journal, room archives and summary go: {@code out}, else a new directory under games.dir. */
    public static Path gameDir(MawConfig settings, Path out, String gameId) {
        return out != null ? out : settings.path(Setting.GAMES_DIR).resolve(LocalDateTime.now()
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + gameId);
    }

    /**
     * The game journaled in {@code dir} (the value of {@code option}), read back under the rule set its journal
     * names; a journal that cannot be is named.
     */
    public static Recovery<?, ?> recover(Path dir, String option) throws IOException {
        Path file = dir.resolve("game.jsonl");
        try {
            return Recovery.read(file, Variant.ofJournal(file).rules());
        } catch (Recovery.Unrecoverable | ConfigException e) {
            throw new ConfigException("invalid value '" + dir + "' for " + option + ": " + e.getMessage());
        }
    }

    /** The rule set of a journaled game, with the options its journal recorded. */
    public static Ruleset<?, ?, ?> ruleset(Recovery<?, ?> r) {
        return Variant.all().stream().filter(v -> v.rules().optionsType().isInstance(r.options())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no rule set has options " + r.options()))
                .resumed(r.options());
    }

    /** Longest a whole game may take under this rule set (every step running out its timer), plus a margin. */
    public static Duration timeout(Ruleset<?, ?, ?> ruleset, int rounds) {
        return timeout(Variant.of(ruleset), ruleset.options(), rounds);
    }

    private static <O> Duration timeout(Variant<?, O, ?> variant, Object options, int rounds) {
        return variant.timeout(variant.rules().optionsType().cast(options), rounds);
    }

    /** A game master for {@code ruleset}, taking up {@code recovery}'s game when there is one. */
    @SuppressWarnings("unchecked")
    public static <S extends GameView, O, E extends GameEvent> GameMasterAgent<S, O, E> gameMaster(
            Ruleset<S, O, E> ruleset, Jid jid, String pw, GameConfig config,
            GameListener listener, Recovery<?, ?> recovery) {
        GameMasterAgent<S, O, E> master = new GameMasterAgent<>(jid, pw, config, ruleset, listener);
        if (recovery != null) {
            master.resume((Recovery<S, O>) recovery);
        }
        return master;
    }
}
