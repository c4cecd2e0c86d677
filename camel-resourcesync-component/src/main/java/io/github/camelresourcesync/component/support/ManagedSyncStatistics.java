package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.component.support.SyncStatistics;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.state.SourceState;
import org.apache.camel.api.management.ManagedAttribute;

/**
 * The JMX attributes of a consumer of sync events: a read-only view over its {@link SyncStatistics} and resume points,
 * also what the health check, the dev console and the meters read ({@link #lag()}).
 * <p>
 * An interface, mixed into {@link SyncEventPollingConsumer}: the MBean Camel registers for a consumer
 * ({@code org.apache.camel:context=...,type=consumers,name=<consumer class>(...)}) adds the
 * {@code @ManagedAttribute}s of the consumer object's classes and interfaces to Camel's own, so the view keeps that
 * object name and these attribute names, as camel-management-api declares its attributes on interfaces.
 */
public interface ManagedSyncStatistics {

    /** Cumulative counters since the consumer started. */
    SyncStatistics getStatistics();

    /**
     * What the destination has committed per source (resume points), keyed by source key. Must not fetch anything.
     * Default: none known.
     */
    default Map<String, SourceState> sourceStates() {
        return Map.of();
    }

    /**
     * Events passed over after a failure ({@code breakOnFirstError=false}) and remembered in the state, to be tried
     * again each poll until delivered or given up; never fetches anything. Default: none.
     */
    default long pendingRetries() {
        return 0;
    }

    /** The newest change delivered since start, else the newest resume point committed before. */
    default Instant newestChange() {
        Instant newest = getStatistics().newestChange();
        if (newest == null) {
            for (SourceState s : sourceStates().values()) {
                if (s.resumeTime() != null && (newest == null || s.resumeTime().isAfter(newest))) {
                    newest = s.resumeTime();
                }
            }
        }
        return newest;
    }

    /** Now minus the newest change applied, or {@code null} when no change time is known. */
    default Duration lag() {
        return SyncStatistics.lag(newestChange(), Instant.now());
    }

    /** One line for a resume point, as JMX and the dev console show it. */
    static String describe(SourceState s) {
        StringBuilder b = new StringBuilder(s.baselineComplete() ? "baseline complete" : "baseline pending");
        b.append(" (generation ").append(s.baselineGeneration()).append("), resume at ")
                .append(s.resumeTime() == null ? "-" : s.resumeTime().toString());
        if (s.cursor() != null) {
            b.append(", cursor ").append(s.cursor());
        }
        return b.toString();
    }

    @ManagedAttribute(description = "Resume point per source: source key = baseline state, resume time, cursor")
    default Map<String, String> getResumePoints() {
        Map<String, String> m = new LinkedHashMap<>();
        sourceStates().forEach((k, v) -> m.put(k, describe(v)));
        return m;
    }

    @ManagedAttribute(description = "When the last poll started (ISO-8601), empty before the first")
    default String getLastPollStarted() {
        Instant t = getStatistics().lastPollStarted();
        return t == null ? "" : t.toString();
    }

    @ManagedAttribute(description = "Duration of the last completed poll in milliseconds (-1 before the first)")
    default long getLastPollDurationMillis() {
        return getStatistics().lastPollMillis();
    }

    @ManagedAttribute(description = "Events delivered by the last completed poll")
    default long getLastPollEvents() {
        return getStatistics().lastPollEvents();
    }

    @ManagedAttribute(description = "Error of the last poll, empty when it succeeded")
    default String getLastPollError() {
        String e = getStatistics().lastPollError();
        return e == null ? "" : e;
    }

    @ManagedAttribute(description = "The latest failed event and why, empty when none")
    default String getLastEventError() {
        String e = getStatistics().lastEventError();
        return e == null ? "" : e;
    }

    @ManagedAttribute(description = "Polls since start")
    default long getPolls() {
        return getStatistics().polls();
    }

    @ManagedAttribute(description = "Polls skipped since start because another node's poll held the Source's lease")
    default long getPollsSkippedLeaseHeld() {
        return getStatistics().skippedPolls();
    }

    @ManagedAttribute(description = "Leases on the Source this node took over from another node since start")
    default long getLeaseHandOvers() {
        return getStatistics().leaseHandOvers();
    }

    @ManagedAttribute(description = "Polls ended since start because their lease expired or was taken over")
    default long getLeasesLost() {
        return getStatistics().leasesLost();
    }

    @ManagedAttribute(description = "Polls that failed since start")
    default long getFailedPolls() {
        return getStatistics().failedPolls();
    }

    @ManagedAttribute(description = "Created events delivered since start")
    default long getCreatedEvents() {
        return getStatistics().events(ChangeType.CREATED);
    }

    @ManagedAttribute(description = "Updated events delivered since start")
    default long getUpdatedEvents() {
        return getStatistics().events(ChangeType.UPDATED);
    }

    @ManagedAttribute(description = "Deleted events delivered since start")
    default long getDeletedEvents() {
        return getStatistics().events(ChangeType.DELETED);
    }

    @ManagedAttribute(description = "Bytes of the bodies delivered since start")
    default long getBytesDelivered() {
        return getStatistics().bytesDelivered();
    }

    @ManagedAttribute(description = "Events that failed since start (fetch, fixity, refused link, route)")
    default long getFailedEvents() {
        return getStatistics().failedEvents();
    }

    @ManagedAttribute(description = "Events given up since start after maxEventAttempts failures in a row")
    default long getGivenUpEvents() {
        return getStatistics().givenUpEvents();
    }

    @ManagedAttribute(description = """
                          Events passed over after a failure and tried again each poll until delivered or given up \
                          (breakOnFirstError=false)""")
    default long getPendingRetries() {
        return pendingRetries();
    }

    @ManagedAttribute(description = "Bodies that failed their published length or hash since start")
    default long getFixityFailures() {
        return getStatistics().fixityFailures();
    }

    @ManagedAttribute(description = "Links refused by allowedHosts since start")
    default long getRefusedLinks() {
        return getStatistics().refusedLinks();
    }

    @ManagedAttribute(description = "HTTP requests retried since start (5xx, 429, timeouts, resets, short bodies)")
    default long getRetries() {
        return getStatistics().retries();
    }

    @ManagedAttribute(description = "Seconds between now and the newest change applied (-1 when unknown)")
    default long getLagSeconds() {
        Duration lag = lag();
        return lag == null ? -1 : lag.toSeconds();
    }
}
