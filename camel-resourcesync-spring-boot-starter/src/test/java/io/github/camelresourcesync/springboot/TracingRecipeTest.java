package io.github.camelresourcesync.springboot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.springboot.app.StarterTestApplication;
import io.github.camelresourcesync.testsupport.TestSource;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.apache.camel.CamelContext;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The Spring Boot recipe of docs/tracing.md, as written there ({@link TracingConfiguration}), in a Spring Boot
 * application with the starter: given an {@code OpenTelemetry} bean (what the OpenTelemetry Spring Boot starter
 * provides; here an SDK exporting into memory), a harvest gives a poll span naming its Source and one span per event,
 * children of the poll, with the event's location and change.
 */
@CamelSpringBootTest
@SpringBootTest(classes = { StarterTestApplication.class, TracingRecipeTest.TracingConfiguration.class,
                            TracingRecipeTest.InMemoryOpenTelemetry.class },
                webEnvironment = SpringBootTest.WebEnvironment.NONE)
@DirtiesContext
class TracingRecipeTest {

    private static final InMemorySpanExporter EXPORTER = InMemorySpanExporter.create();
    private static final TestSource SOURCE = source();

    private static TestSource source() {
        try {
            return new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path tmp = Files.createTempDirectory("tracing-recipe");
        registry.add("test.source-url", () -> SOURCE.base().toString());
        registry.add("test.mirror-dir", () -> tmp.resolve("mirror").toString());
        registry.add("camel.component.resourcesync.state-directory", () -> tmp.resolve("state").toString());
    }

    @AfterAll
    static void stopSource() {
        SOURCE.close();
    }

    /** docs/tracing.md, "Spring Boot": copied as a user copies it. */
    @Configuration
    static class TracingConfiguration {

        @Bean
        Tracer camelTracer(OpenTelemetry openTelemetry) {
            return openTelemetry.getTracer("camel");
        }

        @Bean
        ContextPropagators contextPropagators(OpenTelemetry openTelemetry) {
            return openTelemetry.getPropagators();
        }

        @Bean
        CamelContextConfiguration openTelemetry2() {
            return new CamelContextConfiguration() {
                @Override
                public void beforeApplicationStart(CamelContext context) {
                    new org.apache.camel.opentelemetry2.OpenTelemetryTracer().init(context);
                }

                @Override
                public void afterApplicationStart(CamelContext context) {
                }
            };
        }
    }

    /** What the OpenTelemetry Spring Boot starter (or the agent) provides, exporting into memory. */
    @Configuration
    static class InMemoryOpenTelemetry {

        @Bean
        OpenTelemetry openTelemetry() {
            return OpenTelemetrySdk.builder()
                    .setTracerProvider(SdkTracerProvider.builder()
                            .addSpanProcessor(SimpleSpanProcessor.create(EXPORTER)).build())
                    .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                    .build();
        }
    }

    @Autowired
    CamelContext camelContext;

    @Test
    void aHarvestIsTracedThroughTheRecipe() {
        await().atMost(60, TimeUnit.SECONDS).until(() -> named("resourcesync poll").size() == 1
                                                         && named("resourcesync created").size() == 2);
        SpanData poll = named("resourcesync poll").get(0);
        assertEquals(SOURCE.base().toString(), poll.getAttributes().get(AttributeKey.stringKey("resourcesync.source")));
        assertFalse(poll.getParentSpanContext().isValid(), "the poll is a root span");
        List<String> locations = named("resourcesync created").stream()
                .map(s -> s.getAttributes().get(AttributeKey.stringKey("resourcesync.location"))).sorted().toList();
        assertEquals(List.of(SOURCE.uri("/res/a.txt").toString(), SOURCE.uri("/res/b.txt").toString()), locations);
        for (SpanData event : named("resourcesync created")) {
            // the ContextPropagators bean is what makes them the poll's children (docs/tracing.md)
            assertEquals(poll.getTraceId(), event.getTraceId(), "the event in the poll's trace");
            assertEquals(poll.getSpanId(), event.getParentSpanId(), "the event a child of the poll");
        }
    }

    private static List<SpanData> named(String name) {
        return EXPORTER.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    }
}
