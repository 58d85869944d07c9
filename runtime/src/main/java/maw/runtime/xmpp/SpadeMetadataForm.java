package maw.runtime.xmpp;

import java.util.Map;
import javax.xml.namespace.QName;
import org.jivesoftware.smack.packet.ExtensionElement;
import org.jivesoftware.smack.packet.XmlEnvironment;
import org.jivesoftware.smack.util.XmlStringBuilder;

/**
 * The metadata of a message as SPADE writes it: an XEP-0004 data form of type {@code form} titled
 * {@code spade:x:metadata}, one {@code text-single} field per key, and the thread again as the field
 * {@code _thread_node} (SPADE 4 reads the thread only from there). Written by hand rather than with Smack's
 * DataForm, which leaves out {@code type="text-single"}: SPADE writes it, so we do too.
 */
final class SpadeMetadataForm implements ExtensionElement {

    static final String NAMESPACE = "jabber:x:data";
    static final String ELEMENT = "x";
    static final String TITLE = "spade:x:metadata";
    static final String THREAD_FIELD = "_thread_node";

    private final Map<String, String> fields;
    private final String thread;

    SpadeMetadataForm(Map<String, String> fields, String thread) {
        this.fields = fields;
        this.thread = thread;
    }

    @Override
    public String getElementName() {
        return ELEMENT;
    }

    @Override
    public String getNamespace() {
        return NAMESPACE;
    }

    @Override
    public QName getQName() {
        return new QName(NAMESPACE, ELEMENT);
    }

    @Override
    public XmlStringBuilder toXML(XmlEnvironment enclosing) {
        XmlStringBuilder xml = new XmlStringBuilder(this, enclosing);
        xml.attribute("type", "form");
        xml.rightAngleBracket();
        xml.element("title", TITLE);
        fields.forEach((k, v) -> field(xml, k, v));
        if (thread != null) {
            field(xml, THREAD_FIELD, thread);
        }
        xml.closeElement(this);
        return xml;
    }

    private static void field(XmlStringBuilder xml, String var, String value) {
        xml.halfOpenElement("field").attribute("var", var).attribute("type", "text-single").rightAngleBracket();
        xml.element("value", value);
        xml.closeElement("field");
    }
}
