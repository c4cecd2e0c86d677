/**
 * The Destination side of ResourceSync: discovery, baseline (Resource Lists and Dumps) and incremental (Change Lists
 * and Dumps, indexes, archives, notifications) synchronisation, fixity, gaps, and
 * {@link io.github.camelresourcesync.harvest.SyncRun}, which turns a pass over a Source into ordered sync events with
 * their contents fetched ahead and their state committed in order.
 * <p>
 * Layer: core. May import: {@code model}, {@code xml}, {@code http}, {@code state}, {@code dump}; of Camel, nothing.
 */
package io.github.camelresourcesync.harvest;
