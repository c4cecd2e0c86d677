package io.github.camelresourcesync.publish;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * The publisher's write-ahead log: each event's store updates, appended (one {@code write} per event) before the
 * event counts as published, so events need not wait for an MVStore commit (which writes a chunk of pages and costs
 * milliseconds). The store commits a batch at a time and empties the journal; on open, what the journal holds is
 * applied again. Updates are assignments (put, remove, clear), so applying them twice changes nothing: a crash between
 * a commit and the truncation that follows it is harmless.
 *
 * <p>
 * Record: {@code int length, payload, int crc32}. A torn last record (a crash mid-write) fails its length or checksum
 * and ends the replay; its event never completed.
 */
final class Journal implements AutoCloseable {

    static final String FILE = "publisher.journal";

    /** Applies one logged update. */
    @FunctionalInterface
    interface Update {
        void apply(char map, char op, String key, String value);
    }

    private final Path file;
    private final FileChannel channel;
    private final boolean sync;
    private final ByteArrayOutputStream event = new ByteArrayOutputStream();
    private final DataOutputStream eventOut = new DataOutputStream(event);
    private int eventUpdates;

    Journal(Path stateDirectory, boolean sync) throws IOException {
        this.file = stateDirectory.resolve(FILE);
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        this.sync = sync;
        channel.position(channel.size());
    }

    /** Remembers an update of the current event ({@code value} null for remove and clear). */
    void log(char map, char op, String key, String value) {
        try {
            eventOut.writeChar(map);
            eventOut.writeChar(op);
            writeString(key);
            writeString(value);
            eventUpdates++;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code true} when the current event changed something not yet written. */
    boolean eventPending() {
        return eventUpdates > 0;
    }

    /** Appends the current event's updates as one record; once this returns they survive a crash of the JVM. */
    void endEvent() throws IOException {
        if (eventUpdates == 0) {
            return;
        }
        byte[] payload = event.toByteArray();
        CRC32 crc = new CRC32();
        crc.update(payload);
        ByteBuffer record = ByteBuffer.allocate(payload.length + 8);
        record.putInt(payload.length).put(payload).putInt((int) crc.getValue()).flip();
        while (record.hasRemaining()) {
            channel.write(record);
        }
        if (sync) {
            channel.force(false);
        }
        discardEvent();
    }

    /** Forgets the current event's updates (it failed, or a commit made them durable). */
    void discardEvent() {
        event.reset();
        eventUpdates = 0;
    }

    /** Empties the journal: the store committed everything it held. */
    void truncate() throws IOException {
        channel.truncate(0);
        channel.position(0);
        discardEvent();
    }

    boolean isEmpty() throws IOException {
        return channel.size() == 0;
    }

    /** Applies every complete record in order; returns how many events it held. */
    int replay(Update update) throws IOException {
        byte[] all = Files.readAllBytes(file);
        ByteBuffer buf = ByteBuffer.wrap(all);
        int events = 0;
        while (buf.remaining() >= 8) {
            int length = buf.getInt();
            if (length < 0 || length + 4 > buf.remaining()) {
                break;
            }
            byte[] payload = new byte[length];
            buf.get(payload);
            CRC32 crc = new CRC32();
            crc.update(payload);
            if (buf.getInt() != (int) crc.getValue()) {
                break;
            }
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
            try {
                while (true) {
                    char map;
                    try {
                        map = in.readChar();
                    } catch (EOFException end) {
                        break;
                    }
                    update.apply(map, in.readChar(), readString(in), readString(in));
                }
            } catch (EOFException e) {
                throw new IOException("The publisher journal " + file + " has a record that passed its checksum"
                                      + " but ends mid-update", e);
            }
            events++;
        }
        return events;
    }

    private void writeString(String s) throws IOException {
        if (s == null) {
            eventOut.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        eventOut.writeInt(b.length);
        eventOut.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
