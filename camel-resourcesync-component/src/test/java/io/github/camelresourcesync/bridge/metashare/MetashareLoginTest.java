package io.github.camelresourcesync.bridge.metashare;

import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpHandler;
import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client against a loopback node of the test's own making, for what the emulator always does the same way: where
 * the CSRF token comes from, login answers without a session or refused, and the node's explanations quoted in
 * messages (short, text only).
 */
class MetashareLoginTest {

    private static final String FORM = "<form><input type='hidden' name='csrfmiddlewaretoken' value='tok-form'></form>";

    private final TestHttpServer server = TestHttpServer.start();
    private volatile String loginPage = FORM;
    /** the csrftoken cookie the login page sets; null: none */
    private volatile String csrfCookie;
    private volatile String expectedToken = "tok-form";
    private volatile int loginStatus = 302;
    private volatile boolean sessionCookie = true;
    private final MetashareClient client = new MetashareClient(server.baseUri(), "harvester", "pw",
            new HttpFetcher(MetashareClient.policy(new FetcherConfig().allowedHosts(AllowedHosts.ANY))), 0);

    MetashareLoginTest() {
        server.handle("/login/", ex -> {
            if ("GET".equals(ex.getRequestMethod())) {
                if (csrfCookie != null) {
                    ex.getResponseHeaders().add("Set-Cookie", "csrftoken=" + csrfCookie + "; Path=/");
                }
                TestHttpServer.respond(ex, 200, loginPage.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8");
                return;
            }
            String form = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (!form.startsWith("csrfmiddlewaretoken=" + expectedToken + "&")) {
                TestHttpServer.respond(ex, 403, "CSRF verification failed".getBytes(StandardCharsets.UTF_8),
                        "text/plain");
                return;
            }
            if (sessionCookie) {
                ex.getResponseHeaders().add("Set-Cookie", "sessionid=s" + System.nanoTime() + "; Path=/");
            }
            ex.getResponseHeaders().set("Location", "/");
            TestHttpServer.respond(ex, loginStatus, new byte[0], null);
        });
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private void inventoryAnswers(int status, String contentType, String body) {
        HttpHandler h = ex -> TestHttpServer.respond(ex, status, body.getBytes(StandardCharsets.UTF_8), contentType);
        server.handle("/sync/", h);
    }

    @Test
    void theTokenComesFromTheFormElseFromTheCookie() throws Exception {
        client.login();
        assertEquals(2, server.requests("/login/"), "the page, then the form with the token of its field");
        client.logout();
        loginPage = "<form><input type='hidden' name='csrfmiddlewaretoken'></form>"; // no value: the cookie's
        csrfCookie = "tok-cookie";
        expectedToken = "tok-cookie";
        client.login();
        client.logout();
        loginPage = "<form></form>";
        client.login();
    }

    @Test
    void aLoginWithoutASessionOrRefusedSaysWhy() throws Exception {
        csrfCookie = "tok-form"; // a cookie that is not the session's
        sessionCookie = false;
        MetashareException noSession = assertThrows(MetashareException.class, client::login);
        assertEquals(302, noSession.getStatusCode());
        assertTrue(noSession.getMessage().contains("302 without a session cookie"), noSession.getMessage());
        expectedToken = "another";
        MetashareException refused = assertThrows(MetashareException.class, client::login);
        assertEquals(403, refused.getStatusCode());
        assertTrue(refused.getMessage().contains("403: the node refused the form"), refused.getMessage());
    }

    @Test
    void aNewLoginAfterA403DoesNotReuseTheOldSession() throws Exception {
        client.login();
        sessionCookie = false; // the next login answers 302 but sets no session: the old one must not count
        inventoryAnswers(403, "text/plain", "expired");
        MetashareException e = assertThrows(MetashareException.class, client::inventory);
        assertTrue(e.getMessage().contains("302 without a session cookie"), e.getMessage());
    }

    @Test
    void theNodesExplanationIsQuotedWhenItIsShortText() throws Exception {
        String exactly200 = "a".repeat(200);
        inventoryAnswers(501, "text/plain", "  " + exactly200 + "\n");
        MetashareException e = assertThrows(MetashareException.class, client::inventory);
        assertTrue(e.getMessage().endsWith("(501 Not Implemented): " + exactly200), e.getMessage());
        inventoryAnswers(501, "text/plain", "b".repeat(150) + " \n\t " + "c".repeat(150));
        e = assertThrows(MetashareException.class, client::inventory);
        assertTrue(e.getMessage().endsWith(": " + "b".repeat(150) + " " + "c".repeat(49) + "..."), e.getMessage());
        inventoryAnswers(501, "application/octet-stream", "binary");
        e = assertThrows(MetashareException.class, client::inventory);
        assertTrue(e.getMessage().endsWith("(501 Not Implemented)"), "no snippet of a binary answer: " + e.getMessage());
        inventoryAnswers(501, "text/plain", "");
        e = assertThrows(MetashareException.class, client::inventory);
        assertTrue(e.getMessage().endsWith("(501 Not Implemented)"), "nothing to quote: " + e.getMessage());
        inventoryAnswers(200, "application/zip", "");
        e = assertThrows(MetashareException.class, client::inventory);
        assertTrue(e.getMessage().contains("Sync-Protocol missing, expected 1.0"), e.getMessage());
        assertFalse(e.getMessage().contains("pw"), e.getMessage());
    }
}
