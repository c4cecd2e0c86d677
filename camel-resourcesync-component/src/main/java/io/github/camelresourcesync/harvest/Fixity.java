package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.PublishedLengthExceededException;
import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.SyncEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Checks fetched bytes against the length and every hash the Source published. */
final class Fixity {

    private static final Logger LOG = LoggerFactory.getLogger(Fixity.class);

    /** Computed when the Source publishes no hash, so the destination's state still records one. */
    static final String DEFAULT_ALGORITHM = "md5";

    private Fixity() {
    }

    /** The algorithms to compute while fetching: every published one, or {@link #DEFAULT_ALGORITHM}. */
    static Set<String> algorithms(SyncEvent event) {
        return algorithms(event.hash());
    }

    static Set<String> algorithms(Hashes hash) {
        Set<String> algorithms = new LinkedHashSet<>(hash.digests().keySet());
        if (algorithms.isEmpty()) {
            algorithms.add(DEFAULT_ALGORITHM);
        }
        return algorithms;
    }

    /** Strongest first: the algorithms a package is checked with, when its dump entry publishes several. */
    private static final List<String> STRENGTH = List.of("sha-512", "sha-384", "sha-256", "sha-1", "md5");

    /**
     * The hash a dump package is checked against: of the published ones, the strongest this JVM computes, or all of
     * them when none is known here (and none at all when none is published, as before).
     * <p>
     * Why one is enough for a package and not for a resource: a package is transport, never delivered. Its hash only
     * has to show that these are the bytes the Source published, and a matching SHA-256 shows that as well as a
     * matching SHA-256 and MD5 (an MD5 mismatch beside a matching SHA-256 is a wrong MD5 in the dump document, not
     * damaged bytes). Every bitstream is then verified against every hash its manifest publishes, and the manifest
     * itself is covered by the package hash. Computing only the strongest saves hashing every package a second time:
     * MD5 of 172 MB of packages cost about 0.3 CPU-seconds a run of the dump benchmark.
     */
    static Hashes strongestForPackage(Hashes published) {
        for (String algorithm : STRENGTH) {
            String value = published.digests().get(algorithm);
            if (value != null && available(algorithm)) {
                return Hashes.of(Map.of(algorithm, value));
            }
        }
        return published;
    }

    private static boolean available(String algorithm) {
        try {
            java.security.MessageDigest.getInstance(Hashes.jcaName(algorithm));
            return true;
        } catch (java.security.NoSuchAlgorithmException e) {
            return false;
        }
    }

    /**
     * Fetches {@code location}, reading at most its published {@code length} + 1 bytes, and checks the bytes against
     * the length and every published hash. A body longer than published is a length mismatch found without
     * downloading the rest.
     */
    static Content fetchVerified(HttpFetcher fetcher, URI location, URI document, Long length, Hashes hash)
            throws IOException {
        return fetchVerified(fetcher, location, document, length, hash, fetcher.spoolThreshold());
    }

    /** {@link #fetchVerified} keeping at most {@code spoolThreshold} bytes of the body in memory. */
    static Content fetchVerified(HttpFetcher fetcher, URI location, URI document, Long length, Hashes hash,
                                 int spoolThreshold) throws IOException {
        Content content;
        try {
            content = fetcher.fetchContent(location, algorithms(hash), length == null ? -1 : length, spoolThreshold);
        } catch (PublishedLengthExceededException e) {
            throw new FixityException(location, document, "Length", length + " bytes",
                    "more (" + e.getMessage() + ")");
        }
        try {
            verify(location, document, length, hash, content);
        } catch (FixityException e) {
            content.close();
            throw e;
        }
        return content;
    }

    static void verify(SyncEvent event, Content content) throws FixityException {
        verify(event.location(), event.sourceDocument(), event.length(), event.hash(), content);
    }

    /** The same check for bytes that are not an event's body (a dump package against its dump entry). */
    static void verify(URI location, URI document, Long length, Hashes hash, Content content)
            throws FixityException {
        if (length != null && length != content.length()) {
            throw new FixityException(location, document, "Length", length + " bytes", content.length() + " bytes");
        }
        for (Map.Entry<String, String> published : hash.digests().entrySet()) {
            String actual = content.digests().get(published.getKey());
            if (actual == null) {
                LOG.warn("Cannot verify {} hash of {}: algorithm not available in this JVM", published.getKey(),
                        location);
                continue;
            }
            if (!actual.equals(published.getValue())) {
                throw new FixityException(location, document, published.getKey() + " hash",
                        published.getValue(), actual);
            }
        }
    }
}
