package maw.cli;

import static maw.cli.McpHost.call;
import static maw.cli.McpHost.content;
import static org.assertj.core.api.Assertions.assertThat;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import maw.agents.bot.RuleBotAgent;
import maw.agents.chatroom.ChatRoomAgent;
import maw.agents.gamemaster.GameConfig;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.player.PlayerAgent;
import maw.game.Room;
import maw.game.maw.GameOptions;
import maw.runtime.Agent;
import maw.runtime.Jid;
import maw.testing.Await;
import maw.testing.Masters;
import maw.testing.MawProcess;
import maw.testing.NpmPackage;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCP host's agent at a MAW table, over the test ejabberd: {@code maw mcp} in its own process, started and spoken
 * to over stdio by the official Java SDK's client, as a desktop host starts it. The agent joins a GameMaster beside two
 * rule bots and plays the whole game with next_turn and the act tools; what the view does not allow (a vote before
 * joining, a target nobody may name, a line beyond the limit) is answered as a tool error naming the reason.
 */
class McpSeatTest {

    @TempDir
    Path dir;

    /** A GameMaster of three seats on the test ejabberd, its rooms, and two rule bots (Ann, Bob) already seated. */
    private record Table(GameMasterAgent<?, ?, ?> master, Jid gm, List<Agent> agents) implements AutoCloseable {
        @Override
        public void close() {
            agents.forEach(Agent::stop);
        }
    }

    private Table table(String tag) throws Exception {
        TestXmpp xmpp = TestXmpp.get();
        String prefix = tag + TestXmpp.password(tag).substring(0, 4) + "-";
        Jid gm = Jid.of(prefix + "gm", xmpp.domain());
        Jid village = Jid.of(prefix + "village", xmpp.domain());
        Jid hideout = Jid.of(prefix + "hideout", xmpp.domain());
        List<Agent> agents = new ArrayList<>();
        Map<String, String> accounts = new LinkedHashMap<>();
        for (Jid j : List.of(gm, village, hideout)) {
            accounts.put(j.local(), "pw");
        }
        for (String bot : List.of("ann", "bob")) {
            accounts.put(prefix + "player-" + bot, "pw");
            accounts.put(prefix + "ui-" + bot, "pw");
        }
        xmpp.server().register(accounts);
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(8), Duration.ofSeconds(5))
                .withEndWhenAllVoted(true).withDayCap(3);
        GameMasterAgent<?, ?, ?> master = Masters.maw(gm, "pw", new GameConfig("g-" + tag, 3, 1, 3,
                village, hideout, Duration.ofSeconds(10), Duration.ofSeconds(10)), options, null);
        agents.add(new ChatRoomAgent(village, "pw", Room.VILLAGE, gm, dir.resolve("rooms"), null));
        agents.add(new ChatRoomAgent(hideout, "pw", Room.HIDEOUT, gm, null, null));
        agents.add(master);
        for (String bot : List.of("Ann", "Bob")) {
            Jid ui = Jid.of(prefix + "ui-" + bot.toLowerCase(), xmpp.domain());
            Jid player = Jid.of(prefix + "player-" + bot.toLowerCase(), xmpp.domain());
            agents.add(new RuleBotAgent(ui, "pw", bot, 3));
            agents.add(new PlayerAgent(player, "pw", gm, ui));
        }
        for (Agent a : agents) {
            a.start(xmpp.transport());
        }
        return new Table(master, gm, agents);
    }

    /** The command line of {@code maw mcp} at the table's GameMaster. */
    private static List<String> mcpCommand(Table t) {
        List<String> args = new ArrayList<>(List.of("mcp", "--gm", t.gm().toString()));
        args.addAll(TestXmpp.get().cliSettings());
        return MawProcess.command(args);
    }

    @Test
    void anMcpHostsAgentPlaysAWholeGameOverStdio() throws Exception {
        List<String> serverSaid = new CopyOnWriteArrayList<>();
        McpSyncClient client = null;
        try (Table table = table("mcp")) {
            GameMasterAgent<?, ?, ?> master = table.master();
            List<String> command = mcpCommand(table);
            StdioClientTransport transport = stdio(command);
            transport.setStdErrorHandler(serverSaid::add);
            List<List<McpSchema.Tool>> changed = new CopyOnWriteArrayList<>();
            List<String> progress = new CopyOnWriteArrayList<>();
            client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(90))
                    .initializationTimeout(Duration.ofSeconds(60)).toolsChangeConsumer(changed::add)
                    .progressConsumer(p -> progress.add(p.message())).build();
            McpSchema.InitializeResult init = client.initialize();
            assertThat(init.instructions()).contains("join_table", "next_turn");
            assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("join_table",
                    "next_turn", "status", "listen", "leave", "speak", "vote", "whisper", "divine", "guard", "pass");

            // Out of order: nothing is sent, and the answer says why.
            assertThat(refusal(call(client, "vote", Map.of("target", "Ann")))).isEqualTo("not_seated");
            Map<String, Object> joined = content(call(client, "join_table", Map.of("name", "Zed")));
            assertThat(joined).containsEntry("joined", true).containsEntry("name", "Zed");
            assertThat(refusal(call(client, "join_table", Map.of("name", "Zed")))).isEqualTo("already_seated");

            List<String> refusals = new ArrayList<>();
            List<String> accepted = new ArrayList<>();
            String spokeIn = null;
            boolean over = false;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            while (!over && System.nanoTime() < until) {
                Map<String, Object> turn = content(call(client, "next_turn", Map.of("wait_seconds", 20)));
                over = Boolean.TRUE.equals(turn.get("over"));
                if (over || !Boolean.TRUE.equals(turn.get("turn"))) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                List<String> may = (List<String>) turn.get("you_may");
                @SuppressWarnings("unchecked")
                Map<String, List<String>> targets = (Map<String, List<String>>) turn.get("targets");
                String phase = turn.get("phase") + " " + turn.get("day");
                if (may.contains("speak") && !phase.equals(spokeIn)) {
                    spokeIn = phase;
                    int longest = ((Number) turn.get("max_message_length")).intValue();
                    refusals.add(refusal(call(client, "speak", Map.of("text", "x".repeat(longest + 1)))));
                    McpSchema.CallToolResult said = call(client, "speak", Map.of("text", "Hello from an MCP host."));
                    accepted.add("speak:" + content(said).get("outcome"));
                }
                for (String act : List.of("vote", "divine", "guard")) {
                    if (may.contains(act) && targets.containsKey(act)) {
                        // The tool's schema names the turn's legal targets.
                        assertThat(enumOf(client, act)).containsExactlyInAnyOrderElementsOf(targets.get(act));
                        refusals.add(refusal(call(client, act, Map.of("target", "Nobody"))));
                        String target = targets.get(act).stream().filter(n -> !n.equals("Zed")).findFirst()
                                .orElse(targets.get(act).getFirst());
                        accepted.add(act + ":" + content(call(client, act, Map.of("target", target))).get("outcome"));
                    }
                }
            }
            assertThat(over).as("the game ended for the MCP seat; the server said:%n%s", String.join("\n",
                    serverSaid)).isTrue();
            assertThat(refusals).contains("too_long", "invalid_target").doesNotContainNull();
            assertThat(accepted).contains("speak:accepted", "vote:accepted");
            assertThat(changed).as("the act tools listed again with each turn's choices").isNotEmpty();
            assertThat(progress).as("next_turn's word while it waits").anyMatch(m -> m.startsWith("waiting"));
            assertThat(master.finished().get(30, TimeUnit.SECONDS)).hasSize(1);
            assertThat(master.totals()).containsKey("Zed");
            StringBuilder rooms = new StringBuilder();
            try (var files = Files.list(dir.resolve("rooms"))) {
                for (Path f : files.sorted().toList()) {
                    rooms.append(Files.readString(f));
                }
            }
            assertThat(rooms.toString()).contains("Hello from an MCP host.").doesNotContain("xxxxxxxxxx");
        } finally {
            if (client != null) {
                client.closeGracefully();
            }
        }
    }

    /**
     * The same seat from the official TypeScript SDK's client (npm {@code @modelcontextprotocol/sdk}, installed for the
     * tests), a scripted host agent that starts {@code maw mcp} over stdio and plays the game to its end.
     */
    @Test
    void aClientMadeWithTheTypeScriptSdkPlaysAWholeGameOverStdio() throws Exception {
        NpmPackage sdk = NpmPackage.of("@modelcontextprotocol/sdk", "1.32.2");
        org.junit.jupiter.api.Assumptions.assumeTrue(sdk.dir != null, "the TypeScript MCP SDK is not here: " + sdk.why);
        Path script = sdk.dir.resolve("ts-seat.mjs");
        try (var in = McpSeatTest.class.getResourceAsStream("/mcp/ts-seat.mjs")) {
            Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        try (Table t = table("mcpts")) {
            ProcessBuilder pb = new ProcessBuilder("node", script.toString()).directory(sdk.dir.toFile());
            pb.environment().put("MAW_MCP_COMMAND", maw.runtime.Json.MAPPER.writeValueAsString(mcpCommand(t)));
            pb.environment().put("MAW_MCP_NAME", "Tia");
            pb.environment().put("MAW_LOG_DIR", dir.toString());
            Path out = dir.resolve("ts-seat.out");
            Process p = pb.redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(200, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("the TypeScript host did not end within 200 s:\n" + Files.readString(out));
            }
            String printed = Files.readString(out);
            assertThat(p.exitValue()).as(printed).isZero();
            String last = printed.lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElseThrow(
                    () -> new AssertionError("no summary from the TypeScript host:\n" + printed));
            com.fasterxml.jackson.databind.JsonNode summary = maw.runtime.Json.MAPPER.readTree(last);
            assertThat(summary.path("over").asBoolean()).as(printed).isTrue();
            assertThat(summary.path("tools").toString()).contains("join_table", "next_turn", "vote", "speak");
            assertThat(summary.path("refusals").toString()).contains("not_seated");
            assertThat(summary.path("accepted").toString()).contains("speak:accepted", "vote:accepted");
            assertThat(summary.path("progress").asInt()).as("progress notifications").isPositive();
            assertThat(summary.path("listChanged").asInt()).as("tools listed anew").isPositive();
            assertThat(t.master().finished().get(30, TimeUnit.SECONDS)).hasSize(1);
            assertThat(t.master().totals()).containsKey("Tia");
        }
    }

    /**
     * An MCP seat at the NLP contest's game (AIWolf's rules, talk in turns): {@code maw game --rules aiwolf-nlp} with an
     * open seat, and the Java SDK's client on {@code maw mcp} answering every turn it is given: a line of its own on a
     * day's first talk turn, Over after it, the vote (or the night's act) on a legal target.
     */
    @Test
    void anMcpSeatPlaysTheNlpContestsGameTurnByTurn() throws Exception {
        String game = atAnOpenSeat(List.of("--rules", "aiwolf-nlp", "--seats", "rule:4", "--seed", "5"), "natural",
                (turn, spoke) -> spoke ? "Over" : "I am a simple villager, @Alice.");
        assertThat(game).contains("Zed (5): I am a simple villager, @Alice.");
    }

    /** The same at AIWolf's protocol game: the seat talks protocol text (an estimate, then Over). */
    @Test
    void anMcpSeatPlaysAiwolfsProtocolGame() throws Exception {
        String game = atAnOpenSeat(List.of("--rules", "aiwolf", "--seats", "rule:4", "--seed", "6"), "protocol",
                (turn, spoke) -> spoke ? "Over" : "ESTIMATE Agent[01] WEREWOLF");
        assertThat(game).contains("ESTIMATE Agent[01] WEREWOLF");
    }

    /**
     * The same at the contest's speak-anytime track (freeform_en_5): no turns in the talk, a count of lines; the seat
     * says a line as soon as the talk opens, then Over.
     */
    @Test
    void anMcpSeatTalksWhenItLikesInTheSpeakAnytimeTrack() throws Exception {
        String game = atAnOpenSeat(List.of("--rules", "aiwolf-nlp", "--setting", "freeform_en_5", "--seats",
                "rule:4", "--seed", "7", "--turn-seconds", "20"), "natural",
                (turn, spoke) -> spoke ? "Over" : "Anyone may speak now, @Alice.");
        assertThat(game).contains("Anyone may speak now, @Alice.");
    }

    /** MAW's own rules at a pace of turns: every act of the seat's is asked for in its turn. */
    @Test
    void anMcpSeatPlaysMawsGameByTurns() throws Exception {
        String game = atAnOpenSeat(List.of("--seats", "rule:3", "--pace", "turns", "--seed", "8", "--day-cap", "3"),
                "chat", (turn, spoke) -> spoke ? null : "My turn, by turns.");
        assertThat(game).contains("My turn, by turns.");
    }

    /**
     * Plays the open seat of {@code maw game} with {@code gameArgs} and one open seat as Zed, from the Java SDK's
     * client on {@code maw mcp} over stdio, to the game's end; returns what the game printed.
     */
    private String atAnOpenSeat(List<String> gameArgs, String talk,
            java.util.function.BiFunction<Map<String, Object>, Boolean, String> line) throws Exception {
        List<String> args = new ArrayList<>(List.of("game", "--open-seats", "1", "--lobby-seconds", "90", "--out",
                dir.resolve("game").toString()));
        args.addAll(gameArgs);
        args.addAll(TestXmpp.get().cliSettings());
        MawProcess.Started game = MawProcess.start(dir, args);
        McpSyncClient client = null;
        try {
            String gm = Await.value("maw game offers its open seat", Duration.ofSeconds(90), Duration.ofMillis(200),
                    () -> {
                        java.util.regex.Matcher m = java.util.regex.Pattern.compile("--gm (\\S+)")
                                .matcher(game.output());
                        return m.find() ? m.group(1) : null;
                    });
            List<String> mcp = new ArrayList<>(List.of("mcp", "--gm", gm));
            mcp.addAll(TestXmpp.get().cliSettings());
            client = McpClient.sync(stdio(MawProcess.command(mcp)))
                    .requestTimeout(Duration.ofSeconds(90)).initializationTimeout(Duration.ofSeconds(60)).build();
            client.initialize();
            assertThat(content(call(client, "join_table", Map.of("name", "Zed")))).containsEntry("joined", true);
            McpHost.Played played = McpHost.play(client, 240, (turn, spoke) -> {
                assertThat(turn).containsEntry("talk", talk);
                return line.apply(turn, spoke);
            });
            assertThat(played.over()).as("the game ended for the MCP seat:%n%s", game.output()).isTrue();
            assertThat(played.accepted()).contains("speak:accepted", "vote:accepted");
            assertThat(game.waitFor(60)).as(game.output()).isZero();
            return game.output();
        } finally {
            if (client != null) {
                client.closeGracefully();
            }
            game.process().destroy();
        }
    }

    /** The SDK's stdio transport, which starts {@code command} (a {@code maw mcp}) as a host does. */
    private StdioClientTransport stdio(List<String> command) {
        return new StdioClientTransport(ServerParameters.builder(command.getFirst())
                .args(command.subList(1, command.size())).env(Map.of("MAW_LOG_DIR", dir.toString())).build(),
                new JacksonMcpJsonMapper(new com.fasterxml.jackson.databind.ObjectMapper()));
    }

    /** The code of a tool error (null: the call was no error). */
    @SuppressWarnings("unchecked")
    private static String refusal(McpSchema.CallToolResult r) {
        if (!Boolean.TRUE.equals(r.isError())) {
            return null;
        }
        if (r.structuredContent() == null) {
            // The SDK's own check of the arguments against the tool's schema (a length, an enum) answers first.
            String text = ((McpSchema.TextContent) r.content().getFirst()).text();
            return text.contains("must be at most") ? "too_long" : text.contains("enum")
                    ? "invalid_target" : text;
        }
        return (String) ((Map<String, Object>) r.structuredContent()).get("refused");
    }

    /** The enum of a tool's {@code target} argument, as the server lists the tool now. */
    @SuppressWarnings("unchecked")
    private static List<String> enumOf(McpSyncClient client, String tool) {
        McpSchema.Tool t = client.listTools().tools().stream().filter(x -> x.name().equals(tool)).findFirst()
                .orElseThrow();
        Map<String, Object> target = (Map<String, Object>) ((Map<String, Object>) t.inputSchema().get("properties"))
                .get("target");
        return (List<String>) target.get("enum");
    }
}
