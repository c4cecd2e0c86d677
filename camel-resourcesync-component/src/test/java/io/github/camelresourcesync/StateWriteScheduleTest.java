package io.github.camelresourcesync;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static io.github.camelresourcesync.testsupport.LiteralSource.URLSET;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a long poll has delivered is written to the state store on the 250 ms schedule while the poll goes on, not
 * only when it ends: a crash in the middle of a long poll then re-delivers at most what was not yet written. Here the
 * poll is held open by the Source (the second resource's body answers only when the test lets it), and the store must
 * show the first resource committed meanwhile.
 */
class StateWriteScheduleTest {

    @Test
    void whatALongPollDeliveredIsCommittedWhileThePollIsStillRunning() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        InMemoryStateStore store = new InMemoryStateStore();
        List<String> delivered = new CopyOnWriteArrayList<>();
        try (TestHttpServer server = TestHttpServer.start()) {
            String list = server.uri("/resourcelist.xml").toString();
            String a = server.uri("/res/a.txt").toString();
            server.serveXml("/resourcelist.xml", URLSET + "  <rs:md capability=\"resourcelist\""
                    + " at=\"2024-01-01T00:00:10Z\"/>\n  <url><loc>" + a + "</loc></url>\n  <url><loc>"
                    + server.uri("/res/b.txt") + "</loc></url>\n</urlset>");
            server.serve("/res/a.txt", "alpha", "text/plain");
            server.handle("/res/b.txt", exchange -> {
                try {
                    release.await(Polls.TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                TestHttpServer.respond(exchange, 200, "bravo".getBytes(), "text/plain");
            });
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", store);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + list + "?stateStore=#store&initialDelay=0&delay=3600000").routeId("sync")
                            .process(e -> {
                                String location = e.getIn().getHeader(ResourceSyncConstants.LOCATION, String.class);
                                if (location.equals(a)) {
                                    // not a synchronisation: the schedule under test is a time, and the first
                                    // delivery must outlast it for the write after it to be due
                                    TimeUnit.MILLISECONDS.sleep(300);
                                }
                                delivered.add(location);
                            });
                }
            });
            context.start();
            try {
                await().atMost(Polls.TIMEOUT).until(() -> store.resource(list, a).isPresent());
                assertEquals(List.of(a), delivered, "the poll is still held at b.txt");
            } finally {
                release.countDown();
            }
            await().atMost(Polls.TIMEOUT).until(() -> delivered.size() == 2);
            context.stop();
        }
    }
}
