package io.github.camelresourcesync.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/**
 * Lets at most {@code limit} bytes through and fails with the supplied exception as soon as the stream holds more. A
 * stream of exactly {@code limit} bytes passes. Placed after decompression, it stops gzip bombs.
 */
final class BoundedInputStream extends FilterInputStream {

    private final long limit;
    private final Supplier<? extends IOException> onExceeded;
    private long count;

    /** {@code limit <= 0} means unbounded. */
    BoundedInputStream(InputStream in, long limit, Supplier<? extends IOException> onExceeded) {
        this(in, onExceeded, limit <= 0 ? Long.MAX_VALUE : limit);
    }

    private BoundedInputStream(InputStream in, Supplier<? extends IOException> onExceeded, long limit) {
        super(in);
        this.limit = limit;
        this.onExceeded = onExceeded;
    }

    /** At most {@code limit} bytes, taken literally: a limit of 0 lets only an empty stream through. */
    static BoundedInputStream exactly(InputStream in, long limit, Supplier<? extends IOException> onExceeded) {
        return new BoundedInputStream(in, onExceeded, Math.max(0, limit));
    }

    @Override
    public int read() throws IOException {
        if (count >= limit) {
            return probeEnd();
        }
        int b = in.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (count >= limit) {
            return probeEnd();
        }
        int n = in.read(b, off, (int) Math.min(len, limit - count));
        if (n > 0) {
            count += n;
        }
        return n;
    }

    /** At the limit: the stream is fine only if nothing follows. */
    private int probeEnd() throws IOException {
        if (in.read() < 0) {
            return -1;
        }
        throw onExceeded.get();
    }

    @Override
    public long skip(long n) throws IOException {
        // through read() so skipped bytes count too
        byte[] buffer = new byte[(int) Math.min(Math.max(n, 0), 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public synchronized void mark(int readlimit) {
    }

    @Override
    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset not supported");
    }

    long count() {
        return count;
    }
}
