package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.camelresourcesync.model.Content;
import io.github.camelresourcesync.testsupport.TestHttpServer;

/** What an operator reads when a fetch fails, and how local (file:, classpath:) URLs are resolved and typed. */
class HttpFetcherMessagesTest {

    private TestHttpServer server;
    private RecordingListener listener;

    @BeforeEach
    void start() {
        server = TestHttpServer.start();
        listener = new RecordingListener();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void errorStatusesSayWhatToDo() {
        server.handle("/private.xml", TestHttpServer.status(401));
        server.handle("/proxy.xml", TestHttpServer.status(407));
        server.handle("/missing.xml", TestHttpServer.status(404));
        try (HttpFetcher anonymous = new HttpFetcher(TestConfigs.fast());
             HttpFetcher withToken = new HttpFetcher(TestConfigs.fast().bearerToken("hunter2"))) {
            assertEquals("GET " + server.uri("/private.xml") + " returned 401 Unauthorized (the Source requires"
                         + " authentication: set username/password or bearerToken)",
                    assertThrows(FetchException.class, () -> anonymous.fetchDocument(server.uri("/private.xml"), null))
                            .getMessage());
            assertEquals("GET " + server.uri("/private.xml") + " returned 401 Unauthorized (the credentials were"
                         + " rejected: check username/password or bearerToken)",
                    assertThrows(FetchException.class, () -> withToken.fetchDocument(server.uri("/private.xml"), null))
                            .getMessage());
            assertEquals("GET " + server.uri("/proxy.xml") + " returned 407 Proxy Authentication Required (the proxy"
                         + " requires authentication)",
                    assertThrows(FetchException.class, () -> anonymous.fetchContent(server.uri("/proxy.xml"),
                            List.of())).getMessage());
            assertEquals("GET " + server.uri("/missing.xml") + " returned 404 Not Found",
                    assertThrows(FetchException.class, () -> anonymous.fetchContent(server.uri("/missing.xml"),
                            List.of())).getMessage());
        }
    }

    @Test
    void localFilesAreTypedByNameAndReported(@TempDir Path dir) throws IOException {
        Path gz = Files.write(dir.resolve("changes.xml.gz"), TestHttpServer.gzip("<urlset/>".getBytes()));
        Path xml = Files.writeString(dir.resolve("list.XML"), "<urlset/>");
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast().listener(listener))) {
            try (Content c = fetcher.fetchContent(gz.toUri(), List.of())) {
                assertEquals("application/gzip", c.mediaType());
            }
            try (Content c = fetcher.fetchContent(xml.toUri(), List.of())) {
                assertEquals("application/xml", c.mediaType());
            }
        }
        assertEquals(Files.size(gz) + Files.size(xml), listener.received.get());
    }

    @Test
    void aRelativeFileUrlIsResolvedAgainstTheWorkingDirectory(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("rel.txt"), "relative");
        String relative = Path.of("").toAbsolutePath().relativize(file.toAbsolutePath()).toString()
                .replace('\\', '/');
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             Content c = fetcher.fetchContent(URI.create("file:" + relative), List.of())) {
            assertArrayEquals("relative".getBytes(), c.bytesIfInMemory());
        }
    }

    @Test
    void theClasspathRootIsNoResource() {
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast())) {
            FetchException e = assertThrows(FetchException.class,
                    () -> fetcher.fetchContent(URI.create("classpath:/"), List.of()));
            assertEquals(404, e.getStatusCode());
            assertEquals("cannot read classpath:/: classpath resource '' not found", e.getMessage());
        }
    }

    @Test
    void classpathResourcesAreFoundWithoutAUsefulContextClassLoader() throws IOException {
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        try (HttpFetcher fetcher = new HttpFetcher(TestConfigs.fast());
             URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            for (ClassLoader context : new ClassLoader[] {null, empty}) {
                thread.setContextClassLoader(context);
                try (Content c = fetcher.fetchContent(URI.create("classpath:/http-test/source.xml"), List.of())) {
                    assertEquals("application/xml", c.mediaType());
                    assertEquals(Files.size(Path.of("src/test/resources/http-test/source.xml")), c.length());
                }
            }
        } finally {
            thread.setContextClassLoader(saved);
        }
    }
}
