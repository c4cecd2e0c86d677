package io.github.camelresourcesync.component.publish;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * {@code length} bytes of a file from {@code first} on, read on demand: a response body that the HTTP server streams
 * in constant memory however large the file.
 */
final class FileSlice extends InputStream {

    private final FileChannel channel;
    private long position;
    private long remaining;

    FileSlice(Path file, long first, long length) throws IOException {
        this.channel = FileChannel.open(file);
        this.position = first;
        this.remaining = length;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (remaining <= 0) {
            return -1;
        }
        int n = channel.read(ByteBuffer.wrap(b, off, (int) Math.min(len, remaining)), position);
        if (n < 0) {
            throw new IOException("The file ended " + remaining + " bytes early (it was replaced while served)");
        }
        position += n;
        remaining -= n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, remaining);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
