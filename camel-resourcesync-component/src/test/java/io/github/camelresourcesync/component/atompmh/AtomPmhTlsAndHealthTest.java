package io.github.camelresourcesync.component.atompmh;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.TestContexts;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.jsse.KeyStoreParameters;
import org.apache.camel.support.jsse.SSLContextParameters;
import org.apache.camel.support.jsse.TrustManagersParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.github.camelresourcesync.component.atompmh.AtomPmhConsumerTest.HEAD;
import static io.github.camelresourcesync.component.atompmh.AtomPmhConsumerTest.entry;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An https feed trusted through Camel's SSLContextParameters; the route's health check follows failing polls. */
class AtomPmhTlsAndHealthTest {

    private static final String PASSWORD = "changeit";

    @TempDir
    Path dir;

    @Test
    void httpsFeedWithSslContextParameters() throws Exception {
        Path keystore = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder("keytool", "-genkeypair", "-alias", "server", "-keyalg", "EC",
                "-groupname", "secp256r1", "-validity", "2", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, output);
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD.toCharArray());
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(kmf.getKeyManagers(), null, null);
        // the client trusts exactly the server's certificate, from a trust store file as users configure it
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", keys.getCertificate("server"));
        Path truststore = dir.resolve("trust.p12");
        try (OutputStream out = Files.newOutputStream(truststore)) {
            trust.store(out, PASSWORD.toCharArray());
        }
        KeyStoreParameters ksp = new KeyStoreParameters();
        ksp.setResource("file:" + truststore);
        ksp.setType("PKCS12");
        ksp.setPassword(PASSWORD);
        TrustManagersParameters tmp = new TrustManagersParameters();
        tmp.setKeyStore(ksp);
        SSLContextParameters ssl = new SSLContextParameters();
        ssl.setTrustManagers(tmp);

        try (TestHttpServer server = TestHttpServer.startHttps(serverContext)) {
            server.serve("/feed", HEAD + "<updated>2024-01-01T00:01:00Z</updated>"
                                  + entry("urn:a", "2024-01-01T00:01:00Z", "/records/a.xml") + "</feed>",
                    "application/atom+xml");
            server.serve("/records/a.xml", "<a/>", "application/xml");
            List<String> bodies = new CopyOnWriteArrayList<>();
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.getRegistry().bind("ssl", ssl);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync-atompmh:" + server.uri("/feed")
                         + "?stateStore=#store&initialDelay=0&sslContextParameters=#ssl")
                            .process(e -> bodies.add(e.getIn().getBody(String.class)));
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> bodies.size() == 1);
                assertEquals("<a/>", bodies.get(0));
            } finally {
                context.stop();
            }
        }
    }

    @Test
    void healthCheckIsDownWhileTheFeedFailsAndRecovers() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.handle("/feed", TestHttpServer.status(503));
            CamelContext context = new DefaultCamelContext();
            TestContexts.withConsumerHealthChecks(context);
            context.getRegistry().bind("store", new InMemoryStateStore());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync-atompmh:" + server.uri("/feed")
                         + "?stateStore=#store&initialDelay=0&delay=50&maxRetries=0&fetchContent=false")
                            .routeId("atom").to("log:atom?level=OFF");
                }
            });
            context.start();
            try {
                await().atMost(60, TimeUnit.SECONDS).until(() -> state(context) == HealthCheck.State.DOWN);
                await().atMost(60, TimeUnit.SECONDS).until(() -> result(context).getError().isPresent());
                HealthCheck.Result down = result(context);
                assertEquals(503, down.getDetails().get(HealthCheck.HTTP_RESPONSE_CODE), down.getDetails()::toString);
                assertTrue(down.getError().get().getMessage().contains("/feed"), down.getError().get().getMessage());
                server.serve("/feed", HEAD + "<updated>2024-01-01T00:01:00Z</updated></feed>",
                        "application/atom+xml");
                await().atMost(60, TimeUnit.SECONDS).until(() -> state(context) == HealthCheck.State.UP);
            } finally {
                context.stop();
            }
        }
    }

    private static HealthCheck.Result result(CamelContext context) {
        return TestContexts.consumerHealth(context, "atom").orElseThrow();
    }

    private static HealthCheck.State state(CamelContext context) {
        return TestContexts.consumerHealth(context, "atom").map(HealthCheck.Result::getState)
                .orElse(HealthCheck.State.UNKNOWN);
    }
}
