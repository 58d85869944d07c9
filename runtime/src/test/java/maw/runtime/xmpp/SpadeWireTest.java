package maw.runtime.xmpp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.jivesoftware.smack.util.PacketParserUtils;
import org.junit.jupiter.api.Test;

/** The SPADE wire format without a server: what we write, and what we read from what SPADE writes. */
class SpadeWireTest {

    private static org.jivesoftware.smack.packet.Message parse(String xml) throws Exception {
        return PacketParserUtils.parseStanza(xml);
    }

    @Test
    void ourMetadataIsWrittenAsSpadesDataForm() {
        Message m = Message.builder().to(Jid.parse("bob@localhost")).performative(Performative.INFORM)
                .conversationId("c<1>").thread("t-1").body(Map.of("type", "x")).build();
        var stanza = SpadeWire.toStanza(m);
        assertThat(stanza.getType()).isEqualTo(org.jivesoftware.smack.packet.Message.Type.chat);
        assertThat(stanza.getThread()).isEqualTo("t-1");
        assertThat(stanza.getBody()).isEqualTo("{\"type\":\"x\"}");
        assertThat(SpadeWire.metadataForm(m.metadata(), m.thread()).toXML().toString()).isEqualTo(
                "<x xmlns='jabber:x:data' type='form'><title>spade:x:metadata</title>"
                + "<field var='performative' type='text-single'><value>inform</value></field>"
                + "<field var='conversation-id' type='text-single'><value>c&lt;1&gt;</value></field>"
                + "<field var='_thread_node' type='text-single'><value>t-1</value></field></x>");
    }

    @Test
    void everyStanzaWeSendHasItsOwnId() {
        Message m = Message.builder().to(Jid.parse("bob@localhost")).performative(Performative.INFORM)
                .body(Map.of("type", "x")).build();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String id = SpadeWire.toStanza(m).getStanzaId();
            assertThat(id).isNotBlank();
            ids.add(id);
        }
        assertThat(ids).hasSize(1000);
    }

    @Test
    void whatWeWriteWeReadBack() throws Exception {
        Message m = Message.builder().to(Jid.parse("bob@localhost")).performative(Performative.QUERY_REF)
                .replyWith("r-9").ontology("maw").thread("th").body(Map.of("type", "get_new_messages", "index", 3))
                .build();
        Message back = SpadeWire.fromStanza(parse(SpadeWire.toStanza(m).toXML().toString()));
        assertThat(back.metadata()).isEqualTo(m.metadata());
        assertThat(back.thread()).isEqualTo("th");
        assertThat(back.body()).isEqualTo(m.body());
        assertThat(back.to()).isEqualTo(m.to());
    }

    @Test
    void theThreadInTheFormWinsOverTheThreadElementAsInSpade() throws Exception {
        Message m = SpadeWire.fromStanza(parse("<message xmlns='jabber:client' from='a@localhost/r' to='b@localhost' "
                + "type='chat'><body>{}</body><thread>element</thread><x xmlns='jabber:x:data' type='form'>"
                + "<field var='_thread_node' type='text-single'><value>form</value></field>"
                + "<field var='performative' type='text-single'><value>inform</value></field>"
                + "<title>spade:x:metadata</title></x></message>"));
        assertThat(m.thread()).isEqualTo("form");
        assertThat(m.sender()).isEqualTo(Jid.parse("a@localhost/r"));
        assertThat(m.requirePerformative()).isEqualTo(Performative.INFORM);
    }

    @Test
    void aThreadElementAloneIsReadToo() throws Exception {
        Message m = SpadeWire.fromStanza(parse("<message xmlns='jabber:client' from='a@localhost/r' type='chat'>"
                + "<body>{}</body><thread>only-element</thread></message>"));
        assertThat(m.thread()).isEqualTo("only-element");
        assertThat(m.metadata()).isEmpty();
    }

    @Test
    void otherDataFormsAreNotTakenForMetadata() throws Exception {
        Message m = SpadeWire.fromStanza(parse("<message xmlns='jabber:client' from='a@localhost/r' type='chat'>"
                + "<body>{}</body><x xmlns='jabber:x:data' type='submit'><title>survey</title>"
                + "<field var='performative'><value>inform</value></field></x></message>"));
        assertThat(m.metadata()).isEmpty();
    }

    @Test
    void stanzasThatAreNotAgentMessagesAreLeftAlone() throws Exception {
        assertThat(SpadeWire.fromStanza(parse("<message xmlns='jabber:client' from='a@localhost/r' type='chat'>"
                + "<active xmlns='http://jabber.org/protocol/chatstates'/></message>"))).isNull();
        assertThat(SpadeWire.fromStanza(parse("<message xmlns='jabber:client' from='a@localhost' type='error'>"
                + "<body>{}</body><error type='cancel'><service-unavailable "
                + "xmlns='urn:ietf:params:xml:ns:xmpp-stanzas'/></error></message>"))).isNull();
    }
}
