package io.github.camelresourcesync.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP forwarder on 127.0.0.1 to a fixed upstream (a database, say) that the test can cut: {@link #cut()} resets
 * every open connection and every new one until {@link #restore()}, as a database that went away does to its clients,
 * without touching the real server.
 */
public final class TcpProxy implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "tcp-proxy");
        t.setDaemon(true);
        return t;
    });
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger refused = new AtomicInteger();
    private volatile boolean down;
    private volatile boolean closed;

    public TcpProxy(String upstreamHost, int upstreamPort) throws IOException {
        this.upstream = new InetSocketAddress(upstreamHost, upstreamPort);
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::acceptLoop);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Resets every open connection; new ones are reset as soon as they are accepted, until {@link #restore()}. */
    public void cut() {
        down = true;
        for (Socket s : open) {
            reset(s);
        }
    }

    /** Forwards new connections again. */
    public void restore() {
        down = false;
    }

    /** Connections reset on arrival while cut. */
    public int refused() {
        return refused.get();
    }

    /** The client connections open through the proxy now. */
    public int openConnections() {
        return open.size() / 2;
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            if (down) {
                refused.incrementAndGet();
                reset(client);
                continue;
            }
            threads.execute(() -> connect(client));
        }
    }

    private void connect(Socket client) {
        Socket target = new Socket();
        try {
            target.connect(upstream, 5_000);
        } catch (IOException e) {
            reset(client);
            return;
        }
        open.add(client);
        open.add(target);
        if (down) { // cut while connecting
            reset(client);
            reset(target);
            return;
        }
        threads.execute(() -> pump(client, target));
        pump(target, client);
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16384];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side went away (or was cut): end both
        }
        reset(from);
        reset(to);
    }

    private void reset(Socket s) {
        open.remove(s);
        try {
            s.setSoLinger(true, 0); // RST, not FIN: the peer sees "connection reset"
        } catch (IOException e) {
            // already closed
        }
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        closed = true;
        cut();
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        threads.shutdownNow();
    }
}
