package io.github.camelresourcesync.model;

import java.time.Instant;

/**
 * The attributes of an {@code rs:md} element, on a document or on an entry. Every field is nullable: absent attributes
 * are {@code null}, never defaulted, so callers can tell "not published" from a value.
 *
 * @param capability raw {@code capability} value (see {@link #capabilityType()})
 * @param at         1.0+: when a Resource List / Dump / manifest snapshot was taken
 * @param completed  1.0+: when producing the snapshot finished
 * @param from       1.0+: start of the period a Change List / Change Dump covers
 * @param until      1.0+: end of that period; absent on an open Change List
 * @param datetime   1.1: when the change of an entry happened
 * @param modified   0.9 beta: the document time
 * @param change     raw {@code change} value (see {@link #changeType()})
 * @param hash       fixity, never null ({@link Hashes#EMPTY} when absent)
 * @param length     content length in bytes
 * @param type       media type
 * @param encoding   content encoding
 * @param path       path of a bitstream inside a dump package (starts with {@code /})
 */
public record Metadata(
        String capability,
        Instant at,
        Instant completed,
        Instant from,
        Instant until,
        Instant datetime,
        Instant modified,
        String change,
        Hashes hash,
        Long length,
        String type,
        String encoding,
        String path) {

    public static final Metadata EMPTY = new Metadata(null, null, null, null, null, null, null, null, Hashes.EMPTY,
            null, null, null, null);

    public Metadata {
        hash = hash == null ? Hashes.EMPTY : hash;
    }

    public Capability capabilityType() {
        return Capability.fromValue(capability);
    }

    /** @return the change, or {@code null} when absent or not a known value */
    public ChangeType changeType() {
        return ChangeType.fromValue(change);
    }
}
