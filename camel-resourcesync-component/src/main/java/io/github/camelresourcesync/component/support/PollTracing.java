package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.component.telemetry.PollTracer;
import io.github.camelresourcesync.component.telemetry.TelemetryPollTracer;
import org.apache.camel.Endpoint;

/**
 * Finds the {@link PollTracer} of a consumer: camel-telemetry's tracer when the application has one (camel-telemetry
 * on the classpath, a tracer such as camel-opentelemetry2's registered on the context, the endpoint not excluded),
 * else {@link PollTracer#NONE}. camel-telemetry is optional: its classes are touched only when present.
 */
final class PollTracing {

    private static final boolean TELEMETRY = OptionalDependency.present("org.apache.camel.telemetry.Tracer");

    private PollTracing() {
    }

    /**
     * @param endpoint  the consumer's endpoint
     * @param sourceUrl the Source, node or feed it polls, without credentials
     */
    static PollTracer of(Endpoint endpoint, String sourceUrl) {
        return TELEMETRY ? TelemetryPollTracer.create(endpoint, sourceUrl) : PollTracer.NONE;
    }
}
