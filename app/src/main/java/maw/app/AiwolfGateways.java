package maw.app;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.text.DecimalFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import maw.agents.Text;
import maw.aiwolf.seat.AiwolfTalkWriter;
import maw.agents.table.GameTable;
import maw.aiwolf.AiwolfVariant;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfSettings;
import maw.aiwolf.game.Composition;
import maw.aiwolf.nlp.NlpClient;
import maw.aiwolf.nlp.NlpGames;
import maw.aiwolf.nlp.NlpServer;
import maw.aiwolf.tcp.AiwolfClient;
import maw.aiwolf.tcp.AiwolfServer;
import maw.aiwolf.link.GatewayHost;
import maw.aiwolf.client.ModelMind;
import maw.aiwolf.tcp.Packets;
import maw.aiwolf.tcp.TcpGames;
import maw.config.ConfigException;
import maw.config.LlmConfig;
import maw.config.MawConfig;
import maw.config.SeatPlan;
import maw.config.Setting;
import maw.llm.Llm;
import maw.llm.LlmSettings;
import maw.llm.ModelSeat;
import maw.llm.ModelServer;
import maw.llm.PromptTemplates;
import maw.runtime.Jid;

/**
 * The AIWolf gateways as services, both ways: hosting agents written for the official AIWolf servers (the TCP
 * protocol, the NLP contest's WebSocket) at MAW's tables, and playing MAW's seats at such a server. The services
 * behind {@code maw aiwolf serve|connect} and {@code maw aiwolf-nlp serve|connect}.
 */
public final class AiwolfGateways {

    private AiwolfGateways() {}

    /**
     * Games for agents that speak the official AIWolf server's TCP protocol.
     *
     * @param settings     the settings (the transport of MAW's own seats, the model seats', games.dir)
     * @param address      where to listen, and {@code port} (0: any)
     * @param players      seats at each table
     * @param games        games to play
     * @param seats        what fills the seats no agent took (a seat plan: rule, llm, ...)
     * @param lobbySeconds how long a game waits for agents before MAW's seats fill the rest
     * @param limit        how long an agent may take to answer
     * @param seed         the first game's seed
     * @param openSeats    seats kept, after the agents, for players who join over XMPP
     */
    public record ServeTcp(MawConfig settings, InetAddress address, int port, int players, int games, String seats,
            double lobbySeconds, Duration limit, long seed, int openSeats) {}

    /** Hosts {@code r}'s games, telling {@code out} what happens. */
    public static void serve(ServeTcp r, PrintStream out) throws Exception {
        MawConfig settings = r.settings();
        SeatPlan plan = Seats.plan(settings.with(Map.of(), "--seats"), r.seats(), r.players(), 0);
        List<GameTable.SeatFiller> ours = Seats.fillers(settings, plan, null, null, out::println,
                new AiwolfVariant().bots());
        AiwolfOptions options = new AiwolfOptions(AiwolfSettings.defaults(Composition.of(r.players())),
                r.limit().plusSeconds(2));
        Duration lobby = Duration.ofMillis(Math.round(r.lobbySeconds() * 1000));
        try (AgentNetwork network = AgentNetwork.open(settings, out::println);
                AiwolfServer server = new AiwolfServer(r.address(), r.port(), r.limit())) {
            out.printf("AIWolf server on %s:%d (the official TCP protocol), %d players, %d game(s); our seats on %s%n",
                    r.address().getHostAddress(), server.port(), r.players(), r.games(), network.describe());
            long[] seed = {r.seed()};
            GatewayHost.host(server, new GatewayHost.Plan("TCP", r.games(), r.players(), r.openSeats(), lobby,
                    settings.path(Setting.GAMES_DIR), ""), (links, id, dir, listener) -> {
                        String prefix = "aiwolf-tcp-" + id.toLowerCase(Locale.ROOT) + "-";
                        if (r.openSeats() > 0) {
                            out.printf("%d open seat(s): join within %s s with ./maw join --name NAME --gm %s (or "
                                    + "./maw player --rules aiwolf ...)%n", r.openSeats(),
                                    new DecimalFormat("0.#").format(r.lobbySeconds()),
                                    Jid.of(prefix + "gamemaster", network.transport().domain()));
                        }
                        return TcpGames.play(server, links, ours, r.openSeats(), lobby, options, seed[0]++,
                                network.transport(), prefix, dir, listener, network::provision);
                    }, out);
        }
    }

    /**
     * Games for agents of the AIWolf NLP contest (its WebSocket protocol).
     *
     * @param settings     the settings (the transport of MAW's own seats, the model seats', games.dir)
     * @param bind         where to listen, and {@code port} (0: any)
     * @param players      seats at each table (5, 9 or 13)
     * @param setting      the contest server's configuration by name ({@code NlpRegulation.named}), or null for
     *                     {@code players}'s game
     * @param games        games to play
     * @param plan         what fills the seats no agent took, in order
     * @param lobbySeconds how long a game waits for agents before MAW's seats fill the rest
     * @param action       how long an agent may take to answer (the server's timeout.action)
     * @param response     how long an agent that missed a request has to answer the NAME probe
     * @param secret       the HS256 secret of the agents' tokens, or null for no authentication
     * @param seed         the first game's seed
     * @param web          the web monitor's port for each game (the god view), or null for none
     */
    public record ServeNlp(MawConfig settings, String bind, int port, int players, String setting, int games,
            SeatPlan plan,
            double lobbySeconds, Duration action, Duration response, String secret, long seed, Integer web) {}

    /** Hosts {@code r}'s games, telling {@code out} what happens. */
    public static void serve(ServeNlp r, PrintStream out) throws Exception {
        MawConfig settings = r.settings();
        List<GameTable.SeatFiller> ours = Seats.fillers(settings, r.plan(), null, null, out::println,
                new AiwolfVariant.Nlp().bots());
        // A step lasts the action timeout, the probe of a late agent, and a margin.
        Duration step = r.action().plus(r.response()).plusSeconds(2);
        AiwolfOptions options = r.setting() == null ? AiwolfOptions.natural(r.players(), step)
                : AiwolfOptions.natural(r.setting(), step);
        try (AgentNetwork network = AgentNetwork.open(settings, out::println);
                NlpServer server = nlpServer(r)) {
            out.printf("AIWolf NLP server at ws://%s:%d/ws (the contest's WebSocket protocol%s), %s players, %d "
                    + "game(s); our seats on %s%n", r.bind(), server.port(), r.secret() == null ? ""
                    : ", tokens required", r.players() + (r.setting() == null ? "" : " (" + r.setting() + ")"),
                    r.games(), network.describe());
            long[] seed = {r.seed()};
            GatewayHost.host(server, new GatewayHost.Plan("WebSocket", r.games(), r.players(), 0,
                    Duration.ofMillis(Math.round(r.lobbySeconds() * 1000)), settings.path(Setting.GAMES_DIR),
                    "nlp-"), (links, id, dir, listener) -> {
                        Monitors.TableWatch[] watching = new Monitors.TableWatch[1];
                        Consumer<GameTable> watch = r.web() == null ? null
                                : table -> watching[0] = new Monitors.TableWatch(network, table, table.watchToken(),
                                        r.web(), "maw aiwolf-nlp serve", m -> { }, out::println,
                                        System.err::println);
                        try {
                            return NlpGames.play(server, links, ours, options, id, seed[0]++, network.transport(),
                                    "aiwolf-nlp-" + id.toLowerCase(Locale.ROOT) + "-", dir, listener,
                                    network::provision, watch);
                        } finally {
                            if (watching[0] != null) {
                                watching[0].close();
                            }
                        }
                    }, out);
        }
    }

    private static NlpServer nlpServer(ServeNlp r) {
        try {
            return new NlpServer(r.bind(), r.port(), r.action(), r.response(), r.secret());
        } catch (RuntimeException e) {
            throw new ConfigException("the NLP server could not listen on " + r.bind() + ":" + r.port() + ": "
                    + e.getMessage());
        }
    }

    /**
     * MAW's seats at an AIWolf server over TCP.
     *
     * @param model the settings of the model seats that play, or null for MAW's rule agent
     * @param host  the server, and {@code port}
     * @param name  the agents' name; with {@code count} above 1 each gets a number
     * @param role  the role asked for when the server asks, or null
     * @param count how many agents connect
     * @param seed  seed of the agents' choices
     */
    public record ConnectTcp(MawConfig model, String host, int port, String name, String role, int count,
            long seed) {}

    /** Plays until the server closes the connections; {@code out} hears each agent's end; the agents that failed. */
    public static int connect(ConnectTcp r, PrintStream out, PrintStream err) throws Exception {
        AiwolfClient.Minds minds = tcpMinds(r.model(), out);
        List<CompletableFuture<AiwolfClient.Played>> all = new ArrayList<>();
        for (int i = 1; i <= r.count(); i++) {
            String n = r.count() == 1 ? r.name() : r.name() + i;
            long s = r.seed() + i;
            all.add(start("aiwolf-connect-" + n, false, () -> new AiwolfClient(n, r.role(), minds, s,
                    line -> out.println(Text.inert(line))).play(r.host(), r.port(), Duration.ofSeconds(10))));
        }
        int failed = 0;
        for (var f : all) {
            try {
                AiwolfClient.Played p = f.get();
                out.printf("%s: %d game(s), %d request(s); the server closed the connection%n", p.name(), p.games(),
                        p.requests());
            } catch (ExecutionException e) {
                failed++;
                err.println("maw aiwolf connect: " + r.host() + ":" + r.port() + ": " + e.getCause().getMessage());
            }
        }
        return failed;
    }

    /**
     * MAW's seats at an AIWolf NLP server, as agents TEAM1, TEAM2, ...
     *
     * @param model    the settings of the model seats that play, or null for MAW's rule agent (in plain English)
     * @param uri      the server's WebSocket
     * @param team     the team's name
     * @param token    the team's token, or null
     * @param count    how many agents connect
     * @param games    games each agent plays, across connections (0: as many as the server offers)
     * @param patience how long to keep trying to connect again, and to wait for the next game
     * @param seed     seed of the agents' choices
     * @param chatPace in a group-chat phase, how often each agent sends a line while it has lines left
     */
    public record ConnectNlp(MawConfig model, URI uri, String team, String token, int count, int games,
            Duration patience, long seed, Duration chatPace) {}

    /** Plays {@code r}'s games; {@code out} hears each agent's end; the agents that failed or played too few. */
    public static int connect(ConnectNlp r, PrintStream out, PrintStream err) throws Exception {
        NlpClient.Minds minds = nlpMinds(r.model(), out);
        List<CompletableFuture<NlpClient.Played>> all = new ArrayList<>();
        for (int i = 1; i <= r.count(); i++) {
            String n = r.team() + i;
            long s = r.seed() + i;
            all.add(start("nlp-connect-" + n, true, () -> new NlpClient(n, r.token(), minds, s,
                    line -> out.println(Text.inert(line))).chatPace(r.chatPace()).play(r.uri(), r.games(),
                    r.patience())));
        }
        int failed = 0;
        for (var f : all) {
            try {
                NlpClient.Played p = f.get();
                boolean few = r.games() > 0 && p.games() < r.games();
                out.printf("%s: %d game(s), %d request(s), %d answer(s)%s%s%n", p.name(), p.games(), p.requests(),
                        p.answers(), p.reconnections() == 0 ? "" : ", " + p.reconnections() + " reconnection(s)",
                        few ? "; fewer than its " + r.games() + " game(s)" : "");
                if (few) {
                    failed++;
                }
            } catch (ExecutionException e) {
                failed++;
                err.println("maw aiwolf-nlp connect: " + r.uri() + ": " + e.getCause().getMessage());
            }
        }
        return failed;
    }

    /** One agent's play at a server, on a thread of its own. */
    private interface Play<T> {
        T play() throws Exception;
    }

    private static <T> CompletableFuture<T> start(String name, boolean platform, Play<T> play) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Runnable run = () -> {
            try {
                f.complete(play.play());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        };
        (platform ? Thread.ofPlatform() : Thread.ofVirtual()).name(name).start(run);
        return f;
    }

    /** What plays a TCP agent: MAW's rule agent, or (with model settings) a model seat with the AIWolf prompts. */
    private static AiwolfClient.Minds tcpMinds(MawConfig settings, PrintStream out) throws ModelServer.Unavailable {
        if (settings == null) {
            return AiwolfClient.rules();
        }
        ModelSeatMaker m = modelSeats(settings, out);
        return (me, agents, s, limit) -> new ModelMind(me, agents, s, m.seat(), limit);
    }

    /** What plays an NLP agent: MAW's rule agent in plain English, or (with model settings) a model seat. */
    private static NlpClient.Minds nlpMinds(MawConfig settings, PrintStream out) throws ModelServer.Unavailable {
        if (settings == null) {
            return NlpClient.rules();
        }
        ModelSeatMaker m = modelSeats(settings, out);
        return (me, agents, s, limit, talk) -> ModelMind.natural(me, agents, s, m.seat(), limit,
                NlpClient.talkLength(talk));
    }

    /**
     * The role {@code given} as the AIWolf protocol names it (VILLAGER, SEER, ...), or null for none; a role the
     * protocol does not know stops start-up, naming {@code option}.
     */
    public static String roleRequest(String given, String option) {
        if (given == null) {
            return null;
        }
        String role = given.strip().toUpperCase(Locale.ROOT);
        if (Packets.role(role) == null) {
            throw new ConfigException("invalid value '" + given + "' for " + option + ": VILLAGER, SEER, MEDIUM, "
                    + "BODYGUARD, WEREWOLF or POSSESSED");
        }
        return role;
    }

    /** Makes model seats that write AIWolf talk, once the model server has answered. */
    private interface ModelSeatMaker {
        ModelSeat seat();
    }

    private static ModelSeatMaker modelSeats(MawConfig settings, PrintStream out) throws ModelServer.Unavailable {
        LlmSettings model = LlmConfig.settings(settings);
        PromptTemplates templates = Seats.templates(settings);
        ModelServer.Status status = ModelServer.check(model);
        out.println("model server: " + model.describe() + " answers (" + status.version() + ")");
        return () -> new ModelSeat(new Llm(model), templates).talk(new AiwolfTalkWriter());
    }
}
