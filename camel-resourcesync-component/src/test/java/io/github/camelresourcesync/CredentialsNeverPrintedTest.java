package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Credentials in every form a user gives them (user-info of the Source URL, the password and bearerToken options,
 * the META-SHARE login, the push secret, a JdbcStateStore's password in its JDBC URL; query parameters named like secrets
 * are masked by the same function, see UrlRedactionTest) never appear in any log line (every level, thread names, stack
 * traces), exception message, health detail, dev console, JMX attribute, metric tag or thread name, while the
 * harvests fail in the ways that make the most noise (401, 500, refused links, failed login, a hub refusing the
 * subscription that carries the push secret).
 */
class CredentialsNeverPrintedTest {

    private static final List<String> SECRETS = List.of("UserInfoSecret1", "OptionSecret2", "TokenSecret3",
            "NodeSecret5", "PushSecret6", "JdbcSecret7");

    @TempDir
    Path dir;

    @Test
    void noSecretIsPrintedAnywhere() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (TestHttpServer source = TestHttpServer.start(); MetashareNode node = MetashareNode.start("harvester",
                "the-real-password"); LogCapture log = LogCapture.everything()) {
            source.handle("/private/resourcelist.xml", TestHttpServer.status(401));
            source.handle("/broken/resourcelist.xml", TestHttpServer.status(500));
            source.serve("/list.xml", """
                    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                    <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                    <url><loc>http://elsewhere.example/x</loc></url>
                    <url><loc>%s</loc></url>
                    </urlset>""".formatted(source.uri("/missing")), "application/xml");
            source.handle("/feed", TestHttpServer.status(403));
            source.handle("/hub", TestHttpServer.status(500)); // refuses the subscription (its form has hub.secret)
            String userInfo = "http://alice:UserInfoSecret1@127.0.0.1:" + source.port();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("metricsRegistry", meters);
            TestContexts.withConsumerHealthChecks(context);
            int callbackPort = TestContexts.platformHttpOnFreePort(context);
            JdbcStateStore jdbc = new JdbcStateStore("jdbc:h2:file:" + dir.resolve("jdbc/state")
                                                     + ";USER=sa;PASSWORD=JdbcSecret7");
            context.getRegistry().bind("jdbcState", jdbc);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    String common = "delay=200&maxRetries=1&retryDelay=1&stateDirectory=" + dir;
                    from("resourcesync:" + userInfo + "/private/resourcelist.xml?" + common).routeId("userinfo")
                            .to("mock:a");
                    from("resourcesync:" + source.uri("/broken/resourcelist.xml") + "?username=bob&password=OptionSecret2&"
                         + common).routeId("option").to("mock:b");
                    from("resourcesync:" + source.uri("/list.xml") + "?bearerToken=TokenSecret3&breakOnFirstError=false&"
                         + common).routeId("token").to("mock:c");
                    from("resourcesync-atompmh:" + userInfo + "/feed?" + common).routeId("atom").to("mock:e");
                    from("resourcesync:" + source.uri("/broken/resourcelist.xml") + "?push=true&pushCallbackUrl="
                         + "http://127.0.0.1:" + callbackPort + "&pushTopic=" + source.uri("/topic") + "&pushHub="
                         + source.uri("/hub") + "&pushSecret=PushSecret6&stateId=push&" + common).routeId("push").to("mock:g");
                    from("resourcesync:" + source.uri("/broken/resourcelist.xml") + "?stateStore=#jdbcState&"
                         + common).routeId("jdbc").to("mock:h");
                    // the bridge sends each request once a poll: no retry options
                    from("resourcesync-metashare:" + node.baseUri() + "?username=harvester&password=NodeSecret5&"
                         + "delay=200&stateDirectory=" + dir).routeId("metashare").to("mock:f");
                }
            });
            context.start();
            try {
                await().atMost(30, TimeUnit.SECONDS).until(() -> context.getRoutes().stream()
                        .filter(r -> r.getConsumer() instanceof SyncEventPollingConsumer)
                        .allMatch(r -> ((SyncEventPollingConsumer) r.getConsumer()).getFailedPolls()
                                       + ((SyncEventPollingConsumer) r.getConsumer()).getFailedEvents() >= 2));

                // Apache HttpClient's own DEBUG output prints requests as sent (request lines, Authorization headers),
                // like a packet capture: the one documented exception (docs/operations.md: keep org.apache.hc at INFO)
                List<String> seen = new ArrayList<>(log.lines().stream()
                        .filter(l -> !(l.startsWith("DEBUG ") && l.contains("] org.apache.hc.")))
                        .toList());
                for (HealthCheck.Result r : HealthCheckHelper.invoke(context)) {
                    seen.add("health " + r.getCheck().getId() + " " + r.getState() + " " + r.getMessage().orElse("")
                             + " " + r.getDetails() + " " + r.getError().map(Throwable::toString).orElse(""));
                }
                DevConsole console = PluginHelper.getDevConsoleResolver(context).resolveDevConsole("resourcesync");
                seen.add("console " + console.call(DevConsole.MediaType.TEXT));
                seen.add("console " + console.call(DevConsole.MediaType.JSON));
                assertTrue(source.requests("/hub") > 0, "the push route asked the hub to subscribe");
                Map<String, String> options = new HashMap<>();
                for (Route route : context.getRoutes()) {
                    if (!(route.getConsumer() instanceof SyncEventPollingConsumer)) {
                        continue; // the push callback's platform-http route
                    }
                    SyncEventPollingConsumer c = (SyncEventPollingConsumer) route.getConsumer();
                    seen.add("jmx " + c.getResumePoints() + " " + c.getLastPollError() + " " + c.getLastEventError());
                    seen.add("route " + route.getEndpoint() + " " + ((SyncEventEndpoint) route.getEndpoint()).describe());
                    // a configuration's toString, as a debugger, a dev tool or a user's own log line prints it
                    options.put(route.getRouteId(), String.valueOf(((SyncEventEndpoint) route.getEndpoint())
                            .getHttpConfiguration()));
                }
                seen.addAll(options.values());
                assertEquals("HttpConfiguration[allowedHosts=null, username=set, password=set, bearerToken=none]",
                        options.get("option"), "says which credentials are set, never what they are");
                assertEquals("HttpConfiguration[allowedHosts=null, username=none, password=none, bearerToken=set]",
                        options.get("token"));
                assertEquals("ConnectionConfiguration[username=set, password=set]", options.get("metashare"));
                for (Meter m : meters.getMeters()) {
                    seen.add("meter " + m.getId());
                }
                Thread.getAllStackTraces().keySet().forEach(t -> seen.add("thread " + t.getName()));

                assertTrue(log.lines().stream().anyMatch(l -> l.contains("401")), "the failures were logged");
                assertTrue(meters.getMeters().size() > 0, "meters were registered");
                for (String line : seen) {
                    for (String secret : SECRETS) {
                        assertTrue(!line.contains(secret), "'" + secret + "' printed in: " + line);
                    }
                }
                assertTrue(seen.stream().anyMatch(l -> l.startsWith("health consumer:userinfo DOWN")),
                        "the health checks were read: " + seen.stream().filter(l -> l.startsWith("health")).toList());
            } finally {
                context.stop();
                jdbc.close();
            }
        }
    }
}
