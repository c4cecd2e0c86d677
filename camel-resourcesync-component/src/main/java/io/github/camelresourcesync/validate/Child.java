package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.model.Capability;

import java.net.URI;
import java.time.Instant;

/**
 * A document another one links, to be validated once its parent is closed.
 *
 * @param uri      where it is
 * @param expected the capability the parent says it has ({@code null}: any)
 * @param parent   the linking document
 * @param kind     how the parent links it
 * @param from     the period the parent's index entry gives it, or {@code null}
 * @param until    the end of that period, or {@code null}
 * @param line     the line of the parent's entry
 */
record Child(URI uri, Capability expected, URI parent, Kind kind, Instant from, Instant until, long line) {

    enum Kind {
        /** the start of the walk */
        TOP,
        /** an entry of a Source Description */
        DESCRIPTION,
        /** an entry of a Capability List */
        CAPABILITY_LIST,
        /** an entry of an index or an archive */
        INDEX,
        /** the manifest of a dump package */
        MANIFEST
    }
}
