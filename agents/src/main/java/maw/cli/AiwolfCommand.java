package maw.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.agents.Text;
import maw.aiwolf.protocol.ParseError;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.config.ConfigException;
import maw.runtime.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code maw aiwolf ...}: the AIWolf protocol. */
@Command(name = "aiwolf", mixinStandardHelpOptions = true,
        header = "AIWolf: check protocol sentences, play on the rule engine, export a game's official log.",
        description = {"Tools for the AIWolf protocol (versions 3.6 and 2.01) and games. A game over XMPP under the",
            "AIWolf regulation is ./maw game --rules aiwolf."},
        subcommands = {AiwolfCommand.Check.class, AiwolfCommand.Play.class, AiwolfCommand.Log.class})
final class AiwolfCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            header = "Check AIWolf protocol sentences: the canonical form and structure, or where they go wrong.",
            description = {"Checks each TEXT (or, without any, each line of standard input) as one talk of the AIWolf",
                "protocol. A valid one is printed in its canonical form (Agent[03], Skip, TALK day1 ID:3) with its",
                "structure; an invalid one with the position where it goes wrong and what was expected there, and",
                "whether it is valid in the other version. Exit code: 0 when every one is valid, 1 otherwise."})
    static final class Check implements Callable<Integer> {

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
            if (speaker < 0 || speaker > maw.aiwolf.protocol.Words.MAX_AGENT) {
                throw new ConfigException("invalid value '" + speaker + "' for --speaker: an agent number, 0 to "
                        + maw.aiwolf.protocol.Words.MAX_AGENT);
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
            return new maw.aiwolf.protocol.Gloss(i -> i >= 1 && i <= names.size() ? names.get(i - 1) : null)
                    .of(ok.sentence(), new maw.aiwolf.protocol.Words.AgentId(speaker));
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
        java.nio.file.Path log;

        @Option(names = "--quiet-talk", description = "leave out Skip and Over")
        boolean quietTalk;

        @Override
        public Integer call() throws Exception {
            if (players < 3 || players > 18) {
                throw new ConfigException("invalid value '" + players + "' for --players: 3 to 18 (5 and 15 are the "
                        + "regulation's villages)");
            }
            long s = seed != null ? seed : new java.security.SecureRandom().nextLong();
            List<String> names = maw.aiwolf.game.AiwolfBots.names(players);
            maw.aiwolf.game.AiwolfGame game = new maw.aiwolf.game.AiwolfGame(
                    maw.aiwolf.game.AiwolfSettings.defaults(maw.aiwolf.game.Composition.of(players)), names, s);
            PrintStream out = System.out;
            out.println("AIWolf game, " + players + " players, seed " + s + " (rule-based seats, on the rule engine)");
            maw.aiwolf.game.AiwolfNarration narration = new maw.aiwolf.game.AiwolfNarration(names);
            maw.aiwolf.game.AiwolfLog official = new maw.aiwolf.game.AiwolfLog(names);
            List<maw.aiwolf.game.AiwolfEvent> all = new ArrayList<>();
            maw.aiwolf.game.AiwolfBots.play(game, maw.aiwolf.game.AiwolfBots.seats(names,
                    p -> maw.aiwolf.game.AiwolfBots.rules(p, names, s ^ names.indexOf(p))), e -> {
                        all.add(e);
                        narration.lines(e, quietTalk).forEach(line -> out.println(Text.inert(line)));
                    });
            if (log != null) {
                official.add(all);
                java.nio.file.Files.write(log, official.lines(), StandardCharsets.UTF_8);
                out.println("official log: " + log);
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
        java.nio.file.Path game;

        @Option(names = "--round", description = "only this round (default: every round)")
        Integer round;

        @Option(names = "--out", paramLabel = "DIR", description = "write round N to DIR/round-N.log instead")
        java.nio.file.Path out;

        @Override
        public Integer call() throws Exception {
            java.nio.file.Path file = java.nio.file.Files.isDirectory(game) ? game.resolve("game.jsonl") : game;
            if (!java.nio.file.Files.isRegularFile(file)) {
                throw new ConfigException("invalid value '" + game + "' for GAME_DIR: no journal " + file);
            }
            List<maw.agents.gamemaster.AiwolfJournal.Round> rounds;
            try {
                rounds = maw.agents.gamemaster.AiwolfJournal.read(file);
            } catch (maw.agents.gamemaster.AiwolfJournal.NotAiwolf e) {
                throw new ConfigException("invalid value '" + game + "' for GAME_DIR: " + e.getMessage());
            }
            if (round != null && rounds.stream().noneMatch(r -> r.round() == round)) {
                throw new ConfigException("invalid value '" + round + "' for --round: the journal has round(s) "
                        + rounds.stream().map(r -> String.valueOf(r.round())).toList());
            }
            for (maw.agents.gamemaster.AiwolfJournal.Round r : rounds) {
                if (round != null && r.round() != round) {
                    continue;
                }
                if (out != null) {
                    java.nio.file.Files.createDirectories(out);
                    java.nio.file.Path f = out.resolve("round-" + r.round() + ".log");
                    java.nio.file.Files.write(f, r.officialLog(), StandardCharsets.UTF_8);
                    System.out.println("round " + r.round() + (r.over() ? "" : " (not over)") + ": " + f);
                } else {
                    r.officialLog().forEach(System.out::println);
                }
            }
            return 0;
        }
    }
}
