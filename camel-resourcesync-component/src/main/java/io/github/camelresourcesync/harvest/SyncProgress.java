package io.github.camelresourcesync.harvest;

import java.util.concurrent.atomic.LongAdder;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counters of one sync run, logged as progress during long work and as a summary at the end. Thread-safe: content
 * fetches count bytes from pool threads.
 */
public final class SyncProgress {

    private static final Logger LOG = LoggerFactory.getLogger(SyncProgress.class);

    /** The default interval between progress lines ({@code progressInterval}); 0 disables them. */
    public static final long DEFAULT_INTERVAL_MILLIS = 10_000;

    private final String name;
    private final long progressIntervalNanos;
    private final long started = System.nanoTime();
    private long lastReport = started;

    private final LongAdder documents = new LongAdder();
    private final LongAdder documentsUnchanged = new LongAdder();
    private final LongAdder entries = new LongAdder();
    private final LongAdder events = new LongAdder();
    private final LongAdder unchanged = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder gone = new LongAdder();
    private final LongAdder failed = new LongAdder();

    public SyncProgress(String name, long progressIntervalMillis) {
        this.name = name;
        this.progressIntervalNanos = progressIntervalMillis * 1_000_000L;
    }

    public void documentRead() {
        documents.increment();
    }

    public void documentUnchanged() {
        documentsUnchanged.increment();
    }

    public void entryRead() {
        entries.increment();
    }

    public void unchangedResource() {
        unchanged.increment();
    }

    public void bytesFetched(long n) {
        bytes.add(n);
    }

    public void gone() {
        gone.increment();
    }

    public void failed() {
        failed.increment();
    }

    /** An event was delivered; logs progress when the interval has passed. */
    public void delivered() {
        events.increment();
        maybeReport();
    }

    void maybeReport() {
        long now = System.nanoTime();
        if (progressIntervalNanos > 0 && now - lastReport >= progressIntervalNanos) {
            lastReport = now;
            LOG.info("{}: in progress: {}", name, describe(now));
        }
    }

    /** Logs the summary: at INFO when something happened, at DEBUG for a poll that found nothing new. */
    public void logSummary() {
        String text = describe(System.nanoTime());
        if (events.sum() > 0 || failed.sum() > 0 || gone.sum() > 0 || documents.sum() > 0 && entries.sum() > 0) {
            LOG.info("{}: sync done: {}", name, text);
        } else {
            LOG.debug("{}: sync done: {}", name, text);
        }
    }

    private String describe(long now) {
        double seconds = Math.max((now - started) / 1e9, 1e-9);
        return String.format(
                "%d documents read (%d unchanged), %d entries, %d events (%.0f/s), %d unchanged resources, "
                             + "%d bytes (%.1f MB/s), %d gone, %d failed, %.1f s",
                documents.sum(), documentsUnchanged.sum(), entries.sum(), events.sum(), events.sum() / seconds,
                unchanged.sum(), bytes.sum(), bytes.sum() / seconds / 1e6, gone.sum(), failed.sum(), seconds);
    }

    public long documents() {
        return documents.sum();
    }

    public long documentsUnchanged() {
        return documentsUnchanged.sum();
    }

    public long entries() {
        return entries.sum();
    }

    public long events() {
        return events.sum();
    }

    public long unchangedResources() {
        return unchanged.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    public long goneCount() {
        return gone.sum();
    }

    public long failedCount() {
        return failed.sum();
    }
}
