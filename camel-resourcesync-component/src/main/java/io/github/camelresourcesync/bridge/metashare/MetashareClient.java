package io.github.camelresourcesync.bridge.metashare;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.camelresourcesync.http.FetchException;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpAnswer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.UrlRedaction;
import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.apache.hc.client5.http.cookie.Cookie;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.NameValuePair;
import org.apache.hc.core5.http.message.BasicNameValuePair;
import org.apache.hc.core5.net.WWWFormCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Speaks the META-SHARE harvesting protocol 1.0 to one node, as real nodes (server 3.0.x) implement it: Django's
 * CSRF-protected login form (cookie {@code csrftoken}, hidden {@code csrfmiddlewaretoken}, same-origin
 * {@code Referer}; success as a 302 with {@code sessionid} or as a 200 saying "Logout"), the inventory ZIP and the
 * record ZIPs. A 403 during a harvest (the session expired) logs in again once and repeats the request. Thread-safe:
 * records are fetched in parallel over one session.
 *
 * <p>
 * The password is sent in the login form only; it never appears in messages, logs or URIs this class produces.
 */
public final class MetashareClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetashareClient.class);
    public static final String PROTOCOL_VERSION = "1.0";
    private static final Pattern CSRF_INPUT = Pattern.compile("<input[^>]*name=['\"]csrfmiddlewaretoken['\"][^>]*>",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern VALUE = Pattern.compile("value=['\"]([^'\"]*)['\"]", Pattern.CASE_INSENSITIVE);
    private static final Pattern ID = Pattern.compile("[0-9a-f]{64}");
    private static final int SNIPPET = 200;

    private final URI node;
    private final String nodeText;
    private final String username;
    private final String password;
    private final long maxPackageSize;
    private final HttpFetcher fetcher;
    private final BasicCookieStore cookies = new BasicCookieStore();
    /** Increments with each login, so parallel fetches that all saw the session expire log in only once. */
    private long session;
    private boolean loggedIn;

    /**
     * @param nodeUrl        the node's base URL, e.g. {@code https://metashare.example.org} (user-info is ignored)
     * @param fetcher        the endpoint's fetch policy, narrowed by {@link #policy}
     * @param maxPackageSize the largest answer (inventory or record ZIP) accepted, in bytes; 0 for no limit
     */
    public MetashareClient(URI nodeUrl, String username, String password, HttpFetcher fetcher, long maxPackageSize) {
        this.node = baseOf(nodeUrl);
        this.nodeText = node.toString();
        this.username = Objects.requireNonNull(username, "username");
        this.password = Objects.requireNonNull(password, "password");
        this.maxPackageSize = maxPackageSize > 0 ? Math.min(maxPackageSize, Integer.MAX_VALUE - 8)
                : Integer.MAX_VALUE - 8;
        this.fetcher = fetcher;
    }

    /**
     * The endpoint's fetch policy as this protocol needs it: the credentials go into the login form, never into a
     * header, and redirects are answers here (the login's 302), not hops to follow.
     */
    public static FetcherConfig policy(FetcherConfig endpointPolicy) {
        return endpointPolicy.copy().username(null).password(null).bearerToken(null).maxRedirects(0);
    }

    /** The node base URL without trailing slash and user-info: paths are appended as {@code /login/}. */
    public static URI baseOf(URI url) {
        String s = UrlRedaction.stripUserInfo(url).toString();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return URI.create(s);
    }

    public URI node() {
        return node;
    }

    /** The URL the inventory is requested from. */
    public URI inventoryUri() {
        return URI.create(nodeText + "/sync/?sync_protocol=" + PROTOCOL_VERSION);
    }

    /** A record's URL on the node: the location of its sync events. */
    public URI recordUri(String id) {
        return URI.create(nodeText + "/sync/" + id + "/metadata/");
    }

    /** {@code true} for a well-formed storage id (64 lower-case hex), the only ids put into URLs. */
    public static boolean isStorageId(String id) {
        return id != null && ID.matcher(id).matches();
    }

    /** Forgets the session, so the next request logs in first (after a failed poll). */
    public synchronized void logout() {
        cookies.clear();
        loggedIn = false;
    }

    /** Logs in now, unless logged in already. */
    public void login() throws IOException {
        long seen;
        synchronized (this) {
            if (loggedIn) {
                return;
            }
            seen = session;
        }
        relogin(seen);
    }

    /** Logs in again unless another thread did so since {@code seenSession}. */
    private synchronized void relogin(long seenSession) throws IOException {
        if (loggedIn && session != seenSession) {
            return;
        }
        cookies.clear();
        loggedIn = false;
        URI loginUri = URI.create(nodeText + "/login/");
        Response form = execute("GET", loginUri, null, Map.of());
        if (form.status != 200) {
            throw new MetashareException(loginUri, form.status, "Login page of META-SHARE node " + nodeText
                    + " answered " + form.status + " instead of 200" + form.snippet());
        }
        String token = csrfToken(form.text());
        if (token == null) {
            throw new MetashareException(loginUri, 200, "Login page of META-SHARE node " + nodeText
                    + " set no csrftoken cookie and has no csrfmiddlewaretoken field: is this a META-SHARE node?");
        }
        List<NameValuePair> fields = new ArrayList<>();
        fields.add(new BasicNameValuePair("csrfmiddlewaretoken", token));
        fields.add(new BasicNameValuePair("username", username));
        fields.add(new BasicNameValuePair("password", password));
        fields.add(new BasicNameValuePair("this_is_the_login_form", "1"));
        byte[] formBody = WWWFormCodec.format(fields, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
        // Django refuses a CSRF-protected POST over HTTPS whose Referer is not of the same origin
        Response answer = execute("POST", loginUri, formBody, Map.of(HttpHeaders.REFERER, loginUri.toString(),
                HttpHeaders.CONTENT_TYPE, "application/x-www-form-urlencoded; charset=UTF-8"));
        boolean hasSession = cookie("sessionid") != null;
        boolean ok = answer.status == 302 && hasSession || answer.status == 200 && answer.text().contains("Logout");
        if (!ok) {
            String why = answer.status == 200 ? "the node showed the login form again: wrong username or password"
                    : answer.status == 403 ? "403: the node refused the form (CSRF check failed or login not allowed)"
                    : answer.status == 302 ? "302 without a session cookie" : "status " + answer.status;
            throw new MetashareException(loginUri, answer.status == 200 ? 401 : answer.status,
                    "Login to META-SHARE node " + nodeText + " failed: " + why);
        }
        session++;
        loggedIn = true;
        LOG.debug("Logged in to META-SHARE node {}", nodeText);
    }

    private String csrfToken(String html) {
        Matcher input = CSRF_INPUT.matcher(html);
        if (input.find()) {
            Matcher value = VALUE.matcher(input.group());
            if (value.find()) {
                return value.group(1);
            }
        }
        Cookie c = cookie("csrftoken");
        return c == null ? null : c.getValue();
    }

    private Cookie cookie(String name) {
        for (Cookie c : cookies.getCookies()) {
            if (name.equals(c.getName())) {
                return c;
            }
        }
        return null;
    }

    /**
     * The node's complete inventory: storage id to checksum, in the node's order.
     *
     * @throws MetashareException on 403 (after one new login), 501 (no common protocol version), a missing
     *                            {@code Sync-Protocol: 1.0} header, or a bad ZIP or JSON
     */
    public Map<String, String> inventory() throws IOException {
        URI uri = inventoryUri();
        Response r = getWithSession(uri, "the inventory");
        if (r.status == 501) {
            throw new MetashareException(uri, 501, "META-SHARE node " + nodeText + " does not speak harvesting"
                    + " protocol " + PROTOCOL_VERSION + " (501 Not Implemented)" + r.snippet());
        }
        failUnlessOk(r, uri, "the inventory");
        String version = r.header("Sync-Protocol");
        if (!PROTOCOL_VERSION.equals(version == null ? null : version.trim())) {
            throw new MetashareException(uri, r.status, "META-SHARE node " + nodeText + " answered the inventory"
                    + " request with Sync-Protocol " + (version == null ? "missing" : "'" + version + "'")
                    + ", expected " + PROTOCOL_VERSION);
        }
        Map<String, byte[]> entries = unzip(r, uri, "the inventory");
        byte[] json = entries.get("inventory.json");
        if (json == null) {
            throw new MetashareException(uri, r.status, "Inventory ZIP of META-SHARE node " + nodeText
                    + " has no inventory.json (entries: " + entries.keySet() + ")");
        }
        Map<String, String> out = new LinkedHashMap<>();
        try {
            FlatJson.parseObject(new String(json, StandardCharsets.UTF_8))
                    .forEach((id, sum) -> out.put(id, sum == null ? null : sum.toString()));
        } catch (IllegalArgumentException e) {
            throw new MetashareException(uri, r.status, "inventory.json of META-SHARE node " + nodeText
                    + " is not a JSON object of id: checksum: " + e.getMessage(), e);
        }
        return out;
    }

    /**
     * One record as served.
     *
     * @throws MetashareException on 403 (after one new login: internal or remote-only record), 404 (unknown record),
     *                            another status, or a package without {@code metadata.xml} and
     *                            {@code storage-global.json}
     */
    NodeRecord record(String id) throws IOException {
        if (!isStorageId(id)) {
            throw new IllegalArgumentException("not a META-SHARE storage id: " + id);
        }
        URI uri = recordUri(id);
        String what = "record " + id;
        Response r = getWithSession(uri, what);
        if (r.status == 404) {
            throw new MetashareException(uri, 404, "META-SHARE node " + nodeText + " has no " + what + " (404)");
        }
        failUnlessOk(r, uri, what);
        Map<String, byte[]> entries = unzip(r, uri, what);
        byte[] xml = entries.get("metadata.xml");
        byte[] storage = entries.get("storage-global.json");
        if (xml == null || storage == null || entries.size() != 2) {
            throw new MetashareException(uri, r.status, "ZIP of " + what + " from META-SHARE node " + nodeText
                    + " must hold exactly metadata.xml and storage-global.json, has " + entries.keySet());
        }
        try {
            return new NodeRecord(id, xml, storage, StorageGlobal.parse(new String(storage, StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException e) {
            throw new MetashareException(uri, r.status, "storage-global.json of " + what + " from META-SHARE node "
                    + nodeText + " is unreadable: " + e.getMessage(), e);
        }
    }

    private Response getWithSession(URI uri, String what) throws IOException {
        login();
        long seen;
        synchronized (this) {
            seen = session;
        }
        Response r = execute("GET", uri, null, Map.of());
        if (r.status == 403) {
            LOG.info("META-SHARE node {} answered 403 for {}: logging in again (the session may have expired)",
                    nodeText, what);
            relogin(seen);
            r = execute("GET", uri, null, Map.of());
        }
        return r;
    }

    private void failUnlessOk(Response r, URI uri, String what) throws MetashareException {
        if (r.status == 200) {
            return;
        }
        String why = r.status == 403 ? " (403 Forbidden, also after a new login: the user is not a sync user, or the"
                + " record is internal or remote-only)" : " (status " + r.status + ")";
        throw new MetashareException(uri, r.status, "META-SHARE node " + nodeText + " refused " + what + why
                + r.snippet());
    }

    private Map<String, byte[]> unzip(Response r, URI uri, String what) throws MetashareException {
        Map<String, byte[]> entries;
        try {
            entries = MetashareZip.entries(r.body, maxPackageSize);
        } catch (IOException e) {
            throw new MetashareException(uri, r.status, "ZIP of " + what + " from META-SHARE node " + nodeText
                    + " is unreadable: " + e.getMessage(), e);
        }
        if (entries.isEmpty()) {
            throw new MetashareException(uri, r.status, "Answer for " + what + " from META-SHARE node " + nodeText
                    + " is not a ZIP package (Content-Type " + r.header(HttpHeaders.CONTENT_TYPE) + ", "
                    + r.body.length + " bytes)");
        }
        return entries;
    }

    /** One request through the endpoint's fetch policy (allowed hosts, deadline, proxy, TLS, statistics). */
    private Response execute(String method, URI uri, byte[] body, Map<String, String> headers) throws IOException {
        HttpAnswer a;
        try {
            a = fetcher.send(method, uri, body, headers, cookies, (int) maxPackageSize);
        } catch (FetchException e) {
            throw new MetashareException(e.getUri(), e.getStatusCode(), "META-SHARE node " + nodeText
                    + " unreachable: " + e.getMessage(), e);
        }
        if (!a.complete()) {
            throw new MetashareException(uri, a.status(), "Answer from META-SHARE node " + nodeText + " to " + method
                    + " " + uri + " is larger than " + maxPackageSize + " bytes (maxDocumentSize)");
        }
        return new Response(a.status(), a, a.body());
    }

    @Override
    public void close() {
        fetcher.close();
    }

    /** One complete answer. */
    private record Response(int status, HttpAnswer answer, byte[] body) {

        String header(String name) {
            return answer.header(name);
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The start of a text body, for messages: nodes explain 403 and 501 in plain text. */
        String snippet() {
            String ct = header(HttpHeaders.CONTENT_TYPE);
            if (body.length == 0 || ct != null && !ct.startsWith("text/")) {
                return "";
            }
            String t = text().strip().replaceAll("\\s+", " ");
            return ": " + (t.length() > SNIPPET ? t.substring(0, SNIPPET) + "..." : t);
        }
    }
}
