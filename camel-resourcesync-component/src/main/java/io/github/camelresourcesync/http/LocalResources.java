package io.github.camelresourcesync.http;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;

import org.apache.hc.client5.http.utils.DateUtils;

/**
 * Reads {@code file:} and {@code classpath:} URLs with the same semantics as HTTP where it makes sense: a missing
 * resource is a {@link FetchException} with status 404, documents are gunzipped by magic and size-bounded, and a file
 * answers a conditional fetch by its modification time.
 */
final class LocalResources {

    private final FetcherConfig config;
    private final FetchListener listener;

    LocalResources(FetcherConfig config, FetchListener listener) {
        this.config = config;
        this.listener = listener;
    }

    DocumentResponse fileDocument(URI uri, Validators validators) throws IOException {
        Path path = toPath(uri);
        Instant modified = lastModified(uri, path);
        Validators current = new Validators(null, DateUtils.formatStandardDate(modified));
        if (unchangedSince(modified, validators)) {
            return LocalDocumentResponse.notModified(uri, current);
        }
        InputStream in = openFile(uri, path);
        return LocalDocumentResponse.of(uri, guessContentType(path.toString()), current, documentBody(uri, in));
    }

    DocumentResponse classpathDocument(URI uri) throws IOException {
        String name = resourceName(uri);
        InputStream in = openResource(uri, name);
        return LocalDocumentResponse.of(uri, guessContentType(name), Validators.NONE, documentBody(uri, in));
    }

    SpooledContent fileContent(URI uri, Collection<String> algorithms, long publishedLength) throws IOException {
        Path path = toPath(uri);
        try (InputStream in = openFile(uri, path)) {
            InputStream capped = PublishedLengthExceededException.cap(in, uri, "reading " + uri, publishedLength);
            return receive(uri, capped, Files.size(path), guessContentType(path.toString()), algorithms);
        }
    }

    SpooledContent classpathContent(URI uri, Collection<String> algorithms, long publishedLength)
            throws IOException {
        String name = resourceName(uri);
        try (InputStream in = openResource(uri, name)) {
            InputStream capped = PublishedLengthExceededException.cap(in, uri, "reading " + uri, publishedLength);
            return receive(uri, capped, publishedLength, guessContentType(name), algorithms);
        }
    }

    private SpooledContent receive(URI uri, InputStream in, long expected, String mediaType,
                                   Collection<String> algorithms) throws IOException {
        ContentSink sink = new ContentSink(uri, "reading " + uri, Digests.of(algorithms), config.maxContentSize(),
                config.spoolThreshold(), config.spoolDirectory(), expected);
        try {
            sink.readAll(in);
            SpooledContent content = sink.finish(mediaType);
            listener.received(uri, content.length());
            return content;
        } catch (IOException | RuntimeException e) {
            sink.discard();
            throw e;
        }
    }

    private InputStream documentBody(URI uri, InputStream raw) throws IOException {
        try {
            InputStream bounded = new BoundedInputStream(GzipMagic.gunzipIfMagic(raw), config.maxDocumentSize(),
                    () -> Limits.documentTooLarge(uri, "reading " + uri, config.maxDocumentSize()));
            return new DocumentBodyStream(bounded, uri, "reading " + uri, listener);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** HTTP dates have whole seconds, so the comparison does too. */
    private static boolean unchangedSince(Instant modified, Validators validators) {
        if (validators == null || validators.lastModified() == null) {
            return false;
        }
        Instant since = DateUtils.parseStandardDate(validators.lastModified());
        return since != null && !modified.truncatedTo(ChronoUnit.SECONDS).isAfter(since);
    }

    private static Path toPath(URI uri) throws FetchException {
        try {
            if (uri.isOpaque()) {
                // file:relative/path
                return Path.of(uri.getSchemeSpecificPart());
            }
            return Path.of(uri);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw new FetchException(uri, 0, "cannot read " + UrlRedaction.redact(uri)
                    + ": not a local file URL (expected file:/absolute/path): " + e.getMessage(), e);
        }
    }

    private static Instant lastModified(URI uri, Path path) throws IOException {
        try {
            return Files.getLastModifiedTime(path).toInstant();
        } catch (NoSuchFileException e) {
            throw notFound(uri, "file " + path + " does not exist");
        }
    }

    private static InputStream openFile(URI uri, Path path) throws IOException {
        if (Files.isDirectory(path)) {
            throw new FetchException(uri, 0, "cannot read " + uri + ": " + path + " is a directory");
        }
        try {
            return Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw notFound(uri, "file " + path + " does not exist");
        }
    }

    /** {@code classpath:/demo/source.xml} and {@code classpath:demo/source.xml} both name {@code demo/source.xml}. */
    private static String resourceName(URI uri) {
        String name = uri.isOpaque() ? uri.getSchemeSpecificPart() : uri.getPath();
        if (name == null) {
            name = "";
        }
        while (name.startsWith("/")) {
            name = name.substring(1);
        }
        return name;
    }

    private static InputStream openResource(URI uri, String name) throws IOException {
        URL url = null;
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null && !name.isEmpty()) {
            url = context.getResource(name);
        }
        if (url == null && !name.isEmpty()) {
            url = LocalResources.class.getClassLoader().getResource(name);
        }
        if (url == null) {
            throw notFound(uri, "classpath resource '" + name + "' not found");
        }
        try {
            return url.openStream();
        } catch (FileNotFoundException e) {
            throw notFound(uri, "classpath resource '" + name + "' not found");
        }
    }

    private static FetchException notFound(URI uri, String what) {
        return new FetchException(uri, 404, "cannot read " + UrlRedaction.redact(uri) + ": " + what);
    }

    private static String guessContentType(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".xml")) {
            return "application/xml";
        }
        if (lower.endsWith(".gz")) {
            return "application/gzip";
        }
        return URLConnection.guessContentTypeFromName(name);
    }
}
