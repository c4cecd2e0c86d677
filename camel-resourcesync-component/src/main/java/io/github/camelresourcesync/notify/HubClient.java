package io.github.camelresourcesync.notify;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.http.HttpAnswer;
import io.github.camelresourcesync.http.HttpFetcher;
import io.github.camelresourcesync.http.LinkHeaders;
import io.github.camelresourcesync.http.UrlRedaction;
import io.github.camelresourcesync.model.Capability;

/**
 * Talks to a WebSub hub: form-encoded {@code hub.mode} requests, body posts and topic discovery, over the same Apache
 * HttpClient stack and fetch policy as harvesting ({@link HttpFetcher#send}): allowed hosts on every hop, proxy, TLS,
 * timeouts and the request deadline. Follows redirects, including 307 and 308, which keep the method and body (so a
 * moved hub still gets the subscription).
 */
public final class HubClient implements AutoCloseable {

    private final HttpFetcher fetcher;

    /** @param config the fetch policy of hub traffic (its allowed hosts must include the hubs' hosts) */
    public HubClient(FetcherConfig config) {
        this.fetcher = new HttpFetcher(config);
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
        return postBody(hub, "application/x-www-form-urlencoded", body.toString().getBytes(StandardCharsets.UTF_8),
                Map.of());
    }

    /** POSTs a body with extra headers (e.g. {@code Link}). */
    public Answer postBody(URI hub, String contentType, byte[] payload, Map<String, String> headers)
            throws IOException {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("Content-Type", contentType);
        HttpAnswer a = fetcher.send("POST", hub, payload, all);
        String text = a.text();
        return new Answer(a.status(), text.length() > 500 ? text.substring(0, 500) + "..." : text);
    }

    /**
     * WebSub discovery: GETs the topic (following redirects) and reads {@code Link rel="hub"} and {@code rel="self"}
     * from the response headers. The self link is the topic to subscribe to (after a redirect, the final URL).
     *
     * @throws IOException when the topic cannot be fetched or advertises no hub
     */
    public Channel discover(URI topic) throws IOException {
        HttpAnswer r = fetcher.send("GET", topic, null, Map.of());
        List<String> links = r.headers("Link");
        URI hub = LinkHeaders.find(links, r.uri(), "hub");
        URI self = LinkHeaders.find(links, r.uri(), "self");
        if (r.status() >= 300 || hub == null) {
            throw new IOException("Topic " + UrlRedaction.redact(topic) + " advertises no WebSub hub (HTTP "
                                  + r.status() + ", no Link header with rel=\"hub\"); set the hub explicitly");
        }
        return new Channel(self != null ? self : r.uri(), hub, Capability.UNKNOWN);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        fetcher.close();
    }
}
