/**
 * The sync event contract and the protocol's values: document metadata, entries, links, hashes, capabilities, change
 * types, W3C datetimes, media types, and the {@link io.github.camelresourcesync.model.EventRun} interface through which
 * the Camel layer drives every harvest. Immutable records and pure functions.
 * <p>
 * Layer: core, the bottom. May import: nothing of the project; of Camel, nothing.
 */
package io.github.camelresourcesync.model;
