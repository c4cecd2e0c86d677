/**
 * The {@code resourcesync-publish:} component: the producer that feeds sync events to the core
 * {@code publish.Publisher}, the built-in serving of the published Source, and the WebSub notifications it sends.
 * <p>
 * Layer: Camel. May import: every core package, {@code resourcesync} (the root package, for its header constants),
 * {@code component.support}; of Camel, anything.
 */
package io.github.camelresourcesync.component.publish;
