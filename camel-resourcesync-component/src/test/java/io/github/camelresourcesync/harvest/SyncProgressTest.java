package io.github.camelresourcesync.harvest;

import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.FetchRig;
import io.github.camelresourcesync.testsupport.LogCapture;
import io.github.camelresourcesync.testsupport.TestSource;
import io.github.camelresourcesync.xml.SitemapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counters of a sync run as an operator sees them: each counts its own kind, a run over a Source counts what it
 * read and delivered, the summary is logged at INFO only when a poll did something and its rates agree with the time
 * that passed, and progress lines come only once the progress interval has passed.
 */
class SyncProgressTest {

    @RegisterExtension
    final FetchRig rig = new FetchRig(2);

    private static final Pattern SUMMARY = Pattern.compile(": sync done: (\\d+) documents read \\((\\d+) unchanged\\),"
            + " (\\d+) entries, (\\d+) events \\(([\\d.,]+)/s\\), (\\d+) unchanged resources, (\\d+) bytes"
            + " \\(([\\d.,]+) MB/s\\), (\\d+) gone, (\\d+) failed, ([\\d.,]+) s$");

    /** The summary line {@code logSummary} writes, with its level first. */
    private static String summary(SyncProgress p) {
        try (LogCapture log = LogCapture.everything()) {
            p.logSummary();
            return log.lines().stream().filter(l -> l.contains(": sync done: ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no summary in " + log.lines()));
        }
    }

    private static Matcher parse(String line) {
        Matcher m = SUMMARY.matcher(line);
        assertTrue(m.find(), line);
        return m;
    }

    /** A number as {@code String.format} wrote it in the default locale. */
    private static double number(String s) {
        return Double.parseDouble(s.replace(',', '.'));
    }

    @Test
    void eachCounterCountsOnlyItsOwnKind() {
        SyncProgress p = new SyncProgress("counts", 0);
        // a different count for each, so a count landing in the wrong counter shows
        p.documentRead();
        repeat(2, p::documentUnchanged);
        repeat(3, p::entryRead);
        repeat(4, p::unchangedResource);
        p.bytesFetched(100);
        p.bytesFetched(23);
        repeat(5, p::gone);
        repeat(6, p::failed);
        repeat(7, p::delivered);

        assertEquals(List.of(1L, 2L, 3L, 4L, 123L, 5L, 6L, 7L), List.of(p.documents(), p.documentsUnchanged(),
                p.entries(), p.unchangedResources(), p.bytes(), p.goneCount(), p.failedCount(), p.events()));
        Matcher m = parse(summary(p));
        assertEquals(List.of("1", "2", "3", "7", "4", "123", "5", "6"), List.of(m.group(1), m.group(2), m.group(3),
                m.group(4), m.group(6), m.group(7), m.group(9), m.group(10)));
    }

    private static void repeat(int times, Runnable r) {
        for (int i = 0; i < times; i++) {
            r.run();
        }
    }

    private static String level(Consumer<SyncProgress> counts) {
        SyncProgress p = new SyncProgress("level", 0);
        counts.accept(p);
        String line = summary(p);
        return line.substring(0, line.indexOf(' '));
    }

    /** A poll that found nothing new stays out of an INFO log; one that did anything is in it. */
    @Test
    void theSummaryIsAtInfoOnlyWhenThePollDidSomething() {
        assertEquals("DEBUG", level(p -> { }), "nothing happened");
        assertEquals("INFO", level(SyncProgress::delivered));
        assertEquals("INFO", level(SyncProgress::failed));
        assertEquals("INFO", level(SyncProgress::gone));
        assertEquals("INFO", level(p -> {
            p.documentRead();
            p.entryRead();
        }), "a document read with entries in it");
        assertEquals("DEBUG", level(SyncProgress::documentRead), "a document read without entries");
        assertEquals("DEBUG", level(SyncProgress::entryRead), "entries without a document read");
        assertEquals("DEBUG", level(p -> {
            p.documentUnchanged();
            p.unchangedResource();
            p.bytesFetched(10);
        }), "only unchanged documents and resources");
    }

    /**
     * The run's duration, events per second and MB/s agree with the time the test saw pass: the run started between
     * t0 and t1 and was summed up between t2 and t3 (no assertion on how long anything takes).
     */
    @Test
    void theSummaryRatesAreTheCountsOverTheTimeThatPassed() {
        long t0 = System.nanoTime();
        SyncProgress p = new SyncProgress("rates", 0);
        long t1 = System.nanoTime();
        int events = 1000;
        long bytes = 1_000_000_000L;
        repeat(events, p::delivered);
        p.bytesFetched(bytes);
        long t2 = System.nanoTime();
        Matcher m = parse(summary(p));
        long t3 = System.nanoTime();

        // the run divides by at least 1 ns, however coarse the clock
        double shortest = Math.max((t2 - t1) / 1e9, 1e-9);
        double longest = Math.max((t3 - t0) / 1e9, 1e-9);
        double seconds = number(m.group(11));
        assertTrue(seconds >= (t2 - t1) / 1e9 - 0.05 && seconds <= longest + 0.05, seconds + " s");
        double rate = number(m.group(5));
        assertTrue(rate >= events / longest - 0.5 && rate <= events / shortest + 0.5, rate + " events/s");
        double mbs = number(m.group(8));
        assertTrue(mbs >= bytes / longest / 1e6 - 0.05 && mbs <= bytes / shortest / 1e6 + 0.05, mbs + " MB/s");
    }

    @Test
    void noProgressLinesWithoutAnInterval() {
        SyncProgress p = new SyncProgress("quiet", 0);
        try (LogCapture log = LogCapture.everything()) {
            repeat(100, p::delivered);
            assertFalse(log.contains("in progress"), () -> String.join("\n", log.lines()));
        }
    }

    @Test
    void noProgressLinesBeforeTheIntervalHasPassed() {
        SyncProgress p = new SyncProgress("hourly", 3_600_000);
        try (LogCapture log = LogCapture.everything()) {
            repeat(100, p::delivered);
            assertFalse(log.contains("in progress"), () -> String.join("\n", log.lines()));
        }
    }

    /** A busy run logs its progress once a millisecond has passed; the deadline is only a safety net. */
    @Test
    void progressIsLoggedOnceTheIntervalHasPassed() {
        SyncProgress p = new SyncProgress("busy", 1);
        try (LogCapture log = LogCapture.everything()) {
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!log.contains("busy: in progress: ") && System.nanoTime() < deadline) {
                p.delivered();
            }
            assertTrue(log.contains("INFO", "busy: in progress: ", " events ("), () -> String.join("\n", log.lines()));
        }
    }

    /** What one run over a Source counted: its documents, the entries in them, events and their bytes. */
    @Test
    void aRunCountsWhatItReadAndDelivered() throws Exception {
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo!")) {
            Harvester h = new Harvester(source.base(), new HarvestOptions().mode(SyncMode.BASELINE), rig.fetcher(),
                    new SitemapReader(), new InMemoryStateStore(), rig.pool(), () -> new SyncProgress("run", 0));
            SyncProgress first = deliverAll(h);
            assertEquals(List.of(1L, 0L, 2L, 2L, 11L, 0L), counts(first), "the Resource List, a and b");

            SyncProgress second = deliverAll(h);
            assertEquals(List.of(0L, 1L, 0L, 0L, 0L, 0L), counts(second), "the Resource List answered 304");

            source.change("/res/a.txt", "alpha 2");
            source.change("/res/b.txt", "bravo 2");
            source.fail("/res/b.txt", 404, 1);
            SyncProgress third = deliverAll(h);
            assertEquals(List.of(1L, 0L, 2L, 1L, 7L, 1L), counts(third), "b was listed but answered 404");
        }
    }

    /** documents, documents unchanged, entries, events, bytes, gone. */
    private static List<Long> counts(SyncProgress p) {
        return List.of(p.documents(), p.documentsUnchanged(), p.entries(), p.events(), p.bytes(), p.goneCount());
    }

    private static SyncProgress deliverAll(Harvester h) throws Exception {
        try (SyncRun run = h.startRun(0)) {
            Deliveries.deliverAll(run, e -> "");
            return run.progress();
        }
    }
}
