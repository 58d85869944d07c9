package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import maw.base.Phase;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;
import org.junit.jupiter.api.Test;

/**
 * The core catalog lives in four files (the game's messages, a seat's with its interface, watching, tournaments): every
 * message record there and the types Jackson reads must stay one list, each with its wire name; a rule set's own
 * messages ({@link CatalogExtension}) are read by their wire names too, none of them taking a core one.
 */
class CatalogTypesTest {

    private static final Class<?>[] CORE = {Catalog.class, SeatCatalog.class, WatchCatalog.class,
        TournamentCatalog.class};

    /** Every message record of the core catalog's files. */
    private static Set<Class<?>> messages() {
        Set<Class<?>> out = new HashSet<>();
        for (Class<?> file : CORE) {
            for (Class<?> c : file.getDeclaredClasses()) {
                if (c.isRecord() && Catalog.Body.class.isAssignableFrom(c)) {
                    out.add(c);
                }
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
        Set<Class<?>> all = new HashSet<>(messages());
        all.addAll(CatalogExtension.all());
        Set<Class<?>> added = new HashSet<>(CatalogExtension.all());
        assertThat(added).as("the rule sets add messages of their own").isNotEmpty()
                .doesNotContainAnyElementsOf(messages());
        for (Class<?> c : all) {
            JsonTypeName name = c.getAnnotation(JsonTypeName.class);
            assertThat(name).as("%s has a wire name", c.getSimpleName()).isNotNull();
            assertThat(names.add(name.value())).as("the wire name %s is given once", name.value()).isTrue();
        }
    }

    @Test
    void aRuleSetsOwnMessageReadsBackByItsWireName() {
        Catalog.Body votes = new maw.aiwolf.catalog.AiwolfCatalog.Votes("g", 1, 2, 0, false, java.util.Map.of("Ann", "Bob"));
        Message m = Message.builder().to(Jid.parse("a@localhost")).performative(Performative.INFORM)
                .rawBody(Message.of(Jid.parse("a@localhost"), Performative.INFORM, votes).body()).build();
        assertThat(m.bodyType()).isEqualTo("votes");
        assertThat(CatalogReader.read(m)).isEqualTo(votes);
    }

    @Test
    void aRuleSetsOwnActIsCarriedByItsOwnRequestStampedAsTheCoresAre() {
        Catalog.Stamped talk = Catalog.request(new maw.base.Act.Talk(" Over "), "g", 1, Phase.DAY, 2, 3);
        assertThat(talk).isEqualTo(new maw.aiwolf.catalog.AiwolfCatalog.Talk("g", 1, Phase.DAY, 2, "Over", 3));
        assertThat(talk.phaseId()).isEqualTo(new maw.game.PhaseId(Phase.DAY, 2, 3));
        Catalog.Stamped guard = Catalog.request(new maw.base.Act.Guard("Bob"), "g", 1, Phase.NIGHT, 2, null);
        assertThat(guard.act()).isEqualTo(new maw.base.Act.Guard("Bob"));
        for (Catalog.Stamped s : List.of(talk, guard)) {
            Message m = Message.of(Jid.parse("gm@localhost"), Performative.REQUEST, s);
            assertThat(CatalogReader.read(m)).isEqualTo(s);
        }
        assertThat(Message.of(Jid.parse("gm@localhost"), Performative.REQUEST, talk).bodyType()).isEqualTo("talk");
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
