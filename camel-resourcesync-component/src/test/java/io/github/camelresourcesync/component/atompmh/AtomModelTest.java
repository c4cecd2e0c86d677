package io.github.camelresourcesync.component.atompmh;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import io.github.camelresourcesync.bridge.atompmh.AtomHarvester;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.HarvestModel;
import io.github.camelresourcesync.testsupport.ModelSeeds;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random histories of an Atom-PMH feed (records created, updated and deleted, by deletion entry or tombstone; the
 * subscription document archived into immutable {@code prev-archive} documents as it fills) interleaved with harvests
 * of random sizes, some crashing, checked against what a destination needs: once caught up, its mirror equals the
 * records the feed still has. Updates are at least a second apart (Atom entries carry no hash, so two versions of a
 * record within one second cannot be told apart, docs/atom-pmh-bridge.md); a deletion may share the second of the
 * change before it. A failing seed prints its history.
 */
class AtomModelTest {

    private static final String HEAD = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\""
                                       + " xmlns:at=\"http://purl.org/atompub/tombstones/1.0\"><id>urn:feed</id>"
                                       + "<title>model</title>";
    private static final int[] LIMITS = {0, 1, 2, 3, 5};

    /** One line of the feed's history: the newest state of a record at a time. */
    private record Logged(String id, Instant updated, boolean deleted, boolean tombstone) {
    }

    private final HarvestModel model = new HarvestModel(HarvestModel::text);
    private final Map<String, String> records = new TreeMap<>();
    private final List<Logged> log = new ArrayList<>();
    private TestHttpServer server;
    private HttpFetcher fetcher;
    private Instant clock = Instant.parse("2024-01-01T00:00:00Z");
    private int perDocument;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY));
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.close();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource(ModelSeeds.SEEDS)
    void theMirrorEqualsTheFeedOnceCaughtUp(long seed) throws Exception {
        Random random = new Random(seed);
        perDocument = 2 + random.nextInt(3);
        int limit = LIMITS[random.nextInt(LIMITS.length)];
        model.log("seed " + seed + ": entries per document " + perDocument + ", limit " + limit);
        int next = 0;
        for (; next < 3 + random.nextInt(6); next++) {
            change("r" + next, false, false);
        }
        AtomHarvester h = new AtomHarvester(server.uri("/feed"), new AtomPmhOptions(), fetcher, model.store());
        for (int step = 0; step < 40; step++) {
            int op = random.nextInt(100);
            List<String> live = new ArrayList<>(records.keySet());
            if (op < 30 && !live.isEmpty()) {
                change(live.get(random.nextInt(live.size())), false, false);
            } else if (op < 40) {
                change("r" + next++, false, false);
            } else if (op < 50 && !live.isEmpty()) {
                if (random.nextInt(3) == 0) {
                    clock = clock.minusSeconds(1); // the deletion shares the second of the change before it
                }
                change(live.get(random.nextInt(live.size())), true, random.nextBoolean());
            } else {
                int crashAfter = random.nextInt(5) == 0 ? random.nextInt(4) : -1;
                model.poll("harvest", h.startRun(limit), crashAfter);
            }
        }
        model.catchUp(() -> h.startRun(limit));
        Map<String, String> expected = new HashMap<>();
        records.forEach((id, content) -> expected.put(server.uri("/records/" + id + ".xml").toString(), content));
        // a record delivered just before a crash is not in the state, and its deletion names only its id (no link)
        model.assertMirrors(expected, true);
    }

    /** A deletion in the second of the update a poll delivered is still delivered (the feed gives no hash). */
    @Test
    void aDeletionInTheSecondOfADeliveredUpdateIsDelivered() throws Exception {
        AtomHarvester h = new AtomHarvester(server.uri("/feed"), new AtomPmhOptions(), fetcher, model.store());
        perDocument = 10;
        change("r0", false, false);
        change("r1", false, false);
        assertEquals(List.of("created records/r0.xml (atom-pmh)", "created records/r1.xml (atom-pmh)"),
                model.poll("harvest", h.startRun(0), -1));
        clock = clock.minusSeconds(1); // the next change shares the second of r1's creation
        change("r1", true, false);
        assertEquals(List.of("deleted records/r1.xml (atom-pmh)"), model.poll("harvest", h.startRun(0), -1));
        assertEquals(List.of(), model.poll("harvest", h.startRun(0), -1));
    }

    /** Creates, updates or deletes a record a second after the last change, and republishes the feed. */
    private void change(String id, boolean delete, boolean tombstone) {
        clock = clock.plusSeconds(1);
        String path = "/records/" + id + ".xml";
        if (delete) {
            records.remove(id);
            server.handle(path, TestHttpServer.status(404));
            model.log("delete " + id + (tombstone ? " (tombstone)" : " (deletion entry)"));
        } else {
            String content = "<r id=\"" + id + "\">" + clock + "</r>";
            records.put(id, content);
            server.serve(path, content, "application/xml");
            model.log((log.stream().anyMatch(l -> l.id().equals(id)) ? "update " : "create ") + id);
        }
        log.add(new Logged(id, clock, delete, tombstone));
        publish();
    }

    /**
     * The log in documents of {@link #perDocument} lines, oldest first: the full ones are archives
     * ({@code /archive/N}, never changed again), the rest is the subscription document; each links the one before.
     */
    private void publish() {
        int archives = log.size() / perDocument;
        for (int n = 0; n < archives; n++) {
            server.serve("/archive/" + n, document(n * perDocument, (n + 1) * perDocument, n == 0 ? null
                    : "/archive/" + (n - 1)), "application/atom+xml");
        }
        server.serve("/feed", document(archives * perDocument, log.size(), archives == 0 ? null
                : "/archive/" + (archives - 1)), "application/atom+xml");
    }

    private String document(int from, int to, String prev) {
        StringBuilder sb = new StringBuilder(HEAD);
        // a document is as new as its newest line; the subscription document as the feed's last change
        Instant updated = log.get(Math.max(from, to) - 1).updated();
        sb.append("<updated>").append(updated).append("</updated>");
        if (prev != null) {
            sb.append("<link rel=\"prev-archive\" href=\"").append(prev).append("\"/>");
        }
        for (Logged l : log.subList(from, to)) {
            if (l.deleted() && l.tombstone()) {
                sb.append("<at:deleted-entry ref=\"urn:").append(l.id()).append("\" when=\"").append(l.updated())
                        .append("\"/>");
            } else if (l.deleted()) {
                sb.append("<entry><title>gone</title><id>urn:").append(l.id()).append("</id><updated>")
                        .append(l.updated()).append("</updated><content/></entry>");
            } else {
                sb.append("<entry><title>").append(l.id()).append("</title><id>urn:").append(l.id())
                        .append("</id><updated>").append(l.updated()).append("</updated>")
                        .append("<link rel=\"alternate\" type=\"application/xml\" href=\"/records/").append(l.id())
                        .append(".xml\"/></entry>");
            }
        }
        return sb.append("</feed>").toString();
    }
}
