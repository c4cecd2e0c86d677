package io.github.camelresourcesync.examples.springboot;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a user of the example checks in Actuator's health endpoint. */
final class ExampleAssertions {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private ExampleAssertions() {
    }

    /** The route's checks are UP in {@code /actuator/health}. */
    static void assertRouteHealthy(int port, String routeId) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode camel = new ObjectMapper().readTree(r.body()).path("components").path("camelHealth").path("details");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("UP", camel.path("route:" + routeId).asText(), r.body());
        assertEquals("UP", camel.path("consumer:" + routeId).asText(), r.body());
    }
}
