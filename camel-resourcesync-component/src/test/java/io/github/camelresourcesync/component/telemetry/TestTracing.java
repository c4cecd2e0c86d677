package io.github.camelresourcesync.component.telemetry;

import java.util.List;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.apache.camel.CamelContext;
import org.apache.camel.opentelemetry2.OpenTelemetryTracer;

/**
 * The real tracer of an application: camel-opentelemetry2 over the OpenTelemetry SDK, its spans kept in memory for
 * the test to read.
 */
final class TestTracing {

    final InMemorySpanExporter exporter = InMemorySpanExporter.create();

    /** Puts camel-opentelemetry2's tracer on {@code context} (before it starts); returns it for further settings. */
    OpenTelemetryTracer install(CamelContext context) {
        OpenTelemetrySdk otel = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter))
                        .build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
        context.getRegistry().bind("otelTracer", otel.getTracer("test"));
        context.getRegistry().bind("otelPropagators", otel.getPropagators());
        OpenTelemetryTracer tracer = new OpenTelemetryTracer();
        tracer.init(context);
        return tracer;
    }

    List<SpanData> spans() {
        return exporter.getFinishedSpanItems();
    }

    List<SpanData> named(String name) {
        return spans().stream().filter(s -> s.getName().equals(name)).toList();
    }

    /** The attribute's value, {@code ""} when the span has none. */
    static String attr(SpanData span, String key) {
        String value = span.getAttributes().get(AttributeKey.stringKey(key));
        return value == null ? "" : value;
    }

    boolean has(SpanData span, String key) {
        return span.getAttributes().get(AttributeKey.stringKey(key)) != null;
    }

    /** Every span with its attributes, for failure messages. */
    String names() {
        return spans().stream().map(s -> s.getName() + s.getAttributes().asMap()).toList().toString();
    }
}
