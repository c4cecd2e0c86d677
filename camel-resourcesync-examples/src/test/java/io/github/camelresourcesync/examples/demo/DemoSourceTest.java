package io.github.camelresourcesync.examples.demo;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.DocumentHeader;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The demo Source serves documents the component reads, with fixity that matches the bytes it serves. */
class DemoSourceTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private final SitemapReader reader = new SitemapReader();
    private DemoSource source;

    /** A document as read: its header and entries. */
    private record Doc(DocumentHeader header, List<Entry> entries) {
    }

    @BeforeEach
    void start() throws IOException {
        // still (no timer), 25 changes of history in lists of 10: two closed lists and an open one
        source = DemoSource.start(DemoSource.Settings.defaults().withPort(0).withChangeInterval(0));
    }

    @AfterEach
    void stop() {
        source.close();
    }

    @Test
    void publishesSourceDescriptionAndCapabilityList() throws Exception {
        Doc description = read(source.uri(SourceDocuments.SOURCE_DESCRIPTION));
        assertEquals(Capability.DESCRIPTION, description.header().capability());
        assertEquals(List.of(source.uri(SourceDocuments.CAPABILITY_LIST)), locs(description));

        Doc capabilities = read(source.uri(SourceDocuments.CAPABILITY_LIST));
        assertEquals(Capability.CAPABILITYLIST, capabilities.header().capability());
        assertEquals(source.uri(SourceDocuments.SOURCE_DESCRIPTION), capabilities.header().link("up").href());
        Map<String, URI> byCapability = new HashMap<>();
        capabilities.entries().forEach(e -> byCapability.put(e.md().capability(), e.loc()));
        assertEquals(Map.of("resourcelist", source.uri(SourceDocuments.RESOURCE_LIST_INDEX),
                "changelist", source.uri(SourceDocuments.CHANGE_LIST_INDEX)), byCapability);
    }

    @Test
    void resourceListsMatchTheServedBytes() throws Exception {
        Doc index = read(source.uri(SourceDocuments.RESOURCE_LIST_INDEX));
        assertTrue(index.header().isIndex());
        assertEquals(Capability.RESOURCELIST, index.header().capability());
        Instant at = index.header().md().at();
        assertNotNull(at, "rs:md at on the index");
        assertEquals(3, index.entries().size(), "one Resource List per folder");

        Map<String, byte[]> listed = new HashMap<>();
        for (Entry list : index.entries()) {
            Doc doc = read(list.loc());
            assertEquals(Capability.RESOURCELIST, doc.header().capability());
            assertFalse(doc.header().md().at().isBefore(at), "a list is taken no earlier than its index");
            assertEquals(index.header().uri(), doc.header().link("index").href());
            for (Entry e : doc.entries()) {
                assertNotNull(e.lastmod(), "lastmod of " + e.loc());
                listed.put(e.loc().getPath(), assertFixity(e));
            }
        }
        Map<String, byte[]> snapshot = source.snapshot();
        assertEquals(snapshot.keySet(), listed.keySet());
        snapshot.forEach((path, bytes) -> assertEquals(new String(bytes), new String(listed.get(path)), path));
    }

    @Test
    void changeListIndexHasClosedListsAndAnOpenOne() throws Exception {
        Doc index = read(source.uri(SourceDocuments.CHANGE_LIST_INDEX));
        assertTrue(index.header().isIndex());
        assertEquals(Capability.CHANGELIST, index.header().capability());
        List<Entry> lists = index.entries();
        assertEquals(3, lists.size(), "25 changes, 10 a list: two closed lists and the open one");
        assertEquals(index.header().md().from(), lists.get(0).md().from());

        Instant previous = null;
        int changes = 0;
        for (int i = 0; i < lists.size(); i++) {
            boolean open = i == lists.size() - 1;
            Entry ref = lists.get(i);
            Doc list = read(ref.loc());
            assertEquals(Capability.CHANGELIST, list.header().capability());
            assertEquals(ref.md().from(), list.header().md().from());
            assertEquals(ref.md().until(), list.header().md().until());
            if (open) {
                assertNull(list.header().md().until(), "the open list has no until");
            } else {
                assertNotNull(list.header().md().until(), "a closed list has until");
                assertEquals(list.header().md().until(), lists.get(i + 1).md().from(), "lists are contiguous");
            }
            for (Entry e : list.entries()) {
                Instant t = e.md().datetime();
                assertNotNull(t, "1.1 datetime on " + e.loc());
                assertTrue(previous == null || t.isAfter(previous), "changes in time order");
                assertFalse(t.isBefore(list.header().md().from()));
                previous = t;
                assertNotNull(e.md().changeType());
                if (e.md().changeType() != ChangeType.DELETED) {
                    assertEquals(2, e.md().hash().digests().size(), "md5 and sha-256 on " + e.loc());
                    assertNotNull(e.md().length());
                    assertNotNull(e.md().type());
                }
                changes++;
            }
        }
        assertEquals(25, changes);
    }

    @Test
    void timerChangesAreAppendedAndListsRotate() throws Exception {
        int before = read(source.uri(SourceDocuments.CHANGE_LIST_INDEX)).entries().size();
        DemoChanges changes = new DemoChanges(source.model(), source.documents().folders(), 10, 7);
        for (int i = 0; i < 10; i++) {
            changes.next();
        }
        Doc index = read(source.uri(SourceDocuments.CHANGE_LIST_INDEX));
        assertEquals(before + 1, index.entries().size(), "ten more changes close one more list");
        Doc open = read(index.entries().get(index.entries().size() - 1).loc());
        assertEquals(5, open.entries().size());
        // every listed resource still matches its bytes after the changes
        for (Entry list : read(source.uri(SourceDocuments.RESOURCE_LIST_INDEX)).entries()) {
            for (Entry e : read(list.loc()).entries()) {
                assertFixity(e);
            }
        }
    }

    @Test
    void answersConditionalRequestsWithNotModified() throws Exception {
        URI uri = source.uri(SourceDocuments.CHANGE_LIST_INDEX);
        HttpResponse<byte[]> first = get(uri, null);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertEquals("application/xml", first.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(304, get(uri, etag).statusCode());

        String resource = source.snapshot().keySet().iterator().next();
        HttpResponse<byte[]> r = get(source.uri(resource), null);
        assertEquals(304, get(source.uri(resource), r.headers().firstValue("ETag").orElseThrow()).statusCode());
        assertEquals(404, get(source.uri("/data/none.txt"), null).statusCode());
    }

    @Test
    void homePageLinksToTheSourceDescription() throws Exception {
        String html = new String(get(source.base(), null).body());
        assertTrue(html.contains("rel=\"resourcesync\" href=\"" + source.uri(SourceDocuments.SOURCE_DESCRIPTION)),
                html);
    }

    /** Fetches the entry's resource and checks it against the published length, hashes and type. */
    private byte[] assertFixity(Entry e) throws Exception {
        HttpResponse<byte[]> r = get(e.loc(), null);
        assertEquals(200, r.statusCode(), e.loc().toString());
        byte[] body = r.body();
        assertEquals(e.md().length(), (long) body.length, "length of " + e.loc());
        assertEquals(SourceModel.hex("MD5", body), e.md().hash().get("md5"), "md5 of " + e.loc());
        assertEquals(SourceModel.hex("SHA-256", body), e.md().hash().get("sha-256"), "sha-256 of " + e.loc());
        assertEquals(e.md().type(), r.headers().firstValue("Content-Type").orElseThrow(), "type of " + e.loc());
        return body;
    }

    private Doc read(URI uri) throws Exception {
        HttpResponse<byte[]> r = get(uri, null);
        assertEquals(200, r.statusCode(), uri.toString());
        try (SitemapDocument doc = reader.open(new ByteArrayInputStream(r.body()), uri)) {
            List<Entry> entries = new ArrayList<>();
            for (Entry e = doc.next(); e != null; e = doc.next()) {
                entries.add(e);
            }
            return new Doc(doc.header(), entries);
        }
    }

    private HttpResponse<byte[]> get(URI uri, String ifNoneMatch) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri);
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static List<URI> locs(Doc doc) {
        return doc.entries().stream().map(Entry::loc).toList();
    }
}
