package io.github.camelresourcesync;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.LiteralSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Discovered Capability Lists are trusted for {@code rediscoveryInterval} (15 minutes by default), but not after a
 * failed poll: a Source that moved its Capability List is found again by the next poll, not a quarter of an hour later.
 * The same for a sync ({@code mode=baseline}) and an audit ({@code mode=audit}, against an empty state store: every
 * listed resource is a {@code created} event, each audit).
 */
class ResourceSyncRediscoveryTest {

    private final LiteralSource source = new LiteralSource();
    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();
    /** change and location path of every delivered event */
    private final List<String> delivered = new CopyOnWriteArrayList<>();
    private CamelContext context;

    ResourceSyncRediscoveryTest() throws Exception {
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        source.close();
    }

    private static String resourceList(String path) {
        return URLSET + "  <rs:md capability=\"resourcelist\" at=\"2024-01-01T00:00:10Z\"/>\n"
               + "  <url><loc>{base}" + path + "</loc><lastmod>2024-01-01T00:00:01Z</lastmod></url>\n</urlset>";
    }

    @ParameterizedTest
    @ValueSource(strings = {"baseline", "audit&auditReport=false"})
    void aCapabilityListThatMovedIsFoundAgainByThePollAfterTheFailedOne(String mode) throws Exception {
        source.capabilities("resourcelist").xml("/resourcelist.xml", resourceList("/res/a.txt"))
                .text("/res/a.txt", "alpha");
        context = TestContexts.with(new InMemoryStateStore(), recorder);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:" + source.base() + "?stateStore=#store&mode=" + mode
                     + "&delay=100&initialDelay=0&retryDelay=5&maxRetries=0&exceptionHandler=#recorder")
                        .process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.CHANGE, String.class)
                                                    + " " + URI.create(e.getIn().getHeader(
                                                            ResourceSyncConstants.LOCATION, String.class)).getPath()));
            }
        });
        context.start();
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("created /res/a.txt"));

        // the Source moves: a new Capability List, the old one and its list gone
        source.xml("/.well-known/resourcesync", URLSET + """
                  <rs:md capability="description"/>
                  <url><loc>{base}/moved/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>
                </urlset>""");
        source.xml("/moved/capabilitylist.xml", URLSET + """
                  <rs:ln rel="up" href="{base}/.well-known/resourcesync"/>
                  <rs:md capability="capabilitylist"/>
                  <url><loc>{base}/moved/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
                </urlset>""");
        source.xml("/moved/resourcelist.xml", resourceList("/res/c.txt")).text("/res/c.txt", "charlie");
        source.remove("/capabilitylist.xml");
        source.remove("/resourcelist.xml");

        // within a minute, not after rediscoveryInterval's 15: the failed poll made the next one read the Source anew
        await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("created /res/c.txt"));
        assertFalse(recorder.pollFailures().isEmpty(), "a poll failed on the old Capability List first");
    }
}
