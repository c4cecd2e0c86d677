package io.github.camelresourcesync.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import org.junit.jupiter.api.Test;

class BoundedInputStreamTest {

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
}
