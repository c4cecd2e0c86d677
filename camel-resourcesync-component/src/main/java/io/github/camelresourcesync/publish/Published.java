package io.github.camelresourcesync.publish;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Hashes;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.model.Metadata;

/**
 * One published resource (its latest change) or one listed change: what the documents say about it.
 *
 * @param loc            the published URI
 * @param change         the change that put it in this state
 * @param datetime       the published {@code datetime} of that change (never before anything published earlier)
 * @param lastmod        the resource's {@code lastmod}, nullable
 * @param hash           fixity, never null
 * @param length         nullable
 * @param type           media type, nullable
 * @param via            the original URI when the publisher serves its own copy, else null
 * @param path           the stored bitstream, relative to the Source directory, or null
 * @param sourceDatetime the event's own time (before the publisher made it monotonic), nullable; for idempotency
 */
record Published(URI loc, ChangeType change, Instant datetime, Instant lastmod, Hashes hash, Long length, String type,
        URI via, String path, Instant sourceDatetime) {

    Published {
        hash = hash == null ? Hashes.EMPTY : hash;
    }

    /** {@code true} when {@code next} would tell a harvester nothing new about the resource. */
    boolean sameState(Published next) {
        boolean sameFacts = hash.equals(next.hash) && Objects.equals(length, next.length)
                            && Objects.equals(lastmod, next.lastmod) && Objects.equals(type, next.type)
                            && Objects.equals(via, next.via);
        if (!sameFacts) {
            return false;
        }
        if (!hash.isEmpty() || length != null || lastmod != null) {
            return true;
        }
        // nothing to compare but the time: a later event is a later change
        return next.sourceDatetime == null || sourceDatetime != null && !next.sourceDatetime.isAfter(sourceDatetime);
    }

    /**
     * As a Resource List or Change List {@code <url>}, with the digests of the {@code published} algorithms only.
     * A change always carries a {@code <lastmod>}: the resource's, else (a deletion, an event without one) the time
     * of the change, because ResourceSync 1.0 harvesters (resync) take the change time from it and refuse a change
     * without one.
     */
    Entry entry(boolean asChange, List<String> published) {
        return manifestEntry(asChange, null, published);
    }

    /** As a dump manifest {@code <url>}: {@code path} names the bitstream in the package (null: none). */
    Entry manifestEntry(boolean asChange, String packagePath, List<String> published) {
        Instant listedLastmod = lastmod == null && asChange ? datetime : lastmod;
        return new Entry(loc, listedLastmod, md(asChange, packagePath, published), links(), false);
    }

    private Metadata md(boolean asChange, String packagePath, List<String> published) {
        boolean deleted = change == ChangeType.DELETED;
        return new Metadata(null, null, null, null, null, asChange ? datetime : null, null,
                asChange ? change.value() : null, deleted ? Hashes.EMPTY : HashAlgorithms.published(hash, published),
                deleted ? null : length, deleted ? null : type, null, packagePath);
    }

    private List<Link> links() {
        return via == null ? List.of() : List.of(Link.of("via", via));
    }

    String encode() {
        return String.join("\t", loc.toString(), change.value(), str(datetime), str(lastmod), hash.toString(),
                str(length), str(type), str(via), str(path), str(sourceDatetime));
    }

    static Published decode(String s) {
        String[] f = s.split("\t", -1);
        return new Published(URI.create(f[0]), ChangeType.fromValue(f[1]), instant(f[2]), instant(f[3]),
                Hashes.parse(f[4]), f[5].isEmpty() ? null : Long.valueOf(f[5]), f[6].isEmpty() ? null : f[6],
                f[7].isEmpty() ? null : URI.create(f[7]), f[8].isEmpty() ? null : f[8], instant(f[9]));
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
    }

    private static Instant instant(String s) {
        return s.isEmpty() ? null : Instant.parse(s);
    }
}
