package io.github.camelresourcesync.component.publish;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.Entry;
import io.github.camelresourcesync.model.Link;
import io.github.camelresourcesync.xml.SitemapDocument;
import io.github.camelresourcesync.xml.SitemapReader;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a GET or HEAD for a file of a published Source directory, as a careful static web server would:
 * {@code application/xml} for the capability documents (including the extension-less
 * {@code /.well-known/resourcesync}), {@code application/zip} for dump packages; a strong {@code ETag} and
 * {@code Last-Modified}; {@code 304} for {@code If-None-Match} / {@code If-Modified-Since}; gzip for XML and text when
 * the client accepts it; one byte range ({@code Range}, {@code If-Range}: {@code 206}, {@code 416}); {@code HEAD} with
 * the {@code Content-Length}. Bodies stream from the file as the client reads (chunked), so a request costs the same
 * memory whatever the file's size. Paths that leave the directory or name a dot file (the publisher's state, temporary files)
 * are 404, except {@code .well-known}. The directory itself answers a small HTML page whose
 * {@code rel="resourcesync"} link leads harvesters given the base URL to the Source Description. A notification
 * channel's topic document (what the publisher writes with {@code pushHub}) carries the WebSub discovery links its
 * Capability List entry gives: {@code Link: <topic>; rel="self", <hub>; rel="hub", <capability list>;
 * rel="resourcesync"}.
 */
public class PublishedFileProcessor implements Processor {

    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;
    private static final String CONTENT_LENGTH = "Content-Length";

    private final Path root;
    /** {@link #root} with links resolved, once: the directory is created by the publisher and not moved under it. */
    private volatile Path realRoot;
    private final String contextPath;
    private final TopicLinks topics;

    /**
     * @param directory   the publisher's directory
     * @param contextPath the HTTP path the directory is served under ({@code /} or e.g. {@code /rs})
     */
    public PublishedFileProcessor(String directory, String contextPath) {
        this.root = Path.of(directory).toAbsolutePath().normalize();
        String p = contextPath == null || contextPath.isBlank() ? "/" : contextPath;
        this.contextPath = p.endsWith("/") ? p : p + "/";
        this.topics = new TopicLinks(root);
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        String method = in.getHeader(Exchange.HTTP_METHOD, "GET", String.class);
        Path file = resolve(in.getHeader(Exchange.HTTP_URI, String.class));
        String acceptEncoding = in.getHeader("Accept-Encoding", String.class);
        String ifNoneMatch = in.getHeader("If-None-Match", String.class);
        String ifModifiedSince = in.getHeader("If-Modified-Since", String.class);
        String rangeHeader = "GET".equals(method) ? in.getHeader("Range", String.class) : null;
        String ifRange = in.getHeader("If-Range", String.class);
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
        long size = attrs.size();
        String type = contentType(file);
        // a range is of the file's own bytes: a request for one is answered without gzip
        boolean gzip = compressible(type) && acceptsGzip(acceptEncoding) && rangeHeader == null;
        String etag = "\"" + Long.toHexString(size) + "-"
                      + Long.toHexString(attrs.lastModifiedTime().toInstant().toEpochMilli()) + (gzip ? "-gz" : "")
                      + "\"";
        Instant modified = attrs.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
        String lastModified = HTTP_DATE.format(modified.atZone(ZoneOffset.UTC));
        out.setHeader("ETag", etag);
        out.setHeader("Last-Modified", lastModified);
        out.setHeader("Vary", "Accept-Encoding");
        out.setHeader("Accept-Ranges", "bytes");
        String links = topics.linksOf(file);
        if (links != null) {
            out.setHeader("Link", links);
        }
        if (notModified(ifNoneMatch, ifModifiedSince, etag, modified)) {
            out.setHeader(Exchange.HTTP_RESPONSE_CODE, 304);
            return;
        }
        // If-Range: the range only of the version the client has part of, else the whole file
        ByteRange range = rangeHeader == null || ifRange != null && !List.of(etag, lastModified).contains(ifRange.trim())
                ? null : ByteRange.parse(rangeHeader, size);
        if (range == ByteRange.UNSATISFIABLE) {
            out.setHeader(Exchange.HTTP_RESPONSE_CODE, 416);
            out.setHeader("Content-Range", "bytes */" + size);
            return;
        }
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, range == null ? 200 : 206);
        out.setHeader(Exchange.CONTENT_TYPE, type);
        if (gzip) {
            out.setHeader(Exchange.CONTENT_ENCODING, "gzip");
        }
        if ("HEAD".equals(method)) {
            if (!gzip) {
                out.setHeader(CONTENT_LENGTH, size); // a GET streams the body chunked, without one
            }
            return;
        }
        if (range != null) {
            out.setHeader("Content-Range", "bytes " + range.first() + "-" + range.last() + "/" + size);
        }
        // streamed from the file as the client reads: constant memory per request, whatever the file's size
        InputStream body = range == null ? new FileSlice(file, 0, size)
                : new FileSlice(file, range.first(), range.length());
        out.setBody(gzip ? GzipStream.of(body) : body);
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
        if (hidden(rel.split("/"))) {
            return null;
        }
        Path file = root.resolve(rel).normalize();
        if (!file.startsWith(root)) {
            return null;
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return file; // answered 404
        }
        // the name is inside; where it leads must be too: a symbolic link to /etc or to .publisher/ is not served
        try {
            Path realRoot = realRoot();
            Path real = file.toRealPath();
            if (!real.startsWith(realRoot)) {
                return null;
            }
            Path inside = realRoot.relativize(real);
            String[] segments = new String[inside.getNameCount()];
            for (int i = 0; i < segments.length; i++) {
                segments[i] = inside.getName(i).toString();
            }
            return hidden(segments) ? null : file;
        } catch (IOException e) {
            return null; // a dangling link, or a file removed meanwhile
        }
    }

    private Path realRoot() throws IOException {
        Path r = realRoot;
        if (r == null) {
            r = root.toRealPath();
            realRoot = r;
        }
        return r;
    }

    /** Dot files and directories are the publisher's own (its state, temporary files), except .well-known. */
    private static boolean hidden(String[] segments) {
        for (String segment : segments) {
            if (segment.startsWith(".") && !segment.equals(".well-known")) {
                return true;
            }
        }
        return false;
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

    /**
     * The {@code Link} header of each topic document, from the notification channels of the Capability List (entries
     * with capability {@code changelist-notification} or {@code framework-notification} and {@code rs:ln rel="hub"}):
     * a hub that fetches the topic ({@code pushMode=publish}; Flask-WebSub refuses to distribute without them) and a
     * subscriber discovering the hub from the topic URL need {@code rel="self"} and {@code rel="hub"}; the framework
     * notification specification adds {@code rel="resourcesync"} to the Capability List. Read again whenever the
     * Capability List file changes.
     */
    static final class TopicLinks {

        private static final Logger LOG = LoggerFactory.getLogger(TopicLinks.class);

        /** the file's identity (inode: a rewrite renames a new file over it), time and size when it was read */
        private record Snapshot(Object key, FileTime modified, long size, Map<Path, String> links) {
        }

        private final Path root;
        private final Path capabilityList;
        private volatile Snapshot snapshot = new Snapshot(null, null, -1, Map.of());

        TopicLinks(Path root) {
            this.root = root;
            this.capabilityList = root.resolve("capabilitylist.xml");
        }

        /** The Link header for {@code file}, or null when it is no topic. */
        String linksOf(Path file) {
            Snapshot s = snapshot;
            try {
                BasicFileAttributes a = Files.readAttributes(capabilityList, BasicFileAttributes.class);
                if (!Objects.equals(a.fileKey(), s.key()) || !a.lastModifiedTime().equals(s.modified())
                    || a.size() != s.size()) {
                    s = new Snapshot(a.fileKey(), a.lastModifiedTime(), a.size(), read());
                    snapshot = s;
                }
            } catch (IOException e) {
                return null; // no Capability List (yet): no channels
            }
            return s.links().get(file);
        }

        private Map<Path, String> read() {
            Map<Path, String> links = new HashMap<>();
            try (SitemapDocument doc = new SitemapReader().open(Files.newInputStream(capabilityList),
                    capabilityList.toUri())) {
                Link up = doc.header().link("up");
                if (up == null) {
                    return links;
                }
                // the Source Description is <baseUrl>.well-known/resourcesync (see docs/publisher.md)
                URI base = up.href().resolve("..");
                for (Entry e = doc.next(); e != null; e = doc.next()) {
                    Capability c = e.md() == null ? null : e.md().capabilityType();
                    Link hub = e.link("hub");
                    URI rel = base.relativize(e.loc());
                    if ((c == Capability.CHANGELIST_NOTIFICATION || c == Capability.FRAMEWORK_NOTIFICATION)
                        && hub != null && !rel.isAbsolute() && rel.getPath() != null && !rel.getPath().isEmpty()) {
                        links.put(root.resolve(rel.getPath()).normalize(),
                                "<" + e.loc() + ">; rel=\"self\", <" + hub.href() + ">; rel=\"hub\", <"
                                                                        + base.resolve("capabilitylist.xml")
                                                                        + ">; rel=\"resourcesync\"");
                    }
                }
            } catch (IOException | RuntimeException e) {
                // being replaced, or not ours: served without topic links until it is readable
                LOG.debug("Cannot read the notification channels of {}: {}", capabilityList, e.toString());
            }
            return links;
        }
    }
}
