package io.github.camelresourcesync.component.telemetry;

import org.apache.camel.Endpoint;

/**
 * Finds the {@link PollTracer} of a consumer: camel-telemetry's tracer when the application has one (camel-telemetry
 * on the classpath, a tracer such as camel-opentelemetry2's registered on the context, the endpoint not excluded),
 * else {@link PollTracer#NONE}. camel-telemetry is optional: its classes are touched only when present.
 */
public final class PollTracing {

    private static final boolean TELEMETRY = present("org.apache.camel.telemetry.Tracer");

    private PollTracing() {
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, PollTracing.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * @param endpoint  the consumer's endpoint
     * @param sourceUrl the Source, node or feed it polls, without credentials
     */
    public static PollTracer of(Endpoint endpoint, String sourceUrl) {
        return TELEMETRY ? TelemetryPollTracer.create(endpoint, sourceUrl) : PollTracer.NONE;
    }
}
