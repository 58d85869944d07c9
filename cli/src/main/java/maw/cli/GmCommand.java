package maw.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.gamemaster.Recovery;
import maw.agents.gamemaster.Ruleset;
import maw.app.Games;
import maw.app.Moderation;
import maw.app.Monitors;
import maw.config.MawConfig;
import maw.runtime.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw gm}: the GameMaster and the two rooms alone, for players that join from other processes or hosts. */
@Command(header = "Run the GameMaster and the rooms; players join from other processes.", name = "gm", mixinStandardHelpOptions = true,
        description = {"Run the GameMaster, the Village and the Hideout, and wait for players to join over XMPP",
            "(./maw player --name NAME, from this or another machine, against the same server).",
            "The journal (game.jsonl) is appended and flushed as the game goes; if the GameMaster",
            "dies, --resume DIR takes the game up again with the same seats. At its terminal the host types",
            "pause, step (step step: the next AIWolf step), resume or status (./maw control does it from elsewhere)."})
final class GmCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Mixin
    GameRules rules;

    @Option(names = "--name", defaultValue = "gamemaster",
            description = "the GameMaster's account; the rooms are NAME-village and NAME-hideout (default: ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--password", description = "password of the accounts on an external server (the private "
            + "server's are created with a fresh one)")
    String password;

    @Option(names = "--full-phases", description = "let every phase run out its timer, even when everyone has voted "
            + "(by default, as in ./maw game, a phase ends as soon as everyone who may vote has voted)")
    boolean fullPhases;

    /** The default now (kept so that a command line that named it still runs). */
    @Option(names = "--end-early", hidden = true)
    boolean endEarly;

    @Option(names = "--out", description = "where the journal and room archives go (default: <games.dir>/<time>-<game>, games.dir being var/games)")
    Path out;

    @Option(names = "--json", description = "print a JSON summary as the last line")
    boolean json;

    @Option(names = "--web", arity = "0..1", fallbackValue = "7070", paramLabel = "PORT",
            description = "watch the game in the browser at http://127.0.0.1:PORT/ (default port 7070; 0: any free one)")
    Integer web;

    @Option(names = "--web-stays", paramLabel = "SECONDS", description = "once the game is over, how long its page "
            + "goes on serving it as a replay (default: until the command is stopped; 0: the page closes with the game)")
    Double webStays;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "take up a game whose GameMaster died (kill -9, a crash, a reboot) from its journal "
                + "DIR/game.jsonl: the same table and seats; the current phase goes on to its recorded "
                + "deadline (the journal's settings win over the rule options given here)")
    Path resume;

    @Override
    public Integer call() throws Exception {
        MawConfig settings = config.load();
        Recovery<?, ?> recovery = null;
        if (resume != null) {
            recovery = Games.recover(resume, "--resume");
        }
        rules.pace(settings, false); // who will sit here is not known: auto is the clock's pace
        Ruleset<?, ?, ?> ruleset = recovery != null ? Games.ruleset(recovery)
                : rules.ruleset(!fullPhases);
        long seed = recovery != null ? recovery.config().seed() : rules.seed();
        java.time.Duration stays = Checks.webStays(webStays);
        Moderation.Moderated done = Moderation.run(new Moderation.Request(settings, ruleset, seed, recovery, resume,
                name, password, rules.players(), rules.rounds, out, web), System.out);
        if (json && done != null) {
            System.out.println(Json.write(done.summary()));
        }
        if (done != null && done.webPort() != null) {
            Monitors.keepFinished(done.dir(), done.webPort(), done.watchToken(), stays, System.out::println);
        }
        return 0;
    }
}
