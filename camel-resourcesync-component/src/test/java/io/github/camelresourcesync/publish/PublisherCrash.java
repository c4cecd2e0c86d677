package io.github.camelresourcesync.publish;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * Run in a separate JVM by {@link PublisherBatchTest}: accepts {@code n} events with bodies (documents deferred, so
 * only the journal holds most of them), prints each acknowledgement, then halts the JVM without closing anything.
 */
public final class PublisherCrash {

    private PublisherCrash() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        PublisherOptions options = new PublisherOptions().directory(dir).baseUrl(PublisherBatchTest.BASE)
                .storeContent(true).flushSize(n / 3).flushInterval(Duration.ofDays(1))
                .resourceListInterval(Duration.ofDays(1));
        Publisher p = Publisher.open(options);
        for (int i = 0; i < n; i++) {
            SyncEvent ev = new SyncEvent(null, URI.create("http://origin.example/r" + i), ChangeType.CREATED,
                    PublisherBatchTest.T0.plusSeconds(i), null, null, null, null, null, null, null, null, null, null,
                    null);
            p.accept(ev, new ByteArrayInputStream(("body " + i).getBytes(StandardCharsets.UTF_8)));
            System.out.println("acked " + i);
        }
        System.out.flush();
        Runtime.getRuntime().halt(3);
    }
}
