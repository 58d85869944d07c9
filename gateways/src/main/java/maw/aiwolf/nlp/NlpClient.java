package maw.aiwolf.nlp;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.NlTalk;
import maw.aiwolf.game.NlpRegulation;
import maw.aiwolf.client.ClientGame;

/**
 * One of our seats as an agent of the AIWolf NLP contest's server (the contest's own, or ours): it connects to
 * {@code ws://HOST:PORT/ws} (with a team token where the server asks for one), answers {@code NAME} with its name,
 * follows each game from the packets (its role and pack, the day's results, the talk and whisper histories, the
 * deaths) and answers {@code TALK}, {@code WHISPER}, {@code VOTE}, {@code DIVINE}, {@code GUARD} and {@code ATTACK}
 * with the mind it was given: talk in natural language, targets by name. It never answers a request that expects no
 * answer (INITIALIZE, DAILY_INITIALIZE, DAILY_FINISH, FINISH and any it does not know). A dropped connection is made
 * again under the same name (the server then tells the game again), and so is one the server closes after a game (as
 * the contest's server does after every game); it stops after its games, or when no connection or game comes within
 * its patience.
 */
public final class NlpClient {

    /** A mind for a game: our name, the table (in the server's order), how long it may take, the talk's limits. */
    public interface Minds {
        AiwolfPlayer mind(String me, List<String> agents, long seed, Duration timeLimit, NlTalk talk);
    }

    /** What a client played. */
    public record Played(String name, int games, int requests, int answers, int reconnections, List<String> winners) {}

    /** Our rule agent, talking plain English. */
    public static Minds rules() {
        return (me, agents, seed, limit, talk) -> AiwolfBots.natural(me, agents, AiwolfBots.rules(me, agents, seed));
    }

    private static final Object END = new Object();

    private final String name;
    private final String token;
    private final Minds minds;
    private final long seed;
    private final Consumer<String> log;
    /** A secret of this client's own, shown at every connection: a MAW server gives the seat back to it alone. */
    private final String seatToken;

    /** What a packet means and what to answer, in the contest's dialect. */
    private ClientGame game;
    private int reconnections;
    /** When the current connection last brought a packet, or the client last answered one. */
    private volatile long heardAt;
    /** While the server is silent, the client pings every second, and after this long every few seconds. */
    private static final Duration QUIET = Duration.ofSeconds(5);
    private static final Duration PING_EVERY = Duration.ofSeconds(1);
    private static final Duration PING_QUIET = Duration.ofSeconds(5);
    /**
     * In a group-chat phase, how often the seat sends a line while it has lines left (the contest's sample agent talks
     * every 5 s); its first comes after a part of that, drawn from the seed.
     */
    private Duration chatPace = Duration.ofSeconds(5);
    private final java.util.Random chatTiming;

    /**
     * @param name  the agent's name (the team is the name without its trailing digits)
     * @param token the team's token (HS256 JWT), or null where the server asks none
     * @param minds what plays each game ({@link #rules} for our rule agent)
     * @param log   where to tell what happens (a line per game, and each reconnection)
     */
    public NlpClient(String name, String token, Minds minds, long seed, Consumer<String> log) {
        this.name = name;
        this.token = token;
        this.minds = minds;
        this.seed = seed;
        this.log = log == null ? line -> { } : log;
        byte[] secret = new byte[24];
        new java.security.SecureRandom().nextBytes(secret);
        this.seatToken = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        this.game = game(false);
        this.chatTiming = new java.util.Random(seed ^ name.hashCode());
    }

    /** How often the seat sends a line in a group-chat phase (the sample agent's 5 s by default). */
    public NlpClient chatPace(Duration pace) {
        if (pace.isNegative() || pace.isZero()) {
            throw new IllegalArgumentException("a chat pace is longer than 0");
        }
        this.chatPace = pace;
        return this;
    }

    private ClientGame game(boolean careless) {
        return new ClientGame(name, null, new NlpDialect(careless), minds::mind, seed, log);
    }

    /**
     * From now on answers as the contest's sample agent was seen to at a real table: it divines, guards and attacks
     * itself, and votes for itself every other time (what {@code ./maw bench aiwolf-nlp} plays against the servers).
     */
    public NlpClient careless() {
        game = game(true);
        return this;
    }

    /** How a connection ended. */
    private enum Ended {
        /** The client played its games. */
        DONE,
        /** The server closed it. */
        CLOSED,
        /** It broke (a cut, an error). */
        BROKEN,
        /** No game began on it within the patience after the last one. */
        IDLE
    }

    /**
     * Connects to {@code url} and plays {@code games} games (0: as many as the server offers), across connections: a
     * connection that drops is made again under the same name, and so is one the server closes after a game (the
     * contest's server closes every connection when its game ends), until the games are played, or until
     * {@code patience} passes without a connection or a game. With {@code games} 0 that is the normal end.
     *
     * @throws IOException when the server cannot be reached at first, or not again within {@code patience} while
     *                     games are still to play
     */
    public Played play(URI url, int games, Duration patience) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        long lostAt = -1;
        boolean betweenGames = false;
        int attempt = 0;
        while (games <= 0 || game.games() < games) {
            LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
            WebSocket ws;
            try {
                ws = connect(http, url, inbox);
            } catch (IOException e) {
                if (lostAt >= 0 && System.nanoTime() - lostAt <= patience.toNanos()) {
                    Thread.sleep(Math.min(2000, 100L << Math.min(attempt++, 5))); // backing off between attempts
                    continue;
                }
                if (lostAt >= 0 && betweenGames && games <= 0) {
                    break; // the server's games are over
                }
                throw lostAt < 0 ? e : new IOException((betweenGames ? "played " + game.games() + " of " + games
                        + " game(s); the server closed the connection after the last and" : "lost the connection "
                        + "to " + url + " and") + " could not be reached again within " + patience.toSeconds()
                        + " s: " + e.getMessage(), e);
            }
            if (lostAt >= 0) {
                if (betweenGames) {
                    log.accept(name + ": connected again to " + url + " for the next game");
                } else {
                    reconnections++;
                    log.accept(name + ": connected again to " + url);
                }
            }
            attempt = 0;
            Ended ended = serve(ws, inbox, games, betweenGames ? patience : null);
            if (ended == Ended.DONE) {
                ws.sendClose(WebSocket.NORMAL_CLOSURE, "done").exceptionally(e -> null);
                break;
            }
            if (ended == Ended.IDLE) {
                ws.abort();
                if (games <= 0) {
                    break; // connected, but the server has no more games for us
                }
                throw new IOException("played " + game.games() + " of " + games + " game(s); no game began within "
                        + patience.toSeconds() + " s after the last");
            }
            lostAt = System.nanoTime();
            betweenGames = !game.inGame();
            log.accept(name + (ended == Ended.CLOSED && betweenGames
                    ? ": the server closed the connection after the game; connecting again"
                    : ": the connection dropped" + (!game.inGame() ? "" : " in game " + game.gameId())
                            + "; connecting again"));
        }
        return new Played(name, game.games(), game.requests(), game.answers(), reconnections, game.winners());
    }

    private WebSocket connect(HttpClient http, URI url, LinkedBlockingQueue<Object> inbox) throws IOException {
        WebSocket.Builder b = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        b.header(NlpServer.SEAT_HEADER, seatToken); // our server gives the seat back to it alone; others ignore it
        try {
            return b.buildAsync(url, new WebSocket.Listener() {
                private final StringBuilder frame = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                    heardAt = System.nanoTime();
                    frame.append(data);
                    if (last) {
                        inbox.add(frame.toString());
                        frame.setLength(0);
                    }
                    w.request(1);
                    return null;
                }

                @Override
                public CompletionStage<?> onClose(WebSocket w, int status, String reason) {
                    inbox.add(END);
                    return null;
                }

                @Override
                public void onError(WebSocket w, Throwable error) {
                    inbox.add(error);
                }
            }).get(15, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw new IOException("cannot connect to " + url + ": " + (c.getMessage() != null ? c.getMessage()
                    : c instanceof ConnectException ? "connection refused (is the server running?)"
                    : c.getClass().getSimpleName()), c);
        } catch (TimeoutException e) {
            throw new IOException("cannot connect to " + url + ": no answer within 15 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /**
     * Answers the packets of one connection, until the games are played, the server closes it, it breaks, or (with
     * {@code gameWithin}) no game begins on it that soon.
     */
    private Ended serve(WebSocket ws, LinkedBlockingQueue<Object> inbox, int games, Duration gameWithin)
            throws InterruptedException {
        heardAt = System.nanoTime();
        long pingedAt = System.nanoTime();
        long connectedAt = System.nanoTime();
        int played = game.games();
        // Group chat: when the seat sends its next line in the talk phase [0] and the whisper phase [1], each apart.
        long[] lineAt = {-1, -1};
        while (true) {
            if (!chat(ws, lineAt)) {
                return Ended.BROKEN;
            }
            long wait = TimeUnit.SECONDS.toNanos(1);
            for (long at : lineAt) {
                if (at >= 0) {
                    wait = Math.max(0, Math.min(wait, at - System.nanoTime()));
                }
            }
            Object next = inbox.poll(wait, TimeUnit.NANOSECONDS);
            if (next == null && due(lineAt)) {
                continue; // a line is due
            }
            if (next == null) {
                if (gameWithin != null && !game.inGame() && game.games() == played
                        && System.nanoTime() - connectedAt > gameWithin.toNanos()) {
                    return Ended.IDLE;
                }
                // The JDK's WebSocket does not always see a connection cut by the other end (about one cut in ten on
                // loopback), but a write on it fails: while the server is silent the client pings, every second at
                // first and then every few seconds, and a ping that cannot be written means the connection is gone.
                // (Whether a pong comes back is not asked: the contest's server reads only while awaiting an answer.)
                long now = System.nanoTime();
                long silent = now - heardAt;
                if (now - pingedAt >= (silent < QUIET.toNanos() ? PING_EVERY : PING_QUIET).toNanos()) {
                    pingedAt = now;
                    if (!ping(ws)) {
                        log.accept(name + ": the connection is gone (a ping could not be written)");
                        ws.abort();
                        return Ended.BROKEN;
                    }
                }
                continue;
            }
            if (next == END) {
                return Ended.CLOSED;
            }
            if (next instanceof Throwable) {
                return Ended.BROKEN;
            }
            String answer;
            try {
                answer = game.answer((String) next);
            } catch (IOException | RuntimeException e) {
                log.accept(name + ": a packet it could not read (" + e.getMessage() + "); no answer");
                continue;
            }
            if (answer != null) {
                try {
                    // An answer that cannot leave within a few seconds is late anyway: the connection is gone.
                    ws.sendText(answer, true).get(5, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    ws.abort();
                    return Ended.BROKEN;
                }
                heardAt = System.nanoTime(); // the pings after an answer come every second again
            }
            if (games > 0 && game.games() >= games) {
                return Ended.DONE;
            }
        }
    }

    /**
     * The group-chat phases: one that opened gets its first line's time, one that closed none; a line that is due is
     * sent (the talk phase's and the whisper phase's each from its own state, never one for the other). False when a
     * line cannot be written: the connection is gone.
     */
    private boolean chat(WebSocket ws, long[] lineAt) throws InterruptedException {
        for (int k = 0; k < 2; k++) {
            boolean whisper = k == 1;
            if (!game.chatOpen(whisper)) {
                lineAt[k] = -1;
                continue;
            }
            long now = System.nanoTime();
            if (lineAt[k] < 0) {
                lineAt[k] = now + (long) (chatPace.toNanos() * (0.2 + 0.6 * chatTiming.nextDouble()));
                continue;
            }
            if (now < lineAt[k]) {
                continue;
            }
            String line = game.chatLine(whisper);
            if (line == null) {
                lineAt[k] = Long.MAX_VALUE; // nothing more to say in this phase
                continue;
            }
            try {
                ws.sendText(line, true).get(5, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                ws.abort();
                return false;
            }
            heardAt = System.nanoTime();
            lineAt[k] = System.nanoTime() + chatPace.toNanos();
        }
        return true;
    }

    private static boolean due(long[] lineAt) {
        long now = System.nanoTime();
        return lineAt[0] >= 0 && lineAt[0] <= now || lineAt[1] >= 0 && lineAt[1] <= now;
    }

    /** False when the ping cannot be written: the connection is gone. */
    private static boolean ping(WebSocket ws) throws InterruptedException {
        try {
            ws.sendPing(ByteBuffer.allocate(0)).get(5, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /** The length a talk should keep to under the setting's limits. */
    public static int talkLength(NlTalk talk) {
        return NlpRegulation.utteranceLength(talk);
    }
}
