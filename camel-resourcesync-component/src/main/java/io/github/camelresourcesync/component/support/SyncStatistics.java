package io.github.camelresourcesync.component.support;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import io.github.camelresourcesync.delivery.DeliveryListener;
import io.github.camelresourcesync.harvest.FixityException;
import io.github.camelresourcesync.harvest.GapListener;
import io.github.camelresourcesync.http.FetchListener;
import io.github.camelresourcesync.http.LinkRefusedException;
import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.model.SyncEvent;

/**
 * Cumulative counters of one consumer since it started, whatever its source of events: what JMX, the metrics, the
 * health check and the dev console report. Also the {@link FetchListener} of the consumer's fetcher, so retries and
 * error statuses are counted where they happen, and the {@link DeliveryListener} of its delivery policy. Thread-safe.
 */
public final class SyncStatistics implements FetchListener, GapListener, DeliveryListener {

    private final Map<ChangeType, LongAdder> events = new EnumMap<>(ChangeType.class);
    private final LongAdder bytesDelivered = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();
    private final LongAdder failedEvents = new LongAdder();
    private final LongAdder fixityFailures = new LongAdder();
    private final LongAdder refusedLinks = new LongAdder();
    private final LongAdder givenUpEvents = new LongAdder();
    private volatile String lastGivenUp;
    private final LongAdder polls = new LongAdder();
    private final LongAdder failedPolls = new LongAdder();
    private final LongAdder pollNanos = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder errorResponses = new LongAdder();
    private final LongAdder gaps = new LongAdder();
    private final LongAdder skippedPolls = new LongAdder();
    private final LongAdder leaseHandOvers = new LongAdder();
    private final LongAdder leasesLost = new LongAdder();
    private volatile String lastSkippedFor;
    private volatile String leaseOwner;
    /** source key to description of the gaps no baseline has closed yet */
    private final Map<String, String> openGaps = new ConcurrentHashMap<>();

    private volatile Instant lastPollStarted;
    private volatile long lastPollMillis = -1;
    private volatile long lastPollEvents;
    private volatile String lastPollError;
    private volatile String lastEventError;
    private volatile String lastRetry;
    private volatile Throwable stoppedBy;
    private volatile Instant newestChange;

    public SyncStatistics() {
        for (ChangeType t : ChangeType.values()) {
            events.put(t, new LongAdder());
        }
    }

    void pollStarted(Instant now) {
        lastPollStarted = now;
    }

    /** @param failure what failed the poll, or {@code null} */
    void pollFinished(long delivered, long nanos, Exception failure) {
        polls.increment();
        pollNanos.add(nanos);
        lastPollMillis = nanos / 1_000_000;
        lastPollEvents = delivered;
        if (failure != null) {
            failedPolls.increment();
            lastPollError = failure.getMessage();
        } else {
            lastPollError = null;
        }
    }

    @Override
    public void delivered(SyncEvent ev) {
        events.get(ev.change()).increment();
        if (ev.content() != null) {
            bytesDelivered.add(ev.content().length());
        }
        Instant t = ev.datetime();
        if (t != null) {
            Instant newest = newestChange;
            if (newest == null || t.isAfter(newest)) {
                newestChange = t;
            }
        }
    }

    /**
     * An event failed (content fetch, fixity, refused link, or the route).
     *
     * @param stopped the sync stopped at it (breakOnFirstError), to retry it next poll
     */
    @Override
    public void eventFailed(SyncEvent ev, Throwable failure, boolean stopped) {
        failedEvents.increment();
        if (cause(failure, FixityException.class) != null) {
            fixityFailures.increment();
        }
        if (cause(failure, LinkRefusedException.class) != null) {
            refusedLinks.increment();
        }
        lastEventError = ev.location() + ": " + failure.getMessage();
        if (stopped) {
            stoppedBy = failure;
        }
    }

    /** An event failed {@code maxEventAttempts} times and was given up: the harvest moved past it. */
    @Override
    public void eventGivenUp(SyncEvent ev, Throwable failure) {
        givenUpEvents.increment();
        lastGivenUp = ev.location() + " (" + ev.eventId() + "): " + failure.getMessage();
    }

    /** Events given up since start (failed {@code maxEventAttempts} times in a row). */
    public long givenUpEvents() {
        return givenUpEvents.sum();
    }

    /** The latest event given up and why, or {@code null}. */
    public String lastGivenUp() {
        return lastGivenUp;
    }

    /** A run went past the point where an earlier one stopped at a failed event. */
    void runCompleted() {
        stoppedBy = null;
    }

    static <T extends Throwable> T cause(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    @Override
    public void retrying(URI uri, int attempt, long delayMillis, String reason) {
        retries.increment();
        lastRetry = uri + ": " + reason;
    }

    @Override
    public void responded(URI uri, int status) {
        if (status >= 400) {
            errorResponses.increment();
        }
    }

    @Override
    public void received(URI uri, long bytes) {
        bytesReceived.add(bytes);
    }

    @Override
    public void gapOpened(Gap gap) {
        gaps.increment();
        openGaps.put(gap.sourceKey(), gap.describe());
    }

    @Override
    public void gapClosed(String sourceKey) {
        openGaps.remove(sourceKey);
    }

    /** Gaps in the Change Lists found that no baseline could close (changes possibly lost). */
    public long gaps() {
        return gaps.sum();
    }

    /** The gaps not closed by a baseline yet, by source key; empty when none. */
    public Map<String, String> openGaps() {
        return Map.copyOf(openGaps);
    }

    public long events(ChangeType type) {
        return events.get(type).sum();
    }

    public long events() {
        return events.values().stream().mapToLong(LongAdder::sum).sum();
    }

    /** Bytes of the bodies delivered to the route. */
    public long bytesDelivered() {
        return bytesDelivered.sum();
    }

    /** Bytes received over HTTP or read from files: documents and bodies, retries included. */
    public long bytesReceived() {
        return bytesReceived.sum();
    }

    public long failedEvents() {
        return failedEvents.sum();
    }

    public long fixityFailures() {
        return fixityFailures.sum();
    }

    /** Links refused by the allowed hosts. */
    public long refusedLinks() {
        return refusedLinks.sum();
    }

    public long polls() {
        return polls.sum();
    }

    public long failedPolls() {
        return failedPolls.sum();
    }

    public long pollNanosTotal() {
        return pollNanos.sum();
    }

    /** Requests retried after a transient failure (5xx, 429, timeout, reset, short body). */
    public long retries() {
        return retries.sum();
    }

    /** Responses with status 400 or more, retried or not. */
    public long errorResponses() {
        return errorResponses.sum();
    }

    public Instant lastPollStarted() {
        return lastPollStarted;
    }

    /** Duration of the last completed poll, or -1 before the first. */
    public long lastPollMillis() {
        return lastPollMillis;
    }

    public long lastPollEvents() {
        return lastPollEvents;
    }

    /** The error of the last poll, or {@code null} when it succeeded. */
    public String lastPollError() {
        return lastPollError;
    }

    /** The latest failed event and why, or {@code null}. */
    public String lastEventError() {
        return lastEventError;
    }

    /** The latest retry and why, or {@code null}. */
    public String lastRetry() {
        return lastRetry;
    }

    /** The failed event the sync is stopped at (breakOnFirstError), or {@code null}. */
    public Throwable stoppedBy() {
        return stoppedBy;
    }

    /** The Source's time of the newest change delivered since start, or {@code null}. */
    public Instant newestChange() {
        return newestChange;
    }

    /** {@code now} minus the newest change, or {@code null} when none is known. */
    public static Duration lag(Instant newest, Instant now) {
        return newest == null ? null : Duration.between(newest, now);
    }

    // ---- leases on the Source (a shared JDBC state store)

    /** A poll skipped because {@code holder} (another node's poll) held the Source's lease. */
    public void pollSkipped(String holder) {
        skippedPolls.increment();
        lastSkippedFor = holder;
    }

    /** This node ({@code owner}) took the Source's lease for a poll. */
    public void leaseTaken(String owner) {
        leaseOwner = owner;
    }

    /** The lease was taken from another node (its last holder). */
    public void leaseHandedOver() {
        leaseHandOvers.increment();
    }

    /** A poll ended because its lease expired or was taken over; its commits were refused. */
    public void leaseLost() {
        leasesLost.increment();
    }

    public long skippedPolls() {
        return skippedPolls.sum();
    }

    public long leaseHandOvers() {
        return leaseHandOvers.sum();
    }

    public long leasesLost() {
        return leasesLost.sum();
    }

    /** Holder of the lease when a poll was last skipped, or null. */
    public String lastSkippedFor() {
        return lastSkippedFor;
    }

    /** This node's name in the leases once it took one, or null (no leases). */
    public String leaseOwner() {
        return leaseOwner;
    }
}
