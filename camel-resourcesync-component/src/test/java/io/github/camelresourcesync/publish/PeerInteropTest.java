package io.github.camelresourcesync.publish;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.peers.ResyncEmulator;
import io.github.camelresourcesync.peers.RsAggregatorEmulator;
import io.github.camelresourcesync.testsupport.DirectoryServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The publisher's output, served by a plain static web server on loopback, harvested by emulations of the two
 * third-party Destinations in use ({@link RsAggregatorEmulator}, {@link ResyncEmulator} in package {@code peers}; neither can be installed
 * here, and neither shares code with the project's reader). With the settings docs/publisher.md gives for each peer,
 * its copy equals the Source after a baseline and after each incremental run (updates, creations, deletions, re-
 * creations, a lagging and a caught-up Resource List); with the defaults, what fails is shown.
 */
class PeerInteropTest {

    static final Instant T0 = Instant.parse("2026-02-01T08:00:00Z");

    @TempDir
    Path site;

    DirectoryServer server;
    /** the Resource List waits for its interval on this clock */
    final PublisherTest.MutableClock clock = new PublisherTest.MutableClock(T0);
    /** the origin the publisher republishes: original URI to content */
    final Map<String, String> origin = new TreeMap<>();
    Publisher publisher;
    Instant time = T0;

    @BeforeEach
    void serve() throws Exception {
        server = new DirectoryServer(site);
    }

    @AfterEach
    void close() {
        if (publisher != null) {
            publisher.close();
        }
        server.close();
    }

    /** The defaults, apart from what the test needs: this directory, served at the server's root; its clock. */
    PublisherOptions defaults() {
        return new PublisherOptions().directory(site).baseUrl(server.base()).clock(clock);
    }

    void open(PublisherOptions options) throws Exception {
        publisher = Publisher.open(options);
    }

    void put(String name, String content) throws Exception {
        time = time.plusSeconds(60);
        String uri = "http://origin.example/data/" + name;
        origin.put(uri, content);
        publisher.publish(new SyncEvent(null, URI.create(uri), ChangeType.UPDATED, time, time, null, null,
                "text/plain", null, null, null, null, null, null, null),
                new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
    }

    void delete(String name) throws Exception {
        time = time.plusSeconds(60);
        String uri = "http://origin.example/data/" + name;
        origin.remove(uri);
        publisher.publish(new SyncEvent(null, URI.create(uri), ChangeType.DELETED, time, null, null, null, null,
                null, null, null, null, null, null, null), null);
    }

    /** The Resource List catches up: its interval (10 s by default) has passed. */
    void resourceListCatchesUp() throws Exception {
        clock.advance(Duration.ofMinutes(1));
        publisher.flush();
    }

    /** What a mirror of the Source must hold: the published (stored) copy of each origin resource, by its URI. */
    Map<URI, String> expected() {
        Map<URI, String> out = new TreeMap<>();
        origin.forEach((uri, content) -> out.put(
                server.base().resolve("resources/origin.example/" + uri.substring("http://origin.example/".length())),
                content));
        return out;
    }

    static Map<URI, String> text(Map<URI, byte[]> mirror) {
        Map<URI, String> out = new TreeMap<>();
        mirror.forEach((k, v) -> out.put(k, new String(v, StandardCharsets.UTF_8)));
        return out;
    }

    void baselineContent() throws Exception {
        for (int i = 1; i <= 5; i++) {
            put("r" + i + ".txt", "record " + i);
        }
        publisher.flush();
    }

    /** Two rounds of changes after the baseline; {@code check} runs the peer and compares after each. */
    void changes(ThrowingRunnable check) throws Exception {
        put("r2.txt", "record 2, second version");
        put("r6.txt", "record 6");
        delete("r3.txt");
        check.run();
        delete("r6.txt");
        put("r2.txt", "record 2, third version");
        put("r3.txt", "record 3, back again");
        delete("r1.txt");
        check.run();
        resourceListCatchesUp();
        check.run();
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    // ---------------------------------------------------------------------------------------------- rs-aggregator

    @Test
    void rsAggregatorMirrorsExactlyWithMd5AloneAndStampUntil() throws Exception {
        // changeListSize 3: the changes below rotate the list twice, so the Change List Index is followed too
        open(defaults().storeContent(true).hashAlgorithms("md5").stampUntil(true).changeListSize(3));
        baselineContent();
        RsAggregatorEmulator peer = new RsAggregatorEmulator(publisher.capabilityList());
        RsAggregatorEmulator.Run baseline = peer.run();
        assertTrue(baseline.synchronizedFully(), baseline.toString());
        assertEquals(5, baseline.verified());
        assertEquals(expected(), text(peer.local()));
        changes(() -> {
            RsAggregatorEmulator.Run run = peer.run();
            assertTrue(run.synchronizedFully(), run.toString());
            assertEquals(expected(), text(peer.local()));
        });
        assertTrue(site.resolve("changelists/changelist-00002.xml").toFile().isFile(), "the lists rotated");
    }

    @Test
    void rsAggregatorWithTheDefaultsVerifiesNothingAndMissesTheOpenChangeList() throws Exception {
        open(defaults().storeContent(true));
        baselineContent();
        RsAggregatorEmulator peer = new RsAggregatorEmulator(publisher.capabilityList());
        RsAggregatorEmulator.Run baseline = peer.run();
        assertEquals(0, baseline.verified(), "md5:... sha-256:... split on ':' never verifies");
        assertEquals(5, baseline.failures());
        assertEquals(15, baseline.downloads(), "three tries each");
        assertEquals(List.of(publisher.capabilityList().resolve("changelist.xml")), baseline.skippedLists(),
                "the open Change List has no until");

        delete("r3.txt");
        RsAggregatorEmulator.Run incremental = peer.run();
        assertEquals(5, incremental.failures(), "still nothing verifies; r3 is gone from the server");
        Map<URI, String> mirror = text(peer.local());
        assertNotEquals(expected(), mirror);
        assertTrue(mirror.containsKey(server.base().resolve("resources/origin.example/data/r3.txt")),
                "the deletion is only in the skipped open list (the Resource List lags): never applied");
    }

    @Test
    void rsAggregatorStopsAtADumpItDoesNotKnow() throws Exception {
        open(defaults().storeContent(true).hashAlgorithms("md5").stampUntil(true).resourceDump(true));
        baselineContent();
        RsAggregatorEmulator peer = new RsAggregatorEmulator(publisher.capabilityList());
        RsAggregatorEmulator.Run run = peer.run();
        assertEquals(List.of("Cannot handle capability resourcedump : " + server.base().resolve("resourcedump.xml")),
                run.errors());
        assertEquals(Map.of(), peer.local(), "nothing synchronized");
    }

    @Test
    void rsAggregatorStopsAtNotificationChannels() throws Exception {
        // what pushHub adds to the Capability List
        URI topic = server.base().resolve("notification/changelist.xml");
        Entry channel = new Entry(topic, null, new Metadata("changelist-notification", null, null, null, null, null,
                null, null, null, null, null, null, null), List.of(Link.of("hub", URI.create("http://hub.example/"))),
                false);
        open(defaults().storeContent(true).hashAlgorithms("md5").stampUntil(true)
                .capabilityEntries(List.of(channel)));
        baselineContent();
        RsAggregatorEmulator peer = new RsAggregatorEmulator(publisher.capabilityList());
        assertEquals(List.of("Cannot handle capability changelist-notification : " + topic), peer.run().errors());
    }

    // ------------------------------------------------------------------------------------------------------ resync

    @Test
    void resyncMirrorsExactlyWithStoredContentAndOneChangeList() throws Exception {
        open(defaults().storeContent(true).changeListSize(PublisherOptions.SITEMAP_LIMIT));
        baselineContent();
        ResyncEmulator peer = new ResyncEmulator(server.base());
        peer.baseline();
        assertEquals(expected(), text(peer.local()));
        assertEquals(time, peer.resumeAt(), "the newest lastmod it downloaded");
        changes(() -> {
            peer.incremental();
            assertEquals(expected(), text(peer.local()));
        });
        assertEquals(List.of(), peer.md5Mismatches());
        assertEquals(time, peer.resumeAt());
        // a later baseline (e.g. after a lost state) finds nothing to do and keeps the mirror
        peer.baseline();
        assertEquals(expected(), text(peer.local()));
    }

    @Test
    void resyncRefusesTheOriginalUrisThatTheDefaultPublishes() throws Exception {
        open(defaults());
        baselineContent();
        ResyncEmulator.Fatal e = assertThrows(ResyncEmulator.Fatal.class,
                () -> new ResyncEmulator(server.base()).baseline());
        assertTrue(e.getMessage().contains("does not have authority over (http://origin.example/data/r1.txt)"),
                e.getMessage());
    }

    @Test
    void resyncStopsFollowingOnceTheChangeListBecomesAnIndex() throws Exception {
        // the default changeListSize is 1000: the same happens at the 1001st change
        open(defaults().storeContent(true).changeListSize(6));
        baselineContent();
        ResyncEmulator peer = new ResyncEmulator(server.base());
        peer.baseline();
        put("r2.txt", "record 2, second version");
        peer.incremental();
        assertEquals(expected(), text(peer.local()));
        put("r4.txt", "record 4, second version");
        ResyncEmulator.Fatal e = assertThrows(ResyncEmulator.Fatal.class, peer::incremental);
        assertTrue(e.getMessage().contains("sitemapindex"), e.getMessage());
    }
}
