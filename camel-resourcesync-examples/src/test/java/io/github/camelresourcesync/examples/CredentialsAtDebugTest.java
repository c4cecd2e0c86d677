package io.github.camelresourcesync.examples;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import org.apache.camel.Route;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.Property;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The application as shipped, its log configuration included, with the root logger at TRACE: a route that carries
 * credentials in every form a user writes them (user-info, a {@code password} parameter, placeholders resolved from
 * system properties) fails its polls against a Source that answers 401, and no line prints a secret. Camel's own
 * DEBUG and TRACE lines print route definitions and resolved endpoint URIs; the shipped configuration keeps those
 * loggers at INFO.
 */
class CredentialsAtDebugTest {

    private static final List<String> SECRETS = List.of("UserInfoSecret1", "ParameterSecret2", "PlaceholderSecret3",
            "TokenSecret4");

    @TempDir
    Path tmp;

    @Test
    void noSecretIsPrintedWithTheRootLoggerAtTrace() throws Exception {
        HttpServer source = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        source.createContext("/", exchange -> {
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
        });
        source.start();
        String base = "http://127.0.0.1:" + source.getAddress().getPort();
        Path routes = tmp.resolve("credentials.yaml");
        Files.writeString(routes, """
                - route:
                    id: userinfo
                    from:
                      uri: "resourcesync:%1$s/a/resourcelist.xml"
                      parameters: { delay: 200, maxRetries: 0, stateDirectory: "%2$s/a" }
                      steps:
                        - to: "resourcesync-mirror:%2$s/ma"
                - route:
                    id: parameter
                    from:
                      uri: "resourcesync:%3$s/b/resourcelist.xml"
                      parameters: { username: bob, password: ParameterSecret2, delay: 200, maxRetries: 0, stateDirectory: "%2$s/b" }
                      steps:
                        - to: "resourcesync-mirror:%2$s/mb"
                - route:
                    id: placeholder
                    from:
                      uri: "resourcesync:http://carol:{{test.source.password}}@%4$s/c/resourcelist.xml"
                      parameters: { bearerToken: "{{test.source.token}}", delay: 200, maxRetries: 0, stateDirectory: "%2$s/c" }
                      steps:
                        - to: "resourcesync-mirror:%2$s/mc"
                """.formatted(base.replace("http://", "http://alice:UserInfoSecret1@"), tmp, base,
                base.substring("http://".length())));
        System.setProperty("test.source.password", "PlaceholderSecret3");
        System.setProperty("test.source.token", "TokenSecret4");

        // the shipped configuration (src/main/resources), not the tests' own, with everything else at TRACE
        URL shipped = Path.of("src/main/resources/log4j2.properties").toUri().toURL();
        LoggerContext logs = Configurator.initialize(null, shipped.toURI().toString());
        logs.setConfigLocation(shipped.toURI());
        Configurator.setRootLevel(Level.TRACE);
        Capture capture = new Capture();
        capture.start();
        logs.getConfiguration().getRootLogger().addAppender(capture, Level.TRACE, null);
        logs.updateLoggers();
        ExamplesApplication app = new ExamplesApplication(new String[] {
                "--sync.mirror-dir=" + tmp.resolve("mirror"), "--sync.state-dir=" + tmp.resolve("state"),
                "--demo.state-dir=" + tmp.resolve("demo-state"), "--demo.port=0",
                "--camel.main.routesIncludePattern=file:" + routes });
        Thread run = new Thread(() -> {
            try {
                app.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "examples-application");
        try {
            run.start();
            Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> app.main().getCamelContext() != null
                    && app.main().getCamelContext().getRoutes().stream()
                            .filter(r -> List.of("userinfo", "parameter", "placeholder").contains(r.getRouteId()))
                            .map(Route::getConsumer).filter(SyncEventPollingConsumer.class::isInstance)
                            .mapToLong(c -> ((SyncEventPollingConsumer) c).getFailedPolls()).filter(n -> n >= 2)
                            .count() == 3);
        } finally {
            app.main().completed();
            run.join(Duration.ofSeconds(20).toMillis());
            source.stop(0);
            System.clearProperty("test.source.password");
            System.clearProperty("test.source.token");
            logs.getConfiguration().getRootLogger().removeAppender(capture.getName());
            logs.setConfigLocation(null);
            logs.reconfigure();
        }
        assertTrue(capture.lines.stream().anyMatch(l -> l.startsWith("DEBUG ")), "DEBUG lines were captured");
        assertTrue(capture.lines.stream().anyMatch(l -> l.contains("401")), "the refusals were logged");
        for (String line : capture.lines) {
            for (String secret : SECRETS) {
                assertFalse(line.contains(secret), () -> "'" + secret + "' printed in: " + line);
            }
        }
    }

    private static final class Capture extends AbstractAppender {

        final List<String> lines = new CopyOnWriteArrayList<>();

        Capture() {
            super("credentials-capture", null, null, true, Property.EMPTY_ARRAY);
        }

        @Override
        public void append(LogEvent event) {
            StringBuilder b = new StringBuilder(event.getLevel().name()).append(' ').append(event.getLoggerName())
                    .append(' ').append(event.getMessage().getFormattedMessage());
            for (Throwable t = event.getThrown(); t != null; t = t.getCause()) {
                b.append(" | ").append(t);
            }
            lines.add(b.toString());
        }
    }
}
