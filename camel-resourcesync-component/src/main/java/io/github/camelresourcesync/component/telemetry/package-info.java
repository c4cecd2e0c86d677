/**
 * Tracing through Camel's telemetry SPI (camel-telemetry, with camel-opentelemetry2 or another implementation): the
 * span decorators of the project's schemes, found by camel-telemetry through {@code META-INF/services}, and the poll
 * and fetch spans of the polling consumers ({@code TelemetryPollTracer}). camel-telemetry is an optional dependency:
 * only the decorators and {@code TelemetryPollTracer} touch it, and the consumers load the latter only when it is
 * present ({@code component.support.PollTracing}).
 * <p>
 * Layer: Camel. May import: {@code http}, {@code resourcesync} (the root package, for its header constants); of
 * Camel, anything.
 */
package io.github.camelresourcesync.component.telemetry;
