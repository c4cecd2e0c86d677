package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The one ResourceSync Source server of the tests, the examples' demo Source and the benchmarks: a JDK
 * {@code HttpServer} on {@code 127.0.0.1} that answers {@code GET} and {@code HEAD} from a {@link Site} (path to
 * {@link Answer}: rendered bytes, or a file streamed from disk). Rendered answers carry an ETag (md5 of the body) and
 * answer a matching {@code If-None-Match} with 304; documents can be sent gzip-encoded; faults and replacement bodies
 * can be injected per path, and requests are counted per path. What it serves is up to the {@link Site}:
 * {@link TestSource} renders a Source from an in-memory model, {@link DirectoryServer} serves a directory of files, the
 * examples' demo Source renders its own model.
 *
 * <pre>{@code
 * SourceServer server = SourceServer.builder().port(8765).fallbackToFreePort(true).threads(4)
 *         .start(path -> path.equals("/.well-known/resourcesync") ? Answer.document(xml) : null);
 * }</pre>
 */
public final class SourceServer implements AutoCloseable {

    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    /** What the server answers for a path; {@code null} from a {@link Site}: 404. */
    @FunctionalInterface
    public interface Site {
        Answer answer(String path) throws IOException;
    }

    /** One answer: rendered bytes (with an ETag) or a file (streamed, without one), its type and Last-Modified. */
    public static final class Answer {

        private final byte[] body;
        private final Path file;
        private final String contentType;
        private final boolean document;
        private Instant lastModified;

        private Answer(byte[] body, Path file, String contentType, boolean document) {
            this.body = body;
            this.file = file;
            this.contentType = contentType;
            this.document = document;
        }

        /** A ResourceSync document: {@code application/xml}, gzip-encoded while the server gzips documents. */
        public static Answer document(byte[] xml) {
            return new Answer(xml, null, "application/xml", true);
        }

        /** A resource (or any other body) of this type. */
        public static Answer bytes(byte[] body, String contentType) {
            return new Answer(body, null, contentType, false);
        }

        /** A file, streamed from disk when asked for; no ETag. */
        public static Answer file(Path file, String contentType) {
            return new Answer(null, file, contentType, false);
        }

        /** Also sends {@code Last-Modified}. */
        public Answer lastModified(Instant t) {
            this.lastModified = t;
            return this;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Site site;
    private final boolean countRequests;
    private final BiConsumer<String, Throwable> onError;
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private final Map<String, List<Integer>> faults = new ConcurrentHashMap<>();
    private final Map<String, byte[]> overrides = new ConcurrentHashMap<>();
    private volatile boolean gzipDocuments;

    private SourceServer(Builder b, HttpServer server, ExecutorService executor, Site site) {
        this.server = server;
        this.executor = executor;
        this.site = site;
        this.countRequests = b.countRequests;
        this.onError = b.onError;
        this.gzipDocuments = b.gzipDocuments;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** How the server listens and runs. */
    public static final class Builder {

        private int port;
        private boolean fallbackToFreePort;
        private int threads;
        private int backlog;
        private String threadName = "source-server";
        private boolean countRequests = true;
        private boolean gzipDocuments;
        private boolean noDelay;
        private BiConsumer<String, Throwable> onError = (what, e) -> {
            System.err.println("Source server: " + what);
            if (e != null) {
                e.printStackTrace();
            }
        };

        /** Loopback port; 0 (the default) for any free one. */
        public Builder port(int p) {
            this.port = p;
            return this;
        }

        /** When the port is taken, listen on a free one instead of failing. */
        public Builder fallbackToFreePort(boolean b) {
            this.fallbackToFreePort = b;
            return this;
        }

        /** Threads answering requests; 0 (the default): the server's own dispatcher thread answers them in turn. */
        public Builder threads(int n) {
            this.threads = n;
            return this;
        }

        /** The listen backlog; 0 (the default): the system's. */
        public Builder backlog(int n) {
            this.backlog = n;
            return this;
        }

        public Builder threadName(String name) {
            this.threadName = name;
            return this;
        }

        /** Count requests per path for {@link #requests(String)} (the default); off for millions of paths. */
        public Builder countRequests(boolean b) {
            this.countRequests = b;
            return this;
        }

        /**
         * Set {@code sun.net.httpserver.nodelay=true} unless it is set: the JDK server sends headers and body apart,
         * and without {@code TCP_NODELAY} Nagle's algorithm and the client's delayed ACK hold many answers back by
         * 40 ms on loopback. The JDK reads it once, when the JVM's first {@code HttpServer} is made, so this only
         * takes effect for the first server of a JVM. Off by default (the tests' timing stays what it was).
         */
        public Builder noDelay(boolean b) {
            this.noDelay = b;
            return this;
        }

        /** Send documents with {@code Content-Encoding: gzip}. */
        public Builder gzipDocuments(boolean b) {
            this.gzipDocuments = b;
            return this;
        }

        /**
         * Told when answering fails on the server's side (the JDK server drops the connection silently), and with a
         * {@code null} throwable of a warning (a taken port left for a free one).
         */
        public Builder onError(BiConsumer<String, Throwable> handler) {
            this.onError = handler;
            return this;
        }

        /** Listens and serves {@code site}; {@link #close()} stops it. */
        public SourceServer start(Site site) throws IOException {
            if (noDelay && System.getProperty("sun.net.httpserver.nodelay") == null) {
                System.setProperty("sun.net.httpserver.nodelay", "true");
            }
            HttpServer server = bind();
            ExecutorService executor = threads <= 0 ? null : Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, threadName);
                t.setDaemon(true);
                return t;
            });
            server.setExecutor(executor);
            SourceServer s = new SourceServer(this, server, executor, site);
            server.createContext("/", s::handle);
            server.start();
            return s;
        }

        private HttpServer bind() throws IOException {
            InetAddress loopback = InetAddress.getByName("127.0.0.1");
            try {
                return HttpServer.create(new InetSocketAddress(loopback, port), backlog);
            } catch (BindException e) {
                if (port == 0 || !fallbackToFreePort) {
                    throw e;
                }
                onError.accept("port " + port + " is taken (" + e.getMessage() + "); using a free port instead", null);
                return HttpServer.create(new InetSocketAddress(loopback, 0), backlog);
            }
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:PORT/}. */
    public URI base() {
        return URI.create("http://127.0.0.1:" + port() + "/");
    }

    /** The absolute URI of a path on this server ({@code /res/a.txt} or {@code res/a.txt}). */
    public URI uri(String path) {
        return base().resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    /** Send documents gzip-encoded (or not) from now on. */
    public void gzipDocuments(boolean g) {
        this.gzipDocuments = g;
    }

    /** The next {@code times} requests of {@code path} answer {@code status}. */
    public void fail(String path, int status, int times) {
        List<Integer> list = faults.computeIfAbsent(path, p -> new ArrayList<>());
        synchronized (list) {
            for (int i = 0; i < times; i++) {
                list.add(status);
            }
        }
    }

    /** Forgets every injected fault. */
    public void clearFaults() {
        faults.clear();
    }

    /** Serves these bytes at path instead of what the site says (no ETag, no gzip). */
    public void override(String path, byte[] body) {
        overrides.put(path, body.clone());
    }

    public void clearOverride(String path) {
        overrides.remove(path);
    }

    /** Requests of every path so far (0 when not counting). */
    public int totalRequests() {
        return requests.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** Requests of {@code path} so far (0 when not counting). */
    public int requests(String path) {
        AtomicInteger n = requests.get(path);
        return n == null ? 0 : n.get();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            serve(ex);
        } catch (IOException | RuntimeException | Error e) {
            // the JDK server drops the connection silently; make a broken Source visible
            onError.accept("answering " + ex.getRequestURI() + " failed", e);
            throw e;
        }
    }

    private void serve(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        if (countRequests) {
            requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        }
        String method = ex.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            ex.getResponseHeaders().set("Allow", "GET, HEAD");
            ex.sendResponseHeaders(405, -1);
            return;
        }
        Integer fault = nextFault(path);
        if (fault != null) {
            send(ex, fault, "text/plain", ("injected " + fault).getBytes(StandardCharsets.UTF_8), false);
            return;
        }
        byte[] override = overrides.get(path);
        if (override != null) {
            send(ex, 200, path.endsWith(".xml") || path.contains("well-known") ? "application/xml" : "text/plain",
                    override, false);
            return;
        }
        Answer a = site.answer(path);
        if (a == null || (a.file != null && !Files.isRegularFile(a.file))) {
            send(ex, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8), false);
            return;
        }
        if (a.lastModified != null) {
            ex.getResponseHeaders().set("Last-Modified", HTTP_DATE.format(a.lastModified));
        }
        if (a.file != null) {
            sendFile(ex, a.file, a.contentType);
            return;
        }
        String etag = "\"" + hex(digest("MD5", a.body)) + "\"";
        ex.getResponseHeaders().set("ETag", etag);
        if (matches(ex.getRequestHeaders().getFirst("If-None-Match"), etag)) {
            ex.sendResponseHeaders(304, -1);
            return;
        }
        send(ex, 200, a.contentType, a.body, a.document && gzipDocuments);
    }

    private Integer nextFault(String path) {
        List<Integer> list = faults.get(path);
        if (list == null) {
            return null;
        }
        synchronized (list) {
            return list.isEmpty() ? null : list.remove(0);
        }
    }

    private static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.trim();
            if (c.equals("*") || c.equals(etag) || c.equals("W/" + etag)) {
                return true;
            }
        }
        return false;
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body, boolean gzip) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        if (gzip) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            try (GZIPOutputStream z = new GZIPOutputStream(buf)) {
                z.write(body);
            }
            body = buf.toByteArray();
            ex.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        boolean head = ex.getRequestMethod().equals("HEAD");
        // the JDK server: -1 means no body, 0 would mean chunked
        ex.sendResponseHeaders(status, head || body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void sendFile(HttpExchange ex, Path file, String type) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        long size = Files.size(file);
        if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(200, -1);
            return;
        }
        ex.sendResponseHeaders(200, size == 0 ? -1 : size);
        try (OutputStream out = ex.getResponseBody()) {
            Files.copy(file, out);
        }
    }

    /**
     * The type a static web server gives a file by its name: {@code .xml} and names without an extension (the Source
     * Description at {@code /.well-known/resourcesync}) {@code application/xml}, {@code .txt} {@code text/plain},
     * {@code .html} {@code text/html}, {@code .zip} {@code application/zip}, else {@code application/octet-stream}.
     */
    public static String contentType(String path) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot <= slash) {
            return "application/xml";
        }
        return switch (path.substring(dot + 1).toLowerCase(Locale.ROOT)) {
            case "xml" -> "application/xml";
            case "txt" -> "text/plain";
            case "html" -> "text/html";
            case "zip" -> "application/zip";
            default -> "application/octet-stream";
        };
    }

    /** The digest of {@code bytes} by its JCA name ({@code MD5}, {@code SHA-256}...). */
    public static byte[] digest(String algorithm, byte[] bytes) {
        try {
            return MessageDigest.getInstance(algorithm).digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JDK lacks " + algorithm, e);
        }
    }

    public static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** Stops listening. */
    @Override
    public void close() {
        server.stop(0);
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
