package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A Source whose documents a test writes as literal XML: a loopback JDK HttpServer that serves exactly the bytes given
 * per path, so what the harvester reads shares no code with the project's writer. No ETag, no Last-Modified: every
 * poll reads every document again, which is what a "nothing repeats" check needs. In documents, {@code {base}} stands
 * for {@code http://127.0.0.1:port}.
 */
public final class LiteralSource implements AutoCloseable {

    /** The XML declaration and a {@code urlset} start tag with the sitemap and ResourceSync namespaces. */
    public static final String URLSET = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n";
    /** The XML declaration and a {@code sitemapindex} start tag with the same namespaces. */
    public static final String INDEX = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n";

    private record Body(byte[] bytes, String type) {
    }

    private final HttpServer server;
    private final Map<String, Body> bodies = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    public LiteralSource() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code http://127.0.0.1:port/} */
    public URI base() {
        return URI.create(origin() + "/");
    }

    /** {@code http://127.0.0.1:port}, what {@code {base}} in a document becomes. */
    public String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /**
     * Serves a Source Description at the well-known URI and the Capability List {@code /capabilitylist.xml} it
     * points to, which lists {@code /CAPABILITY.xml} for each capability given ({@code resourcelist},
     * {@code changelist}, ...).
     */
    public LiteralSource capabilities(String... capabilities) {
        xml("/.well-known/resourcesync", URLSET + """
                  <rs:md capability="description"/>
                  <url><loc>{base}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>
                </urlset>""");
        StringBuilder list = new StringBuilder(URLSET).append("""
                  <rs:ln rel="up" href="{base}/.well-known/resourcesync"/>
                  <rs:md capability="capabilitylist"/>
                """);
        for (String c : capabilities) {
            list.append("  <url><loc>{base}/").append(c).append(".xml</loc><rs:md capability=\"").append(c)
                    .append("\"/></url>\n");
        }
        return xml("/capabilitylist.xml", list.append("</urlset>").toString());
    }

    /** Serves {@code xml} (after replacing {@code {base}}) at {@code path} as {@code application/xml}. */
    public LiteralSource xml(String path, String xml) {
        bodies.put(path, new Body(xml.replace("{base}", origin()).getBytes(StandardCharsets.UTF_8),
                "application/xml"));
        return this;
    }

    /** Serves {@code text} (UTF-8) at {@code path} as {@code text/plain}. */
    public LiteralSource text(String path, String text) {
        return bytes(path, text.getBytes(StandardCharsets.UTF_8), "text/plain");
    }

    public LiteralSource bytes(String path, byte[] bytes, String type) {
        bodies.put(path, new Body(bytes, type));
        return this;
    }

    /** {@code path} answers 404 from now on. */
    public void remove(String path) {
        bodies.remove(path);
    }

    public int requests(String path) {
        AtomicInteger n = requests.get(path);
        return n == null ? 0 : n.get();
    }

    /**
     * The hex digest of {@code content} (UTF-8) in a ResourceSync algorithm ({@code md5}, {@code sha-1},
     * {@code sha-256}, {@code sha-512}), computed here with the JDK, not with the project's code.
     */
    public static String digest(String algorithm, String content) {
        String jca = switch (algorithm.toLowerCase(Locale.ROOT)) {
            case "md5" -> "MD5";
            case "sha-1" -> "SHA-1";
            case "sha-256" -> "SHA-256";
            case "sha-512" -> "SHA-512";
            default -> throw new IllegalArgumentException(algorithm);
        };
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(jca).digest(
                    content.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code rs:md} fixity attributes of {@code content} with one algorithm: {@code hash="..." length="..."}. */
    public static String fixity(String algorithm, String content) {
        return "hash=\"" + algorithm + ":" + digest(algorithm, content) + "\" length=\""
               + content.getBytes(StandardCharsets.UTF_8).length + "\"";
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        try (ex) {
            Body body = bodies.get(path);
            if (body == null) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            ex.getResponseHeaders().set("Content-Type", body.type());
            ex.sendResponseHeaders(200, body.bytes().length == 0 ? -1 : body.bytes().length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body.bytes());
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
