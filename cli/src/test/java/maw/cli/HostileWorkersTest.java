package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import maw.agents.TournamentCatalog;
import maw.app.WorkerKey;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.testing.Await;
import maw.testing.MawProcess;
import maw.testing.Probe;
import maw.testing.TestXmpp;
import maw.tournament.Tournament;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tournament's director among hostile accounts of its server, replayed as they would: an account that is no worker
 * announces itself, proposes and sends made-up results; a worker that holds the key takes games and keeps announcing
 * them as played without ever sending a result, and sends one for a game never awarded to it. None of it counts: the
 * director hears only workers that show its key, counts a result only from the worker its game is awarded to, and
 * gives a silent award to another worker when its deadline passes, whatever the first announces.
 */
class HostileWorkersTest {

    @TempDir
    Path dir;

    private final TestXmpp xmpp = TestXmpp.get();
    private final List<MawProcess.Started> processes = new ArrayList<>();
    private final List<Probe> probes = new ArrayList<>();

    @AfterEach
    void stopAll() {
        processes.forEach(p -> p.process().destroyForcibly());
        probes.forEach(Probe::stop);
    }

    private MawProcess.Started start(List<String> args) throws IOException {
        List<String> all = new ArrayList<>(args);
        all.addAll(xmpp.cliSettings());
        MawProcess.Started p = MawProcess.start(dir, all);
        processes.add(p);
        return p;
    }

    private Probe probe(String prefix) throws Exception {
        Jid jid = xmpp.account(prefix);
        Probe p = new Probe(jid, TestXmpp.password(jid.local()));
        p.start(xmpp.transport());
        probes.add(p);
        return p;
    }

    /** The next message of {@code type} to {@code probe}. */
    private static Message next(Probe probe, String type) throws InterruptedException {
        for (int i = 0; i < 20; i++) {
            Message m = probe.next();
            if (type.equals(m.bodyType())) {
                return m;
            }
        }
        throw new AssertionError(probe.jid() + " was not sent " + type);
    }

    /** A made-up record of {@code game}: the schedule's seats would not match, nor its seed. */
    private static JsonNode forged(int game) {
        return Json.MAPPER.valueToTree(Map.of("game", game, "seed", 1, "round", 1, "rules", "maw", "seats",
                Map.of("A1", "mallory"), "roles", Map.of("A1", "werewolf"), "winner", "werewolves", "days", 1));
    }

    @Test
    void onlyKeyedWorkersTakePartAndOnlyTheAwardedWorkersResultsCount() throws Exception {
        String run = Long.toString(System.nanoTime() % 1_000_000, 36);
        Jid director = Jid.of("hd-" + run, xmpp.domain());
        Path out = dir.resolve("tournament");
        MawProcess.Started tournament = start(List.of("tournament", "--workers", "--director", director.local(),
                "--games", "5", "--seats", "rule:6", "--out", out.toString(), "--seed", "7", "--award-seconds",
                "10"));
        Await.until("the director waits for workers", Duration.ofMinutes(2),
                () -> tournament.output().contains("workers join with") || !tournament.process().isAlive());
        String id = "t7";

        // An account of the server that is no worker: refused once, then unheard; its results count for nothing.
        Probe intruder = probe("intruder");
        intruder.send(Message.of(director, Performative.INFORM, new TournamentCatalog.WorkerReady(4, 4, List.of(),
                null)));
        assertThat(next(intruder, "refusal").body()).contains("not_yours");
        intruder.send(Message.of(director, Performative.PROPOSE, new TournamentCatalog.GamesProposal(id, 4)));
        for (int g = 1; g <= 5; g++) {
            intruder.send(Message.of(director, Performative.INFORM, new TournamentCatalog.GameResult(id, g,
                    forged(g), null, "00")));
        }

        // A worker that holds the key, takes games, and sits on them announcing they are played.
        Probe slacker = probe("slacker");
        WorkerKey key = WorkerKey.forWorker(out.resolve("worker.key"), Duration.ofSeconds(10), line -> { });
        String proof = key.proof(slacker.jid(), director);
        slacker.send(Message.of(director, Performative.INFORM, new TournamentCatalog.WorkerReady(1, 1, List.of(),
                proof)));
        next(slacker, "call_for_games");
        slacker.send(Message.of(director, Performative.PROPOSE, new TournamentCatalog.GamesProposal(id, 1)));
        Message award = next(slacker, "games_award");
        List<Integer> held = award.bodyAs(TournamentCatalog.GamesAward.class).games();
        assertThat(held).as("a table's games, four at most").isNotEmpty().hasSizeLessThan(5);
        int other = java.util.stream.IntStream.rangeClosed(1, 5).filter(g -> !held.contains(g)).findFirst()
                .orElseThrow();
        slacker.send(Message.of(director, Performative.INFORM, new TournamentCatalog.GameResult(id, other,
                forged(other), null, proof)));
        assertThat(next(slacker, "refusal").body()).contains("not_yours").contains("not awarded to you");

        // An honest worker plays them all once the slacker's award has run out; the slacker keeps announcing.
        MawProcess.Started honest = start(List.of("worker", "--tables", "1", "--director", director.local(),
                "--name", "hw-" + run, "--key-file", out.resolve("worker.key").toString()));
        long until = System.nanoTime() + Duration.ofMinutes(4).toNanos();
        do { // a worker's heartbeat, until the tournament ends
            slacker.send(Message.of(director, Performative.INFORM, new TournamentCatalog.WorkerReady(1, 0, held,
                    proof)));
        } while (!tournament.process().waitFor(2, java.util.concurrent.TimeUnit.SECONDS)
                && System.nanoTime() < until);
        assertThat(tournament.waitFor(10)).as(tournament.output()).isZero();
        assertThat(tournament.output())
                .contains("is no worker of this director")
                .contains("game " + other + ": a result from " + slacker.jid().local() + ", to whom it is not "
                        + "awarded, is not counted")
                .contains("worker " + slacker.jid().local() + ": no result within 10 s: its games " + held)
                .contains("final standings (5 games)");
        assertThat(honest.output()).contains("result sent");
        List<String> lines = Files.readAllLines(out.resolve(Tournament.RESULTS));
        assertThat(lines).hasSize(5);
        for (String line : lines) {
            assertThat(line).doesNotContain("mallory");
        }
    }
}
