/**
 * The {@code resourcesync-metashare:} component: a thin endpoint and consumer over the core {@code bridge.metashare}
 * harvester, emitting the same sync events as {@code resourcesync:}.
 * <p>
 * Layer: Camel. May import: every core package, {@code resourcesync} (the root package, for its header constants),
 * {@code component.support}; of Camel, anything.
 */
package io.github.camelresourcesync.component.metashare;
