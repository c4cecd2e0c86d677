package io.github.camelresourcesync.springboot;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.camelresourcesync.springboot.app.StarterTestApplication;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.util.FileSystemUtils;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Source that cannot be reached turns Actuator's health DOWN (HTTP 503, what a Kubernetes probe or a load
 * balancer acts on), with the consumer's check and its error, at Camel's default exposure level.
 */
@CamelSpringBootTest
@SpringBootTest(classes = StarterTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
                properties = "management.endpoint.health.show-details=always")
@Import(FailingSourceHealthTest.Cleanup.class)
@DirtiesContext
class FailingSourceHealthTest {

    /** A port nothing listens on. */
    private static int closed;

    @LocalServerPort
    int port;

    private static Path tmp;

    /** Deletes the mirror and state directories once Camel has stopped. */
    @TestConfiguration
    static class Cleanup {

        @Bean
        AutoCloseable deleteAfterCamel() {
            return () -> FileSystemUtils.deleteRecursively(tmp);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        tmp = Files.createTempDirectory("starter-health");
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort(); // nothing listens there once it is closed
        }
        registry.add("test.source-url", () -> "http://127.0.0.1:" + closed + "/");
        registry.add("test.mirror-dir", () -> tmp.resolve("mirror").toString());
        registry.add("camel.component.resourcesync.state-directory", () -> tmp.resolve("state").toString());
    }

    @Test
    void unreachableSourceMakesTheApplicationDown() {
        HttpClient http = HttpClient.newHttpClient();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/actuator/health")).build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode health = new ObjectMapper().readTree(r.body());
            assertEquals(503, r.statusCode(), r.body());
            JsonNode camel = health.path("components").path("camelHealth").path("details");
            assertEquals("DOWN", camel.path("consumer:mirror").asText(), r.body());
            assertTrue(camel.path("error.message").asText().contains("127.0.0.1:" + closed), r.body());
        });
    }
}
