package io.github.camelresourcesync.notify;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.DocumentException;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NotificationParserTest {

    private static final URI TOPIC = URI.create("http://example.com/notify/changelist");
    private final NotificationParser parser = new NotificationParser(new SitemapReader());

    private static byte[] doc(String capability, String entries) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
                + "<rs:ln rel=\"up\" href=\"http://example.com/capabilitylist.xml\"/>\n"
                + "<rs:md capability=\"" + capability + "\"/>\n" + entries + "</urlset>\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void changeNotificationAsInTheSpec() throws Exception {
        // the example of the ResourceSync Framework Notification spec, section 4
        Notification n = parser.parse(doc("changelist-notification",
                "<url><loc>http://example.com/res1</loc>"
                + "<rs:md change=\"updated\" datetime=\"2017-01-03T09:00:00Z\" hash=\"md5:1584abdf8ebdc9802ac0c6a7402c03b6\""
                + " length=\"8876\" type=\"text/html\"/></url>"
                + "<url><loc>res2</loc><rs:md change=\"deleted\" datetime=\"2017-01-03T09:05:00Z\"/></url>"), TOPIC, 7L);
        assertEquals(Capability.CHANGELIST_NOTIFICATION, n.kind());
        assertTrue(n.isChangeNotification());
        assertEquals(TOPIC, n.topic());
        assertEquals(7L, n.receivedNanos());
        List<Entry> e = n.entries();
        assertEquals(2, e.size());
        assertEquals(Instant.parse("2017-01-03T09:00:00Z"), e.get(0).changeTime());
        assertEquals(URI.create("http://example.com/notify/res2"), e.get(1).loc(), "relative to the topic");
    }

    @Test
    void frameworkNotification() throws Exception {
        Notification n = parser.parse(doc("framework-notification",
                "<url><loc>http://example.com/changelist2.xml</loc>"
                + "<rs:md capability=\"changelist\" change=\"created\" datetime=\"2017-01-03T09:00:00Z\"/></url>"),
                TOPIC, 0);
        assertEquals(Capability.FRAMEWORK_NOTIFICATION, n.kind());
        assertFalse(n.isChangeNotification(), "its entries are capability documents, not resources");
        assertEquals(1, n.entries().size());
    }

    @Test
    void otherDocumentsAreRefusedWithWhatWasFound() {
        DocumentException e = assertThrows(DocumentException.class,
                () -> parser.parse(doc("changelist", ""), TOPIC, 0));
        assertTrue(e.getMessage().contains("capability=\"changelist\""), e.getMessage());
        assertTrue(e.getMessage().contains(TOPIC.toString()), e.getMessage());
        assertThrows(DocumentException.class, () -> parser.parse("not xml".getBytes(StandardCharsets.UTF_8), TOPIC, 0));
        assertThrows(DocumentException.class, () -> parser.parse(("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">&e;</urlset>")
                .getBytes(StandardCharsets.UTF_8), TOPIC, 0));
    }
}
