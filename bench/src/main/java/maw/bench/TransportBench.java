package maw.bench;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import maw.runtime.Agent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import maw.runtime.Template;
import maw.runtime.Transport;
import maw.runtime.local.LocalTransport;
import maw.runtime.xmpp.SpadeWire;
import maw.runtime.xmpp.XmppTransport;
import org.jivesoftware.smack.StanzaCollector;
import org.jivesoftware.smack.filter.StanzaTypeFilter;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.jivesoftware.smackx.xdata.FormField;
import org.jivesoftware.smackx.xdata.packet.DataForm;
import org.jxmpp.jid.impl.JidCreate;

/**
 * {@code maw bench transport}: in one run against one server, (1) raw Smack ping-pong between two bare connections
 * (with the very stanzas the runtime sends, and with the body alone), (2) our runtime's request/reply between two
 * agents, all over the same connection settings and interleaved in blocks so that machine noise hits each alike, and
 * (3) the time to start 20 agents at once (connect, log in, setup done). The in-JVM transport's request/reply is
 * measured too, for reference.
 */
public final class TransportBench {

    /** Everything one run measured. */
    public record Result(int rounds, int warmup, double rawMedianMicros, double rawP99Micros,
            double runtimeMedianMicros, double runtimeP99Micros, double ratio, double rawBodyOnlyMedianMicros,
            double rawBodyOnlyP99Micros, double ratioToBodyOnly, long start20Millis, List<Long> start20Trials,
            long stop20Millis, double localMedianMicros, double localP99Micros, Map<String, Double> legMedianMicros,
            Map<String, Double> legP99Micros, double runtimeShareMedianMicros, double runtimeShareP99Micros,
            long start20ScramMillis, List<Long> start20ScramTrials) {

        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rounds", rounds);
            m.put("warmup", warmup);
            m.put("rawMedianMicros", round(rawMedianMicros));
            m.put("rawP99Micros", round(rawP99Micros));
            m.put("runtimeMedianMicros", round(runtimeMedianMicros));
            m.put("runtimeP99Micros", round(runtimeP99Micros));
            m.put("ratio", Math.round(ratio * 1000) / 1000.0);
            m.put("rawBodyOnlyMedianMicros", round(rawBodyOnlyMedianMicros));
            m.put("rawBodyOnlyP99Micros", round(rawBodyOnlyP99Micros));
            m.put("ratioToBodyOnly", Math.round(ratioToBodyOnly * 1000) / 1000.0);
            m.put("start20Millis", start20Millis);
            m.put("start20TrialsMillis", start20Trials);
            m.put("stop20Millis", stop20Millis);
            m.put("start20ScramMillis", start20ScramMillis);
            m.put("start20ScramTrialsMillis", start20ScramTrials);
            m.put("localMedianMicros", round(localMedianMicros));
            m.put("localP99Micros", round(localP99Micros));
            m.put("legMedianMicros", legMedianMicros);
            m.put("legP99Micros", legP99Micros);
            m.put("runtimeShareMedianMicros", round(runtimeShareMedianMicros));
            m.put("runtimeShareP99Micros", round(runtimeShareP99Micros));
            return m;
        }

        /** The figures as the terminal shows them ({@code agents} started at once). */
        public void print(PrintStream out, int agents) {
            out.printf("%n%-34s %10s %10s%n", "", "median us", "p99 us");
            out.printf("%-34s %10.1f %10.1f%n", "raw Smack, same stanzas", rawMedianMicros(),
                    rawP99Micros());
            out.printf("%-34s %10.1f %10.1f%n", "raw Smack, body only", rawBodyOnlyMedianMicros(),
                    rawBodyOnlyP99Micros());
            out.printf("%-34s %10.1f %10.1f%n", "runtime request/reply (xmpp)", runtimeMedianMicros(),
                    runtimeP99Micros());
            out.printf("%-34s %10.1f %10.1f%n", "runtime request/reply (local)", localMedianMicros(),
                    localP99Micros());
            out.printf("ratio runtime/raw, same stanzas (median): %.3f   (target <= 1.1)%n", ratio());
            out.printf("ratio runtime/raw, body only (median):    %.3f   (what SPADE's metadata adds too)%n",
                    ratioToBodyOnly());
            out.printf("runtime p99: %.2f ms, %.2f times raw Smack's   (target <= 3 ms and <= 2 times)%n",
                    runtimeP99Micros() / 1000, runtimeP99Micros() / rawP99Micros());
            out.printf("%d agents started at once in %d ms, median of %s   (target < 250 ms)%n", agents,
                    start20Millis(), start20Trials());
            out.printf("  the same with SCRAM (the baseline): %d ms, median of %s; ratio %.2f%n",
                    start20ScramMillis(), start20ScramTrials(),
                    (double) start20Millis() / Math.max(1, start20ScramMillis()));
            out.printf("%nwhere a runtime round trip's time goes (us):%n%-44s %10s %10s%n", "", "median",
                    "p99");
            Map<String, String> legNames = Map.of("aSend", "A sends (the runtime, to Smack's queue)",
                    "outbound", "to B (Smack, TLS, the server, Smack at B)",
                    "bInbound", "B takes it in (the runtime, to its behaviour)",
                    "bReply", "B replies (the runtime, to Smack's queue)",
                    "back", "back to A (Smack, TLS, the server, Smack)",
                    "aInbound", "A takes it in (the runtime, to its behaviour)");
            legMedianMicros().forEach((leg, median) -> out.printf("%-44s %10.1f %10.1f%n",
                    legNames.getOrDefault(leg, leg), median, legP99Micros().get(leg)));
            out.printf("%-44s %10.1f %10.1f%n", "the runtime's share (the four legs it runs)",
                    runtimeShareMedianMicros(), runtimeShareP99Micros());
        }

        private static double round(double d) {
            return Math.round(d * 10) / 10.0;
        }
    }

    private static final int BLOCKS = 8;
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);

    private final XmppTransport xmpp;
    private final String password;
    private final PrintStream out;

    /**
     * @param xmpp     the transport to measure, with accounts {@link #accounts(int)} provisioned
     * @param password the password of those accounts
     */
    public TransportBench(Transport xmpp, String password, PrintStream out) {
        if (!(xmpp instanceof XmppTransport x)) {
            throw new IllegalArgumentException("bench transport measures XMPP, not " + xmpp.name());
        }
        this.xmpp = x;
        this.password = password;
        this.out = out;
    }

    /** The accounts the benchmark logs in with. */
    public static List<String> accounts(int startAgents) {
        List<String> names = new ArrayList<>(List.of("bench-raw-a", "bench-raw-b", "bench-plain-a", "bench-plain-b",
                "bench-rt-a", "bench-rt-b"));
        for (int i = 1; i <= startAgents; i++) {
            names.add(String.format("bench-start-%02d", i));
        }
        return names;
    }

    public Result run(int rounds, int warmup, int startAgents, int startTrials) throws Exception {
        String domain = xmpp.domain();
        out.printf("connecting two raw Smack pairs and the runtime pair ...%n");
        RawPair raw = new RawPair(domain, "bench-raw-a", "bench-raw-b", true);
        RawPair plain = new RawPair(domain, "bench-plain-a", "bench-plain-b", false);
        AgentPair agents = new AgentPair(xmpp, domain, "bench-rt-a", "bench-rt-b");
        try {
            out.printf("warming up: %d round trips each ...%n", warmup);
            raw.roundTrips(warmup);
            plain.roundTrips(warmup);
            agents.roundTrips(warmup);

            long[] rawTimes = new long[rounds];
            long[] plainTimes = new long[rounds];
            long[] rtTimes = new long[rounds];
            List<long[]> legs = new ArrayList<>();
            int done = 0;
            for (int block = 0; block < BLOCKS; block++) {
                int n = rounds / BLOCKS + (block < rounds % BLOCKS ? 1 : 0);
                System.arraycopy(raw.roundTrips(n), 0, rawTimes, done, n);
                System.arraycopy(agents.roundTrips(n), 0, rtTimes, done, n);
                for (long[] l : agents.legs) {
                    if (l != null) {
                        legs.add(l);
                    }
                }
                System.arraycopy(plain.roundTrips(n), 0, plainTimes, done, n);
                done += n;
                out.printf("  block %d/%d: %d round trips each; medians so far: raw %.0f us, runtime %.0f us, "
                        + "raw body-only %.0f us%n", block + 1, BLOCKS, n,
                        percentile(Arrays.copyOf(rawTimes, done), 50) / 1000.0,
                        percentile(Arrays.copyOf(rtTimes, done), 50) / 1000.0,
                        percentile(Arrays.copyOf(plainTimes, done), 50) / 1000.0);
            }

            out.printf("starting %d agents at once, %d times ...%n", startAgents, startTrials);
            List<Long> trials = new ArrayList<>();
            List<Long> scramTrials = new ArrayList<>();
            long stopMillis = 0;
            for (int t = 0; t < startTrials; t++) {
                long[] startStop = startAll(startAgents, domain);
                trials.add(startStop[0]);
                stopMillis = Math.max(stopMillis, startStop[1]);
                // The baseline, alternately: the same logins with SCRAM, as Smack negotiates it by itself.
                xmpp.plainInsideTls(false);
                long[] scram;
                try {
                    scram = startAll(startAgents, domain);
                } finally {
                    xmpp.plainInsideTls(true);
                }
                scramTrials.add(scram[0]);
                out.printf("  trial %d: %d agents started in %d ms (stopped in %d ms); with SCRAM %d ms%n", t + 1,
                        startAgents, startStop[0], startStop[1], scram[0]);
            }

            out.printf("the same request/reply on the in-JVM transport, for reference ...%n");
            long[] localTimes = localRoundTrips(warmup, rounds);

            long[] sortedTrials = trials.stream().mapToLong(Long::longValue).sorted().toArray();
            long[] sortedScram = scramTrials.stream().mapToLong(Long::longValue).sorted().toArray();
            double rawMedian = percentile(rawTimes, 50) / 1000.0;
            double rtMedian = percentile(rtTimes, 50) / 1000.0;
            double plainMedian = percentile(plainTimes, 50) / 1000.0;
            Map<String, Double> legMedians = new LinkedHashMap<>();
            Map<String, Double> legP99s = new LinkedHashMap<>();
            long[] ours = new long[legs.size()];
            for (int k = 0; k < LEGS.size(); k++) {
                final int leg = k;
                long[] v = legs.stream().mapToLong(l -> l[leg]).toArray();
                legMedians.put(LEGS.get(k), Result.round(percentile(v, 50) / 1000.0));
                legP99s.put(LEGS.get(k), Result.round(percentile(v, 99) / 1000.0));
                if (RUNTIME_LEGS.contains(LEGS.get(k))) {
                    for (int i = 0; i < ours.length; i++) {
                        ours[i] += legs.get(i)[k];
                    }
                }
            }
            double oursMedian = ours.length == 0 ? 0 : percentile(ours, 50) / 1000.0;
            double oursP99 = ours.length == 0 ? 0 : percentile(ours, 99) / 1000.0;
            return new Result(rounds, warmup, rawMedian, percentile(rawTimes, 99) / 1000.0, rtMedian,
                    percentile(rtTimes, 99) / 1000.0, rtMedian / rawMedian, plainMedian,
                    percentile(plainTimes, 99) / 1000.0, rtMedian / plainMedian,
                    sortedTrials[sortedTrials.length / 2], trials, stopMillis, percentile(localTimes, 50) / 1000.0,
                    percentile(localTimes, 99) / 1000.0, legMedians, legP99s, oursMedian, oursP99,
                    sortedScram[sortedScram.length / 2], scramTrials);
        } finally {
            raw.close();
            plain.close();
            agents.close();
        }
    }

    /** Starts {@code n} agents at once; returns {milliseconds until all had run setup, milliseconds to stop them}. */
    private long[] startAll(int n, String domain) throws Exception {
        CountDownLatch setupDone = new CountDownLatch(n);
        List<Agent> started = new ArrayList<>();
        List<CompletableFuture<Agent>> futures = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 1; i <= n; i++) {
            Agent a = new Agent(Jid.of(String.format("bench-start-%02d", i), domain), password) {
                @Override
                protected void setup() {
                    setupDone.countDown();
                }
            };
            started.add(a);
            futures.add(a.startAsync(xmpp));
        }
        CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        if (!setupDone.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("agents did not finish setup");
        }
        long startMillis = (System.nanoTime() - t0) / 1_000_000;
        long t1 = System.nanoTime();
        List<Thread> stoppers = new ArrayList<>();
        for (Agent a : started) {
            stoppers.add(Thread.ofVirtual().start(a::stop));
        }
        for (Thread t : stoppers) {
            t.join();
        }
        return new long[] {startMillis, (System.nanoTime() - t1) / 1_000_000};
    }

    private long[] localRoundTrips(int warmup, int rounds) throws Exception {
        LocalTransport local = new LocalTransport(xmpp.domain());
        local.register("bench-rt-a", password).register("bench-rt-b", password);
        AgentPair pair = new AgentPair(local, xmpp.domain(), "bench-rt-a", "bench-rt-b");
        try {
            pair.roundTrips(warmup);
            return pair.roundTrips(rounds);
        } finally {
            pair.close();
        }
    }

    /**
     * The runtime's request/reply between an agent on {@code ta} and one on {@code tb} (accounts {@code aName} and
     * {@code bName}, this bench's password): the times of {@code rounds} round trips after {@code warmup}, in ns.
     */
    long[] agentRoundTrips(Transport ta, Transport tb, String aName, String bName, int warmup, int rounds)
            throws Exception {
        AgentPair pair = new AgentPair(ta, tb, xmpp.domain(), aName, bName);
        try {
            pair.roundTrips(warmup);
            return pair.roundTrips(rounds);
        } finally {
            pair.close();
        }
    }

    static long percentile(long[] values, double p) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int idx = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
    }

    private static Map<String, String> ordered(String k1, String v1, String k2, String v2) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    private static String pingBody(int seq) {
        return "{\"type\":\"ping\",\"seq\":" + seq + "}";
    }

    /**
     * Two bare Smack connections with the agents' own settings, written the way Smack's documentation answers and
     * asks: B echoes from a stanza listener, A waits on a {@link StanzaCollector}. With {@code spadeShaped} the
     * stanzas carry the same SPADE metadata form as the runtime's (performative, reply-with / in-reply-to), so the
     * two differ only by what the runtime does; without it they carry the body alone.
     */
    private final class RawPair implements AutoCloseable {
        private final XMPPTCPConnection a;
        private final XMPPTCPConnection b;
        private final StanzaCollector replies;
        private final org.jxmpp.jid.Jid bJid;
        private final boolean spadeShaped;
        private final String idPrefix = "bench-raw-a-" + Long.toString(System.nanoTime(), 36) + "-";

        RawPair(String domain, String aName, String bName, boolean spadeShaped) throws Exception {
            this.spadeShaped = spadeShaped;
            a = connect(Jid.of(aName, domain));
            b = connect(Jid.of(bName, domain));
            bJid = JidCreate.from(bName + "@" + domain);
            b.addSyncStanzaListener(s -> {
                var m = (org.jivesoftware.smack.packet.Message) s;
                var reply = StanzaBuilder.buildMessage().to(m.getFrom())
                        .ofType(org.jivesoftware.smack.packet.Message.Type.chat).setBody(m.getBody());
                DataForm form = DataForm.from(m);
                if (form != null) {
                    FormField replyWith = form.getField("reply-with");
                    reply.addExtension(SpadeWire.metadataForm(ordered("performative", "inform", "in-reply-to",
                            replyWith == null ? "" : replyWith.getFirstValue()), null));
                }
                b.sendStanza(reply.build());
            }, StanzaTypeFilter.MESSAGE);
            replies = a.createStanzaCollector(StanzaTypeFilter.MESSAGE);
        }

        private XMPPTCPConnection connect(Jid jid) throws Exception {
            XMPPTCPConnection c = new XMPPTCPConnection(xmpp.configurationFor(jid, password));
            c.setUseStreamManagement(true);
            c.connect();
            c.login();
            return c;
        }

        long[] roundTrips(int n) throws Exception {
            long[] times = new long[n];
            for (int i = 0; i < n; i++) {
                var ping = StanzaBuilder.buildMessage().to(bJid)
                        .ofType(org.jivesoftware.smack.packet.Message.Type.chat).setBody(pingBody(i));
                if (spadeShaped) {
                    ping.addExtension(SpadeWire.metadataForm(
                            ordered("performative", "request", "reply-with", idPrefix + i), null));
                }
                long t0 = System.nanoTime();
                a.sendStanza(ping.build());
                if (replies.nextResult(REPLY_TIMEOUT.toMillis()) == null) {
                    throw new IllegalStateException("raw Smack: no reply within " + REPLY_TIMEOUT);
                }
                times[i] = System.nanoTime() - t0;
            }
            return times;
        }

        @Override
        public void close() {
            replies.cancel();
            a.disconnect();
            b.disconnect();
        }
    }

    /** The legs of a runtime round trip, in order: where its time goes. */
    static final List<String> LEGS = List.of("aSend", "outbound", "bInbound", "bReply", "back", "aInbound");
    /** The legs that are the runtime's own work (the others are Smack's, the network's and the server's). */
    static final List<String> RUNTIME_LEGS = List.of("aSend", "bInbound", "bReply", "aInbound");

    /** Two agents: B answers every request with an inform; A's behaviour asks when the bench orders a block. */
    private final class AgentPair implements AutoCloseable {
        private final Agent a;
        private final Agent b;
        private final BlockingQueue<Integer> orders = new ArrayBlockingQueue<>(1);
        private final BlockingQueue<long[]> results = new ArrayBlockingQueue<>(1);
        /**
         * Per round trip of the last block, its legs in ns ({@link #LEGS}): A's send (the runtime, to Smack's queue),
         * on to B (Smack, TLS, the server, Smack's parse at B), B's inbound (the runtime: conversion, checks, mailbox,
         * the behaviour's wake-up), B's reply (the runtime, to Smack's queue), back to A, A's inbound.
         */
        volatile long[][] legs = new long[0][];
        /** B's marks per round trip: when its message arrived, when the behaviour took it, when the reply was queued. */
        private volatile long[][] bMarks = new long[0][];

        AgentPair(Transport transport, String domain, String aName, String bName) throws Exception {
            this(transport, transport, domain, aName, bName);
        }

        /** A on {@code ta}, B on {@code tb} (agents at two nodes of a cluster, say). */
        AgentPair(Transport ta, Transport tb, String domain, String aName, String bName) throws Exception {
            Jid bJid = Jid.of(bName, domain);
            b = new Agent(bJid, password);
            b.addBehaviour(CyclicBehaviour.of("echo", self -> {
                Message m = self.receive(Duration.ofSeconds(1));
                if (m != null) {
                    long taken = System.nanoTime();
                    self.send(m.createReply().performative(Performative.INFORM).body(m.json()).build());
                    long sent = System.nanoTime();
                    int seq = m.json().path("seq").asInt(-1);
                    long[][] marks = bMarks;
                    if (seq >= 0 && seq < marks.length) {
                        marks[seq] = new long[] {m.arrivedNanos(), taken, sent};
                    }
                }
            }));
            a = new Agent(Jid.of(aName, domain), password);
            a.addBehaviour(CyclicBehaviour.of("ping", self -> {
                Integer n = orders.poll(1, TimeUnit.SECONDS);
                if (n == null) {
                    return;
                }
                long[] times = new long[n];
                long[][] marks = new long[n][];
                bMarks = marks;
                long[][] block = new long[n][];
                for (int i = 0; i < n; i++) {
                    String id = "bench-rt-" + i + "-" + self.agent().newId();
                    Message request = Message.builder().to(bJid).performative(Performative.REQUEST)
                            .replyWith(id).thread(id).rawBody(pingBody(i)).build();
                    long t0 = System.nanoTime();
                    self.send(request);
                    long t1 = System.nanoTime();
                    Message reply = self.receive(Template.sender(bJid).and(Template.inReplyTo(id)), REPLY_TIMEOUT);
                    long t3 = System.nanoTime();
                    if (reply == null) {
                        throw new IllegalStateException("runtime: no reply within " + REPLY_TIMEOUT);
                    }
                    times[i] = t3 - t0;
                    long[] bm = marks[i];
                    long arrived = reply.arrivedNanos();
                    if (bm != null && bm[0] > 0 && arrived > 0) {
                        block[i] = new long[] {t1 - t0, bm[0] - t1, bm[1] - bm[0], bm[2] - bm[1], arrived - bm[2],
                            t3 - arrived};
                    }
                }
                legs = block;
                results.put(times);
            }));
            b.start(tb);
            a.start(ta);
        }

        long[] roundTrips(int n) throws Exception {
            orders.put(n);
            long[] r = results.poll(5, TimeUnit.MINUTES);
            if (r == null) {
                throw new IllegalStateException("the runtime pair did not finish its block");
            }
            return r;
        }

        @Override
        public void close() {
            a.stop();
            b.stop();
        }
    }
}
