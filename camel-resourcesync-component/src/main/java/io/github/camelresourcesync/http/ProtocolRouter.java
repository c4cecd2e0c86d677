package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;

/**
 * Sends each request over the protocol its host speaks ({@link FetcherConfig#httpVersion()}):
 * <ul>
 * <li>{@code auto}: cleartext {@code http://} over the classic HTTP/1.1 client. The first {@code https://} request to a
 * host goes alone over a client that offers h2 and http/1.1 by ALPN (the others to that host wait for its answer);
 * the host's answer decides: HTTP/2 hosts get every later request multiplexed over one HTTP/2 connection, HTTP/1.1
 * hosts the classic client's keep-alive connections as before.</li>
 * <li>{@code 2}: every request over HTTP/2 (prior knowledge on cleartext).</li>
 * </ul>
 * Requests that go through a proxy use the classic HTTP/1.1 client (the documented fall back: HTTP/2 is not tunnelled).
 */
final class ProtocolRouter extends CloseableHttpClient {

    private enum Route { CLASSIC, H2 }

    private final CloseableHttpClient classic;
    /** offers h2 and http/1.1 by ALPN; {@code null} when every non-proxied request is HTTP/2 ({@code httpVersion=2}) */
    private final CloseableHttpClient negotiating;
    private final CloseableHttpClient h2;
    private final boolean systemProxies;
    private final Duration probeWait;
    /** https hosts whose protocol is known, or being learnt (the future completes with it) */
    private final ConcurrentHashMap<HttpHost, CompletableFuture<Route>> hosts = new ConcurrentHashMap<>();

    /**
     * @param systemProxies {@code true} when the JVM's proxy selector decides (no proxy configured)
     * @param probeWait     the longest a request waits for its host's first answer before going ahead alone
     */
    ProtocolRouter(CloseableHttpClient classic, CloseableHttpClient negotiating, CloseableHttpClient h2,
                   boolean systemProxies, Duration probeWait) {
        this.classic = classic;
        this.negotiating = negotiating;
        this.h2 = h2;
        this.systemProxies = systemProxies;
        this.probeWait = probeWait;
    }

    @Override
    protected CloseableHttpResponse doExecute(HttpHost target, ClassicHttpRequest request, HttpContext context)
            throws IOException {
        HttpHost host = target != null ? target
                : request.getAuthority() == null ? null : new HttpHost(request.getScheme(), request.getAuthority());
        if (host == null) {
            return send(classic, target, request, context);
        }
        boolean secure = "https".equals(host.getSchemeName().toLowerCase(Locale.ROOT));
        if (negotiating != null && !secure || proxied(request)) {
            // cleartext under auto goes over the classic client whatever the proxy: no proxy look-up per request
            return send(classic, target, request, context);
        }
        if (negotiating == null) {
            return send(h2, target, request, context);
        }
        CompletableFuture<Route> mine = new CompletableFuture<>();
        CompletableFuture<Route> known = hosts.putIfAbsent(host, mine);
        if (known != null) {
            Route route = await(known, host);
            if (route != null) {
                return send(route == Route.H2 ? h2 : classic, target, request, context);
            }
            // the first request failed: this one asks again, alone or not
            return send(negotiating, target, request, context);
        }
        try {
            CloseableHttpResponse response = send(negotiating, target, request, context);
            mine.complete(HttpVersion.HTTP_2.equals(response.getVersion()) ? Route.H2 : Route.CLASSIC);
            return response;
        } catch (IOException | RuntimeException e) {
            hosts.remove(host, mine);
            mine.complete(null);
            throw e;
        }
    }

    private Route await(CompletableFuture<Route> known, HttpHost host) throws IOException {
        try {
            return known.get(probeWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted waiting for the first answer of " + host);
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }

    /** Whether the JVM's proxy settings send this request through a proxy. */
    private boolean proxied(ClassicHttpRequest request) {
        if (!systemProxies || ProxySelector.getDefault() == null) {
            return false;
        }
        try {
            URI uri = request.getUri();
            List<Proxy> proxies = ProxySelector.getDefault().select(uri);
            return proxies != null && proxies.stream().anyMatch(p -> p.type() != Proxy.Type.DIRECT);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return false;
        }
    }

    private static CloseableHttpResponse send(CloseableHttpClient client, HttpHost target,
                                              ClassicHttpRequest request, HttpContext context) throws IOException {
        ClassicHttpResponse response = client.executeOpen(target, request, context);
        return CloseableHttpResponse.adapt(response);
    }

    @Override
    public void close() throws IOException {
        close(CloseMode.GRACEFUL);
    }

    @Override
    public void close(CloseMode closeMode) {
        classic.close(closeMode);
        if (negotiating != null) {
            negotiating.close(closeMode);
        }
        h2.close(closeMode);
    }
}
