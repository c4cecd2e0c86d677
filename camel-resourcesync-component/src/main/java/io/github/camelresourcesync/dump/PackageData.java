package io.github.camelresourcesync.dump;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.github.camelresourcesync.dump.CentralDirectory.Located;

/**
 * Reads entry bytes of a package file at the offsets its central directory gives ({@link Located}), without
 * {@link java.util.zip.ZipFile}'s per-entry machinery. A package of 10,000 small bitstreams cost ZipFile two system calls
 * per entry (local header, then data), a new inflater stream with its buffer and a cleaner registration; here a package
 * up to 2 GB is memory-mapped (read-only) and each entry inflates straight from it into the caller's array with a
 * pooled {@link Inflater}, about a third less CPU for the whole read. Larger packages (and every package on Windows)
 * are read with positional reads.
 *
 * <p>
 * Compressed bytes are copied from the mapping into a Java array before zlib sees them, rather than handing zlib the
 * mapped address: should the file shrink under us, a Java copy fails with an error, native code would crash the JVM.
 * {@link EntryStream} keeps every guarantee of the former ZipFile-based stream: never more bytes than the central
 * directory declares, exactly that many before end of stream, and a corrupt deflate stream is an error naming the entry.
 */
final class PackageData implements AutoCloseable {

    private static final int LOC_SIG = 0x04034b50;
    private static final int LOC_HEADER = 30;
    private static final int STORED = 0;
    private static final int DEFLATED = 8;
    /** input chunk for the inflater; small entries use fewer bytes of it */
    private static final int CHUNK = 64 * 1024;
    /** pooled inflaters kept; more readers than this allocate and end their own */
    private static final int POOL = 8;
    /**
     * Windows cannot delete a file while it is mapped, and a mapping ends only when collected: the temporary package
     * would outlive its deletion. There every package is read with positional reads.
     */
    private static final boolean MAP = !System.getProperty("os.name", "").startsWith("Windows");

    private final URI packageUri;
    private final FileChannel channel;
    private final long fileSize;
    /** the whole file, or {@code null} when it is too large for one mapping */
    private final ByteBuffer mapped;
    private final Deque<Inflation> pool = new ArrayDeque<>();
    private boolean closed;

    private PackageData(URI packageUri, FileChannel channel, long fileSize, ByteBuffer mapped) {
        this.packageUri = packageUri;
        this.channel = channel;
        this.fileSize = fileSize;
        this.mapped = mapped;
    }

    static PackageData open(Path file, URI packageUri) throws IOException {
        return open(file, packageUri, MAP);
    }

    /** @param map whether to map the file (when under 2 GB); tests read both ways */
    static PackageData open(Path file, URI packageUri, boolean map) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = channel.size();
            MappedByteBuffer mapped = map && size > 0 && size <= Integer.MAX_VALUE
                    ? channel.map(FileChannel.MapMode.READ_ONLY, 0, size) : null;
            return new PackageData(packageUri, channel, size,
                    mapped == null ? null : mapped.order(ByteOrder.LITTLE_ENDIAN));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Streams the bytes of one entry, checked against its local header, never more than {@code z.size()}.
     *
     * @param name for errors
     */
    InputStream open(String name, Located z) throws IOException {
        if ((z.flags() & 1) != 0) {
            throw new DumpException(packageUri, "entry '" + name + "' is encrypted");
        }
        if (z.method() != STORED && z.method() != DEFLATED) {
            throw new DumpException(packageUri, "entry '" + name + "' uses compression method " + z.method()
                                                + " (only stored and deflated entries are read)");
        }
        if (z.method() == STORED && z.compressedSize() != z.size()) {
            throw corrupt(name, "stored entry declares " + z.compressedSize() + " bytes stored but " + z.size()
                                + " bytes of content");
        }
        if (z.localOffset() < 0 || z.localOffset() > fileSize - LOC_HEADER) {
            throw corrupt(name, "local header lies outside the file");
        }
        byte[] header = new byte[LOC_HEADER];
        copy(z.localOffset(), header, 0, LOC_HEADER);
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        if (h.getInt(0) != LOC_SIG) {
            throw corrupt(name, "no local header where the central directory points");
        }
        long data = z.localOffset() + LOC_HEADER + (h.getShort(26) & 0xFFFF) + (h.getShort(28) & 0xFFFF);
        if (z.compressedSize() < 0 || data > fileSize || z.compressedSize() > fileSize - data) {
            throw corrupt(name, "data lies outside the file");
        }
        return new EntryStream(name, z, data, z.method() == DEFLATED ? borrow() : null);
    }

    /** Copies file bytes at {@code position}; the caller has checked they lie inside the file. */
    private void copy(long position, byte[] dst, int off, int len) throws IOException {
        if (mapped != null) {
            // absolute bulk get: no shared position, so readers on several threads do not interfere
            mapped.get((int) position, dst, off, len);
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(dst, off, len);
        while (b.hasRemaining()) {
            if (channel.read(b, position + b.position() - off) < 0) {
                throw new DumpException(packageUri, "ended while reading at offset " + position);
            }
        }
    }

    private synchronized Inflation borrow() {
        Inflation i = pool.poll();
        return i != null ? i : new Inflation();
    }

    private void giveBack(Inflation i) {
        synchronized (this) {
            if (!closed && pool.size() < POOL) {
                i.inflater.reset();
                pool.push(i);
                return;
            }
        }
        i.inflater.end();
    }

    private DumpException corrupt(String name, String why) {
        return new DumpException(packageUri, "entry '" + name + "' is corrupt: " + why);
    }

    /** Closes the file; streams still open keep working on a mapped package (the mapping lives until collected). */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            pool.forEach(i -> i.inflater.end());
            pool.clear();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // read-only: nothing to lose
        }
    }

    /** An inflater with its input array: one per concurrent reader, reused across entries. */
    private static final class Inflation {
        final Inflater inflater = new Inflater(true);
        final byte[] input = new byte[CHUNK];
    }

    /** One entry's bytes: exactly its declared size, or an exception naming the entry. */
    private final class EntryStream extends InputStream {

        private final String name;
        private final long declared;
        private Inflation inflation;
        /** file position of the next compressed (or stored) byte */
        private long next;
        private long compressedLeft;
        private long remaining;
        private boolean ended;
        private boolean closed;

        EntryStream(String name, Located z, long data, Inflation inflation) {
            this.name = name;
            this.declared = z.size();
            this.inflation = inflation;
            this.next = data;
            this.compressedLeft = z.compressedSize();
            this.remaining = z.size();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            java.util.Objects.checkFromIndexSize(off, len, b.length);
            if (closed) {
                throw new IOException("stream of entry '" + name + "' in " + packageUri + " is closed");
            }
            if (len == 0) {
                return 0;
            }
            if (remaining == 0) {
                if (!ended) {
                    checkEnd();
                    ended = true;
                }
                return -1;
            }
            int want = (int) Math.min(len, remaining);
            if (inflation == null) {
                if (compressedLeft <= 0) {
                    // a stored entry's bytes were checked to lie inside the file; cannot happen, but stay exact
                    throw shortBy();
                }
                copy(next, b, off, want);
                next += want;
                compressedLeft -= want;
                remaining -= want;
                return want;
            }
            Inflater inf = inflation.inflater;
            while (true) {
                int n;
                try {
                    n = inf.inflate(b, off, want);
                } catch (DataFormatException e) {
                    throw corrupt(name, e.getMessage());
                }
                if (n > 0) {
                    remaining -= n;
                    return n;
                }
                if (inf.finished()) {
                    throw shortBy();
                }
                if (inf.needsDictionary()) {
                    throw corrupt(name, "deflate stream wants a preset dictionary");
                }
                if (inf.needsInput()) {
                    if (compressedLeft == 0) {
                        throw shortBy();
                    }
                    fill(inf);
                }
            }
        }

        /** All declared bytes arrived: the deflate stream must end here, without a byte more. */
        private void checkEnd() throws IOException {
            if (inflation == null) {
                return;
            }
            Inflater inf = inflation.inflater;
            byte[] one = new byte[1];
            while (!inf.finished()) {
                int n;
                try {
                    n = inf.inflate(one, 0, 1);
                } catch (DataFormatException e) {
                    throw corrupt(name, e.getMessage());
                }
                if (n > 0) {
                    throw new DumpException(packageUri, "entry '" + name + "' inflates to more than the " + declared
                                                        + " bytes it declares (refused as a zip bomb)");
                }
                if (inf.finished()) {
                    // a finished inflater also reports needsInput
                    break;
                }
                if (inf.needsDictionary()) {
                    throw corrupt(name, "deflate stream wants a preset dictionary");
                }
                if (inf.needsInput()) {
                    if (compressedLeft == 0) {
                        throw corrupt(name, "the deflate stream is cut short");
                    }
                    fill(inf);
                }
            }
        }

        private void fill(Inflater inf) throws IOException {
            int k = (int) Math.min(inflation.input.length, compressedLeft);
            copy(next, inflation.input, 0, k);
            next += k;
            compressedLeft -= k;
            inf.setInput(inflation.input, 0, k);
        }

        private DumpException shortBy() {
            return new DumpException(packageUri, "entry '" + name + "' ended " + remaining + " bytes before the "
                                                 + declared + " it declares");
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] buf = new byte[(int) Math.min(8192, Math.max(1, n))];
            long skipped = 0;
            while (skipped < n) {
                int r = read(buf, 0, (int) Math.min(buf.length, n - skipped));
                if (r < 0) {
                    break;
                }
                skipped += r;
            }
            return skipped;
        }

        @Override
        public void close() {
            if (inflation != null) {
                giveBack(inflation);
                inflation = null;
            }
            closed = true;
        }
    }
}
