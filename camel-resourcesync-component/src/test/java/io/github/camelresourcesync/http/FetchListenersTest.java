package io.github.camelresourcesync.http;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Two listeners on one fetcher ({@link FetchListener#both}), as a consumer has its statistics and its tracing: a
 * listener that throws, when asked about a request or when told how it ended, neither fails the fetch nor keeps the
 * other listener from being told.
 */
class FetchListenersTest {

    private TestHttpServer server;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aThrowingListenerFailsNothingAndTheOtherIsStillTold() throws IOException {
        server.serve("/a.txt", "alpha".getBytes(StandardCharsets.US_ASCII), "text/plain");
        server.serve("/b.txt", "bravo".getBytes(StandardCharsets.US_ASCII), "text/plain");
        FetchListener throwsOnRequest = new FetchListener() {
            @Override
            public Request requesting(String method, URI uri) {
                throw new IllegalStateException("tracer broken");
            }
        };
        FetchListener throwsOnEnd = new FetchListener() {
            @Override
            public Request requesting(String method, URI uri) {
                return (status, finalUri, failure) -> {
                    throw new IllegalStateException("span broken");
                };
            }
        };
        RecordingListener first = new RecordingListener();
        RecordingListener second = new RecordingListener();
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().listener(
                FetchListener.both(FetchListener.both(first, throwsOnRequest),
                        FetchListener.both(throwsOnEnd, second))))) {
            for (String path : List.of("/a.txt", "/b.txt")) {
                try (Content c = fetcher.fetchContent(server.uri(path), List.of())) {
                    assertEquals(5, c.length());
                }
            }
        }
        for (RecordingListener told : List.of(first, second)) {
            assertEquals(List.of(new RecordingListener.Request("GET", server.uri("/a.txt"), 200, server.uri("/a.txt"),
                            null), new RecordingListener.Request("GET", server.uri("/b.txt"), 200,
                            server.uri("/b.txt"), null)), told.requests);
            assertEquals(10, told.received.get());
        }
    }
}
