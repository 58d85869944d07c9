package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import maw.runtime.xmpp.XmppSettings;
import maw.runtime.xmpp.XmppTransport;
import maw.testing.Await;
import maw.testing.Probe;
import maw.testing.TestXmpp;
import org.jivesoftware.smack.XMPPConnection;
import org.jivesoftware.smack.debugger.SmackDebugger;
import org.jivesoftware.smack.packet.Nonza;
import org.jivesoftware.smack.packet.TopLevelStreamElement;
import org.jivesoftware.smack.packet.XmlEnvironment;
import org.jivesoftware.smack.tcp.XMPPTCPConnection;
import org.junit.jupiter.api.Test;
import org.jxmpp.jid.EntityFullJid;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** The runtime's promises over a real ejabberd, plus what only XMPP has: logins, wire format, reconnection. */
class XmppTransportTest extends AgentRuntimeContract {

    private final TestXmpp xmpp = TestXmpp.get();

    @Override
    Transport transport() {
        return xmpp.transport();
    }

    @Override
    Jid[] accounts(String prefix, int n) {
        return xmpp.accounts(prefix, n);
    }

    @Test
    void aWrongPasswordFailsStartUpNamingTheJidHostAndPort() {
        Jid j = xmpp.account("badpw");
        Agent a = new Agent(j, "wrong-password");
        assertThatThrownBy(() -> a.start(transport())).isInstanceOf(TransportException.class)
                .hasMessageContaining("cannot log in as " + j)
                .hasMessageContaining(xmpp.settings().endpoint())
                .hasMessageContaining("not-authorized");
        assertThat(a.status()).isEqualTo(Agent.Status.STOPPED);
    }

    @Test
    void anUnreachableServerFailsStartUpNamingTheJidHostAndPort() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        XmppSettings nowhere = xmpp.settings().withPort(closedPort);
        Jid j = Jid.of("anyone", xmpp.domain());
        Agent a = new Agent(j, "pw");
        assertThatThrownBy(() -> a.start(new XmppTransport(nowhere))).isInstanceOf(TransportException.class)
                .hasMessageContaining("cannot reach the XMPP server at 127.0.0.1:" + closedPort)
                .hasMessageContaining(j.toString());
    }

    @Test
    void anAgentOfAnotherDomainIsRefusedBeforeConnecting() {
        Agent a = new Agent(Jid.of("x", "elsewhere.example"), "pw");
        assertThatThrownBy(() -> a.start(transport())).isInstanceOf(TransportException.class)
                .hasMessageContaining("serves the domain " + xmpp.domain());
    }

    /**
     * Thousands of messages sent as fast as possible while the answers stream back (the server asks for
     * acknowledgements all along): every one arrives, in order, and the sender's connection stays up. (The hang of
     * Smack's stream management past 500 unacknowledged stanzas did not show here; the flooding client of ./maw bench flood met it.)
     */
    @Test
    void aBurstOfThousandsWithAnswersComingBackNeverHangsTheSender() throws Exception {
        Jid[] j = accounts("burst", 2);
        echo(j[0]);
        Probe p = probe(j[1]);
        int n = 3000;
        Thread sender = Thread.ofVirtual().start(() -> {
            for (int i = 0; i < n; i++) {
                p.send(request(j[0], "{\"type\":\"ping\",\"seq\":" + i + "}"));
            }
        });
        for (int i = 0; i < n; i++) {
            assertThat(p.next().json().get("seq").asInt()).isEqualTo(i);
        }
        sender.join(Duration.ofSeconds(30));
        assertThat(sender.isAlive()).isFalse();
        assertThat(p.connectionLosses()).isZero();
    }

    @Test
    void agentsReconnectByThemselvesAfterTheServerRestartsAndNothingSentMeanwhileIsLost() throws Exception {
        Jid[] j = accounts("reconnect", 2);
        Agent echo = echo(j[0]);
        Probe p = probe(j[1]);
        p.send(request(j[0], "{\"type\":\"ping\",\"seq\":1}"));
        assertThat(p.next().json().get("seq").asInt()).isEqualTo(1);

        xmpp.server().stop();
        Await.until("both agents notice the server is gone", () -> !echo.isConnected() && !p.isConnected());
        p.send(request(j[0], "{\"type\":\"ping\",\"seq\":2}"));
        xmpp.server().start();

        Await.until("both agents are back", Duration.ofSeconds(60), () -> echo.isConnected() && p.isConnected());
        assertThat(p.next().json().get("seq").asInt()).as("sent while the server was down").isEqualTo(2);
        p.send(request(j[0], "{\"type\":\"ping\",\"seq\":3}"));
        assertThat(p.next().json().get("seq").asInt()).isEqualTo(3);
    }

    /** A stanza exactly as SPADE 4 (slixmpp) writes it: fields first, title last, thread only in the form. */
    @Test
    void aStanzaShapedAsSpadeWritesItIsReadIntoOurMessage() throws Exception {
        Jid[] j = accounts("spade-in", 2);
        Probe ours = probe(j[0]);
        XMPPTCPConnection spade = bareConnection(j[1], null);
        try {
            spade.sendNonza(new RawXml("<message to=\"" + j[0] + "\" type=\"chat\" xml:lang=\"en\">"
                    + "<body>{\"type\": \"chat\", \"message\": \"I think Player3 is guilty!\"}</body>"
                    + "<x xmlns=\"jabber:x:data\" type=\"form\">"
                    + "<field var=\"performative\" type=\"text-single\"><value>request</value></field>"
                    + "<field var=\"ontology\" type=\"text-single\"><value>maw</value></field>"
                    + "<field var=\"language\" type=\"text-single\"><value>json</value></field>"
                    + "<field var=\"_thread_node\" type=\"text-single\"><value>thread-42</value></field>"
                    + "<title>spade:x:metadata</title></x></message>"));
            // SPADE 3 (aioxmpp): title first, and a message with a thread but a different performative spelling.
            spade.sendNonza(new RawXml("<message to=\"" + j[0] + "\" type=\"chat\">"
                    + "<body>{\"type\":\"vote\",\"target\":\"player2@localhost\"}</body>"
                    + "<x xmlns=\"jabber:x:data\" type=\"form\"><title>spade:x:metadata</title>"
                    + "<field var=\"performative\" type=\"text-single\"><value>not_understood</value></field>"
                    + "<field var=\"_thread_node\" type=\"text-single\"><value>t-7</value></field></x></message>"));

            Message first = ours.next();
            assertThat(first.sender().bare()).isEqualTo(j[1]);
            assertThat(first.requirePerformative()).isEqualTo(Performative.REQUEST);
            assertThat(first.ontology()).isEqualTo("maw");
            assertThat(first.language()).isEqualTo("json");
            assertThat(first.thread()).isEqualTo("thread-42");
            assertThat(first.metadata()).doesNotContainKey("_thread_node");
            assertThat(first.bodyType()).isEqualTo("chat");
            assertThat(first.json().get("message").asText()).isEqualTo("I think Player3 is guilty!");

            Message second = ours.next();
            assertThat(second.requirePerformative()).isEqualTo(Performative.NOT_UNDERSTOOD);
            assertThat(second.thread()).isEqualTo("t-7");
            assertThat(second.json().get("target").asText()).isEqualTo("player2@localhost");
        } finally {
            spade.instantShutdown();
        }
    }

    /** What a SPADE agent reads off the wire from one of ours, checked on the raw XML ejabberd delivered. */
    @Test
    void ourMessageTravelsInTheShapeSpadeWritesAndReads() throws Exception {
        Jid[] j = accounts("spade-out", 2);
        Probe ours = probe(j[0]);
        StringBuilder wire = new StringBuilder();
        XMPPTCPConnection spade = bareConnection(j[1], wire);
        try {
            ours.send(Message.builder().to(j[1]).performative(Performative.INFORM).conversationId("game-1")
                    .ontology("maw").thread("round-3").rawBody("{\"type\":\"phase_change\",\"new_phase\":\"night\"}")
                    .build());
            Await.until("the message reaches the SPADE-side connection", () -> {
                synchronized (wire) {
                    int at = wire.indexOf("phase_change");
                    return at >= 0 && wire.indexOf("</message>", at) >= 0;
                }
            });
            String raw;
            synchronized (wire) {
                raw = wire.toString();
            }
            Element message = parseMessage(raw, "phase_change");
            assertThat(message.getAttribute("type")).isEqualTo("chat");
            assertThat(text(child(message, "body"))).isEqualTo("{\"type\":\"phase_change\",\"new_phase\":\"night\"}");
            assertThat(text(child(message, "thread"))).isEqualTo("round-3");
            Element x = child(message, "x");
            assertThat(x.getAttribute("xmlns")).isEqualTo("jabber:x:data");
            assertThat(x.getAttribute("type")).isEqualTo("form");
            assertThat(text(child(x, "title"))).isEqualTo("spade:x:metadata");
            List<String> fields = new ArrayList<>();
            NodeList nodes = x.getElementsByTagName("field");
            for (int i = 0; i < nodes.getLength(); i++) {
                Element f = (Element) nodes.item(i);
                assertThat(f.getAttribute("type")).isEqualTo("text-single");
                fields.add(f.getAttribute("var") + "=" + text(child(f, "value")));
            }
            assertThat(fields).containsExactly("performative=inform", "conversation-id=game-1", "ontology=maw",
                    "_thread_node=round-3");
        } finally {
            spade.instantShutdown();
        }
    }

    private XMPPTCPConnection bareConnection(Jid jid, StringBuilder wire) throws Exception {
        var config = xmpp.transport().configurationBuilder(jid, TestXmpp.password(jid));
        if (wire != null) {
            config.setDebuggerFactory(connection -> new WireCapture(connection, wire));
        }
        XMPPTCPConnection c = new XMPPTCPConnection(config.build());
        // Raw stanzas bypass Smack's stream-management counter; keep stream management off on this connection.
        c.setUseStreamManagement(false);
        c.connect();
        c.login();
        // login() has sent the initial presence; the server answers this ping only after handling it, so from now on
        // the connection is available and messages to it are delivered, not stored for later.
        assertThat(org.jivesoftware.smackx.ping.PingManager.getInstanceFor(c).pingMyServer()).isTrue();
        return c;
    }

    private static Element parseMessage(String wire, String marker) throws Exception {
        int at = wire.indexOf(marker);
        int start = wire.lastIndexOf("<message", at);
        int end = wire.indexOf("</message>", at) + "</message>".length();
        String xml = wire.substring(start, end);
        // ejabberd relies on the stream's default namespace; declare it so the fragment parses on its own.
        Matcher m = Pattern.compile("^<message(\\s)").matcher(xml);
        if (!xml.contains("xmlns='jabber:client'") && !xml.contains("xmlns=\"jabber:client\"")) {
            xml = m.replaceFirst("<message xmlns='jabber:client'$1");
        }
        var factory = DocumentBuilderFactory.newInstance();
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        return doc.getDocumentElement();
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no <" + name + "> in <" + parent.getTagName() + ">");
    }

    /** Smack's debugger hands over the stream pretty-printed: text comes indented, so compare it trimmed. */
    private static String text(Element e) {
        return e.getTextContent().strip();
    }

    /** Raw XML written as-is onto the stream, the way another XMPP library would write it. */
    private record RawXml(String xml) implements Nonza {
        @Override
        public String getNamespace() {
            return "jabber:client";
        }

        @Override
        public String getElementName() {
            return "message";
        }

        @Override
        public CharSequence toXML(XmlEnvironment env) {
            return xml;
        }
    }

    /**
     * Keeps the characters the connection reads (after TLS, pretty-printed by Smack but with elements, attributes and
     * their order as received), to check the XML rather than Smack's model of it.
     */
    private static final class WireCapture extends SmackDebugger {
        private final StringBuilder sink;

        WireCapture(XMPPConnection connection, StringBuilder sink) {
            super(connection);
            this.sink = sink;
        }

        @Override
        public void userHasLogged(EntityFullJid user) {}

        @Override
        public void outgoingStreamSink(CharSequence outgoing) {}

        @Override
        public void incomingStreamSink(CharSequence incoming) {
            synchronized (sink) {
                sink.append(incoming);
            }
        }

        @Override
        public void onIncomingStreamElement(TopLevelStreamElement element) {}

        @Override
        public void onOutgoingStreamElement(TopLevelStreamElement element) {}
    }
}
