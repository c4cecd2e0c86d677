package io.github.camelresourcesync.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;
import io.github.camelresourcesync.testsupport.DirectoryServer;
import io.github.camelresourcesync.validate.Finding;
import io.github.camelresourcesync.validate.Rule;
import io.github.camelresourcesync.validate.Severity;
import io.github.camelresourcesync.validate.ValidateOptions;
import io.github.camelresourcesync.validate.ValidationReport;
import io.github.camelresourcesync.validate.Validator;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What this project's publisher writes is a valid Source at every step: after creations, after updates and deletions. */
class PublisherValidatesCleanTest {

    static final Instant T0 = Instant.parse("2026-02-01T08:00:00Z");

    @TempDir
    Path site;

    DirectoryServer server;
    final PublisherTest.MutableClock clock = new PublisherTest.MutableClock(T0);
    Publisher publisher;
    Instant time = T0;

    @BeforeEach
    void start() throws Exception {
        server = new DirectoryServer(site);
        publisher = Publisher.open(new PublisherOptions().directory(site).baseUrl(server.base()).clock(clock)
                .storeContent(true));
    }

    @AfterEach
    void close() {
        publisher.close();
        server.close();
    }

    private void publish(String name, String content, ChangeType change) throws Exception {
        time = time.plusSeconds(60);
        URI uri = URI.create("http://origin.example/data/" + name);
        publisher.publish(new SyncEvent(null, uri, change, time, change == ChangeType.DELETED ? null : time, null,
                null, change == ChangeType.DELETED ? null : "text/plain", null, null, null, null, null, null, null),
                content == null ? null : new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
    }

    private void assertValid(String step) throws Exception {
        clock.advance(Duration.ofMinutes(1));
        publisher.flush();
        List<Finding> found = new ArrayList<>();
        ValidationReport report;
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY))) {
            report = new Validator(fetcher, new ValidateOptions().sample(50)).validate(server.base(), found::add);
        }
        // content-validators is about the HTTP server, not the documents: the test's DirectoryServer sends files
        // without Last-Modified or ETag (the publisher's own serving, PublishedFileProcessor, is not used here)
        List<String> problems = found.stream().filter(f -> f.severity() != Severity.INFO)
                .filter(f -> f.rule() != Rule.CONTENT_VALIDATORS).map(Finding::message).toList();
        assertEquals(List.of(), problems, step + ": " + report.text());
        assertTrue(report.valid() && report.entries() > 0, step + ": " + report.text());
    }

    @Test
    void everyStepOfThePublisherValidates() throws Exception {
        publish("a.txt", "alpha", ChangeType.CREATED);
        publish("b.txt", "bravo", ChangeType.CREATED);
        assertValid("after two creations");
        publish("a.txt", "alpha, again", ChangeType.UPDATED);
        publish("b.txt", null, ChangeType.DELETED);
        publish("c.txt", "charlie", ChangeType.CREATED);
        assertValid("after an update, a deletion and a creation");
    }
}
