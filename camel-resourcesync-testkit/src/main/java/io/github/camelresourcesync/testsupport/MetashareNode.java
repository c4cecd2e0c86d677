package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import javax.net.ssl.SSLContext;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

/**
 * A META-SHARE node (server 3.0.x) on loopback, answering as real nodes do (see the shared NOTES.md): Django's CSRF
 * login ({@code csrftoken} cookie plus hidden {@code csrfmiddlewaretoken}, same-origin {@code Referer}, 302 with
 * {@code sessionid} on success, the form again on failure, 403 on a failed CSRF check), the inventory ZIP with
 * {@code Sync-Protocol: 1.0}, record ZIPs ({@code metadata.xml} then {@code storage-global.json}), 403 text bodies
 * for missing sessions and internal records, 404 for unknown ids, 501 without a common protocol version, and the
 * checksum as md5 over the raw bytes. Records are held in the byte form a node serves: ASCII with numeric character
 * references, on one line.
 *
 * <p>
 * Test controls: update, soft and hard deletes, tampering (a record whose served bytes no longer match the inventory),
 * session expiry, protocol-version refusal, going down and coming back on the same port.
 */
public final class MetashareNode implements AutoCloseable {

    private static final DateTimeFormatter STORAGE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** One record as stored on the node. */
    private static final class Rec {
        final String id;
        byte[] xml;
        LocalDateTime created;
        LocalDateTime modified;
        int revision = 1;
        boolean deleted;
        boolean internal;
        /** bytes served instead of {@link #xml} while the inventory keeps the checksum of {@link #xml} */
        byte[] tampered;
        boolean garbled;

        Rec(String id, byte[] xml, LocalDateTime created) {
            this.id = id;
            this.xml = xml;
            this.created = created;
            this.modified = created;
        }
    }

    private final String username;
    private final String password;
    private final Map<String, Rec> records = new ConcurrentHashMap<>();
    private final List<String> order = new CopyOnWriteArrayList<>();
    private final Map<String, String> sessions = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger logins = new AtomicInteger();
    private final AtomicInteger expireAfter = new AtomicInteger(-1);
    private HttpServer server;
    private ExecutorService executor;
    private volatile int currentPort;
    private final SSLContext tls;
    private LocalDateTime clock = LocalDateTime.of(2012, 6, 5, 20, 19, 0);
    private volatile boolean loginSays200;
    private volatile boolean syncUser = true;
    private volatile String protocolVersion = "1.0";
    private volatile String inventoryJson;

    private MetashareNode(String username, String password, SSLContext tls) {
        this.username = username;
        this.password = password;
        this.tls = tls;
        up();
    }

    /** A node on an ephemeral loopback port with one sync user. */
    public static MetashareNode start(String username, String password) {
        return new MetashareNode(username, password, null);
    }

    /** The same over HTTPS with the given server context. */
    public static MetashareNode startHttps(String username, String password, SSLContext tls) {
        return new MetashareNode(username, password, tls);
    }

    /** The node's base URL, without trailing slash. */
    public URI baseUri() {
        return URI.create((tls == null ? "http" : "https") + "://127.0.0.1:" + currentPort);
    }

    /** Starts serving (again, on the same port after {@link #down()}). */
    public synchronized void up() {
        try {
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), currentPort);
            if (tls == null) {
                server = HttpServer.create(address, 0);
            } else {
                HttpsServer https = HttpsServer.create(address, 0);
                https.setHttpsConfigurator(new HttpsConfigurator(tls));
                server = https;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        executor = Executors.newFixedThreadPool(4);
        server.setExecutor(executor);
        server.start();
        currentPort = server.getAddress().getPort();
    }

    /** Stops listening: connections are refused until {@link #up()}. */
    public synchronized void down() {
        server.stop(0);
        executor.shutdownNow();
    }

    @Override
    public void close() {
        down();
    }

    // ---------------------------------------------------------------- test controls

    /** Adds a record with a fresh storage id (v1 UUID part faked, v4 UUID part random); returns the id. */
    public synchronized String add(String metadataXml) {
        String id = (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
        addWithId(id, metadataXml.getBytes(StandardCharsets.US_ASCII));
        return id;
    }

    public synchronized void addWithId(String id, byte[] nodeFormXml) {
        clock = clock.plusSeconds(7);
        records.put(id, new Rec(id, nodeFormXml, clock));
        order.add(id);
    }

    /** Adds up to {@code max} real records of the shared fixtures in the form a node serves them; returns their ids. */
    public List<String> addFixtureRecords(Path recordsDir, int max) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(recordsDir)) {
            files = s.filter(p -> p.toString().endsWith(".xml")).sorted().limit(max).toList();
        }
        List<String> ids = new ArrayList<>();
        for (Path f : files) {
            String id = (UUID.randomUUID().toString() + UUID.randomUUID()).replace("-", "");
            addWithId(id, nodeForm(Files.readString(f, StandardCharsets.UTF_8)));
            ids.add(id);
        }
        return ids;
    }

    /**
     * What a node's serialiser makes of a record: ASCII declaration, non-ASCII as numeric character references,
     * whitespace between tags dropped, one line.
     */
    public static byte[] nodeForm(String xml) {
        String body = xml.replaceFirst("^\\s*<\\?xml[^>]*\\?>", "").replaceAll(">\\s+<", "><").strip();
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"ASCII\"?>");
        body.codePoints().forEach(cp -> {
            if (cp < 128) {
                sb.append((char) cp);
            } else {
                sb.append("&#").append(cp).append(';');
            }
        });
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Changes a record: new bytes, revision + 1, new modification time. */
    public synchronized void update(String id, String metadataXml) {
        Rec r = rec(id);
        clock = clock.plusSeconds(11);
        r.xml = metadataXml.getBytes(StandardCharsets.US_ASCII);
        r.revision++;
        r.modified = clock;
    }

    /** Marks a record {@code "deleted":true}; it stays in the inventory with a new checksum. */
    public synchronized void softDelete(String id) {
        Rec r = rec(id);
        clock = clock.plusSeconds(13);
        r.deleted = true;
        r.revision++;
        r.modified = clock;
    }

    /** Removes a record: it vanishes from the inventory, and its URL answers 404. */
    public void hardDelete(String id) {
        records.remove(id);
        order.remove(id);
    }

    /** Serves other bytes for the record than the inventory checksum covers (a record changed in transit). */
    public void tamper(String id, String servedXml) {
        rec(id).tampered = servedXml.getBytes(StandardCharsets.US_ASCII);
    }

    /** Serves bytes that are no ZIP package for the record. */
    public void garble(String id, boolean garbled) {
        rec(id).garbled = garbled;
    }

    public void untamper(String id) {
        rec(id).tampered = null;
    }

    /** Internal records are listed (as some nodes do) but answer 403. */
    public void internal(String id, boolean internal) {
        rec(id).internal = internal;
    }

    /** Lets every session expire once {@code n} more records were served: a session lost in the middle of a harvest. */
    public void expireSessionsAfterRecords(int n) {
        expireAfter.set(n);
    }

    /** Forgets every session, as when they expire: the next sync request answers 403. */
    public void expireSessions() {
        sessions.clear();
    }

    /** Answer a good login with 200 and a page saying "Logout" (the written protocol) instead of a 302. */
    public void loginAnswers200(boolean v) {
        loginSays200 = v;
    }

    /** The only protocol version the node speaks; anything else in {@code sync_protocol} gets 501. */
    public void protocolVersion(String v) {
        protocolVersion = v;
    }

    /** Serves this text as {@code inventory.json} instead of the records' inventory ({@code null}: the records'). */
    public void inventoryJson(String json) {
        inventoryJson = json;
    }

    /** Whether the user may sync; when not, sync requests answer 403 after a good login. */
    public void syncUser(boolean v) {
        syncUser = v;
    }

    public int logins() {
        return logins.get();
    }

    /** Every request as {@code METHOD path?query}, plus the request body of POSTs. */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    public URI recordUri(String id) {
        return URI.create(baseUri() + "/sync/" + id + "/metadata/");
    }

    /** The checksum the inventory lists for a record. */
    public String checksum(String id) {
        Rec r = rec(id);
        return md5(r.xml, storageGlobal(r));
    }

    public byte[] servedXml(String id) {
        return rec(id).xml.clone();
    }

    private Rec rec(String id) {
        Rec r = records.get(id);
        if (r == null) {
            throw new IllegalArgumentException("no record " + id);
        }
        return r;
    }

    // ---------------------------------------------------------------- protocol

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath();
            String query = ex.getRequestURI().getRawQuery();
            byte[] body = ex.getRequestBody().readAllBytes();
            requests.add(ex.getRequestMethod() + " " + path + (query == null ? "" : "?" + query)
                         + (body.length == 0 ? "" : " " + new String(body, StandardCharsets.UTF_8)));
            if (path.equals("/login/")) {
                if ("POST".equals(ex.getRequestMethod())) {
                    loginPost(ex, form(body));
                } else {
                    loginGet(ex, null);
                }
            } else if (path.equals("/login")) {
                // Django's APPEND_SLASH: the redirect loses a POST body
                ex.getResponseHeaders().set("Location", baseUri() + "/login/");
                send(ex, 301, "text/html; charset=utf-8", new byte[0]);
            } else if (path.equals("/sync/")) {
                inventory(ex, query);
            } else if (path.startsWith("/sync/") && path.endsWith("/metadata/")) {
                record(ex, path.substring("/sync/".length(), path.length() - "/metadata/".length()));
            } else {
                notFound(ex);
            }
        }
    }

    private void loginGet(HttpExchange ex, String error) throws IOException {
        String token = cookies(ex).get("csrftoken");
        if (token == null) {
            token = randomToken(32);
            ex.getResponseHeaders().add("Set-Cookie", "csrftoken=" + token
                    + "; expires=Thu, 04-Jul-2013 20:19:00 GMT; Max-Age=31449600; Path=/");
        }
        ex.getResponseHeaders().set("Vary", "Cookie");
        String page = "<!DOCTYPE html><html><head><title>Login | META-SHARE</title></head><body>"
                      + (error == null ? "" : "<p class=\"errornote\">" + error + "</p>")
                      + "<form action=\"/login/\" method=\"post\" id=\"login-form\">"
                      + "<div style='display:none'><input type='hidden' name='csrfmiddlewaretoken' value='" + token
                      + "' /></div>"
                      + "<input type=\"text\" name=\"username\" id=\"id_username\" />"
                      + "<input type=\"password\" name=\"password\" id=\"id_password\" />"
                      + "<input type=\"hidden\" name=\"this_is_the_login_form\" value=\"1\" />"
                      + "<input type=\"submit\" value=\"Log in\" /></form></body></html>";
        send(ex, 200, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
    }

    private void loginPost(HttpExchange ex, Map<String, String> form) throws IOException {
        String cookie = cookies(ex).get("csrftoken");
        String referer = ex.getRequestHeaders().getFirst("Referer");
        if (cookie == null || !cookie.equals(form.get("csrfmiddlewaretoken"))
            || referer == null || !referer.startsWith(baseUri() + "/")) {
            send(ex, 403, "text/html; charset=utf-8", ("<h1>Forbidden <span>(403)</span></h1>"
                    + "<p>CSRF verification failed. Request aborted.</p>").getBytes(StandardCharsets.UTF_8));
            return;
        }
        if (!username.equals(form.get("username")) || !password.equals(form.get("password"))
            || !"1".equals(form.get("this_is_the_login_form"))) {
            loginGet(ex, "Please enter a correct username and password. Note that both fields are case-sensitive.");
            return;
        }
        String session = randomToken(32);
        sessions.put(session, username);
        logins.incrementAndGet();
        ex.getResponseHeaders().add("Set-Cookie", "sessionid=" + session + "; httponly; Path=/");
        if (loginSays200) {
            send(ex, 200, "text/html; charset=utf-8",
                    "<html><body><a href=\"/logout/\">Logout</a></body></html>".getBytes(StandardCharsets.UTF_8));
        } else {
            ex.getResponseHeaders().set("Location", baseUri() + "/");
            send(ex, 302, "text/html; charset=utf-8", new byte[0]);
        }
    }

    private boolean authorised(HttpExchange ex) {
        String session = cookies(ex).get("sessionid");
        return session != null && sessions.containsKey(session) && syncUser;
    }

    private void inventory(HttpExchange ex, String query) throws IOException {
        if (!authorised(ex)) {
            forbidden(ex);
            return;
        }
        String version = query == null ? null : form(query.getBytes(StandardCharsets.UTF_8)).get("sync_protocol");
        if (!protocolVersion.equals(version)) {
            send(ex, 501, "text/plain; charset=utf-8",
                    "No common protocol version found.".getBytes(StandardCharsets.UTF_8));
            return;
        }
        StringBuilder json = new StringBuilder("{");
        for (String id : order) {
            Rec r = records.get(id);
            if (r == null || r.internal) {
                continue;
            }
            if (json.length() > 1) {
                json.append(", ");
            }
            json.append('"').append(id).append("\": \"").append(md5(r.xml, storageGlobal(r))).append('"');
        }
        json.append('}');
        Map<String, byte[]> entries = new LinkedHashMap<>();
        String served = inventoryJson != null ? inventoryJson : json.toString();
        entries.put("inventory.json", served.getBytes(StandardCharsets.UTF_8));
        ex.getResponseHeaders().set("Sync-Protocol", "1.0");
        ex.getResponseHeaders().set("Content-Disposition", "attachment; filename=inventory.zip");
        send(ex, 200, "application/zip", zip(entries));
    }

    private void record(HttpExchange ex, String id) throws IOException {
        if (!authorised(ex)) {
            forbidden(ex);
            return;
        }
        Rec r = records.get(id);
        if (r == null) {
            notFound(ex);
            return;
        }
        if (r.internal) {
            forbidden(ex);
            return;
        }
        if (r.garbled) {
            send(ex, 200, "application/zip", "<html>Internal error</html>".getBytes(StandardCharsets.UTF_8));
            return;
        }
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("metadata.xml", r.tampered != null ? r.tampered : r.xml);
        entries.put("storage-global.json", storageGlobal(r));
        ex.getResponseHeaders().set("Content-Disposition", "attachment; filename=metadata.zip");
        send(ex, 200, "application/zip", zip(entries));
        if (expireAfter.get() > 0 && expireAfter.decrementAndGet() == 0) {
            expireSessions();
        }
    }

    private void forbidden(HttpExchange ex) throws IOException {
        send(ex, 403, "text/html; charset=utf-8",
                "<h1>403 Forbidden</h1>".getBytes(StandardCharsets.UTF_8));
    }

    private void notFound(HttpExchange ex) throws IOException {
        send(ex, 404, "text/html; charset=utf-8",
                ("<h1>Not Found</h1><p>The requested URL " + ex.getRequestURI().getRawPath()
                 + " was not found on this server.</p>").getBytes(StandardCharsets.UTF_8));
    }

    /** The node's serialisation: members sorted, no optional whitespace. */
    private byte[] storageGlobal(Rec r) {
        String json = "{\"created\":\"" + STORAGE_TIME.format(r.created) + "\",\"deleted\":" + r.deleted
                      + ",\"identifier\":\"" + r.id + "\",\"metashare_version\":\"3.0\",\"modified\":\""
                      + STORAGE_TIME.format(r.modified) + "\",\"publication_status\":\"p\",\"revision\":"
                      + r.revision + ",\"source_url\":\"" + baseUri() + "\"}";
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return out.toByteArray();
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("Server", "Apache/2.2.22 (Ubuntu)");
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            ex.getResponseBody().write(body);
        }
    }

    private static Map<String, String> cookies(HttpExchange ex) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String header : ex.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
                }
            }
        }
        return out;
    }

    private static Map<String, String> form(byte[] body) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : new String(body, StandardCharsets.UTF_8).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static String randomToken(int length) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    static String md5(byte[] a, byte[] b) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(a);
            md5.update(b);
            return HexFormat.of().formatHex(md5.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Unused ids, for tests that ask for records the node never had. */
    public static String unknownId() {
        return "0".repeat(64);
    }
}
