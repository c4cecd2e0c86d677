package io.github.camelresourcesync;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.testsupport.LiteralSource.INDEX;
import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A document is read only as the capability it was asked for: a Change List served where the Resource List (or one
 * list of a Resource List Index) should be would read as a list without those resources, and a baseline with
 * {@code emitDeletes=true} would report every resource deleted. The poll fails instead, naming the document, the
 * capability it has and the one expected; nothing is delivered and the state stays as it was.
 */
class ResourceSyncCapabilityTest {

    private static final String CHANGE_LIST = URLSET + """
              <rs:md capability="changelist" from="2024-01-01T00:00:10Z"/>
            </urlset>""";

    private final LiteralSource source = new LiteralSource();
    private final InMemoryStateStore store = new InMemoryStateStore();
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();
    /** change and location path of every delivered event */
    private final List<String> delivered = new CopyOnWriteArrayList<>();
    private CamelContext context;

    ResourceSyncCapabilityTest() throws Exception {
        source.capabilities("resourcelist");
        source.text("/res/a.txt", "alpha");
        source.text("/res/b.txt", "bravo");
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private static String list(String... paths) {
        StringBuilder xml = new StringBuilder(URLSET).append("  <rs:md capability=\"resourcelist\""
                                                             + " at=\"2024-01-01T00:00:10Z\"/>\n");
        for (String p : paths) {
            // a lastmod, so a baseline that runs again before the swap finds them unchanged and delivers nothing
            xml.append("  <url><loc>{base}").append(p).append("</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>\n");
        }
        return xml.append("</urlset>").toString();
    }

    private void start() throws Exception {
        context = TestContexts.with(store, recorder);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&mode=baseline&emitDeletes=true"
                     + "&delay=100&initialDelay=0&retryDelay=5&maxRetries=0&exceptionHandler=#recorder")
                        .routeId("sync")
                        .process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class)
                                                    + " " + URI.create(e.getIn().getHeader(
                                                            ResourceSyncConstants.LOCATION, String.class)).getPath()));
            }
        });
        context.start();
        await().atMost(Polls.TIMEOUT).until(() -> delivered.size() >= 2);
    }

    /**
     * Serves {@code path} as a Change List: the next polls fail on it, deliver nothing and leave every resource in the
     * state; {@code stateKept}: the source's state (resume point, baseline generation) stays as it was too.
     */
    private void changeListServedAt(String path, boolean stateKept) {
        String key = source.origin() + "/capabilitylist.xml";
        source.xml(path, CHANGE_LIST);
        await().atMost(Polls.TIMEOUT).until(() -> !recorder.pollFailures().isEmpty() || delivered.size() > 2);
        assertEquals(List.of("created /res/a.txt", "created /res/b.txt"), delivered, "no event, no deleted");
        SourceState before = store.source(key);
        Polls.awaitQuiet(context, "sync");
        assertEquals("the document has rs:md capability=\"changelist\" where a resourcelist was expected (document "
                     + source.origin() + path + ")", recorder.pollFailures().get(0).getMessage());
        assertEquals(List.of("created /res/a.txt", "created /res/b.txt"), delivered, "no event, no deleted");
        List<String> resources = new ArrayList<>();
        store.forEachResource(key, r -> resources.add(URI.create(r.location()).getPath()));
        Collections.sort(resources);
        assertEquals(List.of("/res/a.txt", "/res/b.txt"), resources);
        if (stateKept) {
            assertEquals(before.resumeTime(), store.source(key).resumeTime());
            assertEquals(before.baselineGeneration(), store.source(key).baselineGeneration());
        }
    }

    @Test
    void aChangeListServedAsTheResourceListFailsThePollWithoutDeletingAnything() throws Exception {
        source.xml("/resourcelist.xml", list("/res/a.txt", "/res/b.txt"));
        start();
        changeListServedAt("/resourcelist.xml", true);
    }

    @Test
    void aChangeListServedAsAListOfTheIndexFailsThePollWithoutDeletingAnything() throws Exception {
        source.xml("/resourcelist.xml", INDEX + """
                  <rs:md capability="resourcelist" at="2024-01-01T00:00:10Z"/>
                  <sitemap><loc>{base}/list-1.xml</loc></sitemap>
                  <sitemap><loc>{base}/list-2.xml</loc></sitemap>
                </sitemapindex>""");
        source.xml("/list-1.xml", list("/res/a.txt"));
        source.xml("/list-2.xml", list("/res/b.txt"));
        start();
        // the baseline started (committed before its first event) and stops at list-2.xml, as at any failure
        changeListServedAt("/list-2.xml", false);
    }
}
