/**
 * The delivery and failure policy of sync events, shared by every consumer of them: a consumer drives an
 * {@link io.github.camelresourcesync.model.EventRun} and hands its events to the route, and the
 * {@link io.github.camelresourcesync.delivery.DeliveryPolicy} says how they are batched and grouped into exchanges and
 * what follows each outcome: commit, stop at a failed event ({@code breakOnFirstError}), pass it over to be tried
 * again, or give it up after {@code maxEventAttempts}. {@code FailureLog} remembers failures in a row and logs them.
 * <p>
 * Layer: core. May import: {@code model}; of Camel, nothing.
 */
package io.github.camelresourcesync.delivery;
