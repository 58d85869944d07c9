package maw.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.websocket.WsContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import maw.fixtures.wire.NlpSchema;
import maw.runtime.Json;

/**
 * The AIWolf NLP server's group-chat ("speak-anytime") mode as its sources (logic/communication_freeform.go and
 * communication_session.go of the develop branch, 2026) say it runs, for one short game of five: NAME; INITIALIZE and
 * DAILY_INITIALIZE with the setting ({@code talk.duration}, {@code whisper.duration}); on day 0 the two werewolves'
 * whisper phase, then everyone's talk phase: {@code *_PHASE_START}, then any agent may send a line at any time while
 * its {@code remain_count} is above 0, each accepted line broadcast ({@code *_BROADCAST} with {@code new_talk} or
 * {@code new_whisper}) to every agent of the phase, the sender too, with its {@code turn} the sender's own count and
 * {@code time} when the server took it; a line beyond the count gets nothing back; {@code Over} sets the sender's count
 * to 0 and the server reads it no more in the phase; the phase ends early once every count is 0, else at its
 * duration, then {@code *_PHASE_END}; DAILY_FINISH, a VOTE each, FINISH with every role, and the connections closed.
 * It records what it took and what it refused, and every packet it writes is one the schema allows.
 */
public final class NlpGroupChatServer implements AutoCloseable {

    /** A line an agent sent, the phase it came in ("talk", "whisper", or "none" outside both), and what came of it. */
    public record Line(String agent, String phase, String text, boolean accepted) {}

    private static final String[] ROLES = {"WEREWOLF", "WEREWOLF", "SEER", "VILLAGER", "VILLAGER"};

    private final Javalin app;
    private final int perAgent;
    private final long durationMillis;
    private final Map<String, WsContext> byName = new ConcurrentHashMap<>();
    private final Map<String, String> names = new ConcurrentHashMap<>();
    private final Map<String, LinkedBlockingQueue<String>> inbox = new ConcurrentHashMap<>();
    private final List<String> order = new CopyOnWriteArrayList<>();
    public final List<Line> lines = new CopyOnWriteArrayList<>();
    /** How long each phase lasted, in milliseconds, in order (whisper, talk). */
    public final List<Long> phaseMillis = new CopyOnWriteArrayList<>();
    public final List<String> schemaViolations = new CopyOnWriteArrayList<>();
    private final Thread game;
    private volatile String phase = "none";
    /** The agents that named themselves: the game begins when all have. */
    private final java.util.concurrent.CountDownLatch named = new java.util.concurrent.CountDownLatch(ROLES.length);
    /** A permit for every line that came: the chat waits on it, not on time. */
    private final java.util.concurrent.Semaphore arrived = new java.util.concurrent.Semaphore(0);

    public NlpGroupChatServer(int perAgent, long durationMillis) {
        this.perAgent = perAgent;
        this.durationMillis = durationMillis;
        this.app = Javalin.create(cfg -> {
            cfg.startup.showJavalinBanner = false;
            cfg.routes.ws("/ws", ws -> {
                ws.onConnect(ctx -> ctx.send("{\"request\":\"NAME\"}"));
                ws.onMessage(ctx -> {
                    String text = ctx.message().strip();
                    String name = names.get(ctx.sessionId());
                    if (name == null) {
                        names.put(ctx.sessionId(), text);
                        byName.put(text, ctx);
                        inbox.put(text, new LinkedBlockingQueue<>());
                        order.add(text);
                        named.countDown();
                    } else if (!text.isEmpty()) {
                        inbox.get(name).add(text);
                        arrived.release();
                    }
                });
            });
        }).start("127.0.0.1", 0);
        game = new Thread(this::play, "group-chat-server");
        game.setDaemon(true);
        game.start();
    }

    public int port() {
        return app.port();
    }

    /** Waits for the game's end. */
    public void awaitEnd(long seconds) throws InterruptedException {
        game.join(TimeUnit.SECONDS.toMillis(seconds));
    }

    private void play() {
        try {
            named.await();
            List<String> agents = List.copyOf(order);
            Map<String, String> role = new java.util.LinkedHashMap<>();
            for (int i = 0; i < agents.size(); i++) {
                role.put(agents.get(i), ROLES[i]);
            }
            List<String> wolves = agents.stream().filter(a -> role.get(a).equals("WEREWOLF")).toList();
            for (String a : agents) {
                send(a, packet("INITIALIZE", info(a, agents, role, null, false)).set("setting", setting()));
                send(a, packet("DAILY_INITIALIZE", info(a, agents, role, null, false)).set("setting", setting()));
            }
            chat("whisper", wolves, agents, role);
            chat("talk", agents, agents, role);
            agents.forEach(a -> send(a, packet("DAILY_FINISH", info(a, agents, role, null, false))));
            for (String a : agents) {
                inbox.get(a).clear();
                send(a, packet("VOTE", info(a, agents, role, null, false)));
                String vote = inbox.get(a).poll(10, TimeUnit.SECONDS);
                lines.add(new Line(a, "vote", vote, vote != null && agents.contains(vote)));
            }
            for (String a : agents) {
                send(a, packet("FINISH", info(a, agents, role, null, true)));
                byName.get(a).closeSession();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One group-chat phase among {@code speakers}. */
    private void chat(String kind, List<String> speakers, List<String> agents, Map<String, String> role)
            throws InterruptedException {
        String prefix = kind.equals("talk") ? "TALK" : "WHISPER";
        Map<String, Integer> remain = new ConcurrentHashMap<>();
        Map<String, Integer> turns = new ConcurrentHashMap<>();
        speakers.forEach(s -> {
            remain.put(s, perAgent);
            turns.put(s, 0);
        });
        // Lines sent before the phase are the agent's mistake: taken as strays, never as the phase's.
        speakers.forEach(s -> {
            for (String stray = inbox.get(s).poll(); stray != null; stray = inbox.get(s).poll()) {
                lines.add(new Line(s, "none", stray, false));
            }
        });
        phase = kind;
        long start = System.currentTimeMillis();
        speakers.forEach(s -> send(s, packet(prefix + "_PHASE_START", info(s, agents, role, remain, false))));
        int idx = 0;
        while (System.currentTimeMillis() - start < durationMillis && remain.values().stream().anyMatch(n -> n > 0)) {
            boolean any = false;
            for (String s : speakers) {
                String text = inbox.get(s).poll();
                if (text == null) {
                    continue;
                }
                any = true;
                boolean over = text.equals("Over");
                if (!over && remain.get(s) <= 0) {
                    lines.add(new Line(s, kind, text, false)); // refused: no answer
                    continue;
                }
                remain.put(s, over ? 0 : remain.get(s) - 1);
                lines.add(new Line(s, kind, text, true));
                ObjectNode talk = Json.MAPPER.createObjectNode().put("idx", idx++).put("day", 0)
                        .put("turn", turns.merge(s, 1, Integer::sum) - 1).put("agent", s).put("text", text)
                        .put("skip", false).put("over", over).put("time", System.currentTimeMillis());
                for (String to : speakers) {
                    send(to, packet(prefix + "_BROADCAST", info(to, agents, role, remain, false))
                            .set(kind.equals("talk") ? "new_talk" : "new_whisper", talk));
                }
            }
            if (!any) {
                // Nothing waiting: until the next line comes, or the phase's time is up.
                arrived.tryAcquire(Math.max(1, durationMillis - (System.currentTimeMillis() - start)),
                        TimeUnit.MILLISECONDS);
                arrived.drainPermits();
            }
        }
        phaseMillis.add(System.currentTimeMillis() - start);
        phase = "none";
        speakers.forEach(s -> send(s, packet(prefix + "_PHASE_END", info(s, agents, role, null, false))));
    }

    private static ObjectNode packet(String request, ObjectNode info) {
        ObjectNode p = Json.MAPPER.createObjectNode().put("request", request);
        p.set("info", info);
        return p;
    }

    private ObjectNode info(String me, List<String> agents, Map<String, String> role, Map<String, Integer> remain,
            boolean all) {
        ObjectNode i = Json.MAPPER.createObjectNode().put("game_id", "01KB0GROUPCHAT0000000000000").put("day", 0)
                .put("agent", me);
        if (remain != null && remain.containsKey(me)) {
            i.put("remain_count", remain.get(me)).put("remain_skip", 0);
        }
        ObjectNode status = i.putObject("status_map");
        agents.forEach(a -> status.put(a, "ALIVE"));
        ObjectNode roles = i.putObject("role_map");
        boolean wolf = role.get(me).equals("WEREWOLF");
        role.forEach((a, r) -> {
            if (all || a.equals(me) || wolf && r.equals("WEREWOLF")) {
                roles.put(a, r);
            }
        });
        return i;
    }

    private ObjectNode setting() {
        ObjectNode s = Json.MAPPER.createObjectNode().put("agent_count", 5);
        s.putObject("role_num_map").put("WEREWOLF", 2).put("SEER", 1).put("VILLAGER", 2).put("POSSESSED", 0)
                .put("MEDIUM", 0).put("BODYGUARD", 0);
        s.put("vote_visibility", true);
        for (String k : List.of("talk", "whisper")) {
            ObjectNode t = s.putObject(k);
            t.putObject("max_count").put("per_agent", perAgent).put("per_day", perAgent * 5);
            t.putObject("max_length").put("count_in_word", false).put("count_spaces", false)
                    .put("mention_length", 125).put("base_length", 125);
            t.put("duration", durationMillis);
            t.put("max_skip", 0);
        }
        s.putObject("vote").put("max_count", 1).put("allow_self_vote", true);
        s.putObject("attack_vote").put("max_count", 1).put("allow_self_vote", true).put("allow_no_target", false);
        s.putObject("timeout").put("action", 60_000).put("response", 120_000);
        return s;
    }

    private void send(String to, ObjectNode packet) {
        List<String> wrong = NlpSchema.violations(packet);
        if (!wrong.isEmpty()) {
            schemaViolations.addAll(wrong);
        }
        WsContext ctx = byName.get(to);
        synchronized (ctx) {
            ctx.send(packet.toString());
        }
    }

    /** The lines of phase {@code kind}, accepted ones only when {@code accepted}. */
    public List<Line> lines(String kind, boolean accepted) {
        List<Line> out = new ArrayList<>();
        lines.forEach(l -> {
            if (l.phase().equals(kind) && (!accepted || l.accepted())) {
                out.add(l);
            }
        });
        return out;
    }

    @Override
    public void close() {
        app.stop();
    }
}
