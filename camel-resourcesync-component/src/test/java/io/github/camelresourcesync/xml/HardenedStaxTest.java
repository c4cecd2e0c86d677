package io.github.camelresourcesync.xml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.ctc.wstx.stax.WstxInputFactory;

/**
 * The factory itself, without the readers' own refusal of {@code <!DOCTYPE>}: each of its settings holds on its own,
 * so a reader that forgot the check (or a future one) still reads no DTD, fetches nothing and is bounded.
 */
class HardenedStaxTest {

    @TempDir
    Path tmp;

    @Test
    void anExternalEntityIsNeverRead() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.txt"), "top secret");
        String doc = "<?xml version=\"1.0\"?><!DOCTYPE u [<!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">]>"
                     + "<u>&xxe;</u>";
        String text = readLeniently(HardenedStax.newInputFactory(), doc);
        assertFalse(text.contains("top secret"), "the file's content must never be read: " + text);
    }

    @Test
    void anInternalEntityIsNotExpanded() {
        String doc = "<?xml version=\"1.0\"?><!DOCTYPE u [<!ENTITY a \"expanded\">]><u>&a;</u>";
        String text = readLeniently(HardenedStax.newInputFactory(), doc);
        assertFalse(text.contains("expanded"), text);
    }

    @Test
    void theResolverRefusesExternalResourcesEvenWhenDtdsAreSwitchedBackOn() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.txt"), "top secret");
        WstxInputFactory factory = HardenedStax.newInputFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, true);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, true);
        String doc = "<?xml version=\"1.0\"?><!DOCTYPE u [<!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">]>"
                     + "<u>&xxe;</u>";
        XMLStreamException e = assertThrows(XMLStreamException.class, () -> readAll(factory, doc));
        assertTrue(String.valueOf(e.getMessage()).contains("external resources are not allowed"), e.getMessage());
    }

    @Test
    void nestingIsBoundedAtAHundredElements() throws Exception {
        readAll(HardenedStax.newInputFactory(), nested(100));
        assertThrows(XMLStreamException.class, () -> readAll(HardenedStax.newInputFactory(), nested(101)));
    }

    @Test
    void oneAttributeIsBoundedAtOneMebibyte() {
        String doc = "<u a=\"" + "x".repeat(1024 * 1024 + 1) + "\"/>";
        assertThrows(XMLStreamException.class, () -> readAll(HardenedStax.newInputFactory(), doc));
    }

    @Test
    void oneTextIsBoundedAtEightMebibytes() {
        String doc = "<u>" + "x".repeat(8 * 1024 * 1024 + 1) + "</u>";
        assertThrows(XMLStreamException.class, () -> readAll(HardenedStax.newInputFactory(), doc));
    }

    @Test
    void readsNamespacesDoesNotCoalesceAndSkipsPrologWhitespace() throws Exception {
        XMLStreamReader r = HardenedStax.newInputFactory()
                .createXMLStreamReader(new StringReader("\n  <u xmlns=\"urn:x\">a<![CDATA[b]]></u>"));
        assertEquals(XMLStreamConstants.START_ELEMENT, r.next(), "whitespace before the root is not an event");
        assertEquals("urn:x", r.getNamespaceURI());
        assertEquals(XMLStreamConstants.CHARACTERS, r.next());
        assertEquals("a", r.getText());
        assertEquals(XMLStreamConstants.CDATA, r.next(), "a CDATA section is its own event (no coalescing)");
    }

    @Test
    void closesItsInputAtTheEnd() throws Exception {
        AtomicBoolean closed = new AtomicBoolean();
        FilterInputStream in = new FilterInputStream(new ByteArrayInputStream("<u/>".getBytes(StandardCharsets.UTF_8))) {
            @Override
            public void close() throws IOException {
                closed.set(true);
                super.close();
            }
        };
        XMLStreamReader r = HardenedStax.newInputFactory().createXMLStreamReader(in);
        while (r.hasNext()) {
            r.next();
        }
        r.close();
        assertTrue(closed.get(), "the stream a reader was given is closed with it");
    }

    private static String nested(int depth) {
        return "<e>".repeat(depth) + "</e>".repeat(depth);
    }

    private static void readAll(XMLInputFactory factory, String doc) throws XMLStreamException {
        XMLStreamReader r = factory.createXMLStreamReader(new StringReader(doc));
        while (r.hasNext()) {
            r.next();
        }
    }

    /** The text of the document as far as it can be read (an error ends it): what a careless reader would see. */
    private static String readLeniently(XMLInputFactory factory, String doc) {
        StringBuilder text = new StringBuilder();
        try {
            XMLStreamReader r = factory.createXMLStreamReader(new StringReader(doc));
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA
                    || event == XMLStreamConstants.ENTITY_REFERENCE) {
                    text.append(r.getText());
                }
            }
        } catch (XMLStreamException e) {
            text.append(" [error: ").append(e.getMessage()).append(']');
        }
        return text.toString();
    }
}
