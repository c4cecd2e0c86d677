package io.github.camelresourcesync.examples.springboot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.github.camelresourcesync.examples.demo.DemoSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
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

import static io.github.camelresourcesync.springboot.Mirrors.assertMirrorsBytes;
import static io.github.camelresourcesync.examples.springboot.ExampleAssertions.assertRouteHealthy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example as a user starts it, with no Source of their own: it starts the demo Source (a live ResourceSync Source
 * over HTTP on loopback that keeps changing), the YAML route mirrors it and follows its changes, and Actuator shows
 * the route's health checks.
 */
@CamelSpringBootTest
@SpringBootTest(classes = ExampleApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
                properties = {
                        "demo.port=0", "demo.change-interval=100", "demo.changes-per-list=5", "sync.delay=200" })
@Import(ExampleApplicationTest.Cleanup.class)
@DirtiesContext
class ExampleApplicationTest {

    private static final Path TMP = temp();

    @Autowired
    DemoSource demo;
    @Autowired
    CamelContext camel;
    @LocalServerPort
    int port;

    private static Path temp() {
        try {
            return Files.createTempDirectory("example-spring-boot");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Deletes the mirror and the state once Camel has stopped (a bean destroyed after it). */
    @TestConfiguration
    static class Cleanup {

        @Bean
        AutoCloseable deleteAfterCamel() {
            return () -> FileSystemUtils.deleteRecursively(TMP);
        }
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sync.mirror-dir", () -> TMP.resolve("mirror").toString());
        registry.add("camel.component.resourcesync.state-directory", () -> TMP.resolve("state").toString());
    }

    @Test
    void mirrorsTheDemoSourceAndFollowsItsChanges() throws Exception {
        assertEquals(List.of("mirror"), camel.getRoutes().stream().map(Route::getRouteId).toList(),
                "exactly the YAML route (none of the Camel Main example's)");
        int history = demo.changeCount();
        // creates, updates and deletes, across at least two rotations of the open Change List
        await().atMost(Duration.ofSeconds(30)).until(() -> demo.changeCount() >= history + 12);
        demo.pauseChanges(true);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertMirrorsBytes(demo.snapshot(), TMP.resolve("mirror")));
        assertTrue(Files.isRegularFile(TMP.resolve("state/resourcesync-state.mv.db")), "the embedded state store");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertRouteHealthy(port, "mirror"));
    }
}
