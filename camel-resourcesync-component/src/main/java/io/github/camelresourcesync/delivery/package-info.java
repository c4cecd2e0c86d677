/**
 * The delivery and failure policy of sync events: Camel-free core, used by every consumer of sync events.
 * <p>
 * A consumer drives an {@link io.github.camelresourcesync.model.EventRun} and hands its events to the route; the
 * {@link io.github.camelresourcesync.delivery.DeliveryPolicy} says how they are grouped into exchanges and what
 * follows each outcome: commit, stop at a failed event ({@code breakOnFirstError}), pass it over to be tried again,
 * or give it up after {@code maxEventAttempts}. {@code FailureLog} remembers failures in a row and logs them.
 * <p>
 * Layer: core. May import {@code model} and the JDK (and SLF4J for logging); never Camel, never the root package.
 */
package io.github.camelresourcesync.delivery;
