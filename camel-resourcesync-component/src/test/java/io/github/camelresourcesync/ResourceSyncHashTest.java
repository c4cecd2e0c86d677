package io.github.camelresourcesync;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static io.github.camelresourcesync.testsupport.LiteralSource.fixity;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each hash algorithm a Source may publish is checked on its own: on a Source that publishes only that one, a body of
 * the published length but with other bytes is never delivered, neither in the baseline nor from a Change List, and
 * the error names the algorithm, the resource and the document. The Source's documents are literal XML.
 */
class ResourceSyncHashTest {

    private final LiteralSource source = new LiteralSource();
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();
    /** location path and body of every delivered event, in order */
    private final List<String> delivered = new CopyOnWriteArrayList<>();
    private final List<String> hashes = new java.util.concurrent.CopyOnWriteArrayList<>();
    private CamelContext context;

    ResourceSyncHashTest() throws Exception {
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private void publish(String algorithm, String changeListUrls) {
        source.capabilities("resourcelist", "changelist");
        source.xml("/resourcelist.xml", URLSET + """
                  <rs:ln rel="up" href="{base}/capabilitylist.xml"/>
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z" completed="2024-01-01T00:00:10Z"/>
                  <url><loc>{base}/res/a.txt</loc><lastmod>2024-01-01T00:00:01Z</lastmod><rs:md %s/></url>
                  <url><loc>{base}/res/b.txt</loc><lastmod>2024-01-01T00:00:02Z</lastmod><rs:md %s/></url>
                </urlset>""".formatted(fixity(algorithm, "alpha"), fixity(algorithm, "bravo")));
        source.xml("/changelist.xml", URLSET + """
                  <rs:ln rel="up" href="{base}/capabilitylist.xml"/>
                  <rs:md capability="changelist" from="2024-01-01T00:00:10Z"/>
                %s</urlset>""".formatted(changeListUrls));
    }

    private void start() throws Exception {
        context = TestContexts.with(new InMemoryStateStore(), recorder);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0&retryDelay=5"
                     + "&maxRetries=1&maxEventAttempts=0&exceptionHandler=#recorder").routeId("sync")
                        .process(e -> delivered.add(java.net.URI.create(e.getIn().getHeader(
                                ResourceSyncConstants.LOCATION, String.class)).getPath() + " "
                                + e.getIn().getBody(String.class)))
                        .process(e -> hashes.add(e.getIn().getHeader(ResourceSyncConstants.HASH, String.class)));
            }
        });
        context.start();
    }

    /** The n-th failed event's exception, once it failed; fails at once when something is delivered instead. */
    private FixityException awaitFailure(int n) {
        int deliveredBefore = delivered.size();
        await().atMost(Polls.TIMEOUT).until(() -> recorder.failedEvents().size() >= n
                                                  || delivered.size() > deliveredBefore);
        assertEquals(deliveredBefore, delivered.size(), "delivered instead of failing: " + delivered);
        Exchange failed = recorder.failedEvents().get(n - 1);
        return assertInstanceOf(FixityException.class, failed.getProperty(Exchange.EXCEPTION_CAUGHT));
    }

    @ParameterizedTest
    @ValueSource(strings = { "md5", "sha-1", "sha-256", "sha-512" })
    void aBodyOfThePublishedLengthWithOtherBytesFailsItsOnlyHash(String algorithm) throws Exception {
        publish(algorithm, "");
        source.text("/res/a.txt", "alphX"); // five bytes, as published; only the hash tells
        source.text("/res/b.txt", "bravo");
        start();

        FixityException baseline = awaitFailure(1);
        assertTrue(baseline.getMessage().startsWith(algorithm + " hash mismatch for " + source.origin()
                + "/res/a.txt (listed in " + source.origin() + "/resourcelist.xml)"), baseline.getMessage());
        Polls.awaitQuiet(context, "sync");
        assertEquals(List.of(), delivered, "the tampered body is never delivered, and b.txt waits behind it");

        source.text("/res/a.txt", "alpha");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() >= 2);
        assertEquals(List.of("/res/a.txt alpha", "/res/b.txt bravo"), delivered);

        // from the Change List: the update is served with the published length and other bytes
        publish(algorithm, "  <url><loc>{base}/res/b.txt</loc><lastmod>2024-01-01T00:00:20Z</lastmod><rs:md"
                           + " change=\"updated\" datetime=\"2024-01-01T00:00:20Z\" " + fixity(algorithm, "bravo 2")
                           + "/></url>\n");
        source.text("/res/b.txt", "bravo 3");
        int failuresBefore = recorder.failedEvents().size();
        FixityException incremental = awaitFailure(failuresBefore + 1);
        assertTrue(incremental.getMessage().startsWith(algorithm + " hash mismatch for " + source.origin()
                + "/res/b.txt (listed in " + source.origin() + "/changelist.xml)"), incremental.getMessage());
        Polls.awaitQuiet(context, "sync");
        assertEquals(2, delivered.size(), "nothing delivered from the tampered update: " + delivered);

        source.text("/res/b.txt", "bravo 2");
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() >= 3);
        // every poll reads the Change List again (no ETag): the update at the resume point must not come back
        Polls.awaitQuiet(context, "sync");
        assertEquals(List.of("/res/a.txt alpha", "/res/b.txt bravo", "/res/b.txt bravo 2"), delivered);
        assertEquals(3, hashes.size());
        hashes.forEach(h -> assertTrue(h != null && h.startsWith(algorithm + ":"), "each event's hash header: " + hashes));
    }
}
