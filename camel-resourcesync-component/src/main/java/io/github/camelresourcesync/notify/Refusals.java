package io.github.camelresourcesync.notify;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

import org.slf4j.Logger;

/**
 * Requests to the callback that were refused (missing or wrong signature, unknown topic, malformed body, a
 * verification nobody asked for). Anyone who can reach the callback can send them, so one WARN each would let them
 * flood the log: they are counted, the first is logged, then at most one line per interval with the number refused
 * since. What a request carried is quoted with control characters escaped and cut short, so it cannot forge log lines.
 * Thread-safe.
 */
final class Refusals {


    private final Logger log;
    private final long intervalNanos;
    private final LongAdder total = new LongAdder();
    private boolean logged;
    private long loggedAt;
    private long unlogged;

    Refusals(Logger log, Duration interval) {
        this.log = log;
        this.intervalNanos = interval.toNanos();
    }

    /** Counts a refusal; logs it when the last line is an interval old (with the number refused meanwhile). */
    synchronized void refused(String what) {
        total.increment();
        long now = System.nanoTime();
        if (logged && now - loggedAt < intervalNanos) {
            unlogged++;
            return;
        }
        if (logged) {
            log.warn("{}; {} more callback requests refused in the last {} s", what, unlogged,
                    Duration.ofNanos(now - loggedAt).toSeconds());
        } else {
            log.warn("{} (further refusals are counted, and logged at most once every {} s)", what,
                    Duration.ofNanos(intervalNanos).toSeconds());
        }
        logged = true;
        loggedAt = now;
        unlogged = 0;
    }

    /** Logs the refusals not logged yet, e.g. when the route stops. */
    synchronized void summarise() {
        if (unlogged > 0) {
            log.warn("{} more callback requests refused in the last {} s", unlogged,
                    Duration.ofNanos(System.nanoTime() - loggedAt).toSeconds());
            unlogged = 0;
        }
    }

    /** Refusals since start. */
    long count() {
        return total.sum();
    }

}
