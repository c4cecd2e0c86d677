/**
 * What a destination has already seen: the {@link io.github.camelresourcesync.state.SyncStateStore} SPI (resume point
 * and per-resource state of each Source) with its in-memory, embedded (MVStore) and JDBC implementations, and
 * {@link io.github.camelresourcesync.state.StateBuffer}, which collects a run's changes and writes them in one change
 * per flush.
 * <p>
 * Layer: core. May import: {@code model}; of Camel, nothing.
 */
package io.github.camelresourcesync.state;
