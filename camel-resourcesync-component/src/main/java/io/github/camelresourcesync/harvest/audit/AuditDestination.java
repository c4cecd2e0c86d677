package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.Collection;
import java.util.Set;
import java.util.function.Consumer;

import io.github.camelresourcesync.model.Hashes;

/**
 * What an audit compares the Source's Resource List with: what the destination has. Implementations:
 * {@link StateStoreAuditDestination} (what the consumer delivered, as its state store recorded it) and
 * {@link DirectoryAuditDestination} (a mirror directory, files re-hashed). Anything else (a database, an object store)
 * implements the same three methods.
 */
public interface AuditDestination {

    /** For logs and the report, e.g. {@code directory /data/mirror}. */
    String describe();

    /**
     * The identity of a resource at this destination; the auditor remembers the keys of listed resources to find the
     * extra ones. E.g. the file name for a directory, the source key and location for a state store.
     */
    String key(String sourceKey, URI location, String fileName);

    /**
     * What the destination has of one listed resource.
     *
     * @param algorithms the hash algorithms the Source published for it (compute these when re-hashing); may be empty
     * @return what it has, or {@code null} when it has nothing
     */
    Held find(String sourceKey, URI location, String fileName, Set<String> algorithms) throws IOException;

    /**
     * Visits everything the destination has for these sources, without loading it all at once; the auditor reports
     * those whose {@link #key} was not listed as {@code extra}.
     */
    void forEachHeld(Collection<String> sourceKeys, Consumer<Held> action) throws IOException;

    /**
     * One resource as the destination has it.
     *
     * @param key       see {@link AuditDestination#key}
     * @param sourceKey the source it belongs to, or {@code null} when the destination cannot tell (a directory)
     * @param location  the resource URI, or {@code null} when the destination cannot tell (a file found in a directory)
     * @param fileName  the relative file name, or {@code null} to derive it from the location
     * @param lastmod   its modification time, or {@code null}
     * @param hash      its fixity, never null (may be empty)
     * @param length    its length, or {@code null}
     * @param fileTime  {@code lastmod} is a file's modification time, which a mirror may not have set to the
     *                  resource's {@code lastmod}: only a file older than the listed {@code lastmod} counts as changed
     */
    record Held(String key, String sourceKey, URI location, String fileName, Instant lastmod, Hashes hash,
                Long length, boolean fileTime) {

        public Held {
            hash = hash == null ? Hashes.EMPTY : hash;
        }
    }
}
