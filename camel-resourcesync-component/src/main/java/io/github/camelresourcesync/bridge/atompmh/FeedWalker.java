package io.github.camelresourcesync.bridge.atompmh;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.camelresourcesync.http.DocumentResponse;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.xml.DocumentException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Walks a logical feed from its subscription document back through {@code prev-archive} links (RFC 5005), or
 * paged-feed {@code next} links when asked to, until a document entirely older than the previous harvest; the first
 * harvest reads the whole chain. A complete feed ({@code fh:complete}) is one document: nothing behind it is read.
 * A document that cannot be fetched or read fails the walk: nothing of a half-read feed is emitted.
 */
final class FeedWalker {

    private static final Logger LOG = LoggerFactory.getLogger(FeedWalker.class);

    private final HttpFetcher fetcher;
    private final AtomFeedReader reader;
    private final AtomPmhOptions options;

    FeedWalker(HttpFetcher fetcher, AtomFeedReader reader, AtomPmhOptions options) {
        this.fetcher = fetcher;
        this.reader = reader;
        this.options = options;
    }

    /** The documents to process, newest first. */
    List<AtomFeed> walk(URI subscription, Instant previousHarvest) throws IOException {
        List<AtomFeed> feeds = new ArrayList<>();
        Set<URI> seen = new HashSet<>();
        URI next = subscription;
        while (next != null) {
            if (!seen.add(next)) {
                throw new DocumentException(next, "The archive chain of " + subscription + " loops: " + next
                                                  + " was already read in this harvest");
            }
            if (feeds.size() >= options.maxDocuments()) {
                throw new DocumentException(next, "The archive chain of " + subscription + " is longer than "
                                                  + options.maxDocuments() + " documents (maxDocuments)");
            }
            AtomFeed feed = fetch(next);
            feeds.add(feed);
            if (feeds.size() == 1 && feed.complete()) {
                break;
            }
            Instant newest = feed.newest();
            if (previousHarvest != null && newest != null && newest.isBefore(previousHarvest)) {
                LOG.debug("{} is entirely older than the previous harvest ({}): the walk stops there", next,
                        previousHarvest);
                break;
            }
            next = feed.prevArchive() != null ? feed.prevArchive() : options.followNext() ? feed.next() : null;
        }
        return feeds;
    }

    private AtomFeed fetch(URI uri) throws IOException {
        try (DocumentResponse response = fetcher.fetchDocument(uri, null)) {
            // relative links resolve against where the document was finally read from
            return reader.read(response.body(), response.uri() != null ? response.uri() : uri);
        }
    }
}
