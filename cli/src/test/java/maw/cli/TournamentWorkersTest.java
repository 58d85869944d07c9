package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import maw.runtime.Json;
import maw.testing.Await;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import maw.tournament.Tournament;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament handed to workers over XMPP (the Contract Net protocol), every side a process of its own: 30 games on
 * workers of one table each; one worker killed (kill -9) mid-tournament, the director killed (kill -9) and resumed, a
 * worker that joins late; every game is in the results exactly once.
 */
class TournamentWorkersTest {

    @TempDir
    Path dir;

    private final List<MawProcess.Started> processes = new ArrayList<>();

    @AfterEach
    void stopAll() {
        processes.forEach(p -> p.process().destroyForcibly());
    }

    private MawProcess.Started start(List<String> args) throws IOException {
        List<String> all = new ArrayList<>(args);
        all.addAll(TestXmpp.get().cliSettings());
        MawProcess.Started p = MawProcess.start(dir, all);
        processes.add(p);
        return p;
    }

    private MawProcess.Started worker(String name, String director) throws IOException {
        return start(List.of("worker", "--tables", "1", "--director", director, "--name", name, "--key-file",
                dir.resolve("tournament").resolve("worker.key").toString()));
    }

    /** The results file's lines: one game number each. */
    private static List<Integer> results(Path out) {
        List<Integer> games = new ArrayList<>();
        try {
            if (!Files.exists(out.resolve(Tournament.RESULTS))) {
                return games;
            }
            for (String line : Files.readAllLines(out.resolve(Tournament.RESULTS))) {
                if (!line.isBlank()) {
                    games.add(Json.MAPPER.readTree(line).get("game").asInt());
                }
            }
        } catch (IOException e) {
            // read again next time
        }
        return games;
    }

    @Test
    void thirtyGamesOnWorkersSurviveAWorkerAndTheDirectorKilledAndTakeALateWorker() throws Exception {
        String run = Long.toString(System.nanoTime() % 1_000_000, 36);
        String director = "dir-" + run;
        Path out = dir.resolve("tournament");
        MawProcess.Started first = start(List.of("tournament", "--workers", "--director", director, "--games", "30",
                "--seats", "rule:6", "--out", out.toString(), "--seed", "7"));
        Await.until("the director waits for workers", Duration.ofMinutes(2),
                () -> first.output().contains("workers join with") || !first.process().isAlive());
        MawProcess.Started doomed = worker("wa-" + run, director);
        MawProcess.Started steady = worker("wb-" + run, director);

        Await.until("three results", Duration.ofMinutes(3), () -> results(out).size() >= 3);
        doomed.process().destroyForcibly().waitFor();
        Await.until("ten results", Duration.ofMinutes(3), () -> results(out).size() >= 10);
        first.process().destroyForcibly().waitFor();
        int before = results(out).size();
        assertThat(before).isLessThan(30);

        MawProcess.Started resumed = start(List.of("tournament", "--resume", out.toString()));
        MawProcess.Started late = worker("wc-" + run, director);
        assertThat(resumed.waitFor(300)).as(resumed.output()).isZero();

        List<Integer> games = results(out);
        assertThat(games).as("every game once").hasSize(30).doesNotHaveDuplicates();
        assertThat(new TreeSet<>(games)).first().isEqualTo(1);
        assertThat(new TreeSet<>(games)).last().isEqualTo(30);
        assertThat(resumed.output()).contains("resuming: " + before + " of 30 games played already")
                .contains("final standings (30 games)");
        assertThat(steady.output()).contains("result sent");
        assertThat(late.output()).as("the late worker got games").contains("result sent");
        assertThat(first.output()).contains("worker wa-" + run).contains("worker wb-" + run);
        assertThat(first.output() + resumed.output()).as("a worker of one table holds at most its table's games")
                .doesNotContainPattern("playing \\[\\d+, \\d+, \\d+, \\d+, \\d+");
    }
}
