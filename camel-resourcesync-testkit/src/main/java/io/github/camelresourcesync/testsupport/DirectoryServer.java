package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

import io.github.camelresourcesync.testsupport.SourceServer.Answer;

/**
 * "Any static web server over the directory": a {@link SourceServer} that serves the files under a root on 127.0.0.1,
 * typed by their names ({@link SourceServer#contentType}), streamed from disk, nothing else.
 */
public final class DirectoryServer implements AutoCloseable {

    private final SourceServer server;
    private final Path root;

    /** On a free port, answering on the server's own thread: for tests. */
    public DirectoryServer(Path root) throws IOException {
        this(root, SourceServer.builder().threadName("directory-server"));
    }

    /** With these server settings, e.g. threads and backlog for a benchmark, and no request counts. */
    public DirectoryServer(Path root, SourceServer.Builder settings) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.server = settings.start(this::answer);
    }

    private Answer answer(String path) {
        Path file = root.resolve(path.startsWith("/") ? path.substring(1) : path).normalize();
        if (!file.startsWith(root)) {
            return null;
        }
        return Answer.file(file, SourceServer.contentType(path));
    }

    /** {@code http://127.0.0.1:PORT/}. */
    public URI base() {
        return server.base();
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
    }
}
