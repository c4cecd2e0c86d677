package io.github.camelresourcesync.publish;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.publish.PublisherTest.BASE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@link Publisher#open} accepts of its options, at the edges, and what it fills in. */
class PublisherOptionsTest {

    @TempDir
    Path dir;

    PublisherOptions options() {
        return new PublisherOptions().directory(dir).baseUrl(BASE);
    }

    /** Opens and closes a publisher with {@code change} applied, so an accepted value is really used. */
    void opens(UnaryOperator<PublisherOptions> change) throws Exception {
        try (Publisher p = Publisher.open(change.apply(options()))) {
            assertEquals(0, p.resourceCount());
        }
    }

    void refused(UnaryOperator<PublisherOptions> change, String option) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Publisher.open(change.apply(options())).close());
        assertTrue(e.getMessage().contains(option), "the message names " + option + ": " + e.getMessage());
    }

    @Test
    void listSizesRunFromOneToTheSitemapLimit() throws Exception {
        refused(o -> o.resourceListSize(0), "resourceListSize must be 1..50000");
        opens(o -> o.resourceListSize(1));
        opens(o -> o.resourceListSize(PublisherOptions.SITEMAP_LIMIT));
        refused(o -> o.resourceListSize(PublisherOptions.SITEMAP_LIMIT + 1), "resourceListSize must be 1..50000");
        refused(o -> o.changeListSize(0), "changeListSize must be 1..50000");
        opens(o -> o.changeListSize(1));
        opens(o -> o.changeListSize(PublisherOptions.SITEMAP_LIMIT));
        refused(o -> o.changeListSize(PublisherOptions.SITEMAP_LIMIT + 1), "changeListSize must be 1..50000");
    }

    @Test
    void flushSizeIsAtLeastOneAndRetentionZeroKeepsEverything() throws Exception {
        refused(o -> o.flushSize(0), "flushSize must be at least 1");
        opens(o -> o.flushSize(1));
        opens(o -> o.changeListRetention(0));
    }

    @Test
    void baseUrlMustBeAbsoluteWithAHostAndEndsWithASlash() throws Exception {
        refused(o -> o.baseUrl(URI.create("/rs/")), "baseUrl must be an absolute http(s) URL, not /rs/");
        refused(o -> o.baseUrl(URI.create("urn:example:rs")), "baseUrl must be an absolute http(s) URL");
        try (Publisher p = Publisher.open(options().baseUrl(URI.create("http://publisher.example/rs")))) {
            assertEquals(URI.create("http://publisher.example/rs/.well-known/resourcesync"), p.sourceDescription(),
                    "documents resolve under /rs/, not beside it");
            assertEquals(URI.create("http://publisher.example/rs/capabilitylist.xml"), p.capabilityList());
        }
    }

    @Test
    void stateLivesInDotPublisherUnlessPlacedElsewhere() throws Exception {
        try (Publisher p = Publisher.open(options())) {
            assertEquals(dir.toAbsolutePath().normalize().resolve(".publisher"), p.options().stateDirectory());
        }
        assertTrue(Files.exists(dir.resolve(".publisher").resolve(PublisherStore.FILE)));
        Path elsewhere = dir.resolveSibling(dir.getFileName() + "-state");
        try (Publisher p = Publisher.open(new PublisherOptions().directory(dir.resolve("other")).baseUrl(BASE)
                .stateDirectory(elsewhere))) {
            assertEquals(elsewhere, p.options().stateDirectory());
        }
        assertTrue(Files.exists(elsewhere.resolve(PublisherStore.FILE)), "the given state directory is used");
        assertTrue(Files.notExists(dir.resolve("other").resolve(".publisher")));
    }

    @Test
    void nullListenerEntriesAndAlgorithmsMeanNone() {
        PublisherOptions o = options().listener(null).capabilityEntries(null).hashAlgorithms((java.util.List<String>) null);
        assertEquals(PublicationListener.NOOP, o.listener());
        assertEquals(java.util.List.of(), o.capabilityEntries());
        refused(x -> x.hashAlgorithms((java.util.List<String>) null), "hashAlgorithms must name at least one");
    }
}
