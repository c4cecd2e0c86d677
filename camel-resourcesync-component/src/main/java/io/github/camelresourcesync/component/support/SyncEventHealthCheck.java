package io.github.camelresourcesync.component.support;

import java.time.Duration;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckResultBuilder;

/**
 * Camel's scheduled-poll consumer check (DOWN after failed polls, with the error and the HTTP status), plus what a
 * poll that did not fail can still hide: DOWN while the sync is stopped at a failed event (breakOnFirstError: a body
 * failing fixity, a refused link) or while a gap in the Change Lists is open that no baseline can close yet, and the
 * consumer's counters and lag as details.
 */
final class SyncEventHealthCheck implements HealthCheck {

    private final HealthCheck polls;
    private final SyncEventPollingConsumer consumer;

    SyncEventHealthCheck(HealthCheck polls, SyncEventPollingConsumer consumer) {
        this.polls = polls;
        this.consumer = consumer;
    }

    @Override
    public Result call(Map<String, Object> options) {
        Result base = polls.call(options);
        HealthCheckResultBuilder b = HealthCheckResultBuilder.on(this).state(base.getState())
                .details(base.getDetails());
        base.getMessage().ifPresent(b::message);
        base.getError().ifPresent(b::error);
        SyncStatistics s = consumer.getStatistics();
        Throwable stopped = s.stoppedBy();
        if (base.getState() == State.UP && stopped != null) {
            b.down().error(stopped).message("Sync stopped at a failed event, retried each poll: " + stopped.getMessage());
        }
        Map<String, String> gaps = s.openGaps();
        if (base.getState() == State.UP && stopped == null && !gaps.isEmpty()) {
            b.down().message("Gap in the Change Lists no baseline can close: " + String.join("; ", gaps.values()));
        }
        b.detail("resourcesync.gaps", s.gaps());
        b.detail("resourcesync.events.created", s.events(ChangeType.CREATED));
        b.detail("resourcesync.events.updated", s.events(ChangeType.UPDATED));
        b.detail("resourcesync.events.deleted", s.events(ChangeType.DELETED));
        b.detail("resourcesync.events.failed", s.failedEvents());
        // passed over (breakOnFirstError=false), tried again each poll: UP, but the destination lacks them meanwhile
        b.detail("resourcesync.events.pending.retry", consumer.pendingRetries());
        b.detail("resourcesync.fixity.failures", s.fixityFailures());
        b.detail("resourcesync.refused.links", s.refusedLinks());
        b.detail("resourcesync.retries", s.retries());
        b.detail("resourcesync.polls.failed", s.failedPolls());
        if (s.leaseOwner() != null) {
            // a shared JDBC store: which node this is, and how its polls fared against the other nodes' leases
            b.detail("resourcesync.lease.node", s.leaseOwner());
            b.detail("resourcesync.polls", s.polls());
            b.detail("resourcesync.polls.skipped.lease.held", s.skippedPolls());
            b.detail("resourcesync.lease.handovers", s.leaseHandOvers());
            b.detail("resourcesync.lease.lost", s.leasesLost());
            putIfSet(b, "resourcesync.last.skipped.for", s.lastSkippedFor());
        }
        putIfSet(b, "resourcesync.last.retry", s.lastRetry());
        putIfSet(b, "resourcesync.last.event.error", s.lastEventError());
        if (s.givenUpEvents() > 0) {
            // the harvest goes on (UP), but the events it gave up on must be looked at
            b.detail("resourcesync.events.given.up", s.givenUpEvents());
            putIfSet(b, "resourcesync.last.given.up", s.lastGivenUp());
        }
        Duration lag = consumer.lag();
        if (lag != null) {
            b.detail("resourcesync.lag.seconds", lag.toSeconds());
        }
        consumer.healthDetails().forEach(b::detail);
        return b.build();
    }

    private static void putIfSet(HealthCheckResultBuilder b, String key, Object value) {
        if (value != null) {
            b.detail(key, value);
        }
    }

    @Override
    public boolean isEnabled() {
        return polls.isEnabled();
    }

    @Override
    public void setEnabled(boolean enabled) {
        polls.setEnabled(enabled);
    }

    @Override
    public boolean isReadiness() {
        return polls.isReadiness();
    }

    @Override
    public boolean isLiveness() {
        return polls.isLiveness();
    }

    @Override
    public Map<String, Object> getMetaData() {
        return polls.getMetaData();
    }

    @Override
    public String getGroup() {
        return polls.getGroup();
    }

    @Override
    public String getId() {
        return polls.getId();
    }
}
