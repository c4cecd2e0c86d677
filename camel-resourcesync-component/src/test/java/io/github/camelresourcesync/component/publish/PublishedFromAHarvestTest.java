package io.github.camelresourcesync.component.publish;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.publish.PublicationListener;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A harvest republished ({@code resourcesync:} to {@code resourcesync-publish:}), one event per exchange or a poll's
 * events as one batch: the documents are written when the poll's last exchange is done, not at the next flush, the
 * exchange says whether the Source changed, and the application's {@code publicationListener} hears of each change,
 * each listed entry, each rotation and each document written.
 */
class PublishedFromAHarvestTest {

    @TempDir
    Path tmp;

    /** What the application's listener heard, in order. */
    private final List<String> heard = new CopyOnWriteArrayList<>();
    private final List<Object> published = new CopyOnWriteArrayList<>();

    private final PublicationListener listener = new PublicationListener() {
        @Override
        public void changePublished(URI changeList, URI location, ChangeType change) {
            heard.add("published " + location.getPath() + " " + change.value());
        }

        @Override
        public void changeListed(URI changeList, io.github.camelresourcesync.model.Entry entry) {
            heard.add("listed " + entry.loc().getPath());
        }

        @Override
        public void changeListRotated(URI closed, URI opened, URI index) {
            heard.add("rotated");
        }

        @Override
        public void documentWritten(URI uri, Capability capability) {
            heard.add("written " + capability);
        }
    };

    /** Each event on its exchange, the poll as one batch, and a batch with a hub to notify (the listener behind it). */
    @ParameterizedTest
    @CsvSource({ "false, false", "true, false", "true, true" })
    void aPollsEventsArePublishedWhenItsLastExchangeIsDone(boolean batching, boolean hub) throws Exception {
        try (TestHub testHub = new TestHub(); TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo")
                .put("/res/c.txt", "charlie"); CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.getRegistry().bind("listener", listener);
            Path site = tmp.resolve("site");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&initialDelay=3600000&delay=3600000"
                         + "&batching=" + batching).routeId("harvest")
                            // no flush by size or time within the test: only the end of the poll writes
                            .to("resourcesync-publish:" + site + "?baseUrl=https://mirror.example/rs/"
                                + "&flushSize=1000&flushInterval=3600000&resourceListInterval=0&changeListSize=2"
                                + "&publicationListener=#listener" + (hub ? "&pushHub=" + testHub.uri() : ""))
                            .process(e -> published.add(e.getIn().getHeader(ResourceSyncConstants.PUBLISHED)));
                }
            });
            context.start();
            Polls.consumer(context, "harvest").run();

            assertEquals(batching ? List.of(true) : List.of(true, true, true), published,
                    "one exchange per event, or the poll's batch as one");
            String resources = Files.readString(site.resolve("resourcelist.xml"));
            for (String r : List.of("a.txt", "b.txt", "c.txt")) {
                assertTrue(resources.contains(source.uri("/res/" + r).toString()), r + " in " + resources);
            }
            for (String r : List.of("a.txt", "b.txt", "c.txt")) {
                assertTrue(heard.contains("published /res/" + r + " created"), heard.toString());
                assertTrue(heard.contains("listed /res/" + r), heard.toString());
            }
            assertTrue(heard.contains("rotated"), "changeListSize=2: three changes rotate the list once: " + heard);
            assertTrue(heard.contains("written " + Capability.RESOURCELIST), heard.toString());
            assertTrue(heard.contains("written " + Capability.CHANGELIST), heard.toString());

            published.clear();
            source.delete("/res/b.txt");
            Polls.consumer(context, "harvest").run();
            assertEquals(List.of(true), published, "a deletion changes the Source");
            assertTrue(heard.contains("published /res/b.txt deleted"), heard.toString());
        }
    }

    /**
     * A poll's batch published, then failed after the publisher: the next poll delivers the batch again, and the
     * publisher says it changed nothing.
     */
    @Test
    void aBatchDeliveredAgainAfterAFailureChangesNothing() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
             CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("store", new InMemoryStateStore());
            Path site = tmp.resolve("site");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&initialDelay=3600000&delay=3600000"
                         + "&batching=true").routeId("harvest")
                            .to("resourcesync-publish:" + site + "?baseUrl=https://mirror.example/rs/"
                                + "&resourceListInterval=0")
                            .process(e -> {
                                published.add(e.getIn().getHeader(ResourceSyncConstants.PUBLISHED));
                                if (published.size() == 1) {
                                    throw new IllegalStateException("the step after the publisher fails once");
                                }
                            });
                }
            });
            context.start();
            Polls.consumer(context, "harvest").run();
            assertEquals(List.of(true), published);
            Polls.consumer(context, "harvest").run();
            assertEquals(List.of(true, false), published, "the same batch again: the Source did not change");
            String resources = Files.readString(site.resolve("resourcelist.xml"));
            assertTrue(resources.contains(source.uri("/res/a.txt").toString()) && resources.contains(
                    source.uri("/res/b.txt").toString()), resources);
        }
    }

    /** With every interval 0 no timer writes the documents: each batch of {@code flushSize} events does. */
    @Test
    void aPublisherWithoutIntervalsWritesByFlushSizeAlone() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            Path site = tmp.resolve("site");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:publish").to("resourcesync-publish:" + site + "?baseUrl=https://mirror.example/rs/"
                                              + "&flushSize=1&flushInterval=0&resourceListInterval=0&changeListMaxAge=0");
                }
            });
            context.start();
            context.createProducerTemplate().requestBodyAndHeaders("direct:publish", "alpha",
                    java.util.Map.of(ResourceSyncConstants.LOCATION, "https://origin.example/a.txt",
                            ResourceSyncConstants.CHANGE, "created"), Object.class);
            assertTrue(Files.readString(site.resolve("changelist.xml")).contains("https://origin.example/a.txt"));
        }
    }
}
