package io.github.camelresourcesync.springboot;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.springboot.app.StarterTestApplication;
import io.github.camelresourcesync.testsupport.TestHub;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.FileSystemUtils;

import static io.github.camelresourcesync.springboot.Mirrors.assertMirrors;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The starter in a Spring Boot application with a web server, Actuator and Micrometer, harvesting a loopback Source
 * that announces its changes through a loopback WebSub hub: the component takes its options from
 * {@code camel.component.resourcesync.*}, the consumer's health check shows in {@code /actuator/health}, its meters in
 * {@code /actuator/metrics}, and the push callback is served by the application's own web server.
 */
@CamelSpringBootTest
@SpringBootTest(classes = StarterTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
                properties = {
                        "management.endpoints.web.exposure.include=health,metrics",
                        "management.endpoint.health.show-details=always",
                        "camel.health.exposure-level=full",
                        "test.push=true",
                        "test.push-secret=starter-test-secret" })
@Import(ResourceSyncStarterTest.Servers.class)
@DirtiesContext
class ResourceSyncStarterTest {

    private static final Path TMP = tempDirectory();
    private static final TestHub HUB = start(TestHub::new);
    private static final TestSource SOURCE = start(() -> new TestSource().hub(HUB.uri())
            .put("/res/a.txt", "alpha").put("/res/b.txt", "bravo").put("/res/c.txt", "charlie"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    CamelContext camelContext;
    @LocalServerPort
    int port;

    interface Starter<T> {
        T start() throws Exception;
    }

    private static <T> T start(Starter<T> s) {
        try {
            return s.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path tempDirectory() {
        return start(() -> Files.createTempDirectory("starter-test"));
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("test.source-url", SOURCE::base);
        registry.add("test.mirror-dir", () -> TMP.resolve("mirror").toString());
        registry.add("camel.component.resourcesync.state-directory", () -> TMP.resolve("state").toString());
    }

    /** Stops the Source and the hub once Camel has stopped (and unsubscribed), as a bean destroyed after it. */
    @TestConfiguration
    static class Servers {

        @Bean
        AutoCloseable stopServersAfterCamel() {
            return () -> {
                SOURCE.close();
                HUB.close();
                FileSystemUtils.deleteRecursively(TMP);
            };
        }
    }

    @Test
    void componentOptionsComeFromTheApplicationProperties() throws Exception {
        ResourceSyncComponent component = camelContext.getComponent("resourcesync", ResourceSyncComponent.class);
        assertEquals(TMP.resolve("state").toString(), component.getStateDirectory());
        assertNull(component.getStateStore(), "no state-store property: the embedded store");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertMirrors(SOURCE.snapshot(), TMP.resolve("mirror")));
        assertTrue(Files.isRegularFile(TMP.resolve("state/resourcesync-state.mv.db")),
                "the embedded store is in camel.component.resourcesync.state-directory");
    }

    @Test
    void healthEndpointShowsTheConsumerCheck() throws Exception {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            JsonNode health = get("/actuator/health");
            JsonNode camel = health.path("components").path("camelHealth").path("details");
            assertEquals("UP", camel.path("consumer:mirror").asText(), health.toPrettyString());
            assertEquals("UP", camel.path("route:mirror").asText(), health.toPrettyString());
        });
    }

    @Test
    void metersAreInSpringsMeterRegistry() throws Exception {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertMirrors(SOURCE.snapshot(), TMP.resolve("mirror")));
        JsonNode created = get("/actuator/metrics/camel.resourcesync.events?tag=routeId:mirror&tag=change:created");
        assertTrue(created.path("measurements").path(0).path("value").asDouble() >= 3, created.toPrettyString());
        JsonNode polls = get("/actuator/metrics/camel.resourcesync.poll?tag=routeId:mirror");
        assertTrue(polls.path("measurements").path(0).path("value").asDouble() >= 1, polls.toPrettyString());
    }

    @Test
    void pushedChangeArrivesThroughTheApplicationsWebServer() throws Exception {
        await().atMost(Duration.ofSeconds(30)).until(() -> HUB.subscriptions().size() == 2);
        assertTrue(HUB.subscriptions().stream().allMatch(s -> s.callback().getPort() == port
                                                               && "starter-test-secret".equals(s.secret())),
                "subscribed with a callback on the application's port: " + HUB.subscriptions());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertMirrors(SOURCE.snapshot(), TMP.resolve("mirror")));

        SOURCE.change("/res/a.txt", "alpha, pushed");
        publish(SOURCE.changeTopic(), SOURCE.changeNotification(1));
        // the route polls once an hour: only the pushed notification can bring the change this soon
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertMirrors(SOURCE.snapshot(), TMP.resolve("mirror")));
        assertTrue(HUB.attempts().stream().anyMatch(a -> a.callback().getPort() == port && a.status() / 100 == 2),
                "the hub delivered to the application's web server: " + HUB.attempts());
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(r.body());
    }

    /** What a Source's publisher does: POST the notification to the hub, with the topic in a Link header. */
    private static void publish(URI topic, byte[] payload) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(HUB.uri())
                .header("Content-Type", "application/xml")
                .header("Link", "<" + topic + ">; rel=\"self\", <" + HUB.uri() + ">; rel=\"hub\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(payload)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(2, r.statusCode() / 100, "hub answered " + r.statusCode() + " " + r.body());
    }
}
