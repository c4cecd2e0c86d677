package io.github.camelresourcesync.component.publish;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import io.github.camelresourcesync.testsupport.TestContexts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24, defect 5: the built-in serving read each file into the heap, so eight concurrent GETs of a 60 MB dump
 * package at {@code -Xmx256m} ran out of memory. Here a JVM at {@code -Xmx64m} serves eight concurrent GETs of two
 * 48 MB files (a ZIP as is, an XML document gzipped on the way) completely and exactly.
 */
class PublishedServingForkedTest {

    private static final int SIZE = 48 << 20;

    @TempDir
    Path dir;

    @Test
    void eightConcurrentGetsOfFilesLargerThanTheHeapShareAreServedInFull() throws Exception {
        Path site = dir.resolve("site");
        Files.createDirectories(site.resolve("dumps"));
        String md5 = write(site.resolve("dumps/part.zip"));
        Files.copy(site.resolve("dumps/part.zip"), site.resolve("big.xml"));
        int port = TestContexts.freePort();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(List.of(java.toString(), "-Xmx64m", "-XX:+ExitOnOutOfMemoryError", "-cp",
                System.getProperty("java.class.path"), ServePublishedMain.class.getName(), site.toString(),
                String.valueOf(port))).redirectErrorStream(true).start();
        StringBuffer log = new StringBuffer();
        CountDownLatch ready = new CountDownLatch(1);
        Thread drain = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    log.append(line).append('\n');
                    if (line.equals("READY")) {
                        ready.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                log.append(e).append('\n');
            }
            ready.countDown(); // ended without READY: the assertions below say so
        });
        drain.start();
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            assertTrue(ready.await(60, TimeUnit.SECONDS), "the child started: " + log);
            assertTrue(child.isAlive(), "the child serves: " + log);
            URI base = URI.create("http://127.0.0.1:" + port + "/rs/");
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                boolean gzip = i % 2 == 1;
                answers.add(clients.submit(() -> fetch(http, base.resolve(gzip ? "big.xml" : "dumps/part.zip"), gzip)));
            }
            for (Future<String> a : answers) {
                String answer;
                try {
                    answer = a.get(5, TimeUnit.MINUTES);
                } catch (ExecutionException e) {
                    answer = e.getCause().toString();
                }
                assertEquals("200 " + md5, answer, "every answer complete: " + log);
            }
        } finally {
            clients.shutdownNow();
            child.getOutputStream().close();
            if (!child.waitFor(60, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
            drain.join(10_000);
        }
        assertEquals(0, child.exitValue(), "the child stopped normally (no OutOfMemoryError): " + log);
        assertTrue(log.toString().contains("STOPPED"), log.toString());
    }

    /** The status and the md5 of the (gunzipped) body, read as it arrives. */
    private static String fetch(HttpClient http, URI uri, boolean gzip) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri);
        if (gzip) {
            request.header("Accept-Encoding", "gzip");
        }
        HttpResponse<InputStream> r = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(gzip ? "gzip" : "none", r.headers().firstValue("Content-Encoding").orElse("none"));
        MessageDigest md = MessageDigest.getInstance("MD5");
        try (InputStream in = gzip ? new GZIPInputStream(r.body()) : r.body()) {
            byte[] buf = new byte[65536];
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                md.update(buf, 0, n);
            }
        }
        return r.statusCode() + " " + HexFormat.of().formatHex(md.digest());
    }

    /** {@link #SIZE} seeded random bytes; returns their md5. */
    private static String write(Path file) throws Exception {
        MessageDigest md = MessageDigest.getInstance("MD5");
        Random random = new Random(24);
        byte[] chunk = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (int i = 0; i < SIZE / chunk.length; i++) {
                random.nextBytes(chunk);
                md.update(chunk);
                out.write(chunk);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
