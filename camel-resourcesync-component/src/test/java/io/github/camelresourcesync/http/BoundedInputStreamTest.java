package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The limit on a body: exactly the limit passes, one byte more fails, however the bytes are read or skipped. */
class BoundedInputStreamTest {

    private static byte[] randomBytes(int size) {
        byte[] b = new byte[size];
        new Random(42).nextBytes(b);
        return b;
    }

    private static BoundedInputStream bounded(byte[] data, long limit) {
        return new BoundedInputStream(new ByteArrayInputStream(data), limit, () -> new IOException("over " + limit));
    }

    private static InputStream bounded(int size, long limit) {
        return new BoundedInputStream(new ByteArrayInputStream(new byte[size]), limit,
                () -> new IOException("over " + limit));
    }

    @Test
    void exactlyTheLimitPasses() throws IOException {
        assertEquals(10, bounded(10, 10).readAllBytes().length);
        InputStream in = bounded(3, 3);
        assertEquals(0, in.read());
        assertEquals(0, in.read());
        assertEquals(0, in.read());
        assertEquals(-1, in.read());
    }

    @Test
    void oneByteMoreFails() {
        assertEquals("over 10", assertThrows(IOException.class, () -> bounded(11, 10).readAllBytes()).getMessage());
        assertThrows(IOException.class, () -> bounded(11, 10).skip(20));
    }

    @Test
    void zeroOrLessIsUnbounded() throws IOException {
        assertEquals(100_000, bounded(100_000, 0).readAllBytes().length);
    }

    @Test
    void oneByteMoreFailsWhenReadByteByByte() throws IOException {
        // zero bytes count as much as any other
        InputStream in = bounded(4, 3);
        assertEquals(0, in.read());
        assertEquals(0, in.read());
        assertEquals(0, in.read());
        assertEquals("over 3", assertThrows(IOException.class, in::read).getMessage());
    }

    @Test
    void bytesPassUnchangedAndAreCounted() throws IOException {
        byte[] data = randomBytes(1000);
        BoundedInputStream in = bounded(data, 1000);
        byte[] first = new byte[10];
        assertEquals(10, in.read(first, 0, 10));
        assertEquals(data[10] & 0xff, in.read());
        assertEquals(11, in.count());
        byte[] rest = in.readAllBytes();
        assertArrayEquals(Arrays.copyOfRange(data, 11, 1000), rest);
        assertEquals(1000, in.count());
        assertEquals(0, in.read(new byte[5], 0, 0));
        assertFalse(in.markSupported());
        assertThrows(IOException.class, in::reset);
    }

    @Test
    void skipCountsTheSkippedBytes() throws IOException {
        byte[] data = randomBytes(20_000);
        BoundedInputStream in = bounded(data, 20_000);
        assertEquals(5, in.skip(5));
        assertEquals(data[5] & 0xff, in.read());
        assertEquals(10_000, in.skip(10_000), "more than one internal buffer");
        assertEquals(data[10_006] & 0xff, in.read());
        assertEquals(10_007, in.count());
        assertEquals(0, in.skip(0));
        assertEquals(0, in.skip(-3));
        assertEquals(20_000 - 10_007, in.skip(50_000), "up to the end, not beyond");
        assertEquals(-1, in.read());
    }

    @Test
    void skippingPastTheLimitFails() throws IOException {
        BoundedInputStream in = bounded(randomBytes(100), 50);
        assertEquals(50, in.skip(50), "up to the limit is fine");
        assertEquals("over 50", assertThrows(IOException.class, () -> in.skip(1)).getMessage());
    }

    @Test
    void exactlyZeroLetsOnlyAnEmptyStreamThrough() throws IOException {
        assertEquals(-1, BoundedInputStream.exactly(InputStream.nullInputStream(), 0, () -> new IOException("over"))
                .read());
        InputStream one = BoundedInputStream.exactly(new ByteArrayInputStream(new byte[] {7}), 0,
                () -> new IOException("over 0"));
        assertEquals("over 0", assertThrows(IOException.class, one::read).getMessage());
    }
}
