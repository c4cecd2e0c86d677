/**
 * The {@code resourcesync-mirror:} component: a producer that keeps a directory equal to what the sync events say
 * (write, replace, delete), atomically and with collision-free names.
 * <p>
 * Layer: Camel. May import: every core package, {@code resourcesync} (the root package, for its header constants),
 * {@code component.support}; of Camel, anything.
 */
package io.github.camelresourcesync.component.mirror;
