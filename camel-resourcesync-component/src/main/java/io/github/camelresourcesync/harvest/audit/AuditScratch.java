package io.github.camelresourcesync.harvest.audit;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;

import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.state.ScratchStore;
import org.h2.mvstore.MVMap;

/**
 * What an audit must remember while it streams: the keys of the resources listed (to tell which held ones are extra)
 * and the extra ones found. Both live in a {@link ScratchStore}, so an audit of millions of resources holds a few
 * megabytes of heap.
 */
final class AuditScratch implements AutoCloseable {

    /** separates the encoded fields of a held resource: no URI, file name or hash can contain it */
    private static final char SEP = '\0';
    private static final String NULL = "\u0001";

    private final ScratchStore store;
    private final MVMap<String, Boolean> listed;
    private final MVMap<String, String> extra;

    /** @param directory where the temporary file goes; {@code null} for the JVM's temporary directory */
    AuditScratch(Path directory) throws IOException {
        store = new ScratchStore(directory, "audit");
        listed = store.map("listed");
        extra = store.map("extra");
    }

    /** @return {@code false} when the key was listed before (a duplicate entry) */
    boolean markListed(String key) {
        return listed.putIfAbsent(key, Boolean.TRUE) == null;
    }

    boolean isListed(String key) {
        return listed.containsKey(key);
    }

    void addExtra(AuditDestination.Held held) {
        extra.put(held.key(), encode(held));
    }

    long extraCount() {
        return extra.sizeAsLong();
    }

    /** The extra resources, ordered by key, read lazily. */
    Iterator<AuditDestination.Held> extras() {
        Iterator<Map.Entry<String, String>> cursor = extra.entrySet().iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return cursor.hasNext();
            }

            @Override
            public AuditDestination.Held next() {
                Map.Entry<String, String> e = cursor.next();
                return decode(e.getKey(), e.getValue());
            }
        };
    }

    private static String encode(AuditDestination.Held h) {
        return field(h.sourceKey()) + SEP + field(h.location()) + SEP + field(h.fileName()) + SEP
               + field(h.lastmod()) + SEP + h.hash() + SEP + field(h.length()) + SEP + h.fileTime();
    }

    private static String field(Object value) {
        return value == null ? NULL : value.toString();
    }

    private static AuditDestination.Held decode(String key, String value) {
        String[] f = value.split(String.valueOf(SEP), -1);
        return new AuditDestination.Held(key, value(f[0]), f[1].equals(NULL) ? null : URI.create(f[1]), value(f[2]),
                f[3].equals(NULL) ? null : Instant.parse(f[3]), Hashes.parse(f[4]),
                f[5].equals(NULL) ? null : Long.valueOf(f[5]), Boolean.parseBoolean(f[6]));
    }

    private static String value(String field) {
        return field.equals(NULL) ? null : field;
    }

    @Override
    public void close() {
        store.close();
    }
}
