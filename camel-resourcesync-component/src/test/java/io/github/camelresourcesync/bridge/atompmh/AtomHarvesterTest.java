package io.github.camelresourcesync.bridge.atompmh;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import io.github.camelresourcesync.harvest.FetchAheadRun;
import io.github.camelresourcesync.harvest.SyncProgress;
import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.FileLayout;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.xml.DocumentException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.deletion;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.entry;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.feed;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.harvest;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.prevArchive;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.tombstone;
import static io.github.camelresourcesync.bridge.atompmh.AtomFeeds.updated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The harvester against feeds of the project's own: chains, deletions in all forms, broken links, odd feeds. */
class AtomHarvesterTest {

    private static final String ATOM = "application/atom+xml";

    private TestHttpServer server;
    private HttpFetcher fetcher;
    private InMemoryStateStore store;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        fetcher = new HttpFetcher(AtomFeeds.fastConfig());
        store = new InMemoryStateStore();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.close();
    }

    private AtomHarvester harvester(AtomPmhOptions options) {
        return new AtomHarvester(server.uri("/feed"), options, fetcher, store);
    }

    private AtomHarvester metadataOnly() {
        return harvester(new AtomPmhOptions().fetchContent(false));
    }

    private static String time(int minute) {
        return Instant.parse("2024-01-01T00:00:00Z").plusSeconds(60L * minute).toString();
    }

    /** Archive {@code n} holds records {@code 5n..5n+4}, one a minute; document 0 is the oldest. */
    private void serveChain(int documents, String subscriptionPath) {
        for (int d = 0; d < documents; d++) {
            List<String> entries = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                int r = d * 5 + i;
                entries.add(entry("urn:r:" + r, time(r), "/records/" + r + ".xml"));
            }
            Collections.shuffle(entries, new Random(d)); // any order inside a document
            String head = updated(time(d * 5 + 4)) + (d > 0 ? prevArchive("/archive/" + (d - 1)) : "");
            String path = d == documents - 1 ? subscriptionPath : "/archive/" + d;
            server.serve(path, feed(head, entries.toArray(String[]::new)), ATOM);
        }
    }

    @Test
    void longArchiveChainIsHarvestedIncrementallyOverSeveralRuns() throws Exception {
        serveChain(20, "/feed");
        AtomHarvester h = metadataOnly();
        // the first harvest walks the whole chain, in parts of 30 events
        List<SyncEvent> all = new ArrayList<>();
        for (int run = 0; run < 4; run++) {
            all.addAll(harvest(h, 30).events);
        }
        assertEquals(100, all.size());
        for (int r = 0; r < 100; r++) {
            assertEquals("urn:r:" + r, all.get(r).extraHeaders().get(AtomPmhEvents.ATOM_ID));
            assertEquals(ChangeType.CREATED, all.get(r).change());
        }
        assertEquals(List.of(), harvest(h).events);
        // the publisher archives the subscription document and starts a new one
        server.serve("/archive/19", feedOf19(), ATOM);
        server.serve("/feed", feed(updated(time(103)) + prevArchive("/archive/19"),
                entry("urn:r:100", time(100), "/records/100.xml"),
                entry("urn:r:3", time(101), "/records/3.xml"),
                entry("urn:r:101", time(102), "/records/101.xml")), ATOM);
        server.clearRecorded();
        AtomFeeds.Harvest next = harvest(h);
        assertEquals(List.of("created urn:r:100", "updated urn:r:3", "created urn:r:101"), next.changes());
        // the subscription document, the archive holding the stop point, and the first document entirely older than
        // the previous harvest; none of the 18 older ones
        assertEquals(3, server.totalRequests());
        assertEquals(1, server.requests("/archive/18"));
        assertEquals(0, server.requests("/archive/17"));
        assertEquals(List.of(), harvest(h).events);
    }

    private String feedOf19() {
        List<String> entries = new ArrayList<>();
        for (int r = 95; r < 100; r++) {
            entries.add(entry("urn:r:" + r, time(r), "/records/" + r + ".xml"));
        }
        return feed(updated(time(99)) + prevArchive("/archive/18"), entries.toArray(String[]::new));
    }

    @Test
    void outOfOrderAndDuplicateEntriesNewestWinsChronologicalOrder() throws Exception {
        server.serve("/feed", feed(updated(time(10)),
                entry("urn:b", time(2), "/b-old.xml"),
                entry("urn:a", time(5), "/a.xml"),
                entry("urn:b", time(7), "/b.xml"),
                entry("urn:c", time(1), "/c.xml"),
                entry("urn:a", time(3), "/a-old.xml"),
                // a tie on the same time: deterministic, the link that sorts first
                entry("urn:d", time(4), "/d2.xml"),
                entry("urn:d", time(4), "/d1.xml")), ATOM);
        AtomFeeds.Harvest h = harvest(metadataOnly());
        assertEquals(List.of("created urn:c", "created urn:d", "created urn:a", "created urn:b"), h.changes());
        assertEquals(server.uri("/b.xml"), h.events.get(3).location());
        assertEquals(server.uri("/d1.xml"), h.events.get(1).location());
    }

    @Test
    void deletionEntriesAndTombstonesDeleteWhatTheDestinationHas() throws Exception {
        server.serve("/feed", feed(updated(time(3)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(2), "/b.xml"), entry("urn:c", time(3), "/c.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(3, harvest(h).events.size());
        server.serve("/feed", feed(updated(time(9)),
                entry("urn:a", time(1), "/a.xml"), deletion("urn:a", time(6)),
                tombstone("urn:b", time(7)),
                tombstone("urn:never-had", time(8)),
                entry("urn:c", time(3), "/c.xml")), ATOM);
        AtomFeeds.Harvest second = harvest(h);
        assertEquals(List.of("deleted urn:a", "deleted urn:b"), second.changes());
        assertEquals(server.uri("/a.xml"), second.events.get(0).location());
        assertEquals(server.uri("/b.xml"), second.events.get(1).location());
        assertEquals(Instant.parse(time(7)), second.events.get(1).datetime());
        assertNull(second.events.get(0).content());
        assertEquals(1, store.resourceCount(h.sourceKey()));
        // the historical entry of the deleted record does not bring it back
        assertEquals(List.of(), harvest(h).changes());
    }

    @Test
    void completeFeedDeletesByAbsenceAndIgnoresDeletionEntries() throws Exception {
        String complete = updated(time(5)) + "<fh:complete/>";
        server.serve("/feed", feed(complete, entry("urn:a", time(1), "/a.xml"), entry("urn:b", time(2), "/b.xml"),
                entry("urn:c", time(3), "/c.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(3, harvest(h).events.size());
        // a stale deletion entry in a complete feed is not trusted: b is still listed
        server.serve("/feed", feed(updated(time(6)) + "<fh:complete/>", entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(2), "/b.xml"), deletion("urn:b", time(4)), entry("urn:c", time(3), "/c.xml")),
                ATOM);
        assertEquals(List.of(), harvest(h).changes());
        server.serve("/feed", feed(updated(time(8)) + "<fh:complete/>", entry("urn:c", time(7), "/c.xml")), ATOM);
        AtomFeeds.Harvest third = harvest(h);
        assertEquals(List.of("updated urn:c", "deleted urn:a", "deleted urn:b"), third.changes());
        assertEquals(Instant.parse(time(8)), third.events.get(1).datetime());
        assertEquals(1, store.resourceCount(h.sourceKey()));
    }

    @Test
    void withoutCompleteAbsenceIsNeverADeletion() throws Exception {
        server.serve("/feed", feed(updated(time(2)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(2), "/b.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(2, harvest(h).events.size());
        server.serve("/feed", feed(updated(time(3)), entry("urn:c", time(3), "/c.xml")), ATOM);
        assertEquals(List.of("created urn:c"), harvest(h).changes());
        assertEquals(3, store.resourceCount(h.sourceKey()));
    }

    @Test
    void archiveDocumentChangedBetweenHarvests() throws Exception {
        server.serve("/feed", feed(updated(time(4)) + prevArchive("/archive/1"), entry("urn:c", time(3), "/c.xml"),
                entry("urn:d", time(4), "/d.xml")), ATOM);
        server.serve("/archive/1", feed(updated(time(2)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(2), "/b.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(4, harvest(h).events.size());
        // republished: the old subscription document moved to a new URI and lost its historical entries, the old
        // archive gained one entry it did not have, a new subscription document points at the moved one
        server.serve("/archive/2-moved", feed(updated(time(4)) + prevArchive("/archive/1"),
                entry("urn:d", time(4), "/d.xml")), ATOM);
        server.serve("/archive/1", feed(updated(time(2)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(2), "/b.xml"), entry("urn:late", time(2), "/late.xml")), ATOM);
        server.serve("/feed", feed(updated(time(6)) + prevArchive("/archive/2-moved"),
                entry("urn:e", time(5), "/e.xml"), entry("urn:c", time(6), "/c2.xml")), ATOM);
        AtomFeeds.Harvest second = harvest(h);
        // c moved to another link: its old copy is deleted and the new one created
        assertEquals(List.of("created urn:e", "deleted urn:c", "created urn:c"), second.changes());
        assertEquals(server.uri("/c.xml"), second.events.get(1).location());
        assertEquals(server.uri("/c2.xml"), second.events.get(2).location());
        assertEquals(List.of(), harvest(h).changes());
    }

    @Test
    void goneRepresentationsAreDeletionsServerErrorsAreRetried() throws Exception {
        server.serve("/feed", feed(updated(time(3)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(2), "/b.xml"), entry("urn:c", time(3), "/c.xml")), ATOM);
        server.serve("/a.xml", "<a/>", "application/xml");
        server.serve("/b.xml", "<b/>", "application/xml");
        server.serve("/c.xml", "<c/>", "application/xml");
        AtomHarvester h = harvester(new AtomPmhOptions());
        AtomFeeds.Harvest first = harvest(h);
        assertEquals(List.of("<a/>", "<b/>", "<c/>"), first.bodies);
        // updated records whose representations are now gone (404, 410, 403), or failing (500)
        server.serve("/feed", feed(updated(time(9)), entry("urn:a", time(5), "/a.xml"),
                entry("urn:b", time(6), "/b.xml"), entry("urn:new", time(7), "/new.xml"),
                entry("urn:c", time(8), "/c.xml")), ATOM);
        server.handle("/a.xml", TestHttpServer.status(404));
        server.handle("/b.xml", TestHttpServer.status(410));
        server.handle("/new.xml", TestHttpServer.status(403));
        server.handle("/c.xml", TestHttpServer.status(500));
        AtomFeeds.Harvest second = harvest(h);
        assertEquals(List.of("deleted urn:a", "deleted urn:b"), second.changes());
        assertNotNull(second.failure);
        FetchException fe = assertInstanceOf(FetchException.class, second.failure.getCause());
        assertEquals(500, fe.getStatusCode());
        assertTrue(second.failure.getMessage().contains("urn:c"), second.failure.getMessage());
        // 500 is not a deletion: once the server recovers the update arrives
        server.serve("/c.xml", "<c2/>", "application/xml");
        AtomFeeds.Harvest third = harvest(h);
        assertEquals(List.of("updated urn:c"), third.changes());
        assertEquals(List.of("<c2/>"), third.bodies);
    }

    @Test
    void unauthorizedRepresentationIsAnErrorNotADeletion() throws Exception {
        server.serve("/feed", feed(updated(time(1)), entry("urn:a", time(1), "/a.xml")), ATOM);
        server.handle("/a.xml", TestHttpServer.status(401));
        AtomHarvester h = harvester(new AtomPmhOptions());
        AtomFeeds.Harvest first = harvest(h);
        assertEquals(List.of(), first.events);
        assertEquals(401, assertInstanceOf(FetchException.class, first.failure.getCause()).getStatusCode());
        assertEquals(0, store.resourceCount(h.sourceKey()));
    }

    @Test
    void invalidCharsetParameterIsIgnored() throws Exception {
        server.serve("/feed", feed(updated(time(1)), entry("urn:a", time(1), "/a.xml")),
                "application/atom+xml; charset=atom");
        server.serve("/a.xml", "<entry xmlns=\"http://www.w3.org/2005/Atom\"><title>Ä</title></entry>",
                "application/atom+xml; type=entry;charset=atom");
        AtomFeeds.Harvest h = harvest(harvester(new AtomPmhOptions()));
        assertEquals(List.of("created urn:a"), h.changes());
        assertTrue(h.bodies.get(0).contains("Ä"));
    }

    @Test
    void pagedFeedFollowsNextWhenAsked() throws Exception {
        server.serve("/feed", feed(updated(time(4)) + "<link rel=\"next\" href=\"/feed?page=2\"/>",
                entry("urn:c", time(3), "/c.xml")), ATOM);
        server.serve("/page2", "", ATOM);
        server.handle("/feed", exchange -> {
            String q = exchange.getRequestURI().getQuery();
            String body = "page=2".equals(q)
                    ? feed(updated(time(2)), entry("urn:a", time(1), "/a.xml"), entry("urn:b", time(2), "/b.xml"))
                    : feed(updated(time(4)) + "<link rel=\"next\" href=\"/feed?page=2\"/>",
                            entry("urn:c", time(3), "/c.xml"));
            TestHttpServer.respond(exchange, 200, body.getBytes(java.nio.charset.StandardCharsets.UTF_8), ATOM);
        });
        assertEquals(List.of("created urn:c"), harvest(metadataOnly()).changes());
        store = new InMemoryStateStore();
        assertEquals(List.of("created urn:a", "created urn:b", "created urn:c"),
                harvest(harvester(new AtomPmhOptions().fetchContent(false).followNext(true))).changes());
    }

    @Test
    void recordsWithoutAWantedFormatArePassedOverOrDeleted() throws Exception {
        String rifcs = "<entry><title>x</title><id>urn:x</id><updated>" + time(1) + "</updated>"
                       + "<link rel=\"alternate\" type=\"application/rifcs+xml\" href=\"/x.rifcs\"/>"
                       + "<link rel=\"alternate\" type=\"application/atom+xml;type=entry\" href=\"/x.atom\"/></entry>";
        server.serve("/feed", feed(updated(time(1)), rifcs, entry("urn:y", time(1), "/y.html")
                .replace(ATOM, "text/html")), ATOM);
        AtomHarvester h = harvester(new AtomPmhOptions().fetchContent(false).mediaTypes(List.of(ATOM)));
        AtomFeeds.Harvest first = harvest(h);
        assertEquals(List.of("created urn:x"), first.changes());
        assertEquals(server.uri("/x.atom"), first.events.get(0).location());
        // the wanted format is withdrawn: the record is gone for this destination
        server.serve("/feed", feed(updated(time(2)), "<entry><title>x</title><id>urn:x</id><updated>" + time(2)
                + "</updated><link type=\"application/rifcs+xml\" href=\"/x.rifcs\"/></entry>"), ATOM);
        assertEquals(List.of("deleted urn:x"), harvest(h).changes());
    }

    @Test
    void atomIdAsLocation() throws Exception {
        server.serve("/feed", feed(updated(time(1)), entry("urn:uuid:0b116a23", time(1), "/a.xml"),
                entry("http://records.example/r/1", time(1), "/b.xml")), ATOM);
        AtomFeeds.Harvest h = harvest(harvester(new AtomPmhOptions().fetchContent(false).useAtomIdAsLocation(true)));
        assertEquals("urn:uuid:0b116a23", h.events.get(1).location().toString());
        // ids on no origin or another one than the feed's: under a directory naming it (see FileNames)
        assertTrue(h.events.get(1).fileName().matches("urn@[a-z2-7]{16}/uuid/0b116a23@"), h.events.get(1).fileName());
        assertTrue(h.events.get(0).fileName().matches("records\\.example@[a-z2-7]{16}/r/1@"),
                h.events.get(0).fileName());
    }

    @Test
    void lenientOnMissingOptionalElementsStrictOnUnplaceableEntries() throws Exception {
        server.serve("/feed", feed(updated(time(5)),
                // no title, no updated: the feed's time stands in
                "<entry><id>urn:no-time</id><link href=\"/n.xml\"/></entry>",
                // no id: cannot be placed
                "<entry><title>x</title><updated>" + time(1) + "</updated><link href=\"/x.xml\"/></entry>",
                // neither active nor a deletion: never guessed to be a deletion
                "<entry><id>urn:odd</id><updated>" + time(1) + "</updated></entry>",
                entry("urn:bad-time", "yesterday", "/t.xml")), ATOM);
        AtomFeeds.Harvest h = harvest(metadataOnly());
        assertEquals(List.of("created urn:bad-time", "created urn:no-time"), h.changes());
        assertEquals(Instant.parse(time(5)), h.events.get(1).datetime());
    }

    @Test
    void hostileOrWrongDocumentsFailTheHarvestWithTheirUrl() throws Exception {
        server.serve("/feed", "<?xml version=\"1.0\"?><!DOCTYPE feed [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                              + "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>&x;</title></feed>", ATOM);
        DocumentException dtd = assertThrows(DocumentException.class, () -> harvest(metadataOnly()));
        assertTrue(dtd.getMessage().contains(server.uri("/feed").toString()), dtd.getMessage());
        server.serve("/feed", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>", "application/xml");
        DocumentException notAtom = assertThrows(DocumentException.class, () -> harvest(metadataOnly()));
        assertTrue(notAtom.getMessage().contains("Expected an Atom feed"), notAtom.getMessage());
        server.serve("/feed", feed(updated(time(1)) + prevArchive("/feed"), entry("urn:a", time(1), "/a.xml")), ATOM);
        DocumentException loop = assertThrows(DocumentException.class, () -> harvest(metadataOnly()));
        assertTrue(loop.getMessage().contains("loops"), loop.getMessage());
        // a missing archive fails the harvest: nothing of a half-read chain is emitted
        server.serve("/feed", feed(updated(time(1)) + prevArchive("/gone"), entry("urn:a", time(1), "/a.xml")), ATOM);
        FetchException missing = assertThrows(FetchException.class, () -> harvest(metadataOnly()));
        assertEquals(404, missing.getStatusCode());
        assertEquals(0, store.resourceCount(metadataOnly().sourceKey()));
    }

    @Test
    void progressCountsEveryDocumentAndEntryAndTheStateIdPrefixesTheKey() throws Exception {
        serveChain(2, "/feed");
        SyncProgress[] progress = new SyncProgress[1];
        AtomHarvester h = new AtomHarvester(server.uri("/feed"), new AtomPmhOptions().fetchContent(false)
                .stateId("copy"), fetcher, store, new FetchAheadRun.Fetching(Runnable::run, 1, null),
                () -> progress[0] = new SyncProgress("test", 0));
        assertEquals("copy|" + server.uri("/feed"), h.sourceKey());
        assertEquals(server.uri("/feed").toString(), metadataOnly().sourceKey(), "without a state id: the feed URL");
        assertEquals(10, harvest(h).events.size());
        assertEquals(2, progress[0].documents(), "documents read");
        assertEquals(10, progress[0].entries(), "entries read");
        assertEquals(10, store.resourceCount("copy|" + server.uri("/feed")));
    }

    @Test
    void onlyAlternateLinksAreRepresentationsABlankRelMeaningAlternate() throws Exception {
        server.serve("/feed", feed(updated(time(1)),
                "<entry><id>urn:a</id><updated>" + time(1) + "</updated><link rel=\"related\" href=\"/related.xml\"/>"
                + "<link rel=\" \" href=\"/a.xml\"/></entry>",
                "<entry><id>urn:b</id><updated>" + time(1) + "</updated><link rel=\"self\" href=\"/b-entry.xml\"/>"
                + "</entry>"), ATOM);
        AtomFeeds.Harvest h = harvest(metadataOnly());
        assertEquals(List.of("created urn:a"), h.changes(), "b has no alternate link and no content: skipped");
        assertEquals(server.uri("/a.xml"), h.events.get(0).location());
    }

    @Test
    void onlyAnEmptyContentIsADeletionAndUnknownMarkupIsSkippedWhole() throws Exception {
        server.serve("/feed", feed(updated(time(1)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(1), "/b.xml"), entry("urn:c", time(1), "/c.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(3, harvest(h).events.size());
        server.serve("/feed", feed(updated(time(5)),
                // content with text or markup and no link: neither active nor a deletion, skipped
                "<entry><id>urn:a</id><updated>" + time(2) + "</updated><content>some text</content></entry>",
                "<entry><id>urn:b</id><updated>" + time(2) + "</updated><content type=\"xhtml\">"
                + "<div xmlns=\"http://www.w3.org/1999/xhtml\"><br/></div></content></entry>",
                // elements the reader does not know, before the id: skipped with everything in them
                "<entry><author><name>N</name></author><dc:creator xmlns:dc=\"http://purl.org/dc/elements/1.1/\">N"
                + " <i>x</i></dc:creator><id>urn:c</id><updated>" + time(3) + "</updated><content> </content></entry>",
                "<at:deleted-entry ref=\"urn:never-had\" when=\"" + time(3) + "\"><at:by>N</at:by></at:deleted-entry>",
                entry("urn:d", time(4), "/d.xml")), ATOM);
        assertEquals(List.of("deleted urn:c", "created urn:d"), harvest(h).changes());
        assertEquals(3, store.resourceCount(h.sourceKey()), "a, b and d");
    }

    @Test
    void theWalkReadsAtMostMaxDocumentsAndNothingBehindACompleteFeed() throws Exception {
        serveChain(3, "/feed");
        AtomHarvester two = harvester(new AtomPmhOptions().fetchContent(false).maxDocuments(2));
        DocumentException tooLong = assertThrows(DocumentException.class, () -> harvest(two));
        assertTrue(tooLong.getMessage().contains("longer than 2 documents"), tooLong.getMessage());
        assertEquals(15, harvest(harvester(new AtomPmhOptions().fetchContent(false).maxDocuments(3))).events.size());
        server.serve("/complete", feed(updated(time(1)) + "<fh:complete/>" + prevArchive("/never"),
                entry("urn:a", time(1), "/a.xml")), ATOM);
        AtomHarvester complete = new AtomHarvester(server.uri("/complete"), new AtomPmhOptions().fetchContent(false),
                fetcher, store);
        assertEquals(List.of("created urn:a"), harvest(complete).changes());
        assertEquals(0, server.requests("/never"), "a complete feed is one document");
    }

    @Test
    void relativeLinksResolveAgainstWhereTheFeedWasFinallyRead() throws Exception {
        server.redirect("/feed", 302, server.uri("/current/feed.xml").toString());
        server.serve("/current/feed.xml", feed(updated(time(1)), entry("urn:a", time(1), "a.xml")), ATOM);
        assertEquals(server.uri("/current/a.xml"), harvest(metadataOnly()).events.get(0).location());
    }

    @Test
    void aChainWithoutFeedTimesStopsAtTheFirstDocumentOlderThanTheLastHarvest() throws Exception {
        // no feed-level atom:updated anywhere: the entries date the documents
        server.serve("/archive/0", feed("", entry("urn:r:0", time(0), "/0.xml")), ATOM);
        for (int d = 1; d < 3; d++) {
            server.serve("/archive/" + d, feed(prevArchive("/archive/" + (d - 1)),
                    entry("urn:r:" + d, time(d), "/" + d + ".xml")), ATOM);
        }
        server.serve("/feed", feed(prevArchive("/archive/2"), entry("urn:r:3", time(3), "/3.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(4, harvest(h).events.size());
        server.clearRecorded();
        assertEquals(List.of(), harvest(h).events);
        assertEquals(2, server.totalRequests(), "the subscription document and the first one older than the harvest");
    }

    @Test
    void aLocationTheUrlPathLayoutCannotWriteIsDeliveredWithoutAFileName() throws Exception {
        server.serve("/feed", feed(updated(time(1)), entry("urn:dir", time(1), "/records/"),
                entry("urn:file", time(1), "/records/1.xml")), ATOM);
        AtomFeeds.Harvest h = harvest(harvester(new AtomPmhOptions().fetchContent(false)
                .fileLayout(FileLayout.URL_PATH)));
        assertEquals(List.of("created urn:dir", "created urn:file"), h.changes());
        assertNull(h.events.get(0).fileName(), "a directory path is no file: no name, the mirror says why");
        assertEquals("records/1.xml", h.events.get(1).fileName());
    }

    @Test
    void cdataTextInContentCountsAsTextACommentDoesNot() throws Exception {
        server.serve("/feed", feed(updated(time(1)), entry("urn:a", time(1), "/a.xml"),
                entry("urn:b", time(1), "/b.xml")), ATOM);
        AtomHarvester h = metadataOnly();
        assertEquals(2, harvest(h).events.size());
        server.serve("/feed", feed(updated(time(5)),
                "<entry><id>urn:a</id><updated>" + time(2) + "</updated><content><![CDATA[text]]></content></entry>",
                "<entry><id>urn:b</id><updated>" + time(3) + "</updated><content><!-- withdrawn --></content></entry>"),
                ATOM);
        assertEquals(List.of("deleted urn:b"), harvest(h).changes(), "a's content has text: not a deletion, skipped");
    }
}
