package maw.cli;

import java.net.InetAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import maw.app.AgentNetwork;
import maw.app.TournamentWorker;
import maw.app.Tournaments;
import maw.app.WorkerKey;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.Setting;
import maw.runtime.Jid;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw worker}: tables for tournaments run elsewhere (./maw tournament --workers), over XMPP. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        header = "Offer tables to tournaments whose director hands games out over XMPP.",
        description = {"Logs in, announces its tables to the director (./maw tournament --workers, the account",
            "--director names) and plays the games it is awarded, each at a table of its own, sending each game's",
            "result as it ends; the games' journals stay here (games.dir/../workers/NAME). Runs until stopped."})
final class WorkerCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--tables", defaultValue = "2", description = "games played at once (default: ${DEFAULT-VALUE})")
    int tables;

    @Option(names = "--director", defaultValue = "director", description = "the director's account (default: "
            + "${DEFAULT-VALUE})")
    String director;

    @Option(names = "--name", description = "this worker's account (default: worker-HOST-PID)")
    String name;

    @Option(names = "--key-file", paramLabel = "FILE", required = true, description = "the director's key, which "
        + "./maw tournament --workers writes (worker.key in the tournament's directory, or its --worker-key-file); "
        + "waited for while it is not there yet")
    Path keyFile;

    @Option(names = "--key-wait-seconds", defaultValue = "120", description = "how long to wait for the key file "
        + "to appear (default: ${DEFAULT-VALUE})")
    int keyWaitSeconds;

    @Override
    public Integer call() throws Exception {
        Checks.range(tables, 1, 200, "--tables");
        if (!director.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
            throw new ConfigException("invalid value '" + director + "' for --director: an account name (a-z, 0-9, "
                    + "'.', '_', '-')");
        }
        String me = name != null ? name : ("worker-" + InetAddress.getLocalHost().getHostName() + "-"
                + ProcessHandle.current().pid()).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "-");
        if (!me.matches("[a-z0-9][a-z0-9._-]{0,63}")) {
            throw new ConfigException("invalid value '" + me + "' for --name: an account name (a-z, 0-9, '.', '_', "
                    + "'-')");
        }
        Checks.range(keyWaitSeconds, 0, 3600, "--key-wait-seconds");
        MawConfig config = options.load();
        WorkerKey key = WorkerKey.forWorker(keyFile, java.time.Duration.ofSeconds(keyWaitSeconds),
                System.out::println);
        Path base = config.path(Setting.GAMES_DIR).getParent().resolve("workers").resolve(me);
        try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
            if (!network.crossesProcesses()) {
                throw new ConfigException("a worker reaches its director over XMPP (transport xmpp)");
            }
            String password = HexFormat.of().formatHex(SecureRandom.getSeed(12));
            network.provisionUnused(Map.of(me, password), "a worker named " + me);
            String domain = network.transport().domain();
            TournamentWorker worker = new TournamentWorker(Jid.of(me, domain), password, tables,
                    Jid.of(director, domain), key, award -> Tournaments.forWorker(TournamentCommand.forWorker(award.args(),
                            award.seed(), base.resolve(award.tournament())), network, me, System.out),
                    System.out);
            worker.start(network.transport());
            System.out.printf("worker %s@%s: %d table(s) for the director %s@%s (Ctrl-C stops it)%n", me, domain,
                    tables, director, domain);
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                worker.stop();
                stopped.countDown();
            }));
            stopped.await();
        }
        return 0;
    }
}
