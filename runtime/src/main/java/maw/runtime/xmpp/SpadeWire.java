package maw.runtime.xmpp;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import maw.runtime.Jid;
import maw.runtime.Message;
import org.jivesoftware.smack.packet.ExtensionElement;
import org.jivesoftware.smack.packet.StandardExtensionElement;
import org.jivesoftware.smack.packet.StanzaBuilder;
import org.jivesoftware.smackx.delay.packet.DelayInformation;
import org.jivesoftware.smackx.xdata.FormField;
import org.jivesoftware.smackx.xdata.packet.DataForm;
import org.jxmpp.jid.impl.JidCreate;
import org.jxmpp.stringprep.XmppStringprepException;

/**
 * The SPADE wire format, both ways: {@code <message type="chat">} with the JSON in {@code <body>}, the thread in
 * {@code <thread>}, and the metadata in a {@link SpadeMetadataForm}. On receipt the thread is read from either place
 * ({@code _thread_node} wins, as in SPADE) and the form's fields may come in any order.
 */
public final class SpadeWire {

    private SpadeWire() {}

    /** The SPADE metadata form for these fields and thread, as an extension element to add to any Smack stanza. */
    public static ExtensionElement metadataForm(Map<String, String> fields,
            String thread) {
        return new SpadeMetadataForm(fields, thread);
    }

    private static final String ID_PREFIX = Long.toString(
            ThreadLocalRandom.current().nextLong(1L << 50), 36) + "-";
    private static final AtomicLong IDS = new AtomicLong();

    /**
     * Our message as a Smack stanza, shaped as SPADE writes it, with a stanza id unique to this process: a copy that
     * ejabberd delivers again after a reconnection keeps it, and the receiver drops the copy.
     */
    public static org.jivesoftware.smack.packet.Message toStanza(Message m) {
        try {
            var b = StanzaBuilder.buildMessage(ID_PREFIX + IDS.incrementAndGet())
                    .to(JidCreate.from(m.to().toString()))
                    .ofType(org.jivesoftware.smack.packet.Message.Type.chat);
            if (m.body() != null) {
                b.setBody(m.body());
            }
            if (m.thread() != null) {
                b.setThread(m.thread());
            }
            if (!m.metadata().isEmpty() || m.thread() != null) {
                b.addExtension(new SpadeMetadataForm(m.metadata(), m.thread()));
            }
            return b.build();
        } catch (XmppStringprepException e) {
            throw new IllegalArgumentException("not a valid XMPP address: " + m.to(), e);
        }
    }

    /**
     * A Smack stanza as our message, or null for stanzas that are not agent messages at all (errors, chat states,
     * receipts: nothing in the body and no SPADE metadata).
     */
    public static Message fromStanza(org.jivesoftware.smack.packet.Message s) {
        if (s.getType() == org.jivesoftware.smack.packet.Message.Type.error) {
            return null;
        }
        Message.Builder b = Message.builder();
        if (s.getTo() != null) {
            b.to(Jid.parse(s.getTo().toString()));
        }
        if (s.getFrom() != null) {
            b.sender(Jid.parse(s.getFrom().toString()));
        }
        String body = s.getBody();
        if (body == null && !s.getBodies().isEmpty()) {
            body = s.getBodies().iterator().next().getMessage();
        }
        b.rawBody(body);
        String thread = s.getThread();
        boolean spade = false;
        for (ExtensionElement e : s.getExtensions(SpadeMetadataForm.ELEMENT, SpadeMetadataForm.NAMESPACE)) {
            if (e instanceof DataForm form && SpadeMetadataForm.TITLE.equals(form.getTitle())) {
                spade = true;
                for (FormField f : form.getFields()) {
                    thread = put(b, f.getFieldName(), f.getFirstValue(), thread);
                }
            } else if (e instanceof StandardExtensionElement x && SpadeMetadataForm.TITLE.equals(text(x, "title"))) {
                // Smack without its data-form provider hands the form over unparsed.
                spade = true;
                for (StandardExtensionElement f : x.getElements("field", SpadeMetadataForm.NAMESPACE)) {
                    thread = put(b, f.getAttributeValue("var"), text(f, "value"), thread);
                }
            }
        }
        if (body == null && !spade) {
            return null;
        }
        var delay = DelayInformation.from(s);
        if (delay != null && delay.getStamp() != null) {
            b.storedAt(delay.getStamp().toInstant());
        }
        return b.thread(thread).build();
    }

    private static String put(Message.Builder b, String var, String value, String thread) {
        if (var == null || value == null) {
            return thread;
        }
        if (SpadeMetadataForm.THREAD_FIELD.equals(var)) {
            return value;
        }
        b.metadata(var, value);
        return thread;
    }

    private static String text(StandardExtensionElement e, String child) {
        List<StandardExtensionElement> cs = e.getElements(child, SpadeMetadataForm.NAMESPACE);
        return cs.isEmpty() ? null : cs.get(0).getText();
    }
}
