package maw.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import maw.agents.Text;
import maw.agents.model.AiwolfTalkWriter;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.nlp.NlpClient;
import maw.aiwolf.nlp.NlpGames;
import maw.aiwolf.nlp.NlpServer;
import maw.aiwolf.tcp.GatewayHost;
import maw.aiwolf.tcp.ModelMind;
import maw.app.AgentNetwork;
import maw.app.Monitors;
import maw.app.Seats;
import maw.config.ConfigException;
import maw.config.LlmConfig;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.config.Setting;
import maw.llm.Llm;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.ModelServer;
import maw.llm.PromptTemplates;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code maw aiwolf-nlp ...}: the AIWolf NLP contest's WebSocket protocol. */
@Command(name = "aiwolf-nlp", mixinStandardHelpOptions = true,
        header = "The AIWolf NLP contest: host its agents, or play at its server, over its WebSocket protocol.",
        description = {"Where language-model agents of the AIWolf contest's natural-language division play: its",
            "server's WebSocket protocol (ws://HOST:PORT/ws) and its game (5, 9 or 13 players, natural-language talk",
            "with its limits, whispers, its order of the night)."},
        subcommands = {AiwolfNlpCommand.Serve.class, AiwolfNlpCommand.Connect.class})
final class AiwolfNlpCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code maw aiwolf-nlp serve}. */
    @Command(name = "serve", mixinStandardHelpOptions = true,
            header = "Host NLP contest agents at MAW's tables, over the NLP server's WebSocket protocol.",
            description = {"Listens at ws://BIND:PORT/ws. Agents connect as to the contest's server (it asks their",
                "name first); each game seats those that came within --lobby-seconds and fills the other seats with",
                "MAW's rule seats. The games are ordinary MAW games: live output, journal, AIWolf log export."})
    static final class Serve implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        ConfigOptions config;

        @Option(names = "--port", defaultValue = "8080", description = "the port (default: ${DEFAULT-VALUE}; 0: any)")
        int port;

        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "the address to listen on (default: "
                + "${DEFAULT-VALUE}; 0.0.0.0 for every interface)")
        String bind;

        @Option(names = "--players", defaultValue = "5", description = "5, 9 or 13 (default: ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--games", defaultValue = "1", description = "games to play (default: ${DEFAULT-VALUE})")
        int games;

        @Option(names = "--seats", paramLabel = "PLAN", defaultValue = "rule", description = "what fills the seats no "
                + "agent took: rule, llm (model seats, the llm.* settings), or a plan of --players seats such as "
                + "llm:2,rule:3, taken in that order (default: ${DEFAULT-VALUE})")
        String seats;

        @picocli.CommandLine.Mixin
        LlmOptions llm;

        @Option(names = "--lobby-seconds", defaultValue = "60", description = "how long to wait for agents before our "
                + "seats fill the rest (default: ${DEFAULT-VALUE})")
        double lobbySeconds;

        @Option(names = "--action-seconds", defaultValue = "60", description = "how long an agent may take to answer "
                + "(the server's timeout.action; default: ${DEFAULT-VALUE})")
        double actionSeconds;

        @Option(names = "--response-seconds", defaultValue = "120", description = "the server's timeout.response: how "
                + "long an agent that missed a request has to answer the NAME probe (default: ${DEFAULT-VALUE})")
        double responseSeconds;

        @Option(names = "--secret-file", description = "a file holding the HS256 secret of the agents' tokens: agents "
                + "then need a token for their team (default: no authentication)")
        Path secretFile;

        @Option(names = "--transport", defaultValue = "local", description = "where the GameMaster and our seats talk: "
                + "local (in this process) or xmpp (default: ${DEFAULT-VALUE})")
        String transport;

        @Option(names = "--seed", description = "the first game's seed (default: random)")
        Long seed;

        @Option(names = "--web", arity = "0..1", fallbackValue = "7070", paramLabel = "PORT", description = "watch "
                + "each game in the web monitor at http://127.0.0.1:PORT/ (default port 7070; 0: any), the god view")
        Integer web;

        @Override
        public Integer call() throws Exception {
            if (web != null) {
                Checks.port(web, "--web");
            }
            if (players != 5 && players != 9 && players != 13) {
                throw new ConfigException("invalid value '" + players + "' for --players: 5, 9 or 13 (the contest's "
                        + "villages)");
            }
            Checks.port(port);
            Checks.games(games);
            Checks.lobbySeconds(lobbySeconds);
            Checks.limitSeconds(actionSeconds, "--action-seconds");
            Checks.limitSeconds(responseSeconds, "--response-seconds");
            Checks.transport(transport);

            String secret = null;
            if (secretFile != null) {
                try {
                    secret = Files.readString(secretFile).strip();
                } catch (IOException e) {
                    throw new ConfigException("invalid value '" + secretFile + "' for --secret-file: " + e.getMessage());
                }
                if (secret.isEmpty()) {
                    throw new ConfigException("invalid value '" + secretFile + "' for --secret-file: it is empty");
                }
            }
            Map<String, MawConfig.Value> flags = new HashMap<>(llm.flags());
            flags.put("transport", new MawConfig.Value(transport, "--transport"));
            boolean kind = seats.strip().equalsIgnoreCase("rule") || seats.strip().equalsIgnoreCase("llm");
            if (!kind) {
                flags.put("seats", new MawConfig.Value(seats, "--seats"));
            }
            MawConfig settings = config.load(flags);
            // Our seats, in the plan's order: a game takes as many as the agents left empty, from the first.
            SeatPlan plan;
            try {
                plan = Seats.plan(settings, kind ? seats : "rule", players, 0);
            } catch (ConfigException e) {
                throw new ConfigException(e.getMessage().replace("--bots", "--seats"));
            }
            List<GameTable.SeatFiller> ours = Seats.fillers(settings, plan, null, null,
                    System.out::println, new AiwolfVariant.Nlp().bots());
            Duration action = Duration.ofMillis(Math.round(actionSeconds * 1000));
            Duration response = Duration.ofMillis(Math.round(responseSeconds * 1000));
            // A step lasts the action timeout, the probe of a late agent, and a margin.
            AiwolfOptions options = AiwolfOptions.natural(players,
                    action.plus(response).plusSeconds(2));
            long first = seed != null ? seed : new SecureRandom().nextLong() & 0xFFFFFFFFFFFFL;
            try (AgentNetwork network = AgentNetwork.open(settings, System.out::println);
                    NlpServer server = start(port, action, response, secret)) {
                System.out.printf("AIWolf NLP server at ws://%s:%d/ws (the contest's WebSocket protocol%s), %d "
                        + "players, %d game(s); our seats on %s%n", bind, server.port(), secret == null ? ""
                        : ", tokens required", players, games, network.describe());
                long[] seed = {first};
                GatewayHost.host(server, new GatewayHost.Plan("WebSocket", games, players, 0,
                        Duration.ofMillis(Math.round(lobbySeconds * 1000)),
                        settings.path(Setting.GAMES_DIR), "nlp-"), (links, id, dir, listener) -> {
                            Monitors.TableWatch[] watching = new Monitors.TableWatch[1];
                            Consumer<GameTable> watch = web == null ? null
                                    : table -> watching[0] = new Monitors.TableWatch(network, table,
                                            table.watchToken(), web, "maw aiwolf-nlp serve", m -> { },
                                            System.out::println, System.err::println);
                            try {
                                return NlpGames.play(server, links, ours, options, id, seed[0]++,
                                        network.transport(), "aiwolf-nlp-" + id.toLowerCase(Locale.ROOT)
                                                + "-", dir, listener, network::provision, watch);
                            } finally {
                                if (watching[0] != null) {
                                    watching[0].close();
                                }
                            }
                        }, System.out);
            }
            return 0;
        }

        private NlpServer start(int p, Duration action, Duration response,
                String secret) {
            try {
                return new NlpServer(bind, p, action, response, secret);
            } catch (RuntimeException e) {
                throw new ConfigException("the NLP server could not listen on " + bind + ":" + p + ": "
                        + e.getMessage());
            }
        }
    }

    /** {@code maw aiwolf-nlp connect}. */
    @Command(name = "connect", mixinStandardHelpOptions = true,
            header = "Play at an AIWolf NLP server (the contest's, or ./maw aiwolf-nlp serve) as agents of one team.",
            description = {"Connects --count of MAW's seats to ws://HOST:PORT/ws as agents TEAM1, TEAM2, ... They play",
                "--games games (0: as many as the server offers) in natural language: model seats with",
                "the natural-language prompts (--bot llm, the llm.* settings; prompts/aiwolf-nlp), which send the rule",
                "agent's answer when the model cannot answer within the server's action timeout, or the rule agent",
                "talking plain English (--bot rule). A dropped connection is made again under the same name, and so is",
                "one the server closes after a game (the contest's server closes them after every game). Exits 0",
                "when every agent played its games (1, with the reason, when one could not connect or play them)."})
    static final class Connect implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        ConfigOptions config;

        @picocli.CommandLine.Mixin
        LlmOptions llm;

        @Option(names = "--url", defaultValue = "ws://127.0.0.1:8080/ws", description = "the server's WebSocket "
                + "(default: ${DEFAULT-VALUE})")
        String url;

        @Option(names = "--team", defaultValue = "maw", description = "the team's name; agent i is TEAMi (default: "
                + "${DEFAULT-VALUE})")
        String team;

        @Option(names = "--count", defaultValue = "1", description = "how many agents connect (default: "
                + "${DEFAULT-VALUE}; 5 fill a 5-player game)")
        int count;

        @Option(names = "--games", defaultValue = "1", description = "games each agent plays, across connections "
                + "(the contest's server closes them after each game); 0: as many as the server offers, until it "
                + "cannot be reached again (default: ${DEFAULT-VALUE})")
        int games;

        @Option(names = "--bot", defaultValue = "rule", description = "what plays: rule or llm (default: "
                + "${DEFAULT-VALUE})")
        String bot;

        @Option(names = "--token", description = "the team's token (an HS256 JWT), where the server asks for one")
        String token;

        @Option(names = "--reconnect-seconds", defaultValue = "60", description = "how long to keep trying to "
                + "connect again after a connection ends, and to wait for the next game on it (default: "
                + "${DEFAULT-VALUE})")
        double reconnectSeconds;

        @Option(names = "--seed", defaultValue = "0", description = "seed of the agents' choices (default: "
                + "${DEFAULT-VALUE})")
        long seed;

        @Override
        public Integer call() throws Exception {
            URI uri;
            try {
                uri = new URI(url);
            } catch (URISyntaxException e) {
                throw new ConfigException("invalid value '" + url + "' for --url: " + e.getMessage());
            }
            if (!"ws".equals(uri.getScheme()) && !"wss".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new ConfigException("invalid value '" + url + "' for --url: a WebSocket address, "
                        + "ws://HOST:PORT/ws");
            }
            if (team.isBlank() || !team.strip().equals(team) || team.matches(".*\\d")) {
                throw new ConfigException("invalid value '" + team + "' for --team: a name without spaces around it "
                        + "that does not end in a digit (the server reads the team as the name without its digits)");
            }
            if (count < 1 || count > 100) {
                throw new ConfigException("invalid value '" + count + "' for --count: 1 to 100");
            }
            if (games < 0) {
                throw new ConfigException("invalid value '" + games + "' for --games: 0 (as many as the server "
                        + "offers) or more");
            }
            Checks.limitSeconds(reconnectSeconds, "--reconnect-seconds");
            if (!bot.equals("rule") && !bot.equals("llm")) {
                throw new ConfigException("invalid value '" + bot + "' for --bot: rule or llm");
            }
            NlpClient.Minds minds = NlpClient.rules();
            if (bot.equals("llm")) {
                MawConfig settings = config.load(llm.flags());
                LlmSettings model = LlmConfig.settings(settings);
                PromptTemplates templates = Seats.templates(settings);
                ModelServer.Status status = ModelServer.check(model);
                System.out.println("model server: " + model.describe() + " answers (" + status.version() + ")");
                minds = (me, agents, s, limit, talk) -> ModelMind.natural(me, agents, s,
                        new ModelSeat(new Llm(model), templates)
                                .talk(new AiwolfTalkWriter()), limit,
                        NlpClient.talkLength(talk));
            }
            NlpClient.Minds chosen = minds;
            Duration patience = Duration.ofMillis(Math.round(reconnectSeconds * 1000));
            System.out.printf("%d agent(s) of team %s connect to %s (%s)%n", count, team, uri, bot.equals("llm")
                    ? "model seats" : "rule seats");
            List<CompletableFuture<NlpClient.Played>> all =
                    new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                String n = team + i;
                long s = seed + i;
                CompletableFuture<NlpClient.Played> f =
                        new CompletableFuture<>();
                Thread.ofPlatform().name("nlp-connect-" + n).start(() -> {
                    try {
                        f.complete(new NlpClient(n, token, chosen, s,
                                line -> System.out.println(Text.inert(line))).play(uri, games, patience));
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                });
                all.add(f);
            }
            int failed = 0;
            for (var f : all) {
                try {
                    NlpClient.Played p = f.get();
                    boolean short_ = games > 0 && p.games() < games;
                    System.out.printf("%s: %d game(s), %d request(s), %d answer(s)%s%s%n", p.name(), p.games(),
                            p.requests(), p.answers(), p.reconnections() == 0 ? "" : ", " + p.reconnections()
                                    + " reconnection(s)", short_ ? "; fewer than its " + games + " game(s)" : "");
                    if (short_) {
                        failed++;
                    }
                } catch (ExecutionException e) {
                    failed++;
                    System.err.println("maw aiwolf-nlp connect: " + uri + ": " + e.getCause().getMessage());
                }
            }
            return failed == 0 ? 0 : 1;
        }
    }
}
