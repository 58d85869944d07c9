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
@Command(name = "aiwolf", mixinStandardHelpOptions = true, header = "The AIWolf protocol: check sentences.",
        description = "Tools for the AIWolf protocol (versions 3.6 and 2.01).",
        subcommands = {AiwolfCommand.Check.class})
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
}
