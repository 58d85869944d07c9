package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.config.Setting;
import maw.llm.standin.OllamaStandIn;
import maw.testing.Await;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * docker-compose.yml and the Dockerfile, checked without a Docker engine: what they name exists and fits together,
 * every setting they pass is one MAW knows, and then the stack's services run as their containers would (the same
 * commands, the same environment, the ejabberd of the Dockerfile's own settings), only as processes on this machine:
 * a whole game of model seats (the model stood in for) with a person taking the open seat.
 */
class ComposeStackTest {

    private static final Path HOME = TestXmpp.home();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern VAR = Pattern.compile("\\$\\{(\\w+)(?:(:?-)([^}]*))?}");
    private static final Pattern INNERMOST = Pattern.compile("(?<!\\$)\\$\\{(\\w+)(?:(:?-)([^${}]*))?}");

    @TempDir
    Path dir;

    private Process ejabberd;
    private final List<Process> services = new ArrayList<>();
    private final int port = TestXmpp.freePort();
    private final int httpPort = TestXmpp.freePort();
    private final int distPort = TestXmpp.freePort();

    @AfterEach
    void stop() throws Exception {
        for (Process p : services) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (ejabberd != null && ejabberd.isAlive()) {
            ejabberd.destroy();
            ejabberd.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The compose file as compose reads it: SnakeYAML resolves its anchors and aliases (Jackson's YAML does not). */
    private static JsonNode compose() throws IOException {
        try (var in = Files.newBufferedReader(HOME.resolve("docker-compose.yml"))) {
            Object tree = new org.yaml.snakeyaml.Yaml().load(in);
            return YAML.valueToTree(tree);
        }
    }

    private static List<String> dockerfile() throws IOException {
        return Files.readAllLines(HOME.resolve("Dockerfile"));
    }

    /** Compose's interpolation: ${VAR:-default}, ${VAR-default}, ${VAR}; $$ is a dollar. */
    static String interpolate(String text, Map<String, String> env) {
        // Innermost first, as Compose reads a default that is itself a variable: ${A:-${B:-6}}.
        String done = text;
        for (Matcher m = INNERMOST.matcher(done); m.find(); m = INNERMOST.matcher(done)) {
            StringBuilder out = new StringBuilder();
            do {
                String value = env.get(m.group(1));
                if (value == null || (value.isEmpty() && ":-".equals(m.group(2)))) {
                    value = m.group(2) == null ? "" : m.group(3);
                }
                m.appendReplacement(out, Matcher.quoteReplacement(value.replace("$", "\u0000")));
            } while (m.find());
            m.appendTail(out);
            done = out.toString();
        }
        return done.replace("\u0000", "$").replace("$$", "$");
    }

    @Test
    void theFilesFitTogether() throws Exception {
        JsonNode c = compose();
        JsonNode services = c.get("services");
        assertThat(services.fieldNames()).toIterable()
                .contains("ejabberd", "ollama", "game", "human").doesNotContain("ollama-pull");
        Set<String> stages = new LinkedHashSet<>();
        for (String line : dockerfile()) {
            Matcher m = Pattern.compile("^FROM \\S+ AS (\\w+)$").matcher(line.strip());
            if (m.matches()) {
                stages.add(m.group(1));
            }
            Matcher copy = Pattern.compile("^COPY (?!--from)(\\S+) ").matcher(line.strip());
            if (copy.find()) {
                assertThat(HOME.resolve(copy.group(1))).as("COPY " + copy.group(1)).exists();
            }
        }
        assertThat(stages).contains("build", "app", "ejabberd");
        services.forEach(s -> {
            if (s.has("build")) {
                assertThat(stages).contains(s.get("build").get("target").asText());
            }
        });
        assertThat(HOME.resolve("docker/maw")).isExecutable();
        assertThat(services.get("ejabberd").get("healthcheck").get("test").toString()).contains("status");
        assertThat(services.get("ollama").has("healthcheck")).isTrue();
        // The model service only with the "model" profile (on in .env): a rule-bot stack has none.
        assertThat(services.get("ollama").get("profiles").toString()).contains("model");
        assertThat(Files.readString(HOME.resolve(".env"))).containsPattern("(?m)^COMPOSE_PROFILES=model$");
        JsonNode game = services.get("game").get("depends_on");
        assertThat(game.get("ejabberd").get("condition").asText()).isEqualTo("service_healthy");
        assertThat(game.get("ollama").get("condition").asText()).isEqualTo("service_healthy");
        assertThat(game.get("ollama").get("required").asBoolean(true)).isFalse();
        // The stack ends with the game: its servers run under until-game-over, which the game's marker stops.
        assertThat(HOME.resolve("docker/until-game-over")).isExecutable();
        for (String server : List.of("ejabberd", "ollama")) {
            assertThat(services.get(server).get("entrypoint").get(0).asText()).endsWith("maw-until-game-over");
        }
        assertThat(services.get("game").get("environment").get("MAW_GAME_OVER").asText())
                .isEqualTo("/run/maw-stack/game-over");
        // Nothing built or run here goes into the build context; nothing fetches a Dockerfile front end.
        assertThat(Files.readAllLines(HOME.resolve(".dockerignore"))).contains(".git", "**/target", "var");
        assertThat(dockerfile()).noneMatch(l -> l.startsWith("# syntax="));
        JsonNode human = services.get("human");
        assertThat(human.get("profiles").toString()).contains("human");
        assertThat(human.get("stdin_open").asBoolean()).isTrue();
        assertThat(human.get("tty").asBoolean()).isTrue();

        // Every MAW_* variable the services get is a setting MAW reads.
        Set<String> known = new LinkedHashSet<>(List.of("MAW_LOG_DIR", "MAW_CONFIG", "MAW_GAME_OVER"));
        for (Setting s : Setting.values()) {
            known.add(s.envName());
        }
        for (String svc : List.of("game", "human")) {
            JsonNode env = services.get(svc).get("environment");
            assertThat(env.isObject()).as(svc + " environment").isTrue();
            assertThat(env.size()).isGreaterThan(5);
            env.fieldNames().forEachRemaining(k -> assertThat(known).as(svc + " environment").contains(k));
        }
        // Every variable the compose file reads is explained in .env.example.
        String compose = Files.readString(HOME.resolve("docker-compose.yml"));
        String example = Files.readString(HOME.resolve(".env.example"));
        Matcher m = VAR.matcher(compose);
        while (m.find()) {
            assertThat(example).as(".env.example explains " + m.group(1)).containsPattern("(?m)^#?\\s*" + m.group(1) + "=");
        }
        // The services' commands are ones maw takes.
        for (String svc : List.of("game", "human")) {
            List<String> args = new ArrayList<>();
            services.get(svc).get("command").forEach(a -> args.add(interpolate(a.asText(), Map.of())));
            Main.fullCommandLine().parseArgs(args.toArray(String[]::new));
        }
    }

    @Test
    void theFilesAreValidForDockerCompose() throws Exception {
        List<String> tool = composeTool();
        org.junit.jupiter.api.Assumptions.assumeTrue(tool != null, "no Compose v2 here (the compose file's "
                + "depends_on.required needs 2.20 or newer; ./maw test as root brings one with its Docker engine)");
        List<String> cmd = new ArrayList<>(tool);
        cmd.addAll(List.of("-f", HOME.resolve("docker-compose.yml").toString(), "config", "-q"));
        Process p = new ProcessBuilder(cmd).directory(HOME.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    @Test
    void theServicesPlayAWholeGameWithAPersonInTheOpenSeat() throws Exception {
        JsonNode services = compose().get("services");
        // The ejabberd service, as its image runs it: the Dockerfile's environment and command, on free ports.
        Map<String, String> xmppEnv = dockerfileEnv("ejabberd");
        xmppEnv.put("MAW_XMPP_HOME", dir.resolve("xmpp").toString());
        xmppEnv.put("MAW_XMPP_PORT", Integer.toString(port));
        xmppEnv.put("MAW_XMPP_HTTP_PORT", Integer.toString(httpPort));
        xmppEnv.put("MAW_XMPP_DIST_PORT", Integer.toString(distPort));
        ProcessBuilder pb = new ProcessBuilder(HOME.resolve("xmpp-config/maw-xmpp").toString(), "run")
                .redirectErrorStream(true).redirectOutput(dir.resolve("ejabberd.log").toFile());
        pb.environment().putAll(xmppEnv);
        ejabberd = pb.start();
        waitHealthy(xmppEnv);

        try (OllamaStandIn model = new OllamaStandIn().delay(java.time.Duration.ofMillis(50))) {
            // Compose's variables as a user sets them in .env, and the names the services reach each other by.
            Map<String, String> vars = new HashMap<>(Map.of("MAW_DAY_SECONDS", "20", "MAW_NIGHT_SECONDS", "20",
                    "MAW_LOBBY_SECONDS", "30", "MAW_LLM_THINK_SECONDS", "0.2", "MAW_LLM_BASE_URL", model.baseUrl(),
                    "HUMAN_NAME", "Zed"));
            Map<String, String> env = new LinkedHashMap<>();
            services.get("game").get("environment").properties().forEach(e -> env.put(e.getKey(),
                    interpolate(e.getValue().asText(), vars).replace("ejabberd:5280", "127.0.0.1:" + httpPort)
                            .replace("/xmpp-tls/", dir.resolve("xmpp/tls").toString() + "/")));
            env.put("MAW_XMPP_HOST", "127.0.0.1");
            env.put("MAW_XMPP_PORT", Integer.toString(port));
            env.put("MAW_LOG_DIR", dir.toString());
            env.put("MAW_GAMES_DIR", dir.resolve("games").toString());

            // Seed 7 deals the person a villager: the game needs nobody at night who only watches.
            List<String> gameArgs = new ArrayList<>(command(services.get("game"), vars));
            gameArgs.addAll(List.of("--seed", "7"));
            Process game = start(gameArgs, env, dir.resolve("game.out"));
            // The human service joins while the game waits for its open seat.
            waitForText(dir.resolve("game.out"), "open seat");
            Process human = start(command(services.get("human"), vars), env, dir.resolve("human.out"));
            human.getOutputStream().write("/wait day 1\nHello from the human service.\n/vote Alice\n/wait end\n"
                    .getBytes(StandardCharsets.UTF_8));
            human.getOutputStream().close();
            assertThat(game.waitFor(180, TimeUnit.SECONDS)).as(Files.readString(dir.resolve("game.out"))).isTrue();
            assertThat(human.waitFor(30, TimeUnit.SECONDS)).as(Files.readString(dir.resolve("human.out"))).isTrue();
            String gameOut = Files.readString(dir.resolve("game.out"));
            String humanOut = Files.readString(dir.resolve("human.out"));
            assertThat(game.exitValue()).as(gameOut).isZero();
            assertThat(human.exitValue()).as(humanOut).isZero();
            assertThat(gameOut).contains("external server, accounts created through its API")
                    .contains("lobby: Zed joined").contains("Final leaderboard").contains("model seats:");
            assertThat(humanOut).contains("You sit at the table as Zed")
                    .contains("[Village] Zed says: \"Hello from the human service.\"").contains("The game is over.");
            assertThat(model.calls()).isNotEmpty();
        }
    }

    private static List<String> command(JsonNode service, Map<String, String> vars) {
        List<String> args = new ArrayList<>();
        service.get("command").forEach(a -> args.add(interpolate(a.asText(), vars)));
        return args;
    }

    private Process start(List<String> args, Map<String, String> env, Path out) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(MawProcess.command(args)).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        services.add(p);
        return p;
    }

    private void waitHealthy(Map<String, String> env) {
        // What compose's healthcheck runs: maw-xmpp status.
        Await.value("ejabberd is healthy", java.time.Duration.ofSeconds(60), java.time.Duration.ofMillis(200), () -> {
            ProcessBuilder pb = new ProcessBuilder(HOME.resolve("xmpp-config/maw-xmpp").toString(), "status")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().putAll(env);
            if (pb.start().waitFor() == 0) {
                return true;
            }
            assertThat(ejabberd.isAlive()).as(Files.readString(dir.resolve("ejabberd.log"))).isTrue();
            return null;
        });
    }

    private static void waitForText(Path file, String text) {
        Await.value(file + " says " + text, java.time.Duration.ofSeconds(60), java.time.Duration.ofMillis(20),
                () -> Files.exists(file) && Files.readString(file).contains(text) ? true : null);
    }

    /** The ENV lines of one stage of the Dockerfile. */
    private static Map<String, String> dockerfileEnv(String stage) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        boolean in = false;
        StringBuilder logical = new StringBuilder();
        for (String raw : dockerfile()) {
            String line = raw.strip();
            if (line.startsWith("FROM ")) {
                in = line.endsWith(" AS " + stage);
                continue;
            }
            if (!in) {
                continue;
            }
            logical.append(line.endsWith("\\") ? line.substring(0, line.length() - 1) + " " : line);
            if (line.endsWith("\\")) {
                continue;
            }
            String full = logical.toString().strip();
            logical.setLength(0);
            if (full.startsWith("ENV ")) {
                for (String pair : full.substring(4).trim().split("\\s+")) {
                    int eq = pair.indexOf('=');
                    env.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
        }
        assertThat(env).as("ENV of stage " + stage).isNotEmpty();
        return env;
    }

    /** A Compose v2 command (the plugin, or a standalone docker-compose of version 2), or null. */
    private static List<String> composeTool() {
        for (List<String> tool : List.of(List.of("docker", "compose"), List.of("docker-compose"))) {
            try {
                List<String> cmd = new ArrayList<>(tool);
                cmd.addAll(List.of("version", "--short"));
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 && version.matches("v?2\\..*")) {
                    return tool;
                }
            } catch (IOException | InterruptedException e) {
                // not this one
            }
        }
        return null;
    }

}
