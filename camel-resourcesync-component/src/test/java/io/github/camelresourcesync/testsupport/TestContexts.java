package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.github.camelresourcesync.component.publish.PublishedSourceRoutes;
import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.state.SyncStateStore;
import org.apache.camel.CamelContext;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServerConfiguration;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.DefaultHealthCheckRegistry;

/** CamelContexts as the route tests need them. */
public final class TestContexts {

    private TestContexts() {
    }

    /**
     * {@link #withStateIn} plus a platform-http server (Vert.x) on {@code 127.0.0.1:port} serving the published
     * Source in {@code site} under {@code contextPath} ({@link PublishedSourceRoutes}).
     */
    public static CamelContext servingPublishedSource(Path stateDirectory, int port, Path site, String contextPath)
            throws Exception {
        CamelContext context = withStateIn(stateDirectory);
        VertxPlatformHttpServerConfiguration conf = new VertxPlatformHttpServerConfiguration();
        conf.setBindHost("127.0.0.1");
        conf.setBindPort(port);
        context.addService(new VertxPlatformHttpServer(conf));
        context.addRoutes(new PublishedSourceRoutes(site.toString(), contextPath));
        return context;
    }

    /**
     * Adds a platform-http server (Vert.x) on 127.0.0.1 and a free port to {@code context}, started at once so its
     * port is known (a push callback URL needs it before the routes start); returns the port.
     */
    public static int platformHttpOnFreePort(CamelContext context) throws Exception {
        VertxPlatformHttpServerConfiguration conf = new VertxPlatformHttpServerConfiguration();
        conf.setBindHost("127.0.0.1");
        conf.setBindPort(0);
        VertxPlatformHttpServer server = new VertxPlatformHttpServer(conf);
        context.addService(server);
        server.start();
        return server.getServer().actualPort();
    }

    /** A new context whose {@code resourcesync} component keeps its embedded state in {@code stateDirectory}. */
    public static CamelContext withStateIn(Path stateDirectory) {
        CamelContext context = new DefaultCamelContext();
        context.getComponent("resourcesync", ResourceSyncComponent.class).setStateDirectory(stateDirectory.toString());
        return context;
    }

    /**
     * A new context with {@code store} bound as {@code #store} and {@code recorder} as {@code #recorder}, as a route
     * names them in {@code stateStore=#store&exceptionHandler=#recorder}.
     */
    public static CamelContext with(SyncStateStore store, RecordingExceptionHandler recorder) {
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("store", store);
        context.getRegistry().bind("recorder", recorder);
        return context;
    }

    /** A port free on loopback a moment ago, for a server the test starts next. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * Gives {@code context} (not started yet) Camel's health-check registry with the consumer checks, as camel-main
     * does with {@code camel.health.enabled=true}: a consumer's check then reports its poll failures.
     */
    public static HealthCheckRegistry withConsumerHealthChecks(CamelContext context) {
        HealthCheckRegistry health = new DefaultHealthCheckRegistry();
        health.setCamelContext(context);
        health.register(health.resolveById("consumers"));
        context.getCamelContextExtension().addContextPlugin(HealthCheckRegistry.class, health);
        return health;
    }

    /** The result of the consumer check of route {@code routeId} ({@code consumer:<routeId>}), when registered. */
    public static Optional<HealthCheck.Result> consumerHealth(CamelContext context, String routeId) {
        return HealthCheckHelper.invoke(context).stream()
                .filter(r -> r.getCheck().getId().equals("consumer:" + routeId)).findFirst();
    }

    /** Whether the consumer check of route {@code routeId} is registered and in {@code state}. */
    public static boolean consumerHealthIs(CamelContext context, String routeId, HealthCheck.State state) {
        return consumerHealth(context, routeId).map(r -> r.getState() == state).orElse(false);
    }

    /** The live threads of {@code context} made for {@code purpose} (the name Camel ends them with, after " - "). */
    public static List<String> threads(CamelContext context, String purpose) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.contains("(" + context.getName() + ")") && n.endsWith(" - " + purpose)).toList();
    }
}
