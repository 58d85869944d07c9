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
 * {@code docker compose up} for real, where a Docker engine runs: the images are built from the Dockerfile, ejabberd
 * and Ollama start, and the game service plays a whole game (rule bots here, so that no model of several gigabytes
 * is pulled; ComposeStackTest runs the same services with model seats, without Docker). Skipped where no Docker
 * engine answers.
 */
@Testcontainers(disabledWithoutDocker = true)
class DockerStackTest {

    @Test
    void dockerComposeUpPlaysAWholeGame() {
        ToStringConsumer gameLog = new ToStringConsumer();
        ComposeContainer stack = new ComposeContainer(new File(TestXmpp.home().toFile(), "docker-compose.yml"))
                .withBuild(true)
                .withEnv(Map.of("MAW_BOTS", "rule", "OLLAMA_PULL", "", "MAW_OPEN_SEATS", "0",
                        "MAW_DAY_SECONDS", "30", "MAW_NIGHT_SECONDS", "30"))
                .withLogConsumer("game", gameLog)
                .waitingFor("game", Wait.forLogMessage(".*Final leaderboard.*\\n", 1)
                        .withStartupTimeout(Duration.ofMinutes(20)));
        try {
            stack.start();
            assertThat(gameLog.toUtf8String()).contains("external server, accounts created through its API")
                    .contains("Day 1 begins").contains("Final leaderboard");
        } finally {
            stack.stop();
        }
    }
}
