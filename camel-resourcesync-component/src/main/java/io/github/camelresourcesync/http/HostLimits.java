package io.github.camelresourcesync.http;

import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Politeness per host (scheme, host and port), shared by every fetcher of a {@link FetchEngine}, so every route of
 * a component that fetches from one Source counts together: at most {@link FetcherConfig#maxRequestsPerHost()}
 * requests in flight (each fetcher's own bound counts all the host's requests), and a {@code 429} or {@code 503}
 * with {@code Retry-After} holds back every new request to that host until then, not only the one that got it.
 * Thread-safe.
 */
public final class HostLimits {

    /** One host's requests in flight and when it may be asked again. */
    public static final class Host {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private int inFlight;
        private long pausedUntilNanos = System.nanoTime();

        /** Waits until fewer than {@code limit} ({@code <= 0}: any number) are in flight and no pause holds. */
        void acquire(int limit) throws InterruptedIOException {
            try {
                lock.lockInterruptibly();
                try {
                    while (true) {
                        long pause = pausedUntilNanos - System.nanoTime();
                        if (pause > 0) {
                            changed.awaitNanos(pause);
                        } else if (limit > 0 && inFlight >= limit) {
                            changed.await();
                        } else {
                            inFlight++;
                            return;
                        }
                    }
                } finally {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted waiting for a request slot");
            }
        }

        void release() {
            lock.lock();
            try {
                inFlight--;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** No new request to this host before {@code delay} has passed (a longer pause already set stays). */
        void pause(Duration delay) {
            lock.lock();
            try {
                long until = System.nanoTime() + delay.toNanos();
                if (until - pausedUntilNanos > 0) {
                    pausedUntilNanos = until;
                }
            } finally {
                lock.unlock();
            }
        }

        /** Requests to this host in flight now. */
        public int inFlight() {
            lock.lock();
            try {
                return inFlight;
            } finally {
                lock.unlock();
            }
        }

        /** How long new requests to this host still wait, zero when none. */
        public Duration paused() {
            lock.lock();
            try {
                return Duration.ofNanos(Math.max(0, pausedUntilNanos - System.nanoTime()));
            } finally {
                lock.unlock();
            }
        }
    }

    private final ConcurrentHashMap<String, Host> hosts = new ConcurrentHashMap<>();

    /** The host {@code uri} is on (default ports made explicit, so {@code https://h/} and {@code https://h:443/} are one). */
    public Host of(URI uri) {
        return hosts.computeIfAbsent(key(uri), k -> new Host());
    }

    static String key(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equals(scheme) ? 443 : 80;
        return scheme + "://" + host + ":" + port;
    }
}
