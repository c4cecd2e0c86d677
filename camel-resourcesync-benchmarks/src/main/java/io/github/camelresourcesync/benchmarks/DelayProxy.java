package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy on 127.0.0.1 that delays every byte by half a round trip in each direction, without limiting bandwidth:
 * what a far Source looks like to a harvester (this machine's kernel has no {@code netem}). It forwards bytes as they
 * are, so TLS and HTTP/2 pass through untouched. Each direction of each connection is a reader that stamps what it
 * read with the time it may leave, and a writer that sends it then: data read together stays together, data read
 * later is never held back by data read earlier beyond its own delay. Counts the connections it accepted.
 */
final class DelayProxy implements AutoCloseable {

    private static final byte[] EOF = new byte[0];

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final long oneWayNanos;
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;
    private volatile boolean closed;

    /**
     * @param port      where to listen on 127.0.0.1
     * @param upstream  where to forward to
     * @param rttMillis the round trip to add: each direction is delayed by half
     */
    DelayProxy(int port, InetSocketAddress upstream, double rttMillis) throws IOException {
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        this.upstream = upstream;
        this.oneWayNanos = (long) (rttMillis * 1e6 / 2);
        this.acceptor = daemon("delay-proxy-accept", this::acceptAll);
    }

    /** Connections accepted since the start or the last call. */
    int takeConnections() {
        return connections.getAndSet(0);
    }

    private void acceptAll() {
        while (!closed) {
            try {
                Socket client = server.accept();
                connections.incrementAndGet();
                Socket origin = new Socket();
                origin.setTcpNoDelay(true);
                client.setTcpNoDelay(true);
                origin.connect(upstream);
                Pair pair = new Pair(client, origin);
                pump(client, origin, pair);
                pump(origin, client, pair);
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("delay proxy: " + e);
                }
            }
        }
    }

    /** One direction: a reader stamping chunks with their departure time, a writer sending them then. */
    private void pump(Socket from, Socket to, Pair pair) {
        BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        daemon("delay-proxy-read", () -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    queue.add(new Chunk(System.nanoTime() + oneWayNanos, Arrays.copyOf(buffer, n)));
                }
            } catch (IOException e) {
                // the connection broke: pass the end on after the delay like a close
            }
            queue.add(new Chunk(System.nanoTime() + oneWayNanos, EOF));
        });
        daemon("delay-proxy-write", () -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    for (long wait = c.due - System.nanoTime(); wait > 0; wait = c.due - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                    }
                    if (c.bytes == EOF) {
                        to.shutdownOutput();
                        break;
                    }
                    out.write(c.bytes);
                }
                pair.directionDone();
            } catch (IOException | InterruptedException e) {
                pair.abort(); // the other side is gone: so is the connection
            }
        });
    }

    private static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
        acceptor.interrupt();
    }

    private record Chunk(long due, byte[] bytes) {
    }

    /** Both sockets of a connection, closed when both directions have ended. */
    private static final class Pair {
        private final Socket a;
        private final Socket b;
        private final AtomicInteger open = new AtomicInteger(2);

        Pair(Socket a, Socket b) {
            this.a = a;
            this.b = b;
        }

        void directionDone() {
            if (open.decrementAndGet() == 0) {
                abort();
            }
        }

        void abort() {
            try (a; b) {
                // closes both
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
