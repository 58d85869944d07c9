package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTest {

    private final Jid gm = Jid.parse("gamemaster@localhost/abc");
    private final Jid alice = Jid.parse("alice@localhost");

    @Test
    void createReplyAddressesTheSenderTheWayJadeDoes() {
        Message request = Message.builder().to(alice).sender(gm).performative(Performative.REQUEST)
                .conversationId("game-7").replyWith("r-1").ontology("maw").language("json").protocol("fipa-request")
                .thread("t").body(Map.of("type", "get_input")).build();
        Message reply = request.createReply().performative(Performative.AGREE).body(Map.of("type", "ok")).build();

        assertThat(reply.to()).isEqualTo(gm);
        assertThat(reply.thread()).isEqualTo("t");
        assertThat(reply.inReplyTo()).isEqualTo("r-1");
        assertThat(reply.replyWith()).isNull();
        assertThat(reply.conversationId()).isEqualTo("game-7");
        assertThat(reply.ontology()).isEqualTo("maw");
        assertThat(reply.language()).isEqualTo("json");
        assertThat(reply.protocol()).isEqualTo("fipa-request");
        assertThat(reply.requirePerformative()).isEqualTo(Performative.AGREE);
    }

    @Test
    void aReplyKeepsTheRequestsPerformativeUntilTheCallerSetsAnother() {
        Message inform = Message.builder().to(alice).sender(gm).performative(Performative.INFORM).build();
        assertThat(inform.createReply().build().requirePerformative()).isEqualTo(Performative.INFORM);
    }

    @Test
    void bodiesAreJsonAndTheirTypeIsTheCatalogKind() {
        record Vote(String type, String target) {}
        Message m = Message.of(alice, Performative.REQUEST, new Vote("vote", "bob"));
        assertThat(m.body()).isEqualTo("{\"type\":\"vote\",\"target\":\"bob\"}");
        assertThat(m.bodyType()).isEqualTo("vote");
        assertThat(m.bodyAs(Vote.class)).isEqualTo(new Vote("vote", "bob"));
    }

    @Test
    void aBodyThatIsNotJsonHasNoTypeAndAnEmptyTree() {
        Message m = Message.builder().to(alice).rawBody("hello").build();
        assertThat(m.json().isMissingNode()).isTrue();
        assertThat(m.bodyType()).isNull();
    }

    @Test
    void performativesAreReadAsOtherFipaImplementationsWriteThem() {
        assertThat(Performative.fromWire("not_understood")).contains(Performative.NOT_UNDERSTOOD);
        assertThat(Performative.fromWire("NOT-UNDERSTOOD")).contains(Performative.NOT_UNDERSTOOD);
        assertThat(Performative.fromWire(" Inform ")).contains(Performative.INFORM);
        assertThat(Performative.fromWire("shout")).isEmpty();
        assertThat(Performative.QUERY_REF.wire()).isEqualTo("query-ref");
    }

    @Test
    void jidsCompareByBareAddress() {
        assertThat(Jid.parse("Alice@LOCALHOST/one").sameBare(Jid.parse("Alice@localhost/two"))).isTrue();
        assertThat(Jid.parse("alice@localhost/r").bare()).isEqualTo(alice);
        assertThat(Jid.parse("localhost").local()).isNull();
    }

    @Test
    void aRecordBodyIsWrittenWhenFirstReadAndSaysWhatWritingItNowWouldSay() {
        record Vote(String type, String target) {}
        Vote vote = new Vote("vote", "bob");
        Message m = Message.of(alice, Performative.REQUEST, vote);
        assertThat(m.original()).isSameAs(vote);
        assertThat(m.toBuilder().sender(gm).build().original()).as("kept by a copy").isSameAs(vote);
        assertThat(m.body()).isEqualTo(Json.write(vote)).isSameAs(m.body());
        assertThat(Message.builder().to(alice).rawBody(m.body()).build().original()).as("text has none").isNull();
        assertThat(Message.builder().to(alice).body(Map.of("type", "x")).build().original())
                .as("a map may change after the call: written at once, not kept").isNull();
    }

    @Test
    void aTypeThatIsARecordsFieldIsReadFromEachRecord() {
        record Said(String type, String text) {}
        Message a = Message.of(alice, Performative.INFORM, new Said("chat", "hi"));
        Message b = Message.of(alice, Performative.INFORM, new Said("vote", "bob"));
        assertThat(a.bodyType()).isEqualTo("chat");
        assertThat(b.bodyType()).isEqualTo("vote");
    }
}
