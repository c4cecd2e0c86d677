package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/** "Any static web server over the directory": serves files under a root on 127.0.0.1, nothing else. */
public final class DirectoryServer implements AutoCloseable {

    private final HttpServer server;
    private final Path root;

    public DirectoryServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            Path file = root.resolve(ex.getRequestURI().getPath().substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            String name = file.getFileName().toString();
            ex.getResponseHeaders().set("Content-Type", name.endsWith(".xml") || name.equals("resourcesync")
                    ? "application/xml" : name.endsWith(".zip") ? "application/zip" : "application/octet-stream");
            ex.sendResponseHeaders(200, Files.size(file));
            try (OutputStream out = ex.getResponseBody()) {
                Files.copy(file, out);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
