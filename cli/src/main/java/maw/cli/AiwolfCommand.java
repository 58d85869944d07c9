package maw.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.Text;
import maw.aiwolf.protocol.Gloss;
import maw.aiwolf.protocol.ParseError;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.aiwolf.protocol.Words;
import maw.app.AiwolfGateways;
import maw.app.AiwolfPlay;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.runtime.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maw aiwolf ...}: the AIWolf protocol. */
@Command(name = "aiwolf", mixinStandardHelpOptions = true,
        header = "AIWolf: check protocol sentences, play on the rule engine, export a game's official log.",
        description = {"Tools for the AIWolf protocol (versions 3.6 and 2.01) and games. A game over XMPP under the",
            "AIWolf regulation is ./maw game --rules aiwolf."},
        subcommands = {AiwolfCommand.Check.class, AiwolfCommand.Play.class, AiwolfCommand.Log.class,
            AiwolfCommand.Serve.class, AiwolfCommand.Connect.class})
final class AiwolfCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    // No standard -V/--version here: --version is the protocol's (the help option is declared below instead).
    @Command(name = "check",
            header = "Check AIWolf protocol sentences: the canonical form and structure, or where they go wrong.",
            description = {"Checks each TEXT (or, without any, each line of standard input) as one talk of the AIWolf",
                "protocol. A valid one is printed in its canonical form (Agent[03], Skip, TALK day1 ID:3) with its",
                "structure; an invalid one with the position where it goes wrong and what was expected there, and",
                "whether it is valid in the other version. Exit code: 0 when every one is valid, 1 otherwise."})
    static final class Check implements Callable<Integer> {

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
        boolean help;

        @Option(names = "--version", defaultValue = "3.6", paramLabel = "3.6|2.01",
                description = "the protocol version (default: ${DEFAULT-VALUE})")
        String version;

        @Option(names = "--json", description = "print one JSON object per input instead")
        boolean json;

        @Option(names = "--speaker", defaultValue = "1", paramLabel = "N",
                description = "the agent number of who says it, for the gloss (default: ${DEFAULT-VALUE})")
        int speaker;

        @Option(names = "--names", split = ",", paramLabel = "NAME,...",
                description = "the players' names in agent order (Agent[01] first), for the gloss")
        List<String> names = new ArrayList<>();

        @Parameters(arity = "0..*", paramLabel = "TEXT", description = "sentences to check (default: stdin, one a line)")
        List<String> texts = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            Version v = Version.of(version);
            if (v == null) {
                throw new ConfigException("invalid value '" + version + "' for --version: 3.6 or 2.01");
            }
            if (speaker < 0 || speaker > Words.MAX_AGENT) {
                throw new ConfigException("invalid value '" + speaker + "' for --speaker: an agent number, 0 to "
                        + Words.MAX_AGENT);
            }
            PrintStream out = System.out;
            boolean allValid = true;
            if (texts.isEmpty()) {
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) {
                    if (!line.isBlank()) {
                        allValid &= check(line, v, out);
                    }
                }
            } else {
                for (String t : texts) {
                    allValid &= check(t, v, out);
                }
            }
            out.flush();
            return allValid ? 0 : 1;
        }

        private boolean check(String text, Version v, PrintStream out) {
            Parsed p = Protocol.parse(text, v);
            boolean otherOk = !p.ok() && Protocol.isValid(text, v.other());
            if (json) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("input", text);
                o.put("version", v.label());
                o.put("valid", p.ok());
                if (p instanceof Parsed.Ok ok) {
                    o.put("canonical", Protocol.write(ok.sentence()));
                    o.put("gloss", gloss(ok));
                    o.put("structure", Protocol.structure(ok.sentence()));
                } else {
                    ParseError e = ((Parsed.Failed) p).error();
                    Map<String, Object> err = new LinkedHashMap<>();
                    err.put("position", e.position());
                    err.put("expected", e.expected());
                    err.put("found", e.found());
                    err.put("message", e.message());
                    o.put("error", err);
                    o.put("validIn", otherOk ? v.other().label() : null);
                }
                out.println(Json.write(o));
                return p.ok();
            }
            if (p instanceof Parsed.Ok ok) {
                out.println("valid " + v.label() + ": " + Protocol.write(ok.sentence()));
                out.println("    = " + Text.inert(gloss(ok)));
                tree(Protocol.structure(ok.sentence()), "    ", out);
                return true;
            }
            ParseError e = ((Parsed.Failed) p).error();
            String shown = Text.inert(text);
            out.println("invalid " + v.label() + ": " + shown);
            int caret = Math.min(e.position(), shown.length());
            out.println(" ".repeat(("invalid " + v.label() + ": ").length() + caret) + "^ " + e.message()
                    + (otherOk ? " (valid in version " + v.other().label() + ")" : ""));
            return false;
        }

        private String gloss(Parsed.Ok ok) {
            return new Gloss(i -> i >= 1 && i <= names.size() ? names.get(i - 1) : null)
                    .of(ok.sentence(), new Words.AgentId(speaker));
        }

        @SuppressWarnings("unchecked")
        private static void tree(Map<String, Object> node, String indent, PrintStream out) {
            StringBuilder b = new StringBuilder(indent).append(node.get("type"));
            node.forEach((k, val) -> {
                if (!k.equals("type") && !k.equals("clauses")) {
                    b.append(' ').append(k).append('=').append(val);
                }
            });
            out.println(b);
            Object clauses = node.get("clauses");
            if (clauses instanceof List<?> list) {
                for (Object c : list) {
                    tree((Map<String, Object>) c, indent + "  ", out);
                }
            }
        }
    }

    @Command(name = "play", mixinStandardHelpOptions = true,
            header = "Play an AIWolf game of rule-based seats on the rule engine, printed as it happens.",
            description = {"Plays one game by the GAT2017 regulation (the official server's defaults) with MAW's",
                "rule-based AIWolf seats, in this process, and prints it as the moderator sees it: the roles, every talk",
                "as protocol text with its gloss, the whispers, votes, executions, divinations, guards and attacks.",
                "--log FILE also writes the game in the official AIWolf server's log format."})
    static final class Play implements Callable<Integer> {

        @Option(names = "--players", defaultValue = "5", description = "5 or 15 (the regulation's villages), or any "
                + "size from 3 to 18 with the official server's roles (default: ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--seed", description = "the game's seed (default: random)")
        Long seed;

        @Option(names = "--log", paramLabel = "FILE", description = "write the official AIWolf log here too")
        Path log;

        @Option(names = "--quiet-talk", description = "leave out Skip and Over")
        boolean quietTalk;

        @Override
        public Integer call() throws Exception {
            long s = seed != null ? seed : new SecureRandom().nextLong();
            PrintStream out = System.out;
            if (players >= 3 && players <= 18) {
                out.println("AIWolf game, " + players + " players, seed " + s + " (rule-based seats, on the rules "
                        + "alone)");
            }
            AiwolfPlay.Played p = AiwolfPlay.play(players, s, quietTalk, log, out::println);
            if (p.log() != null) {
                out.println("official log: " + p.log());
            }
            return 0;
        }

    }

    @Command(name = "log", mixinStandardHelpOptions = true,
            header = "Export an AIWolf game played by MAW in the official AIWolf server's log format.",
            description = {"Reads GAME_DIR/game.jsonl (the journal ./maw game --rules aiwolf or ./maw gm --rules aiwolf",
                "wrote), replays it through the rules, and prints each round in the official server's log format",
                "(day,status,...; day,talk,idx,turn,agent,text; vote; execute; divine; guard; attackVote; attack;",
                "result), the lines its log viewer and analysis scripts read. --out DIR writes one file a round."})
    static final class Log implements Callable<Integer> {

        @Parameters(paramLabel = "GAME_DIR", description = "the game's directory (or its game.jsonl)")
        Path game;

        @Option(names = "--round", description = "only this round (default: every round)")
        Integer round;

        @Option(names = "--out", paramLabel = "DIR", description = "write round N to DIR/round-N.log instead")
        Path out;

        @Override
        public Integer call() throws Exception {
            for (AiwolfPlay.RoundLog r : AiwolfPlay.officialLogs(game, round, out)) {
                if (r.file() != null) {
                    System.out.println("round " + r.round() + (r.over() ? "" : " (not over)") + ": " + r.file());
                } else {
                    r.lines().forEach(System.out::println);
                }
            }
            return 0;
        }
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
            header = "Host AIWolf agents written for the official AIWolf server: they connect over TCP and play here.",
            description = {"Listens for AIWolf agents (the official server 0.6.x's TCP protocol) and seats them in AIWolf",
                "games run by MAW's GameMaster, in the order they connect. The seats still empty after --lobby-seconds",
                "are filled by MAW's own seats (--seats, rule bots by default). A slow or lost agent does not end the",
                "game: a missed answer is the regulation's default, and an agent that reconnects under its name gets",
                "its seat back. Every game is journaled under games.dir (./maw aiwolf log exports it)."})
    static final class Serve implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        ConfigOptions config;

        @Option(names = "--port", defaultValue = "10000", description = "the TCP port (default: ${DEFAULT-VALUE}; 0: any)")
        int port;

        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "the address to listen on (default: "
                + "${DEFAULT-VALUE}; 0.0.0.0 for every interface)")
        String bind;

        @Option(names = "--players", defaultValue = "5", description = "5 or 15 (default: ${DEFAULT-VALUE})")
        int players;

        @Option(names = "--games", defaultValue = "1", description = "games to play (default: ${DEFAULT-VALUE})")
        int games;

        @Option(names = "--seats", paramLabel = "PLAN", defaultValue = "rule", description = "what fills the seats no "
                + "agent took: rule, or llm (default: ${DEFAULT-VALUE})")
        String seats;

        @Option(names = "--lobby-seconds", defaultValue = "60", description = "how long to wait for agents before our "
                + "seats fill the rest (default: ${DEFAULT-VALUE})")
        double lobbySeconds;

        @Option(names = "--time-limit-ms", defaultValue = "1000", description = "how long an agent may take to answer "
                + "(the official server's default; default: ${DEFAULT-VALUE})")
        int timeLimitMs;

        @Option(names = "--transport", defaultValue = "local", description = "where the GameMaster and our seats talk: "
                + "local (in this process) or xmpp (default: ${DEFAULT-VALUE})")
        String transport;

        @Option(names = "--seed", description = "the first game's seed (default: random)")
        Long seed;

        @Option(names = "--open-seats", defaultValue = "0", description = "seats kept, after the TCP agents, for players "
                + "who join over XMPP (./maw join, ./maw player --rules aiwolf) within --lobby-seconds; needs "
                + "--transport xmpp (default: ${DEFAULT-VALUE})")
        int openSeats;

        @Override
        public Integer call() throws Exception {
            if (openSeats < 0 || openSeats >= players) {
                throw new ConfigException("invalid value '" + openSeats + "' for --open-seats: 0 to " + (players - 1));
            }
            if (openSeats > 0 && !transport.equals("xmpp")) {
                throw new ConfigException("--open-seats needs --transport xmpp: players join over XMPP");
            }
            if (players < 3 || players > 18) {
                throw new ConfigException("invalid value '" + players + "' for --players: 3 to 18 (5 and 15 are the "
                        + "regulation's villages)");
            }
            Checks.port(port);
            Checks.games(games);
            Checks.lobbySeconds(lobbySeconds);
            if (timeLimitMs < 1 || timeLimitMs > 600_000) {
                throw new ConfigException("invalid value '" + timeLimitMs + "' for --time-limit-ms: 1 to 600000");
            }
            Checks.transport(transport);
            InetAddress address;
            try {
                address = InetAddress.getByName(bind);
            } catch (UnknownHostException e) {
                throw new ConfigException("invalid value '" + bind + "' for --bind: " + e.getMessage());
            }
            MawConfig settings = config.load(Map.of("transport", new MawConfig.Value(transport, "--transport")));
            AiwolfGateways.serve(new AiwolfGateways.ServeTcp(settings, address, port, players, games, seats,
                    lobbySeconds, Duration.ofMillis(timeLimitMs), seed != null ? seed
                            : new SecureRandom().nextLong() & 0xFFFFFFFFFFFFL, openSeats), System.out);
            return 0;
        }
    }

    @Command(name = "connect", mixinStandardHelpOptions = true,
            header = "Play at an AIWolf server (the official one, or ./maw aiwolf serve) as TCP agents.",
            description = {"Connects --count of MAW's AIWolf agents to an AIWolf server over TCP. They play every game",
                "the server runs on those connections, with the brains of MAW's own tables: the rule-based AIWolf agent",
                "(--bot rule), or a model seat with the AIWolf prompts (--bot llm, the llm.* settings), which sends the",
                "rule agent's answer when the model cannot answer within the server's time limit. Exits 0 when the",
                "server closes the connections (1, with the reason, when it could not connect or a connection broke)."})
    static final class Connect implements Callable<Integer> {

        @picocli.CommandLine.Mixin
        ConfigOptions config;

        @picocli.CommandLine.Mixin
        LlmOptions llm;

        @Option(names = "--host", defaultValue = "127.0.0.1", description = "the server (default: ${DEFAULT-VALUE})")
        String host;

        @Option(names = "--port", defaultValue = "10000", description = "its port (default: ${DEFAULT-VALUE})")
        int port;

        @Option(names = "--bot", defaultValue = "rule", description = "what plays: rule or llm (default: "
                + "${DEFAULT-VALUE})")
        String bot;

        @Option(names = "--name", defaultValue = "maw", description = "the agents' name; with --count above 1 each "
                + "gets a number (default: ${DEFAULT-VALUE})")
        String name;

        @Option(names = "--role-request", description = "the role asked for when the server asks (default: none)")
        String roleRequest;

        @Option(names = "--count", defaultValue = "1", description = "how many agents connect (default: "
                + "${DEFAULT-VALUE})")
        int count;

        @Option(names = "--seed", defaultValue = "0", description = "seed of the agents' choices (default: "
                + "${DEFAULT-VALUE})")
        long seed;

        @Override
        public Integer call() throws Exception {
            if (!bot.equals("rule") && !bot.equals("llm")) {
                throw new ConfigException("invalid value '" + bot + "' for --bot: rule or llm");
            }
            if (count < 1 || count > 100) {
                throw new ConfigException("invalid value '" + count + "' for --count: 1 to 100");
            }
            if (port < 1 || port > 65535) {
                throw new ConfigException("invalid value '" + port + "' for --port: 1 to 65535");
            }
            String role = AiwolfGateways.roleRequest(roleRequest, "--role-request");
            int failed = AiwolfGateways.connect(new AiwolfGateways.ConnectTcp(bot.equals("llm")
                    ? config.load(llm.flags()) : null, host, port, name, role, count, seed), System.out, System.err);
            return failed == 0 ? 0 : 1;
        }
    }
}
