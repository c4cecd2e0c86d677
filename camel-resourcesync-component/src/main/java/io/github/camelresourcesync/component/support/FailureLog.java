package io.github.camelresourcesync.component.support;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs failed sync events so a person can act on them: one WARN line naming the route, the state id, the resource,
 * the document that listed it and the cause; the stack trace at DEBUG. An event that fails again with the same cause
 * (every poll, for a permanent failure) is not printed in full again: its repeats are counted and summarised at WARN
 * on the 10th, 100th, 1000th ... time.
 */
final class FailureLog {

    private static final Logger LOG = LoggerFactory.getLogger(FailureLog.class);
    /** Events remembered for the summary; the oldest are forgotten beyond this. */
    private static final int REMEMBERED = 1000;

    /**
     * @param times    failures in a row with this cause
     * @param attempts failures in a row with any cause
     * @param givenUp  the event was given up: later failures of it are passed over quietly
     */
    private record Seen(String cause, long times, int attempts, boolean givenUp) {
    }

    private final Map<String, Seen> seen = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Seen> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** How many times in a row the event has failed, counting a failure about to be reported. */
    synchronized int attempt(String eventId) {
        Seen before = seen.get(eventId);
        return before == null ? 1 : before.attempts() + 1;
    }

    /**
     * Whether the event was given up already (a Source without Change Lists lists it again at every baseline): it is
     * then passed over without being reported again; a later change of the resource is another event.
     */
    synchronized boolean givenUpBefore(String eventId, Throwable failure) {
        Seen before = seen.get(eventId);
        if (before == null || !before.givenUp()) {
            return false;
        }
        seen.put(eventId, new Seen(before.cause(), before.times() + 1, before.attempts() + 1, true));
        LOG.debug("Sync event {} failed again after it was given up; passed over: {}", eventId, causeOf(failure));
        return true;
    }

    /**
     * @param attempts the failures of the event in a row, this one included ({@link #attempt}, or more when the run
     *                 remembers failures from before a restart)
     * @param givenUp  the event failed for the last time: the harvest moves past it
     */
    synchronized void failed(String routeId, String stateId, String eventId, String what, URI document,
                             Throwable failure, int attempts, boolean breakOnFirstError, boolean givenUp,
                             boolean log) {
        String cause = causeOf(failure);
        Seen before = seen.get(eventId);
        long times = before != null && before.cause().equals(cause) ? before.times() + 1 : 1;
        seen.put(eventId, new Seen(cause, times, attempts, givenUp));
        if (!log) {
            return;
        }
        if (givenUp) {
            LOG.warn("Route {}{}: sync event {} listed in {} failed {} times in a row and is given up (maxEventAttempts);"
                     + " the harvest moves past it and a later change of it is tried again: {}", routeId,
                    state(stateId), what, document, attempts, cause);
            LOG.debug("Route {}: stack trace of the failure of {}", routeId, what, failure);
            return;
        }
        String next = breakOnFirstError ? "the poll stops here and resumes at it" : "passed over, tried again";
        if (times == 1) {
            LOG.warn("Route {}{}: sync event {} listed in {} failed ({} next poll): {}", routeId, state(stateId), what,
                    document, next, cause);
        } else if (isPowerOfTen(times)) {
            LOG.warn("Route {}{}: sync event {} failed again, {} times in a row, with the same cause: {}", routeId,
                    state(stateId), what, times, cause);
        } else {
            LOG.debug("Route {}{}: sync event {} failed again ({} times): {}", routeId, state(stateId), what, times,
                    cause);
        }
        LOG.debug("Route {}: stack trace of the failure of {}", routeId, what, failure);
    }

    /** Forgets an event that was delivered since it failed. */
    synchronized void delivered(String eventId) {
        if (!seen.isEmpty()) {
            seen.remove(eventId);
        }
    }

    private static String state(String stateId) {
        return stateId == null ? "" : " (stateId " + stateId + ")";
    }

    private static boolean isPowerOfTen(long n) {
        while (n >= 10 && n % 10 == 0) {
            n /= 10;
        }
        return n == 1;
    }

    /** The message of the failure and of its causes that add something, as one line. */
    static String causeOf(Throwable failure) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = failure; t != null && b.length() < 1000; t = t.getCause()) {
            String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (b.indexOf(m) >= 0) {
                continue;
            }
            if (b.length() > 0) {
                b.append(": ");
            }
            b.append(m);
        }
        return b.toString();
    }
}
