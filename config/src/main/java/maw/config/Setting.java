package maw.config;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Every setting MAW reads, with its default and what it means. The environment variable is the key in upper case
 * with {@code .} and {@code -} as {@code _}, after {@code MAW_}: {@code xmpp.trust-cert} is {@code MAW_XMPP_TRUST_CERT}.
 */
public enum Setting {
    TRANSPORT("transport", "xmpp", "how agents reach each other: xmpp (through ejabberd) or local (in one JVM)",
            (c, s) -> c.choice(s, TransportKind.class)),
    XMPP_SERVER("xmpp.server", "private",
            "private: ./maw starts (or reuses) its own ejabberd and creates the accounts; cluster: the same with a "
                    + "private cluster of xmpp.cluster.nodes nodes on this machine, the agents spread over them; "
                    + "external: use a running server (xmpp.host: a node, or several) where the accounts exist",
            (c, s) -> c.choice(s, ServerKind.class)),
    XMPP_HOST("xmpp.host", "127.0.0.1",
            "XMPP server address; for a cluster, its nodes separated by commas (host or host:port each): an agent "
                    + "logs in at one and moves to the next when its node goes down",
            (c, s) -> {
                try {
                    maw.runtime.xmpp.XmppSettings.parseNodes(c.string(s), 5222);
                } catch (IllegalArgumentException e) {
                    throw c.bad(s, "a host name or address, or several separated by commas, each host or host:port");
                }
            }),
    XMPP_PORT("xmpp.port", "15222", "XMPP client-to-server port", (c, s) -> c.port(s)),
    XMPP_DOMAIN("xmpp.domain", "localhost", "XMPP domain of the agents' addresses", (c, s) -> {
        if (!c.string(s).matches("[A-Za-z0-9.-]+")) {
            throw c.bad(s, "a domain name such as localhost");
        }
    }),
    XMPP_TLS("xmpp.tls", "required", "STARTTLS: required, optional or disabled",
            (c, s) -> c.choice(s, TlsKind.class)),
    XMPP_TRUST_CERT("xmpp.trust-cert", "",
            "PEM certificate to trust for TLS; empty: the private instance's own, or the JDK's trust store for an "
                    + "external server",
            (c, s) -> {}),
    XMPP_HOME("xmpp.home", "var/xmpp", "the private ejabberd's instance directory (config, spool, logs, certificate)",
            (c, s) -> {}),
    XMPP_HTTP_PORT("xmpp.http-port", "15280", "the private ejabberd's HTTP API port (loopback only)",
            (c, s) -> c.port(s)),
    XMPP_DIST_PORT("xmpp.dist-port", "15210", "the private ejabberd's Erlang distribution port (loopback only)",
            (c, s) -> c.port(s)),
    XMPP_PROVISION_URL("xmpp.provision-url", "",
            "with xmpp.server external: an ejabberd HTTP API that lets this machine create accounts (as the docker "
                    + "compose ejabberd does), e.g. http://ejabberd:5280/api; empty: the accounts must exist",
            (c, s) -> c.url(s)),
    XMPP_PROVISION_SECRET("xmpp.provision-secret-file", "",
            "with xmpp.provision-url: the file holding the API's provisioner password (the server's "
                    + "tls/provisioner.secret, which its maw-xmpp start writes)",
            (c, s) -> {
                if (!c.string(XMPP_PROVISION_URL).isEmpty() && c.string(s).isEmpty()) {
                    throw new ConfigException(s.key() + " is needed with xmpp.provision-url (the API answers only "
                            + "the provisioner)");
                }
            }),
    XMPP_OPEN_REGISTRATION("xmpp.open-registration", "false",
            "whether the private ejabberd lets anyone on this machine create accounts in-band (XEP-0077, SPADE's "
                    + "auto_register, a chat client's own sign-up) when ./maw xmpp start starts it: true or false "
                    + "(as --open-registration)",
            (c, s) -> c.flag(s)),
    XMPP_CLUSTER_NODES("xmpp.cluster.nodes", "3",
            "with xmpp.server cluster: the nodes of the private cluster (./maw xmpp cluster start)",
            (c, s) -> c.integer(s, 1, 16)),
    XMPP_CLUSTER_FIRST_ADDRESS("xmpp.cluster.first-address", "127.0.0.2",
            "the private cluster's first node's loopback address; node K listens on the K-th from it, all on "
                    + "xmpp.port, xmpp.http-port and xmpp.dist-port",
            (c, s) -> {
                if (!c.string(s).strip().matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
                    throw c.bad(s, "a loopback address such as 127.0.0.2");
                }
            }),
    XMPP_CLUSTER_HOME("xmpp.cluster.home", "var/xmpp-cluster",
            "the private cluster's directory (node1, node2, ... each an instance directory)", (c, s) -> {}),
    XMPP_CLUSTER_ADDRESS("xmpp.cluster.address", "",
            "a cluster over several machines, this machine's node (./maw xmpp start): the address its client port, "
                    + "API and Erlang distribution listen on; empty: loopback, no cluster",
            (c, s) -> {
                if (!c.string(s).isBlank() && !c.string(s).strip().matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
                    throw c.bad(s, "an IPv4 address of this machine");
                }
            }),
    XMPP_CLUSTER_JOIN("xmpp.cluster.join", "",
            "the node this machine's joins on start (maw@ADDRESS of the first machine's); empty: none",
            (c, s) -> {
                if (!c.string(s).isBlank() && !c.string(s).strip().matches("[A-Za-z0-9_-]+@[A-Za-z0-9.-]+")) {
                    throw c.bad(s, "a node name such as maw@10.0.0.4");
                }
            }),
    XMPP_CLUSTER_COOKIE("xmpp.cluster.cookie", "",
            "the Erlang cookie file every node of a cluster over several machines shares; empty: the instance's own",
            (c, s) -> {}),
    XMPP_CLUSTER_TLS_FROM("xmpp.cluster.tls-from", "",
            "a copy of the first node's tls directory (certificate, key, provisioner's secret), taken at this "
                    + "node's first start so that the cluster has one of each; empty: its own",
            (c, s) -> {}),
    XMPP_CONNECT_TIMEOUT("xmpp.connect-timeout", "10", "seconds one connection attempt may take",
            (c, s) -> c.seconds(s, 0.1, 600)),
    XMPP_LOGIN_CONCURRENCY("xmpp.login-concurrency", "8",
            "logins of this process under way at once, at most (each a TLS handshake; a storm of them drowns a server)",
            (c, s) -> c.integer(s, 1, 1000)),
    XMPP_LOGIN_PATIENCE("xmpp.login-patience", "120",
            "seconds an agent keeps trying to log in after logins that failed for the server's load",
            (c, s) -> c.seconds(s, 0, 3600)),
    XMPP_THREADS("xmpp.threads", "auto",
            "threads each connection's reader and writer (Smack's two a connection) run on: platform (few connections,"
                    + " a little less latency), virtual (many connections in one process), or auto (virtual on Java 24"
                    + " or later, platform on older Java)",
            (c, s) -> c.choice(s, ThreadKind.class)),
    RUNTIME_THREADS("runtime.threads", "auto",
            "threads behaviours run on: platform (few agents, a little less latency over the network), virtual (many"
                    + " agents, or agents talking within one process), or auto (virtual on Java 24 or later and on the"
                    + " in-JVM transport; over the network on older Java, platform for a process's first 1,000"
                    + " behaviours, virtual beyond)",
            (c, s) -> c.choice(s, ThreadKind.class)),
    LOG_DIR("log.dir", "var/log", "where MAW writes its log (maw.log)", (c, s) -> {}),
    GAMES_DIR("games.dir", "var/games",
            "where each game's journal, room archives and summary go (a directory per game; --out overrides)",
            (c, s) -> {}),
    SEATS("seats", "",
            "what fills the seats of maw game, e.g. llm:3,rule:3 or llm[model=qwen2.5:7b]:2,rule:4 (a list in "
                    + "maw.yaml); empty: --bots for every seat",
            (c, s) -> {
                SeatPlan plan = SeatPlan.parse(c.value(s));
                if (plan != null) {
                    for (SeatPlan.Group g : plan.groups()) {
                        if (g.kind() == SeatPlan.Kind.LLM) { // an outside group's team is no setting
                            c.with(g.overrides(), "seat group " + g.label() + " of " + c.value(s).source());
                        }
                    }
                }
            }),
    BOTS_READING("bots.reading-seconds", "20",
            "how long MAW's rule bots leave a person at the table to read and answer before they vote: from the day's "
                    + "start and from the latest line, until the person has voted, never past half the day",
            (c, s) -> c.seconds(s, 0, 600)),
    GAME_PACE("game.pace", "auto",
            "what ends a phase of MAW's game: clock (its time runs out), turns (every living seat is asked once a "
                    + "round, the slowest waited for; then a voting round), or auto (turns at a table with a model "
                    + "seat, else the clock)",
            (c, s) -> c.choice(s, PaceKind.class)),
    GAME_TALK_ROUNDS("game.talk-rounds", "2",
            "at a pace of turns, the talk rounds of a day (and of the pack's night) before its voting round",
            (c, s) -> c.integer(s, 0, maw.game.maw.GameOptions.MAX_TALK_ROUNDS)),
    LLM_PROVIDER("llm.provider", "ollama", "language-model API: ollama or openai (any OpenAI-compatible server)",
            (c, s) -> c.choice(s, ProviderKind.class)),
    LLM_CASSETTE("llm.cassette", "",
            "a cassette of model calls (a game's cassette.jsonl, or a tournament's directory: each game answered from "
                    + "its own) to answer the model seats from, exactly as recorded, without the model; empty: ask the "
                    + "model (every game keeps its own calls in cassette.jsonl)",
            (c, s) -> {
                Path p = c.path(s);
                if (p != null && !java.nio.file.Files.isRegularFile(p) && !java.nio.file.Files.isDirectory(p)) {
                    throw c.bad(s, "a cassette file (a game's cassette.jsonl) or a tournament's directory");
                }
            }),
    LLM_CASSETTE_MISS("llm.cassette-miss", "stop",
            "with llm.cassette, a call the cassette has no answer for: stop (the game stops, saying so) or live "
                    + "(the model answers it)",
            (c, s) -> c.choice(s, CassetteMiss.class)),
    LLM_BASE_URL("llm.base-url", "",
            "the model server; empty: http://localhost:11434 for ollama, https://api.openai.com/v1 for openai; several "
                    + "serving the same model, separated by commas or spaces: a pool (each call to the one with the "
                    + "fewest calls outstanding; one that fails is set aside and tried again later)",
            (c, s) -> c.urls(s)),
    LLM_ENDPOINTS("llm.endpoints", "",
            "a pool of model servers with weights, instead of llm.base-url: URL*WEIGHT separated by commas or spaces "
                    + "(http://gpu1:11434*2, http://gpu2:11434: the first takes twice the calls); empty: llm.base-url",
            (c, s) -> c.urls(s)),
    LLM_SLOTS("llm.slots", "auto",
            "calls each model server serves at once (its slots: Ollama's OLLAMA_NUM_PARALLEL, llama.cpp's --parallel): "
                    + "MAW sends no more, the rest wait in turn; auto: as a llama.cpp server says (its calls then keep "
                    + "each seat in its own slot), else no limit (the server queues them)",
            (c, s) -> {
                String v = c.string(s).strip();
                if (!v.equalsIgnoreCase("auto") && !(v.matches("\\d{1,3}") && Integer.parseInt(v) >= 1
                        && Integer.parseInt(v) <= 256)) {
                    throw c.bad(s, "auto or a whole number from 1 to 256");
                }
            }),
    LLM_MODEL("llm.model", "llama3.1", "the model's name on that server", (c, s) -> {
        if (c.string(s).isBlank()) {
            throw c.bad(s, "a model name such as llama3.1");
        }
    }),
    LLM_API_KEY("llm.api-key", "", "API key for an OpenAI-compatible server (Ollama needs none)", (c, s) -> {}),
    LLM_TEMPERATURE("llm.temperature", "0.7", "sampling temperature", (c, s) -> c.decimal(s, 0, 2)),
    LLM_TIMEOUT("llm.timeout", "300",
            "seconds one model call may take (an 8B model on a CPU needs minutes for a long prompt)",
            (c, s) -> c.seconds(s, 1, 3600)),
    LLM_CONTEXT_BUDGET("llm.context-budget", "3072",
            "the most tokens one prompt may hold; each seat's context is cut (into a running summary) to stay under",
            (c, s) -> c.integer(s, 512, 1_000_000)),
    LLM_MAX_OUTPUT("llm.max-output", "256", "the most tokens one answer may have", (c, s) -> c.integer(s, 16, 32_768)),
    LLM_RETRIES("llm.retries", "2", "times a bad or failed answer is asked again before the seat listens",
            (c, s) -> c.integer(s, 0, 10)),
    LLM_JSON("llm.json", "auto",
            "how the model is held to JSON: auto, schema (a JSON schema), object (JSON mode) or none (prompt only)",
            (c, s) -> c.choice(s, JsonKind.class)),
    LLM_THINK_SECONDS("llm.think-seconds", "3",
            "a model seat waits a random 0..n seconds before each turn, so that seats do not all speak at once",
            (c, s) -> c.seconds(s, 0, 600)),
    LLM_PULL("llm.pull", "never",
            "missing: before a game, pull the model onto the Ollama server when it lacks it (with progress); never: "
                    + "stop and say how to pull it",
            (c, s) -> c.choice(s, PullKind.class)),
    LLM_PROMPTS("llm.prompts", "prompts", "the directory of guiding-prompt templates (edit them without rebuilding)",
            (c, s) -> {}),
    LLM_HINT("llm.hint", "none",
            "what a model seat is told besides the news: none, or reading (in MAW's game, a rule player's reading of "
                    + "the table with each turn: the suspects and why, seer claims, contradictions)",
            (c, s) -> c.choice(s, HintKind.class));

    /** Values of {@code game.pace}. */
    public enum PaceKind { AUTO, CLOCK, TURNS }

    /** Values of {@code transport}. */
    public enum TransportKind { XMPP, LOCAL }

    /** Values of {@code xmpp.server}. */
    public enum ServerKind { PRIVATE, CLUSTER, EXTERNAL }

    /** Values of {@code runtime.threads} and {@code xmpp.threads}. */
    public enum ThreadKind { AUTO, PLATFORM, VIRTUAL }

    /** Values of {@code llm.provider}. */
    public enum ProviderKind { OLLAMA, OPENAI }

    /** Values of {@code llm.pull}. */
    public enum PullKind { MISSING, NEVER }

    /** Values of {@code llm.hint}. */
    public enum HintKind { NONE, READING }

    /** Values of {@code llm.json}. */
    public enum JsonKind { AUTO, SCHEMA, OBJECT, NONE }

    /** Values of {@code xmpp.tls}. */
    public enum TlsKind { REQUIRED, OPTIONAL, DISABLED }

    private final String key;
    private final String defaultValue;
    private final String description;
    private final BiConsumer<MawConfig, Setting> check;

    Setting(String key, String defaultValue, String description, BiConsumer<MawConfig, Setting> check) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.description = description;
        this.check = check;
    }

    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** A value never printed (an API key). */
    public boolean secret() {
        return this == LLM_API_KEY;
    }

    public String envName() {
        return "MAW_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    void check(MawConfig config) {
        check.accept(config, this);
    }

    public static Optional<Setting> byKey(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(Setting::key).toList();
    }

    /**
     * Every setting as a Markdown table (its key, its environment variable, its default, what it means): the reference
     * in docs/CONFIGURATION.md is this text, and a test keeps it so.
     */
    public static String reference() {
        StringBuilder b = new StringBuilder("| setting | environment | default | what it means |\n"
                + "| --- | --- | --- | --- |\n");
        for (Setting s : values()) {
            b.append("| `").append(s.key).append("` | `").append(s.envName()).append("` | ")
                    .append(s.defaultValue.isEmpty() ? "(empty)" : "`" + s.defaultValue + "`").append(" | ")
                    .append(s.description.replace("|", "\\|").replace("\n", " ")).append(" |\n");
        }
        return b.toString();
    }

    /** What a call missing from a cassette does. */
    public enum CassetteMiss { STOP, LIVE }
}
