/**
 * The {@code resourcesync:} component, the package users import: its component, endpoint and consumers (one per
 * mode: sync, audit), the push wiring, and {@link io.github.camelresourcesync.ResourceSyncConstants}, the headers of
 * the sync event every scheme emits. Deprecated twins of classes that moved to {@code component.*} live here too.
 * <p>
 * Layer: Camel. May import: every core package, {@code component.support}, {@code component.publish}; of Camel,
 * anything.
 */
package io.github.camelresourcesync;
