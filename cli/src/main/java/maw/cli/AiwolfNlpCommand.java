package maw.cli;

import java.io.IOException;
import maw.aiwolf.game.NlpRegulation;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.app.AiwolfGateways;
import maw.app.Seats;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.SeatPlan;
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

        @Option(names = "--players", description = "5, 9 or 13 (default: 5, or the --setting's)")
        Integer players;

        @Option(names = "--setting", paramLabel = "NAME", description = "one of the contest server's configurations "
                + "of 2026 by its name: default_5, default_9, default_13 (Japanese lengths), default_en_5, "
                + "default_en_9, default_en_13 (English, the INLG 2026 turn-based tracks), freeform_en_5 (the "
                + "speak-anytime track: a 10-minute group chat, 4 lines an agent) (default: none: --players's game, as "
                + "docs/AIWOLF.md tells)")
        String setting;

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
            if (players != null && players != 5 && players != 9 && players != 13) {
                throw new ConfigException("invalid value '" + players + "' for --players: 5, 9 or 13 (the contest's "
                        + "villages)");
            }
            if (setting != null) {
                NlpRegulation.Named named;
                try {
                    named = NlpRegulation.named(setting);
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("invalid value '" + setting + "' for --setting: " + e.getMessage());
                }
                if (players != null && players != named.players()) {
                    throw new ConfigException("--players " + players + " does not fit --setting " + named.name()
                            + ", a game of " + named.players() + " players");
                }
                players = named.players();
                setting = named.name();
            }
            if (players == null) {
                players = 5;
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
            AiwolfGateways.serve(new AiwolfGateways.ServeNlp(settings, bind, port, players, setting, games, plan,
                    lobbySeconds,
                    Duration.ofMillis(Math.round(actionSeconds * 1000)),
                    Duration.ofMillis(Math.round(responseSeconds * 1000)), secret, seed != null ? seed
                            : new SecureRandom().nextLong() & 0xFFFFFFFFFFFFL, web), System.out);
            return 0;
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

        @Option(names = "--token", hidden = true, description = "refused: a token on the command line is readable by "
                + "every user of the machine")
        String token;

        @Option(names = "--token-file", paramLabel = "FILE", description = "a file holding the team's token (an HS256 "
                + "JWT), where the server asks for one; -: standard input (default: MAW_NLP_TOKEN)")
        Path tokenFile;

        @Option(names = "--reconnect-seconds", defaultValue = "60", description = "how long to keep trying to "
                + "connect again after a connection ends, and to wait for the next game on it (default: "
                + "${DEFAULT-VALUE})")
        double reconnectSeconds;

        @Option(names = "--seed", defaultValue = "0", description = "seed of the agents' choices (default: "
                + "${DEFAULT-VALUE})")
        long seed;

        @Option(names = "--chat-pace-seconds", defaultValue = "5", description = "in a speak-anytime (group chat) "
                + "phase, how often each agent sends a line while it has lines left, as the contest's sample agent "
                + "does (default: ${DEFAULT-VALUE})")
        double chatPaceSeconds;

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
            Checks.limitSeconds(chatPaceSeconds, "--chat-pace-seconds");
            if (!bot.equals("rule") && !bot.equals("llm")) {
                throw new ConfigException("invalid value '" + bot + "' for --bot: rule or llm");
            }
            String teamToken = Tokens.read(token, tokenFile, "MAW_NLP_TOKEN");
            MawConfig model = bot.equals("llm") ? config.load(llm.flags()) : null;
            Duration patience = Duration.ofMillis(Math.round(reconnectSeconds * 1000));
            System.out.printf("%d agent(s) of team %s connect to %s (%s)%n", count, team, uri, bot.equals("llm")
                    ? "model seats" : "rule seats");
            int failed = AiwolfGateways.connect(new AiwolfGateways.ConnectNlp(model, uri, team, teamToken, count, games,
                    patience, seed, Duration.ofMillis(Math.round(chatPaceSeconds * 1000))), System.out, System.err);
            return failed == 0 ? 0 : 1;
        }
    }
}
