package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.http.AllowedHosts;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import io.github.camelresourcesync.testsupport.TestHttpServer.Resource;
import io.github.camelresourcesync.testsupport.Zips;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small Source that keeps every rule of the validator (Source Description at the well-known URI, an HTML link, a
 * Link header and robots.txt all leading to it; a Capability List with a Resource List, a Change List Index of two
 * Change Lists, a Resource Dump with one package, and a notification channel), served on loopback. A test breaks one
 * document ({@link #put}, {@link #edit}) before {@link #validate}.
 */
final class ValidSource implements AutoCloseable {

    static final String A = "alpha\n";
    static final String B = "bravo, the second resource\n";
    static final Instant MODIFIED = Instant.parse("2026-01-05T00:00:00Z");

    private static final String URLSET = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n";
    private static final String INDEX = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n";

    final TestHttpServer server = TestHttpServer.start();
    final String base = server.baseUri().toString();
    /** path to body; {base} stands for the server's base URL */
    final Map<String, String> documents = new LinkedHashMap<>();
    final Map<String, Resource> resources = new LinkedHashMap<>();

    ValidSource() {
        put("/.well-known/resourcesync", URLSET
                + "<rs:md capability=\"description\"/>\n"
                + "<url><loc>{base}/caplist.xml</loc><rs:md capability=\"capabilitylist\"/></url>\n</urlset>\n");
        resources.put("/", Resource.of("<!DOCTYPE html><html><head><link rel=\"resourcesync\""
                + " href=\"/.well-known/resourcesync\"></head><body>home</body></html>").contentType("text/html")
                .header("Link", "<" + base + "/.well-known/resourcesync>; rel=\"resourcesync\""));
        resources.put("/robots.txt", Resource.of("User-agent: *\nSitemap: " + base + "/.well-known/resourcesync\n")
                .contentType("text/plain"));
        put("/caplist.xml", URLSET
                + "<rs:ln rel=\"up\" href=\"{base}/.well-known/resourcesync\"/>\n"
                + "<rs:md capability=\"capabilitylist\"/>\n"
                + "<url><loc>{base}/resourcelist.xml</loc><rs:md capability=\"resourcelist\"/></url>\n"
                + "<url><loc>{base}/changelist-index.xml</loc><rs:md capability=\"changelist\"/></url>\n"
                + "<url><loc>{base}/resourcedump.xml</loc><rs:md capability=\"resourcedump\"/></url>\n"
                + "<url><loc>{base}/notify</loc><rs:ln rel=\"hub\" href=\"{base}/hub\"/>"
                + "<rs:md capability=\"changelist-notification\"/></url>\n</urlset>\n");
        put("/resourcelist.xml", URLSET
                + "<rs:ln rel=\"up\" href=\"{base}/caplist.xml\"/>\n"
                + "<rs:md capability=\"resourcelist\" at=\"2026-01-20T00:00:00Z\" completed=\"2026-01-20T00:01:00Z\"/>\n"
                + url("/r/a.txt", A) + url("/r/b.txt", B) + "</urlset>\n");
        put("/changelist-index.xml", INDEX
                + "<rs:ln rel=\"up\" href=\"{base}/caplist.xml\"/>\n"
                + "<rs:md capability=\"changelist\" from=\"2026-01-01T00:00:00Z\"/>\n"
                + "<sitemap><loc>{base}/cl1.xml</loc>"
                + "<rs:md from=\"2026-01-01T00:00:00Z\" until=\"2026-02-01T00:00:00Z\"/></sitemap>\n"
                + "<sitemap><loc>{base}/cl2.xml</loc><rs:md from=\"2026-02-01T00:00:00Z\"/></sitemap>\n"
                + "</sitemapindex>\n");
        put("/cl1.xml", URLSET
                + "<rs:ln rel=\"up\" href=\"{base}/caplist.xml\"/>\n"
                + "<rs:ln rel=\"index\" href=\"{base}/changelist-index.xml\"/>\n"
                + "<rs:md capability=\"changelist\" from=\"2026-01-01T00:00:00Z\" until=\"2026-02-01T00:00:00Z\"/>\n"
                + change("/r/a.txt", "created", "2026-01-02T00:00:00Z")
                + change("/r/b.txt", "created", "2026-01-03T00:00:00Z") + "</urlset>\n");
        put("/cl2.xml", URLSET
                + "<rs:ln rel=\"up\" href=\"{base}/caplist.xml\"/>\n"
                + "<rs:ln rel=\"index\" href=\"{base}/changelist-index.xml\"/>\n"
                + "<rs:md capability=\"changelist\" from=\"2026-02-01T00:00:00Z\"/>\n"
                + change("/r/a.txt", "updated", "2026-02-02T00:00:00Z") + "</urlset>\n");
        String manifest = URLSET
                + "<rs:ln rel=\"up\" href=\"{base}/caplist.xml\"/>\n"
                + "<rs:md capability=\"resourcedump-manifest\" at=\"2026-01-20T00:00:00Z\""
                + " completed=\"2026-01-20T00:01:00Z\"/>\n"
                + "<url><loc>{base}/r/a.txt</loc><lastmod>2026-01-05T00:00:00Z</lastmod>"
                + "<rs:md hash=\"md5:" + digest("MD5", A.getBytes(StandardCharsets.UTF_8)) + "\" length=\"" + A.length()
                + "\" path=\"/resources/a.txt\"/></url>\n</urlset>\n";
        put("/dump/manifest.xml", manifest);
        packageOf(manifest, true);
        resources.put("/hub", Resource.of("a WebSub hub").contentType("text/plain"));
        resources.put("/r/a.txt", Resource.of(A).contentType("text/plain").lastModified(MODIFIED));
        resources.put("/r/b.txt", Resource.of(B).contentType("text/plain").lastModified(MODIFIED));
    }

    /** The Resource Dump and its package, the package holding {@code manifest} (and a.txt, unless told not to). */
    void packageOf(String manifest, boolean withBitstream) {
        byte[] zip = withBitstream
                ? Zips.zip(Zips.entries("manifest.xml", expand(manifest), "resources/a.txt", A))
                : Zips.zip(Zips.entries("manifest.xml", expand(manifest)));
        resources.put("/dump/p1.zip", Resource.of(zip).contentType("application/zip").lastModified(MODIFIED));
        put("/resourcedump.xml", URLSET
                + "<rs:ln rel=\"up\" href=\"{base}/caplist.xml\"/>\n"
                + "<rs:md capability=\"resourcedump\" at=\"2026-01-20T00:00:00Z\" completed=\"2026-01-20T00:01:00Z\"/>\n"
                + "<url><loc>{base}/dump/p1.zip</loc><rs:md type=\"application/zip\" length=\"" + zip.length
                + "\" hash=\"md5:" + digest("MD5", zip)
                + "\"/><rs:ln rel=\"contents\" href=\"{base}/dump/manifest.xml\" type=\"application/xml\"/></url>\n"
                + "</urlset>\n");
    }

    static String url(String path, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return "<url><loc>{base}" + path + "</loc><lastmod>2026-01-05T00:00:00Z</lastmod><rs:md hash=\"md5:"
               + digest("MD5", bytes) + " sha-256:" + digest("SHA-256", bytes)
               + "\" length=\"" + content.getBytes(StandardCharsets.UTF_8).length + "\" type=\"text/plain\"/></url>\n";
    }

    static String digest(String jca, byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(jca).digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String change(String path, String change, String datetime) {
        return "<url><loc>{base}" + path + "</loc><lastmod>2026-01-05T00:00:00Z</lastmod>"
               + "<rs:md change=\"" + change + "\" datetime=\"" + datetime + "\"/></url>\n";
    }

    ValidSource put(String path, String body) {
        documents.put(path, body);
        return this;
    }

    ValidSource edit(String path, String from, String to) {
        String body = documents.get(path);
        if (body == null || !body.contains(from)) {
            throw new IllegalArgumentException(path + " has no '" + from + "'");
        }
        documents.put(path, body.replace(from, to));
        return this;
    }

    String expand(String body) {
        return body.replace("{base}", base);
    }

    URI uri(String path) {
        return URI.create(base + path);
    }

    /** Serves what the documents and resources are now. */
    void serve() {
        documents.forEach((path, body) -> server.serveXml(path, body));
        resources.forEach(server::serve);
    }

    List<Finding> validate(int sample) throws IOException {
        return validate(URI.create(base + "/"), sample);
    }

    List<Finding> validate(URI start, int sample) throws IOException {
        serve();
        List<Finding> found = new ArrayList<>();
        try (HttpFetcher fetcher = new HttpFetcher(new FetcherConfig().maxRetries(0).allowedHosts(AllowedHosts.ANY))) {
            lastReport = new Validator(fetcher, new ValidateOptions().sample(sample)).validate(start, found::add);
        }
        return found;
    }

    ValidationReport lastReport;

    @Override
    public void close() {
        server.close();
    }
}
