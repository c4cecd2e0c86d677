package io.github.camelresourcesync.component.metashare;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.SelfSignedTls;
import io.github.camelresourcesync.testsupport.Polls;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.support.jsse.KeyStoreParameters;
import org.apache.camel.support.jsse.SSLContextParameters;
import org.apache.camel.support.jsse.TrustManagersParameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A META-SHARE node harvested by a real route into a mirror directory, through every scenario of the bridge. */
class MetashareConsumerTest {

    static final String USER = "harvester";
    static final String PASSWORD = "pw-7Kq!metashare-secret";

    @TempDir
    Path mirror;

    private CamelContext context;
    private final List<Exchange> events = new CopyOnWriteArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private final Map<String, Object> beans = new HashMap<>();
    /** Ids whose first exchange the route fails, as a downstream outage would. */
    private final Set<String> failOnce = ConcurrentHashMap.newKeySet();

    private static String xml(String name) {
        return "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo xmlns=\"http://www.ilsp.gr/META-XMLSchema\">"
               + "<identificationInfo><resourceName lang=\"en\">" + name + "</resourceName></identificationInfo>"
               + "</resourceInfo>";
    }

    private void start(MetashareNode node, String password, String options) throws Exception {
        context = new DefaultCamelContext();
        beans.forEach(context.getRegistry()::bind);
        context.getRegistry().bind("store", new InMemoryStateStore());
        context.getRegistry().bind("failures", new ExceptionHandler() {
            @Override
            public void handleException(Throwable exception) {
                failures.add(exception);
            }

            @Override
            public void handleException(String message, Throwable exception) {
                failures.add(exception);
            }

            @Override
            public void handleException(String message, Exchange exchange, Throwable exception) {
                failures.add(exception);
            }
        });
        String uri = "resourcesync-metashare:" + node.baseUri() + "?username=" + USER + "&password=RAW(" + password
                     + ")&stateStore=#store&exceptionHandler=#failures&initialDelay=0&delay=200" + options;
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).routeId("metashare")
                        .process(e -> {
                            String id = e.getIn().getHeader(MetashareConstants.IDENTIFIER, String.class);
                            if (id != null && failOnce.remove(id)) {
                                throw new IllegalStateException("downstream unavailable");
                            }
                            events.add(e.copy());
                        })
                        .to("resourcesync-mirror:" + mirror);
            }
        });
        context.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (context != null) {
            context.stop();
        }
        for (Exchange e : events) {
            e.getIn().getHeaders().forEach((name, value) -> assertFalse(String.valueOf(value).contains(PASSWORD),
                    name + " carries the password"));
        }
        for (Throwable t = failures.isEmpty() ? null : failures.get(0); t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains(PASSWORD), "an exception carries the password");
        }
        Path log = Path.of("target/camel-resourcesync-test.log");
        if (Files.exists(log)) {
            assertFalse(Files.readString(log, StandardCharsets.ISO_8859_1).contains(PASSWORD), "the log has the password");
        }
    }

    private static String digest(String algorithm, byte[] bytes) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance(algorithm).digest(bytes));
    }

    private List<Exchange> eventsFor(String id) {
        return events.stream().filter(e -> id.equals(e.getIn().getHeader(MetashareConstants.IDENTIFIER))
                                           || e.getIn().getHeader(ResourceSyncConstants.FILE_NAME, "", String.class)
                                                   .equals(id + ".xml"))
                .toList();
    }

    private Path file(String id) {
        return mirror.resolve(id + ".xml");
    }

    @Test
    void mirrorsEveryRecordThenFollowsUpdatesAndBothKindsOfDeletion() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            String a = node.add(xml("Turkish Speecon database"));
            String b = node.add(xml("Mandarin Chinese Speecon database"));
            String c = node.add(xml("Base de donn&#233;es"));
            start(node, PASSWORD, "");
            // events are recorded before the mirror step writes the file
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() == 3
                    && List.of(a, b, c).stream().allMatch(id -> Files.exists(file(id))));
            for (String id : List.of(a, b, c)) {
                assertArrayEquals(node.servedXml(id), Files.readAllBytes(file(id)), id);
            }
            Message first = eventsFor(a).get(0).getIn();
            assertEquals("created", first.getHeader(ResourceSyncConstants.CHANGE));
            assertEquals(node.recordUri(a).toString(), first.getHeader(ResourceSyncConstants.LOCATION));
            // the hash is the body's (a publisher verifies it); the node's checksum, which also covers
            // storage-global.json, has its own header
            assertEquals(io.github.camelresourcesync.model.Hashes.parse("md5:" + digest("MD5", node.servedXml(a))
                         + " sha-256:" + digest("SHA-256", node.servedXml(a))),
                    io.github.camelresourcesync.model.Hashes.parse(first.getHeader(ResourceSyncConstants.HASH,
                            String.class)));
            assertEquals(node.checksum(a), first.getHeader(MetashareConstants.CHECKSUM));
            assertEquals("metashare", first.getHeader(ResourceSyncConstants.CAPABILITY));
            assertEquals(a + ".xml", first.getHeader(ResourceSyncConstants.FILE_NAME));
            assertEquals("application/xml", first.getHeader(ResourceSyncConstants.MEDIA_TYPE));
            assertTrue(first.getHeader(ResourceSyncConstants.EVENT_ID, String.class).startsWith(node.recordUri(a)
                    .toString()));
            assertEquals(a, first.getHeader(MetashareConstants.IDENTIFIER));
            assertEquals(1L, first.getHeader(MetashareConstants.REVISION));
            assertEquals("p", first.getHeader(MetashareConstants.PUBLICATION_STATUS));
            assertEquals(node.baseUri().toString(), first.getHeader(MetashareConstants.SOURCE_URL));
            assertEquals("3.0", first.getHeader(MetashareConstants.METASHARE_VERSION));
            assertEquals(Boolean.FALSE, first.getHeader(MetashareConstants.DELETED));
            Instant modified = first.getHeader(MetashareConstants.MODIFIED, Instant.class);
            assertEquals(modified, first.getHeader(ResourceSyncConstants.DATETIME));

            node.update(a, xml("Turkish Speecon database, second edition"));
            await().atMost(60, TimeUnit.SECONDS).until(() -> eventsFor(a).size() == 2);
            Message updated = eventsFor(a).get(1).getIn();
            assertEquals("updated", updated.getHeader(ResourceSyncConstants.CHANGE));
            assertEquals(2L, updated.getHeader(MetashareConstants.REVISION));
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.readString(file(a)).contains("second edition"));

            node.softDelete(b);
            await().atMost(60, TimeUnit.SECONDS).until(() -> eventsFor(b).size() == 2);
            Message soft = eventsFor(b).get(1).getIn();
            assertEquals("deleted", soft.getHeader(ResourceSyncConstants.CHANGE));
            assertEquals(Boolean.TRUE, soft.getHeader(MetashareConstants.DELETED));
            assertNull(soft.getBody());
            assertFalse(Files.exists(file(b)));

            node.hardDelete(c);
            await().atMost(60, TimeUnit.SECONDS).until(() -> eventsFor(c).size() == 2);
            Message hard = eventsFor(c).get(1).getIn();
            assertEquals("deleted", hard.getHeader(ResourceSyncConstants.CHANGE));
            assertEquals(node.recordUri(c).toString(), hard.getHeader(ResourceSyncConstants.LOCATION));
            assertFalse(Files.exists(file(c)));

            // the soft-deleted record vanishing later is not a second deletion; nothing else repeats
            node.hardDelete(b);
            int logins = node.logins();
            Polls.awaitQuiet(context, "metashare");
            assertEquals(6, events.size(), () -> "unexpected events " + events.stream()
                    .map(e -> e.getIn().getHeader(ResourceSyncConstants.EVENT_ID)).toList());
            assertEquals(logins, node.logins(), "one session serves every poll");
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        }
    }

    @Test
    void aRecordThatDoesNotMatchItsChecksumIsReportedAndNotCommittedWhileOthersFlow() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            String good = node.add(xml("good"));
            String bad = node.add(xml("bad"));
            String after = node.add(xml("after"));
            node.tamper(bad, xml("changed in transit"));
            start(node, PASSWORD, "&breakOnFirstError=false");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(good)) && Files.exists(file(after))
                                                               && !failures.isEmpty());
            assertFalse(Files.exists(file(bad)));
            String message = failures.get(0).getMessage();
            assertTrue(message.contains(bad) && message.contains("does not match its inventory checksum")
                       && message.contains(node.baseUri().toString()), message);
            // not committed: once the node serves the right bytes, the record comes
            node.untamper(bad);
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(bad)));
            assertArrayEquals(node.servedXml(bad), Files.readAllBytes(file(bad)));
            assertEquals(1, eventsFor(good).size());
            failures.clear();
        }
    }

    @Test
    void aRecordWhoseExchangeFailedComesAgainNextPoll() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            String a = node.add(xml("a"));
            String b = node.add(xml("b"));
            failOnce.add(a);
            start(node, PASSWORD, "");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(a)) && Files.exists(file(b)));
            assertEquals(1, eventsFor(a).size());
            assertEquals(1, eventsFor(b).size(), "the record after the failed one was committed");
            assertEquals("downstream unavailable", failures.get(0).getMessage());
            failures.clear();
        }
    }

    @Test
    void theSessionExpiringMidHarvestLogsInAgainAndLosesNothing() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            for (int i = 0; i < 8; i++) {
                node.add(xml("record " + i));
            }
            node.expireSessionsAfterRecords(3);
            start(node, PASSWORD, "&fetchParallelism=1");
            await().atMost(60, TimeUnit.SECONDS).until(() -> events.size() == 8);
            assertEquals(2, node.logins());
            assertTrue(failures.isEmpty(), () -> "failures: " + failures);
            try (var files = Files.list(mirror)) {
                assertEquals(8, files.count());
            }
        }
    }

    @Test
    void aNodeDownIsReportedAndHarvestedOnceItIsBack() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            String a = node.add(xml("a"));
            node.down();
            start(node, PASSWORD, "");
            await().atMost(60, TimeUnit.SECONDS).until(() -> !failures.isEmpty());
            String message = failures.get(0).getMessage();
            assertTrue(message.contains("unreachable") && message.contains(node.baseUri().toString()), message);
            assertTrue(events.isEmpty());
            node.up();
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(a)));
            failures.clear();
        }
    }

    @Test
    void aFailedPollForgetsTheSessionSoTheNextLogsInAfresh() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            String a = node.add(xml("a"));
            start(node, PASSWORD, "");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(a)));
            assertEquals(1, node.logins());
            node.down();
            await().atMost(60, TimeUnit.SECONDS).until(() -> !failures.isEmpty());
            node.up();
            String b = node.add(xml("b"));
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(b)));
            assertEquals(2, node.logins(), "the poll after the failed one logs in again");
            failures.clear();
        }
    }

    @Test
    void aWrongPasswordIsReportedWithoutTheCredentials() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            node.add(xml("a"));
            start(node, "not-" + PASSWORD.substring(3), "");
            await().atMost(60, TimeUnit.SECONDS).until(() -> !failures.isEmpty());
            String message = failures.get(0).getMessage();
            assertTrue(message.contains("wrong username or password"), message);
            assertFalse(message.contains(PASSWORD.substring(3)), message);
            assertTrue(events.isEmpty());
        }
    }

    @Test
    void aNodeWithoutProtocol10Is501() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            node.protocolVersion("2.0");
            start(node, PASSWORD, "");
            await().atMost(60, TimeUnit.SECONDS).until(() -> !failures.isEmpty());
            assertTrue(failures.get(0).getMessage().contains("501"), failures.get(0).getMessage());
            assertTrue(events.isEmpty());
        }
    }

    @Test
    void harvestsOverHttpsWithSslContextParameters(@TempDir Path keys) throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(keys);
        KeyStoreParameters store = new KeyStoreParameters();
        store.setResource("file:" + tls.keystore());
        store.setPassword(SelfSignedTls.PASSWORD);
        store.setType("PKCS12");
        TrustManagersParameters trust = new TrustManagersParameters();
        trust.setKeyStore(store);
        SSLContextParameters ssl = new SSLContextParameters();
        ssl.setTrustManagers(trust);
        beans.put("tls", ssl);
        try (MetashareNode node = MetashareNode.startHttps(USER, PASSWORD, tls.server())) {
            String a = node.add(xml("a"));
            start(node, PASSWORD, "&sslContextParameters=#tls");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(a)));
            assertEquals(node.recordUri(a).toString(), events.get(0).getIn().getHeader(ResourceSyncConstants.LOCATION));
        }
    }

    @Test
    void pollsOnAQuartzCronSchedule() throws Exception {
        try (MetashareNode node = MetashareNode.start(USER, PASSWORD)) {
            String a = node.add(xml("a"));
            start(node, PASSWORD, "&scheduler=quartz&scheduler.cron=0/1+*+*+*+*+?");
            await().atMost(60, TimeUnit.SECONDS).until(() -> Files.exists(file(a)));
        }
    }
}
