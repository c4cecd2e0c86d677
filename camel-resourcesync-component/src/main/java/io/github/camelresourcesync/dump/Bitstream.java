package io.github.camelresourcesync.dump;

import java.net.URI;

import io.github.camelresourcesync.model.Entry;

/**
 * One entry of a package's manifest: the resource (or change) it describes and where its bytes are in the package.
 *
 * @param entry     the manifest entry as published ({@code loc}, times, {@code rs:md}, {@code rs:ln})
 * @param entryName the ZIP entry holding the bytes, or {@code null} for an entry without {@code path} (a deletion)
 * @param manifest  URI of the manifest that listed it
 */
public record Bitstream(Entry entry, String entryName, URI manifest) {

    public boolean hasBytes() {
        return entryName != null;
    }
}
