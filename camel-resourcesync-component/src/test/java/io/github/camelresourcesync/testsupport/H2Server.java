package io.github.camelresourcesync.testsupport;

import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.List;

import javax.net.ssl.SSLContext;

import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A Jetty 12 server for the HTTP/2 tests: HTTPS offering h2 and http/1.1 by ALPN, HTTPS speaking HTTP/1.1 only, or
 * cleartext HTTP/1.1 that also takes HTTP/2 by prior knowledge (h2c). Each path answers with a {@link Reply}; the
 * server records what a client cannot fake: the protocol of each request, the connections (client ports) used, and
 * the most requests it had in flight at once.
 */
public final class H2Server implements AutoCloseable {

    /** What the server does with one request. */
    @FunctionalInterface
    public interface Reply {
        void handle(Request request, Response response, Callback callback) throws Exception;
    }

    public enum Mode { TLS_ALPN, TLS_HTTP_1_1_ONLY, CLEARTEXT_WITH_H2C }

    private final Server server;
    private final ServerConnector connector;
    private final String scheme;
    private final Map<String, Reply> replies = new ConcurrentHashMap<>();
    private final Set<String> connections = ConcurrentHashMap.newKeySet();
    private final List<String> protocols = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    private H2Server(Mode mode, SSLContext tls) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(400, 8);
        threads.setName("h2-test-server");
        server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        SecureRequestCustomizer secure = new SecureRequestCustomizer();
        secure.setSniHostCheck(false);
        http.addCustomizer(secure);
        HttpConnectionFactory h1 = new HttpConnectionFactory(http);
        ConnectionFactory[] factories;
        switch (mode) {
            case TLS_ALPN -> {
                HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(http);
                ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
                alpn.setDefaultProtocol(h1.getProtocol());
                factories = new ConnectionFactory[] {new SslConnectionFactory(sslFactory(tls), alpn.getProtocol()),
                        alpn, h2, h1};
            }
            case TLS_HTTP_1_1_ONLY -> factories = new ConnectionFactory[] {
                    new SslConnectionFactory(sslFactory(tls), h1.getProtocol()), h1};
            default -> factories = new ConnectionFactory[] {h1, new HTTP2CServerConnectionFactory(http)};
        }
        scheme = mode == Mode.CLEARTEXT_WITH_H2C ? "http" : "https";
        connector = new ServerConnector(server, factories);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                connections.add(String.valueOf(request.getConnectionMetaData().getRemoteSocketAddress()));
                protocols.add(request.getConnectionMetaData().getProtocol());
                int now = inFlight.incrementAndGet();
                maxInFlight.accumulateAndGet(now, Math::max);
                Callback counted = Callback.from(callback, inFlight::decrementAndGet);
                Reply reply = replies.get(Request.getPathInContext(request));
                if (reply == null) {
                    response.setStatus(404);
                    response.write(true, null, counted);
                    return true;
                }
                try {
                    reply.handle(request, response, counted);
                } catch (Exception e) {
                    counted.failed(e);
                }
                return true;
            }
        });
        server.start();
    }

    private static SslContextFactory.Server sslFactory(SSLContext tls) {
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setSslContext(tls);
        return ssl;
    }

    public static H2Server start(Mode mode, SSLContext tls) throws Exception {
        return new H2Server(mode, tls);
    }

    public H2Server reply(String path, Reply reply) {
        replies.put(path, reply);
        return this;
    }

    /** Serves {@code body} as {@code type} at {@code path}. */
    public H2Server serve(String path, byte[] body, String type) {
        return reply(path, (request, response, callback) -> {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
            response.write(true, ByteBuffer.wrap(body), callback);
        });
    }

    public URI uri(String path) {
        return URI.create(scheme + "://127.0.0.1:" + connector.getLocalPort() + path);
    }

    /** Connections (client ports) that sent a request. */
    public int connections() {
        return connections.size();
    }

    /** The protocol of each request in order of arrival, e.g. {@code HTTP/2.0}. */
    public List<String> protocols() {
        return List.copyOf(protocols);
    }

    /** The most requests this server had in flight at once. */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    public void resetCounts() {
        connections.clear();
        protocols.clear();
        maxInFlight.set(0);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
