package io.github.camelresourcesync.notify;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import javax.net.ssl.SSLContext;

import io.github.camelresourcesync.http.LinkHeaders;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Capability;

/**
 * Talks to a WebSub hub: form-encoded {@code hub.mode} requests and body posts. Follows redirects, including 307 and
 * 308, which keep the method and body (so a moved hub still gets the subscription).
 */
public final class HubClient implements AutoCloseable {

    private final HttpClient client;
    private final Duration timeout;

    /** @param sslContext for {@code https} hubs; {@code null} for the JVM default */
    public HubClient(Duration timeout, SSLContext sslContext) {
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL);
        if (sslContext != null) {
            b.sslContext(sslContext);
        }
        this.client = b.build();
        this.timeout = timeout;
    }

    /** The hub's answer: status and body (an error text a person can act on). */
    public record Answer(int status, String body) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    /** POSTs {@code application/x-www-form-urlencoded} parameters. */
    public Answer postForm(URI hub, Map<String, String> form) throws IOException {
        StringJoiner body = new StringJoiner("&");
        form.forEach((k, v) -> body.add(enc(k) + "=" + enc(v)));
        return send(HttpRequest.newBuilder(hub).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), hub);
    }

    /** POSTs a body with extra headers (e.g. {@code Link}). */
    public Answer postBody(URI hub, String contentType, byte[] payload, Map<String, String> headers)
            throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(hub).timeout(timeout).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(payload));
        headers.forEach(b::header);
        return send(b.build(), hub);
    }

    /**
     * WebSub discovery: GETs the topic (following redirects) and reads {@code Link rel="hub"} and {@code rel="self"}
     * from the response headers. The self link is the topic to subscribe to (after a redirect, the final URL).
     *
     * @throws IOException when the topic cannot be fetched or advertises no hub
     */
    public Channel discover(URI topic) throws IOException {
        try {
            HttpResponse<Void> r = client.send(HttpRequest.newBuilder(topic).timeout(timeout).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
            List<String> links = r.headers().allValues("Link");
            URI hub = LinkHeaders.find(links, r.uri(), "hub");
            URI self = LinkHeaders.find(links, r.uri(), "self");
            if (r.statusCode() >= 300 || hub == null) {
                throw new IOException("Topic " + UrlRedaction.redact(topic) + " advertises no WebSub hub (HTTP "
                                      + r.statusCode() + ", no Link header with rel=\"hub\"); set the hub explicitly");
            }
            return new Channel(self != null ? self : r.uri(), hub, Capability.UNKNOWN);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while discovering the hub of " + UrlRedaction.redact(topic), e);
        }
    }

    private Answer send(HttpRequest request, URI hub) throws IOException {
        try {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            String body = r.body() == null ? "" : r.body();
            return new Answer(r.statusCode(), body.length() > 500 ? body.substring(0, 500) + "..." : body);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while posting to hub " + UrlRedaction.redact(hub), e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        // the JDK client (Java 17) holds no resources that need closing; its threads end with it
    }
}
