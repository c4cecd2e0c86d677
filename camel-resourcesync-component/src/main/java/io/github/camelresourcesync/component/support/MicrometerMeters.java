package io.github.camelresourcesync.component.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.model.ChangeType;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.apache.camel.CamelContext;

/**
 * The meters of one consumer, read from its {@link SyncStatistics} when scraped (no second bookkeeping). Named
 * {@code camel.resourcesync.*} and tagged {@code camelContext}, {@code routeId} and {@code endpointName} as
 * camel-micrometer tags its own meters. Loaded only when Micrometer is present (see {@link SyncMetrics}).
 */
final class MicrometerMeters implements AutoCloseable {

    static final String PREFIX = "camel.resourcesync.";
    /** camel-micrometer's bean name for the registry. */
    static final String REGISTRY_NAME = "metricsRegistry";

    private final MeterRegistry registry;
    private final List<Meter> meters = new ArrayList<>();

    private MicrometerMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    static MicrometerMeters bind(SyncEventPollingConsumer consumer) {
        CamelContext camel = consumer.getEndpoint().getCamelContext();
        MeterRegistry registry = camel.getRegistry().lookupByNameAndType(REGISTRY_NAME, MeterRegistry.class);
        if (registry == null) {
            registry = camel.getRegistry().findSingleByType(MeterRegistry.class);
        }
        if (registry == null) {
            return null;
        }
        MicrometerMeters m = new MicrometerMeters(registry);
        m.register(consumer, Tags.of("camelContext", camel.getName(),
                "routeId", consumer.getRouteId() == null ? "" : consumer.getRouteId(),
                "endpointName", consumer.getEndpoint().describe()));
        return m;
    }

    private void register(SyncEventPollingConsumer consumer, Tags tags) {
        SyncStatistics s = consumer.getStatistics();
        for (ChangeType type : ChangeType.values()) {
            meters.add(FunctionCounter.builder(PREFIX + "events", s, st -> st.events(type))
                    .description("Events delivered, by change type").tags(tags).tag("change", type.value())
                    .register(registry));
        }
        counter("events.failed", "Events that failed (fetch, fixity, refused link, route)", s,
                SyncStatistics::failedEvents, tags, null);
        counter("fixity.failures", "Bodies that failed their published length or hash", s,
                SyncStatistics::fixityFailures, tags, null);
        counter("refused.links", "Links refused by allowedHosts", s, SyncStatistics::refusedLinks, tags, null);
        counter("events.given.up", "Events given up after maxEventAttempts failures", s,
                SyncStatistics::givenUpEvents, tags, null);
        counter("bytes.delivered", "Bytes of the bodies delivered", s, SyncStatistics::bytesDelivered, tags,
                "bytes");
        counter("bytes.received", "Bytes received: documents and bodies, retries included", s,
                SyncStatistics::bytesReceived, tags, "bytes");
        counter("retries", "HTTP requests retried (5xx, 429, timeouts, resets, short bodies)", s,
                SyncStatistics::retries, tags, null);
        counter("http.errors", "HTTP responses with status 400 or more", s, SyncStatistics::errorResponses, tags,
                null);
        counter("polls.failed", "Polls that failed", s, SyncStatistics::failedPolls, tags, null);
        counter("polls.skipped", "Polls skipped because another node held the Source's lease", s,
                SyncStatistics::skippedPolls, tags, null);
        counter("lease.handovers", "Leases on the Source taken over from another node", s,
                SyncStatistics::leaseHandOvers, tags, null);
        counter("lease.lost", "Polls ended because their lease expired or was taken over", s,
                SyncStatistics::leasesLost, tags, null);
        counter("gaps", "Gaps in the Change Lists that no baseline could close", s, SyncStatistics::gaps, tags, null);
        meters.add(FunctionTimer.builder(PREFIX + "poll", s, SyncStatistics::polls, SyncStatistics::pollNanosTotal,
                TimeUnit.NANOSECONDS).description("Poll duration").tags(tags).register(registry));
        meters.add(Gauge.builder(PREFIX + "lag", consumer, MicrometerMeters::lagSeconds)
                .description("Now minus the newest change applied (NaN when unknown)").baseUnit("seconds").tags(tags)
                .register(registry));
    }

    private void counter(String name, String description, SyncStatistics s,
                         java.util.function.ToDoubleFunction<SyncStatistics> f, Tags tags, String unit) {
        meters.add(FunctionCounter.builder(PREFIX + name, s, f).description(description).baseUnit(unit).tags(tags)
                .register(registry));
    }

    private static double lagSeconds(SyncEventPollingConsumer consumer) {
        Duration lag = consumer.lag();
        return lag == null ? Double.NaN : lag.toMillis() / 1000.0;
    }

    @Override
    public void close() {
        meters.forEach(registry::remove);
        meters.clear();
    }
}
