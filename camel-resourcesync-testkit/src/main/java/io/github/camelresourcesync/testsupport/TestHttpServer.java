package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;

import javax.net.ssl.SSLContext;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

/**
 * A real HTTP(S) server on 127.0.0.1 and a free port, for tests. Register what each path answers, then check what
 * arrived:
 *
 * <pre>{@code
 * try (TestHttpServer server = TestHttpServer.start()) {
 *     server.serve("/resourcelist.xml", xml, "application/xml");
 *     server.serve("/changelist.xml", TestHttpServer.Resource.of(bytes).etag("\"v1\"").gzipEncoded());
 *     server.handle("/flaky", TestHttpServer.sequence(TestHttpServer.status(503), TestHttpServer.text(200, "ok")));
 *     ... fetch server.uri("/resourcelist.xml") ...
 *     assertEquals(1, server.requests("/resourcelist.xml"));
 *     assertEquals("Bearer t", server.lastRequest("/changelist.xml").header("Authorization"));
 * }
 * }</pre>
 *
 * Paths are matched exactly (the query string is ignored); unknown paths answer 404. Handlers run on a cached thread
 * pool, so one that sleeps does not hold up the others.
 */
public final class TestHttpServer implements AutoCloseable {

    /** IMF-fixdate (RFC 9110): {@code Sun, 06 Nov 1994 08:49:37 GMT}. */
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    static {
        // The JDK server leaves Nagle's algorithm on by default; with delayed ACKs every small response then waits
        // ~40 ms. Must be set before the server classes read their configuration.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final String scheme;
    private final Map<String, HttpHandler> handlers = new ConcurrentHashMap<>();
    private final Map<String, List<Request>> recorded = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();

    private TestHttpServer(HttpServer server, String scheme) {
        this.server = server;
        this.scheme = scheme;
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "test-http-" + server.getAddress().getPort());
            t.setDaemon(true);
            return t;
        });
        server.createContext("/", this::dispatch);
        server.setExecutor(executor);
        server.start();
    }

    /**
     * A plain HTTP server on another loopback address (e.g. {@code 127.0.0.2}, which Linux routes to loopback): "another
     * host" for tests of the allowed hosts, reachable by IP only.
     */
    public static TestHttpServer startOn(String loopbackAddress) {
        try {
            return new TestHttpServer(HttpServer.create(new InetSocketAddress(InetAddress.getByName(loopbackAddress),
                    0), 0), "http");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A plain HTTP server on 127.0.0.1 and a free port. */
    public static TestHttpServer start() {
        try {
            return new TestHttpServer(HttpServer.create(loopback(), 0), "http");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An HTTPS server presenting the key in {@code sslContext}. */
    public static TestHttpServer startHttps(SSLContext sslContext) {
        try {
            HttpsServer https = HttpsServer.create(loopback(), 0);
            https.setHttpsConfigurator(new HttpsConfigurator(sslContext));
            return new TestHttpServer(https, "https");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InetSocketAddress loopback() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:<port>} (or the address the server was started on) */
    public URI baseUri() {
        return URI.create(scheme + "://" + server.getAddress().getAddress().getHostAddress() + ":" + port());
    }

    /** The absolute URI of {@code pathAndQuery} (which starts with {@code /}) on this server. */
    public URI uri(String pathAndQuery) {
        return URI.create(baseUri() + pathAndQuery);
    }

    /** Answers {@code path} with {@code body} (200, conditional GET not supported). */
    public TestHttpServer serve(String path, byte[] body, String contentType) {
        return serve(path, Resource.of(body).contentType(contentType));
    }

    public TestHttpServer serve(String path, String body, String contentType) {
        return serve(path, body.getBytes(StandardCharsets.UTF_8), contentType);
    }

    /**
     * Answers {@code path} with {@code xml} as {@code application/xml}, {@code {base}} replaced by {@link #baseUri()},
     * with an ETag of its own, so conditional GETs get a 304 while the document is unchanged.
     */
    public TestHttpServer serveXml(String path, String xml) {
        String body = xml.replace("{base}", baseUri().toString());
        return serve(path, Resource.of(body).contentType("application/xml")
                .etag("\"" + Integer.toHexString(body.hashCode()) + "\""));
    }

    /** Answers {@code path} with a static resource: validators, 304s and gzip as configured on it. */
    public TestHttpServer serve(String path, Resource resource) {
        return handle(path, resource);
    }

    /** Answers {@code path} with any handler; see the static factories {@link #status}, {@link #sequence}... */
    public TestHttpServer handle(String path, HttpHandler handler) {
        handlers.put(path, Objects.requireNonNull(handler, "handler"));
        return this;
    }

    /** Answers {@code path} with a redirect ({@code 301}, {@code 302}, {@code 303}, {@code 307}, {@code 308}). */
    public TestHttpServer redirect(String path, int status, String location) {
        return handle(path, exchange -> {
            exchange.getResponseHeaders().set("Location", location);
            respond(exchange, status, new byte[0], null);
        });
    }

    /** How many requests arrived for {@code path}. */
    public int requests(String path) {
        return recorded(path).size();
    }

    /** How many requests arrived in total. */
    public int totalRequests() {
        return total.get();
    }

    /** The requests that arrived for {@code path}, oldest first. */
    public List<Request> recorded(String path) {
        List<Request> list = recorded.get(path);
        return list == null ? List.of() : List.copyOf(list);
    }

    /** The latest request for {@code path}, or {@code null}. */
    public Request lastRequest(String path) {
        List<Request> list = recorded(path);
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    /** Forgets recorded requests (handlers stay). */
    public void clearRecorded() {
        recorded.clear();
        total.set(0);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void dispatch(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        try (exchange) {
            Request request = Request.of(exchange);
            // the body was read for the record; handlers can read it again
            exchange.setStreams(new ByteArrayInputStream(request.body()), null);
            recorded.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>()).add(request);
            total.incrementAndGet();
            HttpHandler handler = handlers.get(path);
            if (handler == null) {
                respond(exchange, 404, "no handler for " + path);
            } else {
                handler.handle(exchange);
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or the handler cut the response on purpose: nothing to report
        }
    }

    // ---- handlers -----------------------------------------------------------------------------------------------

    /** Answers with {@code status} and a short text body naming it. */
    public static HttpHandler status(int status) {
        return exchange -> respond(exchange, status, "status " + status);
    }

    /** Answers with {@code status} and {@code Retry-After: retryAfter}. */
    public static HttpHandler status(int status, String retryAfter) {
        return exchange -> {
            exchange.getResponseHeaders().set("Retry-After", retryAfter);
            respond(exchange, status, "status " + status);
        };
    }

    /** Answers with {@code status} and a {@code text/plain} body. */
    public static HttpHandler text(int status, String body) {
        return exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            respond(exchange, status, body);
        };
    }

    /** The n-th request gets the n-th handler; the last one answers all further requests. */
    public static HttpHandler sequence(HttpHandler... steps) {
        if (steps.length == 0) {
            throw new IllegalArgumentException("no steps");
        }
        AtomicInteger next = new AtomicInteger();
        return exchange -> steps[Math.min(next.getAndIncrement(), steps.length - 1)].handle(exchange);
    }

    /** Waits {@code millis} before answering with {@code then}. */
    public static HttpHandler delayed(long millis, HttpHandler then) {
        return exchange -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            then.handle(exchange);
        };
    }

    /**
     * Counts the requests a far Source holds at once: each handler it wraps waits {@code millis} before answering,
     * and is counted while it waits, not while it writes (a client may read an answer and send its next request
     * before the server's bookkeeping of the written answer is done).
     */
    public static final class InFlight {
        private final AtomicInteger now = new AtomicInteger();
        private final AtomicInteger most = new AtomicInteger();

        /** {@code then}, answered after {@code millis}, counted while waiting. */
        public HttpHandler waiting(long millis, HttpHandler then) {
            return exchange -> {
                most.accumulateAndGet(now.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    now.decrementAndGet();
                }
                then.handle(exchange);
            };
        }

        /** The most requests waiting at once since the last {@link #reset}. */
        public int most() {
            return most.get();
        }

        public void reset() {
            most.set(0);
        }
    }

    /** Announces {@code Content-Length: announced} but sends only {@code body}, then drops the connection. */
    public static HttpHandler truncated(byte[] body, long announced) {
        return exchange -> {
            exchange.sendResponseHeaders(200, announced);
            OutputStream out = exchange.getResponseBody();
            out.write(body);
            out.flush();
            // not out.close(): the exchange's close then finds the body short and drops the connection; closing the
            // stream here would leave the connection open and the client waiting for the rest until it times out
        };
    }

    /** Writes a complete response; {@code contentType} may be null. */
    public static void respond(HttpExchange exchange, int status, byte[] body, String contentType) throws IOException {
        if (contentType != null) {
            exchange.getResponseHeaders().set("Content-Type", contentType);
        }
        boolean noBody = body.length == 0 || status == 304 || status == 204 || "HEAD".equals(exchange.getRequestMethod());
        // the JDK server: -1 means no body, 0 would mean chunked
        exchange.sendResponseHeaders(status, noBody ? -1 : body.length);
        if (!noBody) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    public static void respond(HttpExchange exchange, int status, String text) throws IOException {
        respond(exchange, status, text.getBytes(StandardCharsets.UTF_8), null);
    }

    /** Gzips {@code bytes}. */
    public static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(buffer)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /** An HTTP-date, as in {@code Last-Modified}. */
    public static String httpDate(Instant instant) {
        return HTTP_DATE.format(instant);
    }

    // ---- types --------------------------------------------------------------------------------------------------

    /**
     * What arrived: method, path, query, headers (names case-insensitive), body, and the client's port, which tells
     * whether requests shared a connection.
     */
    public record Request(String method, String path, String query, Map<String, List<String>> headers, byte[] body,
                          int remotePort) {

        static Request of(HttpExchange exchange) throws IOException {
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            Headers h = exchange.getRequestHeaders();
            h.forEach((name, values) -> headers.put(name, List.copyOf(values)));
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            return new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestURI().getRawQuery(), Collections.unmodifiableMap(headers), body,
                    exchange.getRemoteAddress().getPort());
        }

        /** The first value of a request header, or {@code null}. */
        public String header(String name) {
            List<String> values = headers.get(name);
            return values == null || values.isEmpty() ? null : values.get(0);
        }
    }

    /**
     * A static resource: body, content type, validators (answering {@code If-None-Match} / {@code If-Modified-Since}
     * with 304), gzip content coding for clients that accept it, and extra headers.
     */
    public static final class Resource implements HttpHandler {

        private final byte[] body;
        private String contentType;
        private String etag;
        private Instant lastModified;
        private boolean gzipEncoded;
        private final Map<String, String> headers = new LinkedHashMap<>();

        private Resource(byte[] body) {
            this.body = body.clone();
        }

        public static Resource of(byte[] body) {
            return new Resource(body);
        }

        public static Resource of(String body) {
            return new Resource(body.getBytes(StandardCharsets.UTF_8));
        }

        public Resource contentType(String v) {
            this.contentType = v;
            return this;
        }

        /** Sent as {@code ETag}; quote it yourself ({@code "\"v1\""}). */
        public Resource etag(String v) {
            this.etag = v;
            return this;
        }

        public Resource lastModified(Instant v) {
            this.lastModified = v == null ? null : v.truncatedTo(ChronoUnit.SECONDS);
            return this;
        }

        /** Sends {@code Content-Encoding: gzip} when the request accepts gzip. */
        public Resource gzipEncoded() {
            this.gzipEncoded = true;
            return this;
        }

        public Resource header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        @Override
        public void handle(HttpExchange exchange) throws IOException {
            Headers response = exchange.getResponseHeaders();
            headers.forEach(response::set);
            if (etag != null) {
                response.set("ETag", etag);
            }
            if (lastModified != null) {
                response.set("Last-Modified", httpDate(lastModified));
            }
            if (notModified(exchange.getRequestHeaders())) {
                respond(exchange, 304, new byte[0], null);
                return;
            }
            byte[] out = body;
            String accept = exchange.getRequestHeaders().getFirst("Accept-Encoding");
            if (gzipEncoded && accept != null && accept.toLowerCase(Locale.ROOT).contains("gzip")) {
                out = gzip(body);
                response.set("Content-Encoding", "gzip");
            }
            respond(exchange, 200, out, contentType);
        }

        private boolean notModified(Headers request) {
            String ifNoneMatch = request.getFirst("If-None-Match");
            if (ifNoneMatch != null) {
                return etag != null && List.of(ifNoneMatch.split("\\s*,\\s*")).contains(etag);
            }
            String ifModifiedSince = request.getFirst("If-Modified-Since");
            if (ifModifiedSince != null && lastModified != null) {
                try {
                    return !lastModified.isAfter(Instant.from(HTTP_DATE.parse(ifModifiedSince)));
                } catch (RuntimeException e) {
                    return false;
                }
            }
            return false;
        }
    }
}
