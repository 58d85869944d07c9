package maw.cli;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.Text;
import maw.app.AgentNetwork;
import maw.app.Games;
import maw.bench.AiwolfBench;
import maw.bench.AiwolfNlpBench;
import maw.bench.AiwolfParseBench;
import maw.bench.AiwolfTcpBench;
import maw.bench.FloodBench;
import maw.bench.GameBench;
import maw.bench.LlmBench;
import maw.bench.TournamentBench;
import maw.bench.TransportBench;
import maw.config.ConfigException;
import maw.config.LlmConfig;
import maw.config.MawConfig;
import maw.config.Setting;
import maw.runtime.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code maw bench ...}: the benchmarks whose figures go into docs/BENCHMARKS.md. */
@Command(header = "Measure MAW against a baseline in the same run.", name = "bench", mixinStandardHelpOptions = true,
        description = "Measure MAW against a baseline in the same run; --json prints one JSON object as the last line.",
        subcommands = {BenchCommand.Transport.class, BenchCommand.Game.class, BenchCommand.Llm.class,
            BenchCommand.Flood.class, BenchCommand.AiwolfParse.class, BenchCommand.Aiwolf.class,
            BenchCommand.AiwolfTcp.class, BenchCommand.AiwolfNlp.class, BenchCommand.TournamentBenchCommand.class,
            BenchStrengthCommand.class, BenchPersonCommand.class, BenchClusterCommand.class, BenchStartCommand.class,
            BenchMcpCommand.class})
final class BenchCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints a benchmark's figures as one JSON line, with the Java version and the processors they were taken on. */
    static void printJson(Map<String, Object> figures) {
        figures.put("java", Runtime.version().toString());
        figures.put("cpus", Runtime.getRuntime().availableProcessors());
        System.out.println(Json.write(figures));
    }

    @Command(name = "transport", mixinStandardHelpOptions = true,
            header = "The runtime's request/reply against raw Smack, and 20 agents started at once.",
            description = {"Raw Smack ping-pong against the runtime's request/reply (same server, same connection "
                    + "settings, interleaved blocks), and the time to start 20 agents at once.",
                "Targets: ratio (runtime/raw median) <= 1.2; runtime p99 <= 5 ms; 20 agents started in under 1 s."})
    static final class Transport implements Callable<Integer> {

        @Mixin
        ConfigOptions options;

        @Option(names = "--rounds", defaultValue = "2000", description = "round trips measured for each (default: ${DEFAULT-VALUE})")
        int rounds;

        @Option(names = "--warmup", defaultValue = "5000", description = "round trips before measuring (default: ${DEFAULT-VALUE})")
        int warmup;

        @Option(names = "--agents", defaultValue = "20", description = "agents started at once (default: ${DEFAULT-VALUE})")
        int agents;

        @Option(names = "--trials", defaultValue = "3", description = "times the start is measured; the median is reported (default: ${DEFAULT-VALUE})")
        int trials;

        @Option(names = "--password", description = "password of the bench-* accounts on an external server "
                + "(the private server's accounts are created with a fresh one)")
        String password;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            if (rounds < 10 || warmup < 0 || agents < 1 || trials < 1) {
                throw new ConfigException("--rounds must be at least 10, --agents and --trials at least 1, "
                        + "--warmup not negative");
            }
            MawConfig config = options.load();
            try (AgentNetwork network = AgentNetwork.open(config, line -> System.out.println(line))) {
                if (!network.crossesProcesses()) {
                    throw new ConfigException("bench transport measures XMPP; set transport=xmpp "
                            + "(the in-JVM transport is measured alongside it anyway)");
                }
                String pw = password != null ? password : HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
                Map<String, String> accounts = new LinkedHashMap<>();
                TransportBench.accounts(agents).forEach(name -> accounts.put(name, pw));
                network.provision(accounts);
                System.out.println("bench transport on " + network.describe());
                TransportBench.Result r = new TransportBench(network.transport(), pw, System.out).run(rounds, warmup, agents, trials);
                r.print(System.out, agents);
                if (json) {
                    Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                    out.put("agents", agents);
                    out.put("server", network.describe());
                    printJson(out);
                }
                return 0;
            }
        }
    }

    @Command(name = "aiwolf", mixinStandardHelpOptions = true,
            header = "AIWolf games: on the rule engine, under the GameMaster in this JVM, and over ejabberd.",
            description = {"5- and 15-player games by the GAT2017 regulation. On the rule engine in this process: all",
                "random seats (the baseline), all rule bots, rule villagers against random werewolves, random",
                "villagers against rule werewolves; the villagers' win rate with a 95%% interval. Then rule bots under",
                "the GameMaster, every agent with its own connection: games per second on the in-JVM transport and",
                "over the private ejabberd, with the ratios between the three."})
    static final class Aiwolf implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        ConfigOptions config;

        @Option(names = "--local-games", defaultValue = "50", description = "games under the GameMaster in this JVM, "
                + "per size (default: ${DEFAULT-VALUE}; 0: none)")
        int localGames;

        @Option(names = "--xmpp-games", defaultValue = "10", description = "games over ejabberd, per size (default: "
                + "${DEFAULT-VALUE}; 0: none, and no ejabberd is started)")
        int xmppGames;

        @Option(names = "--games", defaultValue = "1000", description = "games per table (default: ${DEFAULT-VALUE})")
        int games;

        @Option(names = "--seed", defaultValue = "1", description = "the first game's seed (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            if (games < 1) {
                throw new ConfigException("--games must be at least 1");
            }
            if (localGames < 0 || xmppGames < 0 || (xmppGames > 0 && localGames < 1)) {
                throw new ConfigException("--local-games and --xmpp-games are 0 or more (games over ejabberd are "
                        + "compared with games in this JVM: --local-games at least 1)");
            }
            System.out.printf(Locale.ROOT, "%,d games per table on the AIWolf rule engine ...%n", games);
            AiwolfBench bench = new AiwolfBench(System.out);
            List<AiwolfBench.Row> rows = bench.run(games, seed);
            List<AiwolfBench.Hosted> hosted = List.of();
            if (localGames > 0) {
                System.out.printf(Locale.ROOT, "rule bots under the GameMaster: %d game(s) in this JVM%s, "
                        + "per size ...%n", localGames, xmppGames > 0 ? " and " + xmppGames + " over ejabberd" : "");
                if (xmppGames > 0) {
                    try (AgentNetwork network = AgentNetwork.open(config.load(), System.out::println)) {
                        if (!network.crossesProcesses() || !network.canProvision()) {
                            throw new ConfigException("bench aiwolf --xmpp-games needs the private ejabberd (transport "
                                    + "xmpp, xmpp.server private), or --xmpp-games 0");
                        }
                        hosted = bench.hosted(rows, network.transport(), network::provision, localGames, xmppGames, seed);
                    }
                } else {
                    hosted = bench.hosted(rows, null, null, localGames, 0, seed);
                }
            }
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("tables", AiwolfBench.toJson(rows));
                out.put("underTheGameMaster", AiwolfBench.hostedJson(hosted));
                printJson(out);
            }
            return 0;
        }
    }

    @Command(name = "aiwolf-tcp", mixinStandardHelpOptions = true,
            header = "AIWolf games with every seat a TCP agent at our server, against the same games in process.",
            description = {"5- and 15-player games one after another: every seat our rule AIWolf agent connected over",
                "loopback to ./maw aiwolf serve's server (the official TCP protocol), then the same games with the",
                "seats in the process; games per second, their ratio, and a request's median round trip. Then the TCP",
                "games again with agents that answer as the official sample agents were seen to (votes, guards and",
                "attacks naming themselves, divinations of the dead): games per second against the well-behaved."})
    static final class AiwolfTcp implements Callable<Integer> {

        @Option(names = "--games", defaultValue = "20", description = "games per village and way (default: "
                + "${DEFAULT-VALUE})")
        int games;

        @Option(names = "--seed", defaultValue = "1", description = "the first game's seed (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            Checks.games(games);
            System.out.printf("%d games per village, over TCP and in process ...%n", games);
            List<AiwolfTcpBench.Row> rows = new AiwolfTcpBench(System.out)
                    .run(games, seed);
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("villages", AiwolfTcpBench.toJson(rows));
                printJson(out);
            }
            return 0;
        }
    }

    @Command(name = "aiwolf-nlp", mixinStandardHelpOptions = true,
            header = "NLP contest games with every seat a WebSocket agent at our server, against the same in process.",
            description = {"5-, 9- and 13-player games of the AIWolf NLP contest one after another: every seat our rule",
                "agent (talking plain English) connected over loopback WebSocket to ./maw aiwolf-nlp serve's server,",
                "then the same games with the seats in the process; games per second, their ratio, and a request's",
                "round trip; the WebSocket games again with agents answering as the contest's sample agent was seen",
                "to (naming themselves where another is asked for): games per second against the well-behaved; the",
                "same for the speak-anytime track (freeform_en_5, group chat: each agent says a line every 20 ms",
                "while it has lines left, then Over). Then a 5-player game of model seats over WebSocket against the",
                "Ollama stand-in answering each call after --delay-ms: its wall time against the sum of its calls."})
    static final class AiwolfNlp implements Callable<Integer> {

        @Mixin
        ConfigOptions options;

        @Option(names = "--games", defaultValue = "20", description = "games per village and way (default: "
                + "${DEFAULT-VALUE})")
        int games;

        @Option(names = "--delay-ms", defaultValue = "300", description = "the stand-in model's answer time (default: "
                + "${DEFAULT-VALUE})")
        long delayMillis;

        @Option(names = "--seed", defaultValue = "1", description = "the first game's seed (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            Checks.games(games);
            Checks.range(delayMillis, 0, 5000, "--delay-ms");
            MawConfig config = options.load();
            Path prompts = LlmConfig.prompts(config);
            System.out.printf("%d games per village, over WebSocket and in process ...%n", games);
            AiwolfNlpBench bench = new AiwolfNlpBench(System.out);
            List<AiwolfNlpBench.Row> rows = bench.run(games, seed);
            AiwolfNlpBench.ModelRow model = bench.models(Duration.ofMillis(delayMillis), prompts,
                    seed);
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("villages", AiwolfNlpBench.toJson(rows));
                out.put("modelSeats", model.toJson());
                printJson(out);
            }
            return 0;
        }
    }

    @Command(name = "tournament", mixinStandardHelpOptions = true,
            header = "Tournaments: agents connected throughout against connecting anew; many games at once; prompts.",
            description = {"Over the private ejabberd (or --set transport=local), in one run: --games 6-player MAW games",
                "of rule bots as a tournament plays them (one table, its agents connected from the first game to the",
                "last) against the same games each at a table of its own; then --at-once games at once, each at its own",
                "table: all finish, none stuck, the heap per agent; then --model-games games of three model seats",
                "(the Ollama stand-in, --delay-ms a call) against three rule bots: how much of each prompt repeats the",
                "seat's previous prompt as a prefix, and the wall time against the sum of the model calls."})
    static final class TournamentBenchCommand implements Callable<Integer> {

        @Mixin
        ConfigOptions options;

        @Option(names = "--games", defaultValue = "40", description = "rule-bot games each way (default: "
                + "${DEFAULT-VALUE})")
        int games;

        @Option(names = "--at-once", defaultValue = "200", description = "games at once (default: ${DEFAULT-VALUE}; "
                + "0: none)")
        int atOnce;

        @Option(names = "--model-games", defaultValue = "4", description = "games with model seats (default: "
                + "${DEFAULT-VALUE}; 0: none)")
        int modelGames;

        @Option(names = "--delay-ms", defaultValue = "50", description = "the stand-in model's answer time (default: "
                + "${DEFAULT-VALUE})")
        long delayMillis;

        @Option(names = "--seed", defaultValue = "1", description = "the schedules' seed (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            Checks.games(games);
            Checks.range(atOnce, 0, 500, "--at-once");
            Checks.range(modelGames, 0, 1000, "--model-games");
            Checks.range(delayMillis, 0, 5000, "--delay-ms");
            MawConfig config = options.load();
            try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
                System.out.println("bench tournament on " + network.describe());
                TournamentBench bench = new TournamentBench(network.transport(),
                        network::provision, LlmConfig.prompts(config), System.out);
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("connectedAgainstAnew", bench.connectedAgainstAnew(games, seed).toJson());
                if (atOnce > 0) {
                    out.put("atOnce", bench.atOnce(atOnce, seed + 1).toJson());
                }
                if (modelGames > 0) {
                    out.put("modelSeats", bench.models(modelGames, Duration.ofMillis(delayMillis), seed + 2)
                            .toJson());
                }
                if (json) {
                    printJson(out);
                }
            }
            return 0;
        }
    }

    @Command(name = "aiwolf-parse", mixinStandardHelpOptions = true,
            header = "The AIWolf protocol parser: throughput on realistic talk, and a fuzz run that must not crash.",
            description = {"Parses a corpus of generated AIWolf talk (versions 3.6 and 2.01) and reports sentences per",
                "second against splitting the same text at spaces, in the same run; then fuzzes the parser and the game",
                "checker with N damaged or random inputs and reports the crashes (target: 0)."})
    static final class AiwolfParse implements Callable<Integer> {

        @Option(names = "--inputs", defaultValue = "1000000", description = "fuzz inputs (default: ${DEFAULT-VALUE})")
        long inputs;

        @Option(names = "--seed", defaultValue = "1", description = "seed of the corpus and the fuzzing (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() {
            if (inputs < 1) {
                throw new ConfigException("--inputs must be at least 1");
            }
            AiwolfParseBench.Result r = new AiwolfParseBench(System.out).run(inputs, seed);
            System.out.printf(Locale.ROOT, "%nparse: %,.0f sentences/s, %.1f times the cost of splitting the same text at spaces%n",
                    r.sentencesPerSecond(), r.splitsPerSecond() / r.sentencesPerSecond());
            System.out.printf(Locale.ROOT, "fuzz: %,d inputs (%,d valid) in %,d ms, %d crashes   (target: 0)%n", r.fuzzInputs(),
                    r.fuzzValid(), r.fuzzMillis(), r.crashes());
            if (r.firstCrash() != null) {
                System.out.println("first crash: " + Text.inert(r.firstCrash()));
            }
            if (json) {
                Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                printJson(out);
            }
            return r.crashes() == 0 ? 0 : 1;
        }
    }

    @Command(name = "flood", mixinStandardHelpOptions = true,
            header = "One seat floods the GameMaster and the Village during a game; the others must lose nothing.",
            description = {"A game of rule bots over ejabberd, played twice in one run: as it is, and with one seat's",
                "account sending N messages (valid votes, junk, chat lines) as the first day begins. Reports the other",
                "seats' acts never answered (target: 0), dropped connections (target: 0), what the GameMaster and the",
                "Village dropped over their per-sender limits, and the heap in use before and after the flood."})
    static final class Flood implements Callable<Integer> {

        @Mixin
        ConfigOptions options;

        @Option(names = "--messages", defaultValue = "5000", description = "messages the flooding seat sends (default: ${DEFAULT-VALUE})")
        int messages;

        @Option(names = "--players", defaultValue = "6", description = "seats (default: ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--phase-seconds", defaultValue = "10", description = "length of each day and night (default: ${DEFAULT-VALUE})")
        double phaseSeconds;

        @Option(names = "--seed", defaultValue = "1", description = "the game's seed (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            if (messages < 1 || players < 3 || phaseSeconds < 1 || phaseSeconds > 600) {
                throw new ConfigException("--messages must be at least 1, --players at least 3, --phase-seconds 1-600");
            }
            MawConfig config = options.load();
            try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
                if (!network.crossesProcesses() || !network.canProvision()) {
                    throw new ConfigException("bench flood needs an ejabberd it can create accounts on (transport xmpp)");
                }
                System.out.println("bench flood on " + network.describe());
                FloodBench.Result r = new FloodBench(network.transport(), network::provision,
                        System.out, Duration.ofMillis((long) (phaseSeconds * 1000))).run(players, messages,
                        seed);
                System.out.printf("%nother seats' acts never answered: %d of %d with the flood (%d of %d without)   "
                        + "(target: 0)%n", r.flood().othersActsUnanswered(), r.flood().othersActsSent(),
                        r.baseline().othersActsUnanswered(), r.baseline().othersActsSent());
                System.out.printf("connections dropped: %d with the flood, %d without   (target: 0)%n",
                        r.flood().connectionLosses(), r.baseline().connectionLosses());
                System.out.printf("GameMaster: received %d, dropped %d over the limit; Village dropped %d%n",
                        r.flood().gameMasterReceived(), r.flood().gameMasterRateLimited(),
                        r.flood().villageRateLimited());
                System.out.printf("heap in use: %d MB before and %d MB after the flood (%d and %d MB without it)%n",
                        r.flood().heapBeforeBytes() >> 20, r.flood().heapAfterBytes() >> 20,
                        r.baseline().heapBeforeBytes() >> 20, r.baseline().heapAfterBytes() >> 20);
                System.out.printf("game time with the flood / without: %.2f%n",
                        (double) r.flood().wallMillis() / Math.max(1, r.baseline().wallMillis()));
                if (json) {
                    Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                    out.put("server", network.describe());
                    printJson(out);
                }
                boolean held = r.flood().othersActsUnanswered() == 0 && r.flood().connectionLosses() == 0;
                return held ? 0 : 1;
            }
        }
    }

    @Command(name = "game", mixinStandardHelpOptions = true,
            header = "Games of rule bots: in one JVM, over ejabberd, 50 at once; heap per agent.",
            description = {"6-player games of rule bots whose phases end once everyone has acted: games/second on the",
                "in-JVM transport and over ejabberd, then many games at once on one ejabberd, with the heap per agent.",
                "Targets: a 6-player game over ejabberd in under 1 s; 50 concurrent games, 0 stuck; < 1 MB heap per agent."})
    static final class Game implements Callable<Integer> {

        @Mixin
        ConfigOptions options;

        @Option(names = "--players", defaultValue = "6", description = "seats per game (default: ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--local-games", defaultValue = "50", description = "games on the in-JVM transport (default: ${DEFAULT-VALUE})")
        int localGames;

        @Option(names = "--xmpp-games", defaultValue = "10", description = "games one after another over ejabberd (default: ${DEFAULT-VALUE})")
        int xmppGames;

        @Option(names = "--concurrent", defaultValue = "50", description = "games at once on one ejabberd (default: ${DEFAULT-VALUE})")
        int concurrent;

        @Option(names = "--seed", defaultValue = "1", description = "first seed (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            if (players < 3 || localGames < 1 || xmppGames < 1 || concurrent < 1) {
                throw new ConfigException("--players must be at least 3; --local-games, --xmpp-games and "
                        + "--concurrent at least 1");
            }
            MawConfig config = options.load();
            try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
                if (!network.crossesProcesses() || !network.canProvision()) {
                    throw new ConfigException("bench game needs the private ejabberd (transport xmpp, "
                            + "xmpp.server private): it creates hundreds of accounts");
                }
                System.out.println("bench game on " + network.describe());
                GameBench.Result r = new GameBench(network.transport(), network::provision, network::serverCpuTime,
                        System.out)
                        .run(players, localGames, xmppGames, concurrent, seed);
                System.out.printf("%n%d-player games, in-JVM transport: %.1f games/s (median %d ms a game)%n",
                        players, r.localGamesPerSecond(), r.localGameMillisMedian());
                System.out.printf("%d-player games over ejabberd:    %.1f games/s (median %d ms a game: %d connecting,"
                        + " %d playing, %d leaving)   (target < 1000 ms)%n", players, r.xmppGamesPerSecond(),
                        r.xmppGameMillisMedian(), r.xmppStartMillisMedian(), r.xmppPlayMillisMedian(),
                        r.xmppStopMillisMedian());
                System.out.printf("the same games with the web monitor watching: median %d ms playing (unwatched %d "
                        + "ms, ratio %.2f)%n", r.watchedPlayMillisMedian(), r.xmppPlayMillisMedian(),
                        (double) r.watchedPlayMillisMedian() / Math.max(1, r.xmppPlayMillisMedian()));
                System.out.printf("%d games at once: %d finished, %d stuck, in %d ms; all %d agents logged in after %d ms"
                        + " (%d logins tried again)   (target: 0 stuck)%n", r.concurrentGames(), r.concurrentFinished(),
                        r.concurrentStuck(), r.concurrentWallMillis(), r.concurrentAgents(), r.concurrentLoginMillis(),
                        r.concurrentLoginRetries());
                System.out.printf("  while they played: %.2f games a second; CPU a game %d ms in the agents' process, %s%n",
                        r.concurrentGamesPerSecond(), r.concurrentAgentsCpuMillis() / Math.max(1,
                        r.concurrentFinished()), r.concurrentServerCpuMillis() < 0 ? "the server's not readable"
                        : r.concurrentServerCpuMillis() / Math.max(1, r.concurrentFinished()) + " ms in the server's");
                System.out.printf("meanwhile the web monitor's page of one of them: median %d ms, 99th percentile %d ms "
                        + "(%d requests)%n", r.pageMillisMedian(), r.pageMillisP99(), r.pageRequests());
                System.out.printf("heap per agent while playing: %d KB (a bare Smack connection: %d KB)   "
                        + "(target < 1024 KB)%n", r.heapPerAgentBytes() >> 10, r.heapPerRawConnectionBytes() >> 10);
                if (json) {
                    Map<String, Object> out = new LinkedHashMap<>(r.toJson());
                    out.put("server", network.describe());
                    printJson(out);
                }
                return r.concurrentStuck() == 0 ? 0 : 1;
            }
        }
    }

    @Command(name = "llm", mixinStandardHelpOptions = true, subcommands = BenchLlmPacesCommand.class,
            header = "Model seats against a stand-in model: parallel thinking, prompts under the budget.",
            description = {"Model seats against a stand-in Ollama answering after a fixed delay: a 6-player all-model",
                "game's wall time against the sum of its calls' latencies, calls and prompt tokens per decision; then",
                "the same game with the table's reading in each turn (llm.hint=reading): prompt tokens and the prompts'",
                "stable prefix against the first; a 10-day game of seats that only talk: the largest prompt against",
                "the context budget.",
                "Targets: ratio <= 0.5 (the seats think in parallel); the largest prompt under the budget."})
    static final class Llm implements Callable<Integer> {

        @Mixin
        ConfigOptions options;

        @Option(names = "--players", defaultValue = "6", description = "seats (default: ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--delay-ms", defaultValue = "300", description = "the stand-in model's answer time (default: ${DEFAULT-VALUE})")
        long delayMillis;

        @Option(names = "--think-seconds", defaultValue = "0.5",
                description = "the seats' random wait before a turn, 0..n (default: ${DEFAULT-VALUE})")
        double thinkSeconds;

        @Option(names = "--days", defaultValue = "10", description = "days of the talking game (default: ${DEFAULT-VALUE})")
        int days;

        @Option(names = "--seed", defaultValue = "1", description = "seed of the deal (default: ${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--json", description = "print the figures as one JSON object on the last line")
        boolean json;

        @Override
        public Integer call() throws Exception {
            if (players < 3 || players > 60 || delayMillis < 0 || thinkSeconds < 0 || days < 1 || days > 100) {
                throw new ConfigException("--players must be 3 to 60, --days 1 to 100, --delay-ms and "
                        + "--think-seconds not negative");
            }
            MawConfig config = options.load();
            int budget = config.integer(Setting.LLM_CONTEXT_BUDGET, 512, 1_000_000);
            try (AgentNetwork network = AgentNetwork.open(config, System.out::println)) {
                System.out.println("bench llm on " + network.describe());
                LlmBench.Result r = new LlmBench(network.transport(), network::provision,
                        LlmConfig.prompts(config), System.out).run(players,
                        Duration.ofMillis(delayMillis), Duration.ofMillis(Math.round(
                                thinkSeconds * 1000)), budget, days, seed);
                Map<String, Object> j = r.toJson();
                LlmBench.Game p = r.parallel();
                LlmBench.Game t = r.withThink();
                System.out.printf("%n%d-player all-model game, no wait before turns: %d ms wall (%d playing) against %d "
                        + "ms of model calls: ratio %.2f   (target <= 0.5)%n", players, p.wallMillis(), p.playMillis(),
                        p.callMillisSum(), p.ratio());
                System.out.printf("the same with Algorithm 1's wait of 0..%d ms: %d ms wall against %d ms of calls: "
                        + "ratio %.2f%n", t.thinkMillis(), t.wallMillis(), t.callMillisSum(), t.ratio());
                System.out.printf("per decision: %.2f calls, %.0f prompt tokens (%d decisions)%n",
                        j.get("callsPerDecision"), j.get("promptTokensPerDecision"), p.decisions());
                LlmBench.Game h = r.withHint();
                System.out.printf("prompts keep a stable prefix: %.0f%% of a prompt repeats the seat's previous one "
                        + "after a phase's first call (%.0f%% with the table's reading in each turn)%n",
                        100 * p.prefixShareAfterFirst(), 100 * h.prefixShareAfterFirst());
                System.out.printf("with the table's reading (llm.hint=reading): %.0f prompt tokens a decision against "
                        + "%.0f (%.2f times); largest prompt %d tokens by MAW's estimate of a %d budget%n",
                        h.promptTokensPerDecision(), p.promptTokensPerDecision(), j.get("hintPromptTokensRatio"),
                        h.largestEstimate(), budget);
                System.out.printf("%d-day talking game: largest prompt %d tokens (MAW's estimate %d) of a %d budget"
                        + "   (target: under the budget)%n", r.longDays(), r.longLargestPrompt(),
                        r.longLargestEstimate(), budget);
                if (json) {
                    Map<String, Object> out = new LinkedHashMap<>(j);
                    out.put("server", network.describe());
                    printJson(out);
                }
                return 0;
            }
        }
    }
}
