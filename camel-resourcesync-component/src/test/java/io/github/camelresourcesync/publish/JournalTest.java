package io.github.camelresourcesync.publish;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The publisher's write-ahead log on a real file: what an event logged survives once {@code endEvent} returned, is
 * applied again in order on replay, and a crash mid-write (a torn or corrupt last record) ends the replay at the last
 * complete event instead of applying half of one.
 */
class JournalTest {

    @TempDir
    Path dir;

    private final List<String> applied = new ArrayList<>();

    private int replay() throws IOException {
        try (Journal j = new Journal(dir, false)) {
            return j.replay((map, op, key, value) -> applied.add(map + " " + op + " " + key + " " + value));
        }
    }

    private Path file() {
        return dir.resolve(Journal.FILE);
    }

    @Test
    void eventsEndedAreReplayedInOrderWithTheirValuesAndNulls() throws Exception {
        try (Journal j = new Journal(dir, true)) {
            assertTrue(j.isEmpty());
            assertFalse(j.eventPending());
            j.log('r', 'p', "https://example.org/a", "md5=1");
            j.log('r', 'd', "https://example.org/b", null);
            assertTrue(j.eventPending());
            j.endEvent();
            assertFalse(j.eventPending(), "ended: nothing of this event is pending any more");
            assertFalse(j.isEmpty());
            j.log('c', 'x', "ü €", "");
            j.endEvent();
            j.endEvent(); // an event with no update writes nothing
        }
        assertEquals(2, replay(), "two events");
        assertEquals(List.of("r p https://example.org/a md5=1", "r d https://example.org/b null", "c x ü € "),
                applied);
    }

    @Test
    void aReopenedJournalAppendsAfterWhatItHolds() throws Exception {
        try (Journal j = new Journal(dir, false)) {
            j.log('r', 'p', "a", "1");
            j.endEvent();
        }
        try (Journal j = new Journal(dir, false)) {
            j.log('r', 'p', "b", "2");
            j.endEvent();
        }
        assertEquals(2, replay());
        assertEquals(List.of("r p a 1", "r p b 2"), applied);
    }

    @Test
    void aDiscardedEventIsNeverWritten() throws Exception {
        try (Journal j = new Journal(dir, false)) {
            j.log('r', 'p', "failed", "x");
            j.discardEvent();
            assertFalse(j.eventPending());
            j.endEvent();
            assertTrue(j.isEmpty(), "nothing written for a discarded event");
            j.log('r', 'p', "kept", "y");
            j.endEvent();
        }
        assertEquals(1, replay());
        assertEquals(List.of("r p kept y"), applied);
    }

    @Test
    void truncateEmptiesTheJournalAndForgetsThePendingEvent() throws Exception {
        try (Journal j = new Journal(dir, false)) {
            j.log('r', 'p', "a", "1");
            j.endEvent();
            j.log('r', 'p', "pending", "2");
            j.truncate();
            assertTrue(j.isEmpty());
            assertFalse(j.eventPending(), "the commit made the pending update durable elsewhere");
            assertEquals(0, Files.size(file()));
            j.log('r', 'p', "after", "3");
            j.endEvent();
        }
        assertEquals(1, replay());
        assertEquals(List.of("r p after 3"), applied, "written from the start of the emptied file");
    }

    @Test
    void aTornLastRecordEndsTheReplayAtTheLastCompleteEvent() throws Exception {
        writeTwoEvents();
        byte[] all = Files.readAllBytes(file());
        for (int cut = 1; cut <= recordLength(all, 0) + 8; cut++) {
            // every length of a second record cut short by a crash: the first event alone is replayed
            Files.write(file(), Arrays.copyOf(all, all.length - cut));
            applied.clear();
            assertEquals(1, replay(), "cut " + cut + " bytes");
            assertEquals(List.of("r p a 1"), applied);
        }
    }

    @Test
    void aRecordFailingItsChecksumEndsTheReplay() throws Exception {
        writeTwoEvents();
        byte[] all = Files.readAllBytes(file());
        all[all.length - 5] ^= 0x01; // the second record's last payload byte
        Files.write(file(), all);
        assertEquals(1, replay());
        assertEquals(List.of("r p a 1"), applied);
    }

    @Test
    void aNegativeLengthEndsTheReplay() throws Exception {
        writeTwoEvents();
        byte[] all = Files.readAllBytes(file());
        int second = recordLength(all, 0) + 8;
        ByteBuffer.wrap(all).order(ByteOrder.BIG_ENDIAN).putInt(second, -3);
        Files.write(file(), all);
        assertEquals(1, replay());
    }

    @Test
    void aRecordThatPassesItsChecksumButEndsMidUpdateIsReportedNotApplied() throws Exception {
        // a well-formed record whose payload holds half an update: a defect, not a crash, and named as such
        byte[] payload = {0, 'r', 0, 'p'};
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(payload);
        ByteBuffer record = ByteBuffer.allocate(payload.length + 8);
        record.putInt(payload.length).put(payload).putInt((int) crc.getValue());
        Files.write(file(), record.array());
        IOException e = assertThrows(IOException.class, this::replay);
        assertTrue(e.getMessage().contains(file().toString()) && e.getMessage().contains("mid-update"),
                e.getMessage());
    }

    private void writeTwoEvents() throws IOException {
        try (Journal j = new Journal(dir, false)) {
            j.log('r', 'p', "a", "1");
            j.endEvent();
            j.log('r', 'p', "b", "2");
            j.endEvent();
        }
    }

    /** The payload length of the record at {@code offset}. */
    private static int recordLength(byte[] all, int offset) {
        return ByteBuffer.wrap(all).getInt(offset);
    }
}
