package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.time.Duration;
import java.util.Map;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.ComposeContainer;
import org.testcontainers.containers.output.ToStringConsumer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * The compose stack through Testcontainers, as a Java project that embeds MAW would start it: the rule-bot stack
 * ({@code MAW_BOTS=rule COMPOSE_PROFILES=}), which has no model service at all, plays a whole game. Runs where a Docker
 * engine answers ({@code ./maw test} starts its private one as root and hands Testcontainers its socket; base images
 * and the stand-in Ollama image are those ComposeUpTest builds); skipped cleanly elsewhere.
 */
@Testcontainers(disabledWithoutDocker = true)
class DockerStackTest {

    @Test
    void aRuleBotStackPlaysAWholeGameWithoutAModelService() throws Exception {
        // The images the stack builds from need their base images on this engine (no registry is reachable).
        ProcessBuilder images = new ProcessBuilder(TestXmpp.home().resolve("docker/engine").toString(), "images")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        assertThat(images.start().waitFor()).isZero();
        ToStringConsumer gameLog = new ToStringConsumer();
        ComposeContainer stack = new ComposeContainer(new File(TestXmpp.home().toFile(), "docker-compose.yml"))
                .withBuild(true)
                .withPull(false)
                .withEnv(Map.of("MAW_BOTS", "rule", "COMPOSE_PROFILES", "", "MAW_OPEN_SEATS", "0",
                        "MAW_DAY_SECONDS", "6", "MAW_NIGHT_SECONDS", "4"))
                .withLogConsumer("game", gameLog)
                .waitingFor("game", Wait.forLogMessage(".*Final leaderboard.*\\n", 1)
                        .withStartupTimeout(Duration.ofMinutes(10)));
        try {
            stack.start();
            // The wait strategy follows the log on its own: the consumer may be a frame behind it.
            maw.testing.Await.until("the game's log shows the leaderboard", Duration.ofSeconds(30),
                    () -> gameLog.toUtf8String().contains("Final leaderboard"));
            assertThat(gameLog.toUtf8String()).contains("external server, accounts created through its API")
                    .contains("6 rule bots").contains("Day 1 begins").contains("Final leaderboard");
            assertThat(stack.getContainerByServiceName("ollama")).isEmpty();
        } finally {
            stack.stop();
        }
    }
}
