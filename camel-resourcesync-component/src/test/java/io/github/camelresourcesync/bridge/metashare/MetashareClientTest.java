package io.github.camelresourcesync.bridge.metashare;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.Fixtures;
import io.github.camelresourcesync.testsupport.MetashareNode;
import io.github.camelresourcesync.testsupport.SelfSignedTls;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The node client against the protocol-faithful emulator: login, inventory, records and every refusal. */
class MetashareClientTest {

    static final String PASSWORD = "pw-9f3!secret";
    static final String XML = "<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo"
                              + " xmlns=\"http://www.ilsp.gr/META-XMLSchema\"><identificationInfo><resourceName"
                              + " lang=\"fr\">Base de donn&#233;es</resourceName></identificationInfo></resourceInfo>";

    private static MetashareClient client(MetashareNode node, String password, FetcherConfig config) {
        return new MetashareClient(node.baseUri(), "harvester", password,
                new HttpFetcher(MetashareClient.policy(config.allowedHosts(AllowedHosts.ANY))), 0);
    }

    private static MetashareClient client(MetashareNode node, String password) {
        return client(node, password, new FetcherConfig());
    }

    @Test
    void logsInWithCsrfTokenAndReadsInventoryAndRecords() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            String a = node.add(XML);
            String b = node.add(XML.replace("Base", "Corpus"));
            Map<String, String> inventory = client.inventory();
            assertEquals(List.of(a, b), List.copyOf(inventory.keySet()));
            assertEquals(node.checksum(a), inventory.get(a));
            NodeRecord rec = client.record(a);
            assertArrayEquals(XML.getBytes(StandardCharsets.US_ASCII), rec.metadataXml());
            assertEquals(inventory.get(a), rec.checksum());
            assertEquals(a, rec.storage().identifier());
            assertEquals(1L, rec.storage().revision());
            assertFalse(rec.storage().deleted());
            assertEquals("p", rec.storage().publicationStatus());
            assertEquals(1, node.logins());
            String post = node.requests().stream().filter(r -> r.startsWith("POST /login/")).findFirst().orElseThrow();
            assertTrue(post.contains("csrfmiddlewaretoken=") && post.contains("this_is_the_login_form=1"), post);
        }
    }

    @Test
    void acceptsTheWrittenProtocolsLoginAnswer() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            node.loginAnswers200(true);
            node.add(XML);
            assertEquals(1, client.inventory().size());
        }
    }

    @Test
    void wrongPasswordIsReportedWithoutTheCredentials() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, "wrong-" + PASSWORD)) {
            MetashareException e = assertThrows(MetashareException.class, client::inventory);
            assertTrue(e.getMessage().contains("wrong username or password"), e.getMessage());
            assertTrue(e.getMessage().contains(node.baseUri().toString()), e.getMessage());
            assertFalse(e.getMessage().contains(PASSWORD), e.getMessage());
        }
    }

    @Test
    void noCommonProtocolVersionIs501() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            node.protocolVersion("2.0");
            MetashareException e = assertThrows(MetashareException.class, client::inventory);
            assertEquals(501, e.getStatusCode());
            assertTrue(e.getMessage().contains("does not speak harvesting protocol 1.0"), e.getMessage());
        }
    }

    @Test
    void userWithoutSyncRightsGets403AfterOneNewLogin() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            node.syncUser(false);
            MetashareException e = assertThrows(MetashareException.class, client::inventory);
            assertEquals(403, e.getStatusCode());
            assertTrue(e.getMessage().contains("not a sync user"), e.getMessage());
            assertEquals(2, node.logins());
        }
    }

    @Test
    void expiredSessionLogsInAgain() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            String a = node.add(XML);
            client.inventory();
            node.expireSessions();
            assertEquals(a, client.record(a).id());
            assertEquals(2, node.logins());
        }
    }

    @Test
    void unknownInternalAndGarbledRecordsNameNodeAndRecord() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            String internal = node.add(XML);
            String garbled = node.add(XML);
            node.internal(internal, true);
            node.garble(garbled, true);
            MetashareException notFound = assertThrows(MetashareException.class,
                    () -> client.record(MetashareNode.unknownId()));
            assertEquals(404, notFound.getStatusCode());
            assertTrue(notFound.getMessage().contains(MetashareNode.unknownId()), notFound.getMessage());
            MetashareException forbidden = assertThrows(MetashareException.class, () -> client.record(internal));
            assertEquals(403, forbidden.getStatusCode());
            assertTrue(forbidden.getMessage().contains(internal) && forbidden.getMessage().contains("internal"),
                    forbidden.getMessage());
            MetashareException bad = assertThrows(MetashareException.class, () -> client.record(garbled));
            assertTrue(bad.getMessage().contains("not a ZIP") && bad.getMessage().contains(garbled)
                       && bad.getMessage().contains(node.baseUri().toString()), bad.getMessage());
        }
    }

    @Test
    void nodeDownNamesTheNode() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            node.down();
            MetashareException e = assertThrows(MetashareException.class, client::inventory);
            assertEquals(0, e.getStatusCode());
            assertTrue(e.getMessage().contains("unreachable") && e.getMessage().contains(node.baseUri().toString()),
                    e.getMessage());
            node.up();
            client.logout();
            assertEquals(0, client.inventory().size());
        }
    }

    @Test
    void realRecordsKeepTheirRawBytesAndChecksums() throws Exception {
        var dir = Fixtures.fixturesDir("metashare/records-v3.0");
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            List<String> ids = node.addFixtureRecords(dir, 25);
            Map<String, String> inventory = client.inventory();
            for (String id : ids) {
                NodeRecord rec = client.record(id);
                assertEquals(inventory.get(id), rec.checksum(), id);
                assertArrayEquals(node.servedXml(id), rec.metadataXml(), id);
            }
        }
    }

    @Test
    void httpsWithTheRefererTheNodeRequires(@TempDir Path dir) throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(dir);
        try (MetashareNode node = MetashareNode.startHttps("harvester", PASSWORD, tls.server());
             MetashareClient client = client(node, PASSWORD, new FetcherConfig().sslContext(tls.trusting()))) {
            String a = node.add(XML);
            assertEquals("https", node.baseUri().getScheme());
            assertEquals(node.checksum(a), client.record(a).checksum());
        }
    }

    /** The JSON is read by Camel's reader; what a person needs is the file, the node and where the text breaks. */
    @Test
    void malformedInventoriesNameTheNodeAndWhatIsWrong() throws Exception {
        try (MetashareNode node = MetashareNode.start("harvester", PASSWORD);
             MetashareClient client = client(node, PASSWORD)) {
            String id = node.add(XML);
            String prefix = "inventory.json of META-SHARE node " + node.baseUri()
                            + " is not a JSON object of id: checksum: ";
            Map<String, String> cases = new LinkedHashMap<>();
            cases.put("{\"" + id + "\": \"0123\"", "malformed JSON at offset " + (id.length() + 11)
                                                       + ": the text ends too early");
            cases.put("{\"" + id + "\": \"0123\"} x", "malformed JSON at offset " + (id.length() + 13)
                                                           + ": unexpected x");
            cases.put("[\"" + id + "\"]", "expected a JSON object, found an array");
            cases.put("{\"" + id + "\": {\"md5\": \"0123\"}}", "'" + id + "' holds a nested value, expected a"
                                                                  + " string, number, boolean or null");
            for (Map.Entry<String, String> c : cases.entrySet()) {
                node.inventoryJson(c.getKey());
                MetashareException e = assertThrows(MetashareException.class, client::inventory, c.getKey());
                assertEquals(prefix + c.getValue(), e.getMessage());
            }
            node.inventoryJson("{\"" + id + "\": \"0123\", \"" + MetashareNode.unknownId() + "\": null}");
            assertEquals(Arrays.asList("0123", null), new ArrayList<>(client.inventory().values()),
                    "member order and null kept");
        }
    }

    @Test
    void storageDatesInBothFormsReadAsUtc() {
        assertEquals("2012-05-21T17:00:23Z", StorageGlobal.time("2012-05-21 17:00:23").toString());
        assertEquals("2012-05-21T17:00:23.123Z", StorageGlobal.time("2012-05-21T17:00:23.123").toString());
        assertEquals("2012-05-21T15:00:23Z", StorageGlobal.time("2012-05-21T17:00:23+02:00").toString());
    }

    @Test
    void onlyWellFormedStorageIdsGoIntoUrls() {
        String id = "0123456789abcdef".repeat(4);
        assertTrue(MetashareClient.isStorageId(id));
        assertFalse(MetashareClient.isStorageId(null));
        assertFalse(MetashareClient.isStorageId(""));
        assertFalse(MetashareClient.isStorageId(id.substring(1)), "63 digits");
        assertFalse(MetashareClient.isStorageId(id + "0"), "65 digits");
        assertFalse(MetashareClient.isStorageId(id.toUpperCase(java.util.Locale.ROOT)), "upper case");
        assertFalse(MetashareClient.isStorageId("../" + id.substring(3)), "a path");
    }

    @Test
    void theNodeBaseHasNoTrailingSlashesNorCredentials() {
        assertEquals(java.net.URI.create("http://node.example:8000/ms"),
                MetashareClient.baseOf(java.net.URI.create("http://user:secret@node.example:8000/ms///")));
        assertEquals(java.net.URI.create("http://node.example"),
                MetashareClient.baseOf(java.net.URI.create("http://node.example/")));
    }
}
