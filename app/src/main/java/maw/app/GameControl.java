package maw.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import maw.agents.GameAgent;
import maw.agents.WatchCatalog;
import maw.config.ConfigException;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.OneShotBehaviour;
import maw.runtime.Performative;
import maw.runtime.TransportException;

/**
 * The host's hand on a game's clock from another process: pause, step, resume, or ask where it stands, at a GameMaster
 * anywhere on the server, with its watch token ({@code ./maw control}).
 */
public final class GameControl {

    /** How long the GameMaster has to answer. */
    static final Duration ANSWER = Duration.ofSeconds(10);

    private GameControl() {}

    /** Asks {@code master} to do {@code action}; returns its {@code clock}, or throws with its refusal in words. */
    public static JsonNode ask(AgentNetwork network, Jid master, String token, WatchCatalog.ClockAction action,
            WatchCatalog.StepUnit unit) throws InterruptedException {
        String local = master.local() + "-control-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(3));
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        network.provision(Map.of(local, password));
        CompletableFuture<Message> answer = new CompletableFuture<>();
        GameAgent host = new GameAgent(Jid.of(local, network.transport().domain()), password) {
            @Override
            protected void setup() {
                addBehaviour(OneShotBehaviour.of("control", self -> answer.complete(self.ask(Message.builder()
                        .to(master).performative(Performative.REQUEST).ontology(ONTOLOGY)
                        .body(new WatchCatalog.Control(null, action, unit, token)).build(), ANSWER))));
            }
        };
        try {
            host.start(network.transport());
            Message m = answer.get(ANSWER.toMillis() + 5_000, TimeUnit.MILLISECONDS);
            if (m == null) {
                throw new ConfigException("the GameMaster " + master + " did not answer within " + ANSWER.toSeconds()
                        + " s (is its game running, and on this server?)");
            }
            JsonNode body = m.json();
            if (!m.is(Performative.AGREE)) {
                throw new ConfigException("the GameMaster " + master + " refused: " + body.path("reason").asText(
                        m.body()));
            }
            return body;
        } catch (TransportException e) {
            throw new ConfigException("cannot log in to ask " + master + ": " + e.getMessage());
        } catch (ExecutionException | TimeoutException e) {
            throw new ConfigException("the GameMaster " + master + " did not answer: " + e);
        } finally {
            host.stop();
        }
    }

    /** A clock as one line: "paused in day 2, 41 s left, 3 act(s) held". */
    public static String describe(JsonNode clock) {
        String phase = clock.path("phase").asText();
        String where = phase.equals("lobby") ? "in the lobby" : "in " + phase + " " + clock.path("day").asInt()
                + (clock.hasNonNull("step") ? " step " + clock.path("step").asInt() : "");
        String state = clock.path("paused").asBoolean() ? "paused" : clock.hasNonNull("stepping")
                ? "stepping to the next " + clock.path("stepping").asText() : "running";
        return "game " + clock.path("game").asText() + ": " + state + " " + where
                + (phase.equals("lobby") ? "" : ", " + Math.round(clock.path("left_ms").asLong() / 1000.0) + " s left")
                + (clock.path("held").asInt() > 0 ? ", " + clock.path("held").asInt() + " act(s) held" : "");
    }
}
