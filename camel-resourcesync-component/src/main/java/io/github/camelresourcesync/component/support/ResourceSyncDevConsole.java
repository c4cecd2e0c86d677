package io.github.camelresourcesync.component.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.model.ChangeType;
import io.github.camelresourcesync.state.SourceState;
import org.apache.camel.Route;
import org.apache.camel.spi.annotations.DevConsole;
import org.apache.camel.support.console.AbstractDevConsole;
import org.apache.camel.util.json.JsonObject;

/**
 * The {@code resourcesync} dev console: per consumer of sync events (ResourceSync and the bridges), each source's
 * resume point, the last poll, the counters and the lag.
 */
@DevConsole(name = "resourcesync", displayName = "ResourceSync", description = """
                                                                     ResourceSync sources: resume points, last poll, \
                                                                     events, lag""")
public class ResourceSyncDevConsole extends AbstractDevConsole {

    public ResourceSyncDevConsole() {
        super("camel", "resourcesync", "ResourceSync", "ResourceSync sources: resume points, last poll, events, lag");
    }

    private List<Route> routes() {
        List<Route> routes = new ArrayList<>();
        for (Route r : getCamelContext().getRoutes()) {
            if (r.getConsumer() instanceof SyncEventPollingConsumer) {
                routes.add(r);
            }
        }
        return routes;
    }

    @Override
    protected String doCallText(Map<String, Object> options) {
        StringBuilder sb = new StringBuilder();
        for (Route r : routes()) {
            SyncEventPollingConsumer c = (SyncEventPollingConsumer) r.getConsumer();
            SyncStatistics s = c.getStatistics();
            sb.append(String.format("Route: %s (%s)%n", r.getRouteId(),
                    c.getEndpoint().describe()));
            c.sourceStates().forEach((key, state) -> sb.append(String.format("    Source: %s: %s%n", key,
                    ManagedSyncStatistics.describe(state))));
            sb.append(String.format("    Last poll: %s, %d ms, %d events%s%n",
                    s.lastPollStarted() == null ? "never" : s.lastPollStarted().toString(), s.lastPollMillis(),
                    s.lastPollEvents(), s.lastPollError() == null ? "" : ", failed: " + s.lastPollError()));
            sb.append(String.format("    Events: %d created, %d updated, %d deleted, %d failed (%d fixity, %d refused"
                                    + " links); %d bytes delivered; %d retries; %d polls (%d failed)%n",
                    s.events(ChangeType.CREATED), s.events(ChangeType.UPDATED), s.events(ChangeType.DELETED),
                    s.failedEvents(), s.fixityFailures(), s.refusedLinks(), s.bytesDelivered(), s.retries(),
                    s.polls(), s.failedPolls()));
            if (s.leaseOwner() != null) {
                sb.append(String.format("    Node %s: %d polls skipped (lease held by another node), %d lease"
                                        + " hand-overs, %d leases lost%n", s.leaseOwner(), s.skippedPolls(),
                        s.leaseHandOvers(), s.leasesLost()));
            }
            Duration lag = c.lag();
            sb.append(String.format("    Lag: %s%n", lag == null ? "unknown" : lag.toSeconds() + " s"));
            if (s.givenUpEvents() > 0) {
                sb.append(String.format("    Given up: %d events, the latest %s%n", s.givenUpEvents(),
                        s.lastGivenUp()));
            }
            if (s.lastEventError() != null) {
                sb.append(String.format("    Last failed event: %s%n", s.lastEventError()));
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }

    @Override
    protected Map<String, Object> doCallJson(Map<String, Object> options) {
        JsonObject root = new JsonObject();
        List<JsonObject> list = new ArrayList<>();
        for (Route r : routes()) {
            SyncEventPollingConsumer c = (SyncEventPollingConsumer) r.getConsumer();
            SyncStatistics s = c.getStatistics();
            JsonObject jo = new JsonObject();
            jo.put("routeId", r.getRouteId());
            jo.put("endpointUri", c.getEndpoint().describe());
            List<JsonObject> sources = new ArrayList<>();
            c.sourceStates().forEach((key, state) -> sources.add(source(key, state)));
            jo.put("sources", sources);
            if (s.lastPollStarted() != null) {
                jo.put("lastPollStarted", s.lastPollStarted().toString());
            }
            jo.put("lastPollDurationMillis", s.lastPollMillis());
            jo.put("lastPollEvents", s.lastPollEvents());
            if (s.lastPollError() != null) {
                jo.put("lastPollError", s.lastPollError());
            }
            Map<String, Object> events = new LinkedHashMap<>();
            for (ChangeType t : ChangeType.values()) {
                events.put(t.value(), s.events(t));
            }
            jo.put("events", events);
            jo.put("failedEvents", s.failedEvents());
            jo.put("fixityFailures", s.fixityFailures());
            jo.put("refusedLinks", s.refusedLinks());
            jo.put("bytesDelivered", s.bytesDelivered());
            jo.put("retries", s.retries());
            jo.put("polls", s.polls());
            jo.put("failedPolls", s.failedPolls());
            if (s.leaseOwner() != null) {
                jo.put("leaseNode", s.leaseOwner());
                jo.put("pollsSkippedLeaseHeld", s.skippedPolls());
                jo.put("leaseHandOvers", s.leaseHandOvers());
                jo.put("leasesLost", s.leasesLost());
            }
            Duration lag = c.lag();
            if (lag != null) {
                jo.put("lagSeconds", lag.toSeconds());
            }
            jo.put("givenUpEvents", s.givenUpEvents());
            if (s.lastGivenUp() != null) {
                jo.put("lastGivenUp", s.lastGivenUp());
            }
            if (s.lastEventError() != null) {
                jo.put("lastEventError", s.lastEventError());
            }
            list.add(jo);
        }
        root.put("consumers", list);
        return root;
    }

    private static JsonObject source(String key, SourceState state) {
        JsonObject so = new JsonObject();
        so.put("key", key);
        so.put("baselineComplete", state.baselineComplete());
        so.put("baselineGeneration", state.baselineGeneration());
        if (state.resumeTime() != null) {
            so.put("resumeTime", state.resumeTime().toString());
        }
        if (state.cursor() != null) {
            so.put("cursor", state.cursor());
        }
        return so;
    }
}
