package io.github.camelresourcesync;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;

/**
 * Answers a GET or HEAD for a file of a published Source directory, as a careful static web server would:
 * {@code application/xml} for the capability documents (including the extension-less
 * {@code /.well-known/resourcesync}), {@code application/zip} for dump packages; a strong {@code ETag} and
 * {@code Last-Modified}; {@code 304} for {@code If-None-Match} / {@code If-Modified-Since}; gzip for XML and text when
 * the client accepts it. Paths that leave the directory or name a dot file (the publisher's state, temporary files)
 * are 404, except {@code .well-known}. The directory itself answers a small HTML page whose
 * {@code rel="resourcesync"} link leads harvesters given the base URL to the Source Description.
 */
public class PublishedFileProcessor implements Processor {

    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

    private final Path root;
    private final String contextPath;

    /**
     * @param directory   the publisher's directory
     * @param contextPath the HTTP path the directory is served under ({@code /} or e.g. {@code /rs})
     */
    public PublishedFileProcessor(String directory, String contextPath) {
        this.root = Path.of(directory).toAbsolutePath().normalize();
        String p = contextPath == null || contextPath.isBlank() ? "/" : contextPath;
        this.contextPath = p.endsWith("/") ? p : p + "/";
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        String method = in.getHeader(Exchange.HTTP_METHOD, "GET", String.class);
        Path file = resolve(in.getHeader(Exchange.HTTP_URI, String.class));
        String acceptEncoding = in.getHeader("Accept-Encoding", String.class);
        String ifNoneMatch = in.getHeader("If-None-Match", String.class);
        String ifModifiedSince = in.getHeader("If-Modified-Since", String.class);
        Message out = exchange.getMessage();
        // the request's headers must not go back as response headers
        out.removeHeaders("*");
        out.setBody(null);
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            out.setHeader(Exchange.HTTP_RESPONSE_CODE, 405);
            out.setHeader("Allow", "GET, HEAD");
            return;
        }
        if (file != null && file.equals(root) && "GET".equals(method)) {
            // served under a prefix, the Source Description is not at the host's /.well-known/: point to it
            out.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
            out.setHeader(Exchange.CONTENT_TYPE, "text/html; charset=utf-8");
            out.setHeader("Link", "<.well-known/resourcesync>; rel=\"resourcesync\"");
            out.setBody("<!DOCTYPE html><html><head><link rel=\"resourcesync\" href=\".well-known/resourcesync\">"
                        + "<title>ResourceSync Source</title></head><body><a href=\".well-known/resourcesync\">"
                        + "Source Description</a></body></html>");
            return;
        }
        if (file == null || !Files.isRegularFile(file)) {
            out.setHeader(Exchange.HTTP_RESPONSE_CODE, 404);
            out.setHeader(Exchange.CONTENT_TYPE, "text/plain");
            out.setBody("Not found");
            return;
        }
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        String type = contentType(file);
        boolean gzip = compressible(type) && acceptsGzip(acceptEncoding);
        String etag = "\"" + Long.toHexString(attrs.size()) + "-"
                      + Long.toHexString(attrs.lastModifiedTime().toInstant().toEpochMilli()) + (gzip ? "-gz" : "")
                      + "\"";
        Instant modified = attrs.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
        out.setHeader("ETag", etag);
        out.setHeader("Last-Modified", HTTP_DATE.format(modified.atZone(ZoneOffset.UTC)));
        out.setHeader("Vary", "Accept-Encoding");
        if (notModified(ifNoneMatch, ifModifiedSince, etag, modified)) {
            out.setHeader(Exchange.HTTP_RESPONSE_CODE, 304);
            return;
        }
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, 200);
        out.setHeader(Exchange.CONTENT_TYPE, type);
        if (gzip) {
            out.setHeader(Exchange.CONTENT_ENCODING, "gzip");
        }
        if ("HEAD".equals(method)) {
            return;
        }
        out.setBody(gzip ? gzipped(file) : Files.readAllBytes(file));
    }

    /** The file a request path names, or null when it is outside the directory or a hidden file. */
    Path resolve(String requestUri) {
        if (requestUri == null) {
            return null;
        }
        String path;
        try {
            path = new URI(requestUri.replace(" ", "%20")).getPath();
        } catch (URISyntaxException e) {
            return null; // not a path this server has
        }
        if (path == null || !(path + "/").startsWith(contextPath)) {
            return null;
        }
        String rel = path.length() < contextPath.length() ? "" : path.substring(contextPath.length());
        for (String segment : rel.split("/")) {
            if (segment.startsWith(".") && !segment.equals(".well-known")) {
                return null;
            }
        }
        Path file = root.resolve(rel).normalize();
        return file.startsWith(root) ? file : null;
    }

    private static boolean notModified(String ifNoneMatch, String since, String etag, Instant modified) {
        if (ifNoneMatch != null) {
            for (String tag : ifNoneMatch.split(",")) {
                String t = tag.trim();
                if (t.startsWith("W/")) {
                    t = t.substring(2);
                }
                if (t.equals("*") || t.equals(etag)) {
                    return true;
                }
            }
            return false; // If-None-Match takes precedence over If-Modified-Since (RFC 9110 13.1.3)
        }
        if (since != null) {
            try {
                return !modified.isAfter(ZonedDateTime.parse(since.trim(), HTTP_DATE).toInstant());
            } catch (DateTimeParseException e) {
                return false;
            }
        }
        return false;
    }

    static String contentType(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".xml") || name.equals("resourcesync")) {
            return "application/xml";
        }
        if (name.endsWith(".zip")) {
            return "application/zip";
        }
        String guessed = URLConnection.guessContentTypeFromName(name);
        return guessed != null ? guessed : "application/octet-stream";
    }

    private static boolean compressible(String type) {
        return type.endsWith("xml") || type.startsWith("text/") || type.endsWith("json");
    }

    private static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.toLowerCase(Locale.ROOT).split(",")) {
            String[] p = part.trim().split(";");
            if (p[0].trim().equals("gzip")) {
                return p.length < 2 || !p[1].replace(" ", "").matches("q=0(\\.0*)?");
            }
        }
        return false;
    }

    private static byte[] gzipped(Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(file); OutputStream gz = new GZIPOutputStream(bytes)) {
            in.transferTo(gz);
        }
        return bytes.toByteArray();
    }
}
