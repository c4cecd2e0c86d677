package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The publisher as a Camel producer: the header contract in, {@code CamelResourceSyncPublished} out. */
class ResourceSyncProducerTest {

    @TempDir
    Path tmp;

    private String uri() {
        return "resourcesync:publish?directory=" + tmp.resolve("site") + "&baseUrl=http://127.0.0.1:1/rs/"
               + "&storeContent=true";
    }

    private Exchange send(ProducerTemplate t, Object body, Map<String, Object> headers) {
        return t.request(uri(), e -> {
            e.getIn().setBody(body);
            e.getIn().setHeaders(new HashMap<>(headers));
        });
    }

    @Test
    void publishesFromHeadersAndReportsWhetherTheSourceChanged() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            ProducerTemplate t = context.createProducerTemplate();
            Map<String, Object> headers = Map.of(ResourceSyncConstants.LOCATION, "http://origin.example/a.txt",
                    ResourceSyncConstants.CHANGE, "created",
                    ResourceSyncConstants.DATETIME, "2025-01-02T03:04:05Z",
                    Exchange.CONTENT_TYPE, "text/x-custom");
            Exchange first = send(t, "alpha", headers);
            assertTrue(first.getMessage().getHeader(ResourceSyncConstants.PUBLISHED, Boolean.class));
            Exchange again = send(t, "alpha", headers);
            assertFalse(again.getMessage().getHeader(ResourceSyncConstants.PUBLISHED, Boolean.class),
                    "re-sending an already published event changes nothing");
            // durable at completion, in the documents within publishFlushInterval
            await().atMost(5, TimeUnit.SECONDS).until(
                    () -> Files.readString(tmp.resolve("site/changelist.xml")).contains("<url>"));
            String cl = Files.readString(tmp.resolve("site/changelist.xml"));
            assertTrue(cl.contains("datetime=\"2025-01-02T03:04:05Z\""), cl);
            assertTrue(cl.contains("type=\"text/x-custom\""), cl);
            assertEquals("alpha", Files.readString(tmp.resolve("site/resources/origin.example/a.txt")));
        }
    }

    @Test
    void eventsWithoutLocationOrWithUnknownChangeFailWithTheReason() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            ProducerTemplate t = context.createProducerTemplate();
            CamelExecutionException missing = assertThrows(CamelExecutionException.class,
                    () -> t.sendBody(uri(), "x"));
            assertTrue(missing.getCause().getMessage().contains(ResourceSyncConstants.LOCATION));
            CamelExecutionException change = assertThrows(CamelExecutionException.class,
                    () -> t.sendBodyAndHeaders(uri(), "x", Map.of(ResourceSyncConstants.LOCATION,
                            "http://origin.example/a", ResourceSyncConstants.CHANGE, "moved")));
            assertTrue(change.getCause().getMessage().contains("'moved'"), change.getCause().getMessage());
            CamelExecutionException time = assertThrows(CamelExecutionException.class,
                    () -> t.sendBodyAndHeaders(uri(), "x", Map.of(ResourceSyncConstants.LOCATION,
                            "http://origin.example/a", ResourceSyncConstants.DATETIME, "yesterday")));
            assertTrue(time.getCause().getMessage().contains(ResourceSyncConstants.DATETIME));
        }
    }

    @Test
    void producerWithoutDirectoryExplainsWhatItNeeds() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            Exception e = assertThrows(Exception.class,
                    () -> context.getEndpoint("resourcesync:publish?baseUrl=http://x/").createProducer());
            assertTrue(e.getMessage().contains("directory"), e.getMessage());
        }
    }
}
