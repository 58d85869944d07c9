package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import maw.testing.Await;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docker compose up} for real, from the shipped docker-compose.yml and Dockerfile, on a private Docker engine
 * ({@code docker/engine}: dockerd on its own socket, base images built locally with debootstrap, Compose v2): a whole
 * game of model seats to its final leaderboard, a person joining from the {@code human} service with piped input, the
 * stack ending by itself with the game, then torn down. Only the Ollama image is replaced (no registry, no model
 * weights here): MAW's Ollama stand-in, answering as {@code ollama serve}. Skipped, with the engine's reason, where
 * the engine cannot run (not root, no kernel support).
 */
class ComposeUpTest {

    private static final Path HOME = TestXmpp.home();

    @TempDir
    Path dir;

    private final Map<String, String> env = new LinkedHashMap<>();

    @Test
    void dockerComposeUpPlaysAWholeGameOfModelSeatsWithAPersonFromTheHumanService() throws Exception {
        boolean wasRunning = run(dir.resolve("status.out"), 10, HOME.resolve("docker/engine").toString(), "status")
                == 0;
        Path started = dir.resolve("engine.out");
        int start = run(started, 180, HOME.resolve("docker/engine").toString(), "start");
        String engineOut = Files.readString(started);
        Assumptions.assumeTrue(start != 3, () -> "no Docker engine here: " + engineOut.lines()
                .filter(l -> l.contains("unavailable")).findFirst().orElse(engineOut.strip()));
        assertThat(start).as(engineOut).isZero();
        engineOut.lines().filter(l -> l.matches("[A-Z_]+=.*")).forEach(l -> env.put(l.substring(0, l.indexOf('=')),
                l.substring(l.indexOf('=') + 1)));
        assertThat(env).containsKeys("DOCKER_HOST", "DOCKER_CONFIG");
        String project = "mawtest" + Long.toHexString(System.nanoTime() & 0xffffff);
        try {
            progress("base images (built once with debootstrap, then kept by the engine) ...");
            assertThat(run(dir.resolve("images.out"), 900, HOME.resolve("docker/engine").toString(), "images"))
                    .as(Files.readString(dir.resolve("images.out"))).isZero();
            progress("docker compose build ...");
            assertThat(compose(dir.resolve("build.out"), 900, project, "build"))
                    .as(tail(dir.resolve("build.out"))).isZero();
            progress("the ollama/ollama image: MAW's Ollama stand-in ...");
            assertThat(run(dir.resolve("standin.out"), 300, "docker", "build", "-q", "-t", "ollama/ollama:latest",
                    HOME.resolve("cli/src/test/docker/ollama-standin").toString()))
                    .as(Files.readString(dir.resolve("standin.out"))).isZero();

            // The README's command, with short timers: the stack's own Ollama, five model seats and an open seat.
            env.putAll(Map.of("MAW_DAY_SECONDS", "12", "MAW_NIGHT_SECONDS", "8", "MAW_LOBBY_SECONDS", "90",
                    "MAW_LLM_THINK_SECONDS", "0.5", "HUMAN_NAME", "Zed"));
            progress("docker compose up ...");
            Path upOut = dir.resolve("up.out");
            Process up = start(upOut, project, "up");
            Await.until("the game waits for its open seat", java.time.Duration.ofMinutes(5),
                    () -> read(upOut).contains("open seat") || !up.isAlive());
            assertThat(up.isAlive()).as(tail(upOut)).isTrue();
            progress("docker compose run human ...");
            Path humanOut = dir.resolve("human.out");
            Process human = start(humanOut, project, "run", "--rm", "-T", "human");
            human.getOutputStream().write("/wait day 1\nHello from the human service.\n/vote Alice\n/wait end\n"
                    .getBytes(StandardCharsets.UTF_8));
            human.getOutputStream().close();
            // The stack ends by itself when the game does: its servers stop on the game's word.
            assertThat(up.waitFor(6, TimeUnit.MINUTES)).as(tail(upOut)).isTrue();
            assertThat(human.waitFor(1, TimeUnit.MINUTES)).as(tail(humanOut)).isTrue();
            String upLog = read(upOut);
            String humanLog = read(humanOut);
            assertThat(up.exitValue()).as(tail(upOut)).isZero();
            assertThat(human.exitValue()).as(humanLog).isZero();
            assertThat(upLog).contains("pulling llama3.1 onto http://ollama:11434").contains("success")
                    .contains("external server, accounts created through its API").contains("lobby: Zed joined")
                    .contains("Day 1 begins").contains("Final leaderboard").contains("model seats:")
                    .contains("the game is over (exit status 0)")
                    // ejabberd's API calls show in the output without their arguments (the accounts' passwords).
                    .contains("API call register (arguments not shown)").doesNotContain("<<\"password\">>")
                    .doesNotContain("newpass");
            assertThat(humanLog).contains("You sit at the table as Zed")
                    .contains("[Village] Zed says: \"Hello from the human service.\"").contains("The game is over.");
            Path ps = dir.resolve("ps.out");
            compose(ps, 60, project, "ps", "-a", "--format", "{{.Service}} {{.State}} {{.ExitCode}}");
            assertThat(read(ps).lines().map(String::strip).sorted().toList())
                    .containsExactly("ejabberd exited 0", "game exited 0", "ollama exited 0");

            // A stack of rule bots, or of a model elsewhere, has no model service at all.
            Map<String, String> ruleBots = new LinkedHashMap<>(env);
            env.put("COMPOSE_PROFILES", "");
            env.put("MAW_BOTS", "rule");
            Path services = dir.resolve("services.out");
            assertThat(compose(services, 60, project, "config", "--services")).isZero();
            assertThat(read(services).lines().toList()).contains("ejabberd", "game").doesNotContain("ollama");
            env.clear();
            env.putAll(ruleBots);

            // The cluster profile: two more ejabberd nodes join the first, and a tournament over the three, its games
            // handed by the director to two workers in containers of their own.
            progress("docker compose up tournament worker, with the cluster profile ...");
            Map<String, String> before = new LinkedHashMap<>(env);
            env.putAll(Map.of("COMPOSE_PROFILES", "cluster", "MAW_XMPP_HOST", "ejabberd,ejabberd2,ejabberd3",
                    "MAW_TOURNAMENT_GAMES", "6", "MAW_WORKER_TABLES", "1"));
            Path tournamentOut = dir.resolve("tournament.out");
            Process tournament = start(tournamentOut, project + "w", "up", "--exit-code-from", "tournament",
                    "tournament", "worker");
            // While the workers play, every node holds some of the tables' agents.
            Await.until("the second game's result", java.time.Duration.ofMinutes(4),
                    () -> read(tournamentOut).contains("2/6 games") || !tournament.isAlive());
            // All three asked at once, while the tournament still runs (one after another, the last could find the
            // stack already stopping on a busy machine).
            List<Process> asked = new ArrayList<>();
            for (String node : List.of("ejabberd", "ejabberd2", "ejabberd3")) {
                asked.add(start(dir.resolve(node + ".status"), project + "w", "exec", "-T", node,
                        "/opt/maw/xmpp-config/maw-xmpp", "status"));
            }
            List<String> nodes = new ArrayList<>();
            for (int i = 0; i < asked.size(); i++) {
                assertThat(asked.get(i).waitFor(60, TimeUnit.SECONDS)).isTrue();
                nodes.add(read(dir.resolve(List.of("ejabberd", "ejabberd2", "ejabberd3").get(i) + ".status")).strip());
            }
            assertThat(tournament.waitFor(6, TimeUnit.MINUTES)).as(tail(tournamentOut)).isTrue();
            assertThat(tournament.exitValue()).as(tail(tournamentOut)).isZero();
            assertThat(nodes).as(String.join("\n", nodes)).allSatisfy(line -> assertThat(line)
                    .containsPattern(" [1-9][0-9]* connected here \\([0-9]+ in the cluster\\)"));
            String played = read(tournamentOut);
            assertThat(played).contains("game(s) to hand out").contains("final standings (6 games)")
                    .contains("on xmpp ejabberd:5222,ejabberd2:5222,ejabberd3:5222");
            assertThat(played.lines().filter(l -> l.contains("result sent")).map(l -> l.substring(0, l.indexOf('|')))
                    .map(String::strip).distinct().toList()).as("both workers played").hasSize(2);
            Path nodeLog = dir.resolve("ejabberd3.log");
            compose(nodeLog, 60, project + "w", "logs", "ejabberd3");
            assertThat(read(nodeLog)).contains("maw@ejabberd3 joined the cluster of maw@ejabberd");
            compose(dir.resolve("down-workers.out"), 120, project + "w", "down", "-v", "--remove-orphans");
            env.clear();
            env.putAll(before);
        } finally {
            compose(dir.resolve("down.out"), 120, project, "down", "-v", "--remove-orphans");
            compose(dir.resolve("down-workers.out"), 120, project + "w", "down", "-v", "--remove-orphans");
            if (!wasRunning && System.getenv("DOCKER_HOST") == null) {
                // Started here: stopped here, and the machine's network must be as the engine found it.
                Path stopped = dir.resolve("stop.out");
                assertThat(run(stopped, 120, HOME.resolve("docker/engine").toString(), "stop"))
                        .as(read(stopped)).isZero();
                assertThat(read(stopped)).contains("the network is as it was before the engine started");
            }
        }
    }

    private static void progress(String what) {
        maw.testing.Progress.say("compose test: " + what);
    }

    private int compose(Path out, long seconds, String project, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("docker", "compose", "-p", project));
        cmd.addAll(List.of(args));
        return run(out, seconds, cmd.toArray(String[]::new));
    }

    private Process start(Path out, String project, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("docker", "compose", "-p", project));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    private int run(Path out, long seconds, String... cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(HOME.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " took more than " + seconds + " s: " + tail(out));
        }
        return p.exitValue();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(Path file) {
        String s = read(file);
        return s.length() > 6000 ? "..." + s.substring(s.length() - 6000) : s;
    }
}
