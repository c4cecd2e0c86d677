package io.github.camelresourcesync.testsupport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A fault-injecting front of a {@link TestSource}, on raw sockets so it can do what a well-behaved HTTP server cannot:
 * reset connections, cut bodies short, announce a wrong {@code Content-Length}, stall. The harvester talks only to
 * the proxy: the Source's address in documents is rewritten to the proxy's, so every link followed passes through
 * it. Faults are injected per path ({@link #inject}) or at random ({@link #chaos}); one request, one connection
 * ({@code Connection: close}).
 */
public final class FaultyProxy implements AutoCloseable {

    /** What can go wrong with one response. */
    public enum Fault {
        /** 500 Internal Server Error. */
        SERVER_ERROR,
        /** 503 Service Unavailable. */
        UNAVAILABLE,
        /** 429 Too Many Requests with {@code Retry-After: 1}. */
        TOO_MANY_REQUESTS,
        /** No response at all for longer than the client's read timeout. */
        TIMEOUT,
        /** Headers and half the body, then silence longer than the read timeout. */
        SLOW_BODY,
        /** The connection is reset (TCP RST) after the request arrived. */
        RESET,
        /** The full {@code Content-Length} is announced, half the body sent, the connection closed. */
        TRUNCATED,
        /** A {@code Content-Length} a few bytes short of the body: the client reads a shortened body. */
        WRONG_CONTENT_LENGTH,
        /**
         * The Source changes the resource between listing it and serving it (served body is newer than listed, and of
         * another length: the length check shows it).
         */
        CHANGED_BETWEEN_READS,
        /**
         * The same, but the new version has the listed length (its bytes rotated by one): only the hash shows it.
         */
        CHANGED_IN_PLACE;

        /** A fault that changes the resource at the Source: injected on resources only. */
        public boolean changesTheSource() {
            return this == CHANGED_BETWEEN_READS || this == CHANGED_IN_PLACE;
        }
    }

    private final TestSource source;
    private final ServerSocket server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "faulty-proxy");
        t.setDaemon(true);
        return t;
    });
    private final HttpClient upstream = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final Map<String, List<Fault>> planned = new ConcurrentHashMap<>();
    private final Map<Fault, AtomicInteger> injected = new EnumMap<>(Fault.class);
    private final AtomicInteger changes = new AtomicInteger();
    private volatile long stallMillis = 2_000;
    private volatile Chaos chaos;
    private volatile boolean closed;

    private record Chaos(Random random, double probability, List<Fault> faults, AtomicInteger budget) {
    }

    public FaultyProxy(TestSource source) throws IOException {
        this.source = source;
        for (Fault f : Fault.values()) {
            injected.put(f, new AtomicInteger());
        }
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "faulty-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
    }

    /** How long {@link Fault#TIMEOUT} and {@link Fault#SLOW_BODY} stay silent; longer than the client's timeout. */
    public FaultyProxy stallMillis(long millis) {
        this.stallMillis = millis;
        return this;
    }

    /** The next {@code times} requests of {@code path} get {@code fault}. */
    public FaultyProxy inject(String path, Fault fault, int times) {
        List<Fault> list = planned.computeIfAbsent(path, p -> new ArrayList<>());
        synchronized (list) {
            for (int i = 0; i < times; i++) {
                list.add(fault);
            }
        }
        return this;
    }

    /** Each request gets one of {@code faults} with {@code probability}, until {@code budget} faults were injected. */
    public FaultyProxy chaos(long seed, double probability, int budget, List<Fault> faults) {
        this.chaos = new Chaos(new Random(seed), probability, List.copyOf(faults), new AtomicInteger(budget));
        return this;
    }

    /** Stops injecting: planned faults are dropped, chaos ends. */
    public void heal() {
        planned.clear();
        chaos = null;
    }

    /** How many times each fault was injected. */
    public Map<Fault, Integer> injected() {
        Map<Fault, Integer> m = new LinkedHashMap<>();
        injected.forEach((f, n) -> m.put(f, n.get()));
        return m;
    }

    public int injected(Fault fault) {
        return injected.get(fault).get();
    }

    private Fault nextFault(String path) {
        List<Fault> list = planned.get(path);
        if (list != null) {
            synchronized (list) {
                if (!list.isEmpty()) {
                    return list.remove(0);
                }
            }
        }
        Chaos c = chaos;
        if (c != null) {
            synchronized (c) {
                if (c.budget().get() > 0 && c.random().nextDouble() < c.probability()) {
                    Fault f = c.faults().get(c.random().nextInt(c.faults().size()));
                    if (f.changesTheSource() && !path.startsWith("/res/")) {
                        return null;
                    }
                    c.budget().decrementAndGet();
                    return f;
                }
            }
        }
        return null;
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket socket = server.accept();
                executor.execute(() -> serve(socket));
            } catch (IOException e) {
                if (!closed) {
                    e.printStackTrace();
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String requestLine = readLine(in);
            if (requestLine == null || requestLine.isEmpty()) {
                return;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            line.substring(colon + 1).trim());
                }
            }
            String target = requestLine.split(" ")[1];
            String path = URI.create(target).getPath();
            Fault fault = nextFault(path);
            if (fault != null) {
                injected.get(fault).incrementAndGet();
            }
            if (fault == Fault.RESET) {
                socket.setSoLinger(true, 0);
                return; // close with linger 0: RST
            }
            if (fault == Fault.TIMEOUT) {
                sleep(stallMillis);
                return;
            }
            if (fault != null && fault.changesTheSource() && path.startsWith("/res/")) {
                String now = source.snapshot().get(path);
                if (now != null) {
                    source.change(path, fault == Fault.CHANGED_IN_PLACE ? now.substring(1) + now.charAt(0)
                            : now + " (changed while being fetched " + changes.incrementAndGet() + ")");
                }
            }
            OutputStream out = socket.getOutputStream();
            switch (fault == null || fault.changesTheSource() ? Fault.CHANGED_BETWEEN_READS : fault) {
                case SERVER_ERROR -> respond(out, 500, "Internal Server Error", Map.of(), bytes("injected 500"), -1);
                case UNAVAILABLE -> respond(out, 503, "Service Unavailable", Map.of(), bytes("injected 503"), -1);
                case TOO_MANY_REQUESTS -> respond(out, 429, "Too Many Requests", Map.of("Retry-After", "1"),
                        bytes("slow down"), -1);
                default -> forward(out, target, headers, fault);
            }
        } catch (IOException e) {
            // the client went away (it timed out, or gave up): nothing to report
        } catch (RuntimeException | InterruptedException e) {
            e.printStackTrace();
        }
    }

    private void forward(OutputStream out, String target, Map<String, String> headers, Fault fault)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(source.base().resolve(target.substring(1)))
                .timeout(Duration.ofSeconds(10)).GET();
        for (String h : List.of("if-none-match", "if-modified-since", "accept", "authorization")) {
            if (headers.containsKey(h)) {
                request.header(h, headers.get(h));
            }
        }
        HttpResponse<byte[]> response = upstream.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        Map<String, String> passed = new LinkedHashMap<>();
        for (String h : List.of("Content-Type", "ETag", "Last-Modified", "Content-Encoding", "Retry-After",
                "Location")) {
            response.headers().firstValue(h).ifPresent(v -> passed.put(h, rewrite(v)));
        }
        byte[] body = response.body();
        String type = passed.getOrDefault("Content-Type", "");
        if (type.contains("xml") && !passed.containsKey("Content-Encoding")) {
            body = rewrite(new String(body, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        }
        int status = response.statusCode();
        if (fault == null || status != 200 || body.length < 2) {
            respond(out, status, "OK", passed, body, -1);
            return;
        }
        switch (fault) {
            case SLOW_BODY -> {
                writeHead(out, status, passed, body.length);
                out.write(body, 0, body.length / 2);
                out.flush();
                sleep(stallMillis);
            }
            case TRUNCATED -> {
                writeHead(out, status, passed, body.length);
                out.write(body, 0, body.length / 2);
                out.flush();
            }
            case WRONG_CONTENT_LENGTH -> respond(out, status, "OK", passed, body, Math.max(1, body.length - 3));
            default -> respond(out, status, "OK", passed, body, -1);
        }
    }

    private String rewrite(String text) {
        String from = source.base().toString();
        return text.replace(from, base().toString());
    }

    private static void respond(OutputStream out, int status, String reason, Map<String, String> headers, byte[] body,
                                long announced) throws IOException {
        boolean noBody = status == 304 || status == 204;
        writeHead(out, status, headers, noBody ? 0 : announced >= 0 ? announced : body.length, reason);
        if (!noBody) {
            out.write(body);
        }
        out.flush();
    }

    private static void writeHead(OutputStream out, int status, Map<String, String> headers, long length)
            throws IOException {
        writeHead(out, status, headers, length, "OK");
    }

    private static void writeHead(OutputStream out, int status, Map<String, String> headers, long length,
                                  String reason) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason).append("\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        head.append("Content-Length: ").append(length).append("\r\n");
        head.append("Connection: close\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                break;
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return b < 0 && line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        executor.shutdownNow();
    }
}
