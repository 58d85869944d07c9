package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateTest {

    private final Jid gm = Jid.parse("gamemaster@localhost/res-1");
    private final Message vote = Message.builder().sender(gm).to(Jid.parse("village@localhost"))
            .performative(Performative.REQUEST).thread("day-1").metadata("game", "g1")
            .body(Map.of("type", "vote", "target", "bob")).build();

    @Test
    void senderMatchesByBareJidWhateverTheResource() {
        assertThat(Template.sender("gamemaster@localhost").matches(vote)).isTrue();
        assertThat(Template.sender("gamemaster@localhost/other").matches(vote)).isTrue();
        assertThat(Template.sender("alice@localhost").matches(vote)).isFalse();
    }

    @Test
    void metadataThreadAndBodyTypeMatchExactly() {
        assertThat(Template.metadata("game", "g1").matches(vote)).isTrue();
        assertThat(Template.metadata("game", "g2").matches(vote)).isFalse();
        assertThat(Template.thread("day-1").matches(vote)).isTrue();
        assertThat(Template.bodyType("vote").matches(vote)).isTrue();
        assertThat(Template.bodyType("chat").matches(vote)).isFalse();
        assertThat(Template.performative(Performative.REQUEST).matches(vote)).isTrue();
        assertThat(Template.to(Jid.parse("village@localhost/x")).matches(vote)).isTrue();
    }

    @Test
    void templatesCombineWithAndOrNot() {
        Template fromGm = Template.sender("gamemaster@localhost");
        Template chat = Template.bodyType("chat");
        assertThat(fromGm.and(chat).matches(vote)).isFalse();
        assertThat(fromGm.or(chat).matches(vote)).isTrue();
        assertThat(chat.not().matches(vote)).isTrue();
        assertThat(Template.allOf(fromGm, Template.bodyType("vote"), Template.thread("day-1")).matches(vote)).isTrue();
        assertThat(Template.any().matches(vote)).isTrue();
    }
}
