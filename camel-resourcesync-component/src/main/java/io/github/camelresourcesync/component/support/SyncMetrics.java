package io.github.camelresourcesync.component.support;

/**
 * Publishes a consumer's {@link SyncStatistics} as Micrometer meters when Micrometer is on the classpath and a
 * {@code MeterRegistry} is in the Camel registry (named {@code metricsRegistry}, as camel-micrometer names it, or the
 * only one). Micrometer is an optional dependency: nothing here touches its classes unless it is present.
 */
final class SyncMetrics {

    private static final boolean MICROMETER = OptionalDependency.present("io.micrometer.core.instrument.MeterRegistry");

    private SyncMetrics() {
    }

    /** @return what removes the meters again, or {@code null} when there is no registry */
    static AutoCloseable bind(SyncEventPollingConsumer consumer) {
        return MICROMETER ? MicrometerMeters.bind(consumer) : null;
    }
}
