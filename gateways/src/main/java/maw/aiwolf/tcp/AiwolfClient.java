package maw.aiwolf.tcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.client.ClientGame;

/**
 * One of our seats as a TCP agent of an AIWolf server (the official one, or ours): it answers {@code NAME} and
 * {@code ROLE}, follows each game from the packets (the roles, the day's talk and whispers, votes, executions,
 * divinations and readings, deaths) and answers {@code TALK}, {@code WHISPER}, {@code VOTE}, {@code DIVINE},
 * {@code GUARD} and {@code ATTACK} with the mind it was given, in the server's words ({@code {"agentIdx":N}}). It never
 * answers the requests that expect no answer. It plays every game the server runs on the connection, until the
 * server closes it. What a packet means and what to answer is {@link ClientGame}'s, in the {@link TcpDialect}.
 */
public final class AiwolfClient {

    /**
     * A mind for a game: from our agent name ({@code Agent[03]}), the table (Agent[01]... in order), and how long the
     * server gives an answer.
     */
    public interface Minds {
        AiwolfPlayer mind(String me, List<String> agents, long seed, Duration timeLimit);
    }

    /** What a connection played. */
    public record Played(String name, int games, int requests, List<String> winners) {}

    private final ClientGame game;

    /**
     * @param name        the agent's name (NAME)
     * @param roleRequest the role it asks for (ROLE), or null for none
     * @param minds       what plays each game ({@link AiwolfBots#rules} for our rule agent)
     * @param log         where to tell what happens (a line per game)
     */
    public AiwolfClient(String name, String roleRequest, Minds minds, long seed, Consumer<String> log) {
        this.game = new ClientGame(name, roleRequest, new TcpDialect(),
                (me, agents, s, limit, talk) -> minds.mind(me, agents, s, limit), seed, log);
    }

    /** Our rule-based AIWolf agent. */
    public static Minds rules() {
        return (me, agents, seed, limit) -> AiwolfBots.rules(me, agents, seed);
    }

    /** Connects and plays until the server closes the connection. */
    public Played play(String host, int port, Duration connectTimeout) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
            socket.setTcpNoDelay(true);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            OutputStream out = socket.getOutputStream();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                String answer = game.answer(line);
                if (answer != null) {
                    out.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
        }
        return new Played(game.name(), game.games(), game.requests(), game.winners());
    }
}
