package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncResponseConsumer;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.protocol.HttpContext;

/**
 * The response of one request on the async (HTTP/2) client, read by a blocking caller: the head once it arrives
 * ({@link #awaitHead}), the body as an {@link InputStream} fed by the I/O reactor through a bounded window. The
 * window is the flow control: the server may send {@link #WINDOW} bytes the caller has not read yet, no more (HTTP/2
 * window updates, HTTP/1.1 input suspended), so a body of any size streams in bounded memory at the reader's pace. A
 * failure of the exchange (a reset stream, a GOAWAY, a lost connection) wakes the reader with it.
 */
final class AsyncBodyPipe extends InputStream implements AsyncResponseConsumer<Void> {

    /** Unread bytes a server may have sent for one response: 1 MiB / 50 ms round trip = 20 MB/s per stream. */
    static final int WINDOW = 1024 * 1024;

    private final Duration readTimeout;
    private final CountDownLatch head = new CountDownLatch(1);
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition readable = lock.newCondition();
    private final ArrayDeque<ByteBuffer> chunks = new ArrayDeque<>();
    private volatile HttpResponse response;
    private volatile EntityDetails entity;
    private volatile Exception failure;
    private CapacityChannel channel;
    /** bytes read by the caller and not yet given back to the server as window */
    private int consumed;
    private boolean ended;
    private boolean closed;
    private FutureCallback<Void> done;
    /** cancels the exchange (resets its stream) when the caller lets go before the end */
    private volatile Runnable cancel = () -> { };

    AsyncBodyPipe(Duration readTimeout) {
        this.readTimeout = readTimeout;
    }

    void onCancel(Runnable cancel) {
        this.cancel = cancel;
    }

    /** Waits for the response head; rethrows the exchange's failure. */
    HttpResponse awaitHead(Duration limit) throws IOException {
        try {
            if (!head.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                cancel.run();
                throw new SocketTimeoutException("no response within " + limit.toMillis() + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel.run();
            throw new InterruptedIOException("interrupted waiting for a response");
        }
        if (response == null) {
            throw asIOException(failure);
        }
        return response;
    }

    /** The body's details, or {@code null} when the response has none. */
    EntityDetails entity() {
        return entity;
    }

    @Override
    public void consumeResponse(HttpResponse response, EntityDetails entity, HttpContext context,
                                FutureCallback<Void> callback) {
        this.entity = entity;
        lock.lock();
        try {
            done = callback;
            if (entity == null) {
                ended = true;
            }
        } finally {
            lock.unlock();
        }
        this.response = response;
        head.countDown();
        if (entity == null) {
            callback.completed(null);
        }
    }

    @Override
    public void informationResponse(HttpResponse response, HttpContext context) {
        // 1xx: nothing to do
    }

    @Override
    public void updateCapacity(CapacityChannel capacityChannel) throws IOException {
        boolean first;
        lock.lock();
        try {
            first = channel == null;
            channel = capacityChannel;
        } finally {
            lock.unlock();
        }
        if (first) {
            capacityChannel.update(WINDOW);
        }
    }

    @Override
    public void consume(ByteBuffer src) {
        if (!src.hasRemaining()) {
            return;
        }
        ByteBuffer copy = ByteBuffer.allocate(src.remaining());
        copy.put(src).flip();
        lock.lock();
        try {
            if (!closed) {
                chunks.add(copy);
                readable.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void streamEnd(List<? extends Header> trailers) {
        FutureCallback<Void> callback;
        lock.lock();
        try {
            ended = true;
            callback = done;
            readable.signalAll();
        } finally {
            lock.unlock();
        }
        if (callback != null) {
            callback.completed(null);
        }
    }

    @Override
    public void failed(Exception cause) {
        failure = cause;
        lock.lock();
        try {
            readable.signalAll();
        } finally {
            lock.unlock();
        }
        head.countDown();
    }

    @Override
    public void releaseResources() {
        // the chunks go with the caller's close
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n;
        CapacityChannel grant = null;
        int granted = 0;
        lock.lock();
        try {
            long waitNanos = readTimeout.isZero() || readTimeout.isNegative() ? Long.MAX_VALUE : readTimeout.toNanos();
            while (chunks.isEmpty() && !ended && failure == null && !closed) {
                if (waitNanos <= 0) {
                    throw new SocketTimeoutException("Read timed out (no data for " + readTimeout.toMillis()
                            + " ms)");
                }
                waitNanos = readable.awaitNanos(waitNanos);
            }
            if (closed) {
                throw new IOException("body closed");
            }
            if (chunks.isEmpty()) {
                if (failure != null) {
                    throw asIOException(failure);
                }
                return -1;
            }
            ByteBuffer chunk = chunks.peek();
            n = Math.min(len, chunk.remaining());
            chunk.get(b, off, n);
            if (!chunk.hasRemaining()) {
                chunks.poll();
            }
            consumed += n;
            // give the window back in large steps: one update per quarter window, not per read
            if (consumed >= WINDOW / 4 && channel != null && !ended) {
                grant = channel;
                granted = consumed;
                consumed = 0;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted reading a body");
        } finally {
            lock.unlock();
        }
        if (grant != null) {
            grant.update(granted);
        }
        return n;
    }

    @Override
    public int available() {
        lock.lock();
        try {
            return chunks.isEmpty() ? 0 : chunks.peek().remaining();
        } finally {
            lock.unlock();
        }
    }

    /** Before the end of the body: the exchange is cancelled (its HTTP/2 stream reset), not drained. */
    @Override
    public void close() {
        boolean complete;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            complete = ended && chunks.isEmpty();
            closed = true;
            chunks.clear();
            readable.signalAll();
        } finally {
            lock.unlock();
        }
        if (!complete) {
            cancel.run();
        }
    }

    static IOException asIOException(Throwable failure) {
        if (failure instanceof IOException io) {
            return io;
        }
        if (failure instanceof org.apache.hc.core5.http.HttpException http) {
            return new org.apache.hc.client5.http.ClientProtocolException(http.getMessage(), http);
        }
        if (failure == null) {
            return new IOException("the exchange ended without a response");
        }
        return new IOException(failure.getMessage() == null ? failure.toString() : failure.getMessage(), failure);
    }
}
