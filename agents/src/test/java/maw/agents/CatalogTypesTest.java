package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;
import maw.base.Phase;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.junit.jupiter.api.Test;

/**
 * The catalog lives in three files (the game's messages, a seat's with its interface, watching): the sealed body's
 * permitted types and the types Jackson reads must stay one list, each with its wire name.
 */
class CatalogTypesTest {

    private static Set<Class<?>> messages() {
        Set<Class<?>> out = new HashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(Arrays.asList(Catalog.Body.class.getPermittedSubclasses()));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (c.isInterface()) {
                todo.addAll(Arrays.asList(c.getPermittedSubclasses()));
            } else {
                out.add(c);
            }
        }
        return out;
    }

    @Test
    void everyMessageIsReadByItsWireNameAndNoneIsReadThatIsNotAMessage() {
        Set<Class<?>> read = Arrays.stream(Catalog.Body.class.getAnnotation(JsonSubTypes.class).value())
                .map(JsonSubTypes.Type::value).collect(Collectors.toSet());
        assertThat(read).containsExactlyInAnyOrderElementsOf(messages());
        Set<String> names = new HashSet<>();
        for (Class<?> c : messages()) {
            JsonTypeName name = c.getAnnotation(JsonTypeName.class);
            assertThat(name).as("%s has a wire name", c.getSimpleName()).isNotNull();
            assertThat(names.add(name.value())).as("the wire name %s is given once", name.value()).isTrue();
        }
    }

    @Test
    void aMessageOfEachPartOfTheCatalogReadsBack() {
        for (Catalog.Body b : new Catalog.Body[] {new Catalog.Ready("g"), new SeatCatalog.SeatName("Ann", true),
            new WatchCatalog.Watch("g", WatchCatalog.WatchView.PUBLIC, null)}) {
            maw.runtime.Message m = maw.runtime.Message.of(maw.runtime.Jid.parse("a@localhost"),
                    maw.runtime.Performative.INFORM, b);
            assertThat(CatalogReader.read(m)).isEqualTo(b);
        }
    }

    @Test
    void aBodySentInTheProcessIsItsSendersRecordAndTheSameRecordItsTextReadsBackTo() {
        Catalog.Chat chat = new Catalog.Chat("g1", 1, Phase.DAY, 2, "I am the seer \uD83D\uDC3A");
        Message sent = Message.of(Jid.parse("village@localhost"), Performative.REQUEST, chat);
        assertThat(sent.bodyType()).isEqualTo("chat");
        assertThat(CatalogReader.read(sent)).isSameAs(chat);
        Message overTheWire = Message.builder().to(sent.to()).performative(Performative.REQUEST)
                .rawBody(sent.body()).build();
        assertThat(CatalogReader.read(overTheWire)).isNotSameAs(chat).isEqualTo(chat);
    }
}
