package io.github.camelresourcesync.testsupport;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The test hub itself: retries with backoff, drops on 410, honours lease expiry (what the push tests rely on). */
class TestHubTest {

    @Test
    void failedDeliveriesAreRetriedWithBackoffAndA410EndsTheSubscription() throws Exception {
        try (TestHub hub = new TestHub(); TestHttpServer callback = TestHttpServer.start()) {
            callback.handle("/cb", TestHttpServer.sequence(TestHttpServer.status(503), TestHttpServer.status(500),
                    TestHttpServer.status(204), TestHttpServer.status(410)));
            URI cb = callback.uri("/cb");
            hub.addSubscription("http://s/topic", cb, "k", 60);
            post(hub, "http://s/topic");
            await().atMost(60, TimeUnit.SECONDS).until(() -> callback.requests("/cb") == 3);
            assertTrue(callback.lastRequest("/cb").header("X-Hub-Signature").startsWith("sha256="));
            post(hub, "http://s/topic");
            await().atMost(60, TimeUnit.SECONDS).until(() -> hub.subscriptions().isEmpty());
            assertEquals(4, callback.requests("/cb"));
        }
    }

    @Test
    void expiredLeasesGetNothing() throws Exception {
        try (TestHub hub = new TestHub(); TestHttpServer callback = TestHttpServer.start()) {
            callback.handle("/cb", TestHttpServer.status(204));
            hub.addSubscription("http://s/topic", callback.uri("/cb"), null, 0);
            post(hub, "http://s/topic");
            hub.awaitDelivered();
            assertEquals(0, callback.requests("/cb"));
        }
    }

    private static void post(TestHub hub, String topic) throws Exception {
        java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(hub.uri())
                .header("Content-Type", "application/xml").header("Link", "<" + topic + ">; rel=\"self\"")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("<urlset/>", StandardCharsets.UTF_8)).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding());
    }
}
