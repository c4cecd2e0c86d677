package io.github.camelresourcesync.component.support;

import io.github.camelresourcesync.component.support.SyncEventEndpoint;
import io.github.camelresourcesync.component.support.SyncEventComponent;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import io.github.camelresourcesync.state.SyncStateStore;

/**
 * What one consumer owns in its component's register of resume points, so that no two routes harvest into one: its
 * endpoint's resume point (claimed at start, by configured URL, state id and store) and the state keys its discoveries
 * found (two URLs of one Source, its Source Description and its Capability List, reach the same state only through
 * discovery). All released when the consumer stops.
 */
final class ResumePointClaims {

    private final SyncEventComponent component;
    private final String routeId;
    private final String storeId;
    private String resumePoint;
    private final Set<String> claimedKeys = new HashSet<>();

    ResumePointClaims(SyncEventComponent component, SyncStateStore store, String routeId) {
        this.component = component;
        this.storeId = String.valueOf(System.identityHashCode(store));
        this.routeId = routeId;
    }

    /** Claims the endpoint's resume point; fails naming both routes when another route owns it. */
    void claim(SyncEventEndpoint ep) {
        resumePoint = storeId + "|" + ep.getStateId() + "|" + ep.getServiceUrl();
        component.claim(resumePoint, ep.getServiceUrl() + (ep.getStateId() == null ? " (no stateId)"
                : " with stateId " + ep.getStateId()), routeId);
    }

    /**
     * Makes the route the one owner of the state keys a discovery found (key to what it is, for the message), and
     * gives up those it no longer follows; fails naming both routes and the key when another route owns one.
     */
    synchronized void claimStateKeys(Map<String, String> found) {
        String prefix = storeId + "|state key|";
        for (Map.Entry<String, String> e : found.entrySet()) {
            if (!claimedKeys.contains(e.getKey())) {
                component.claim(prefix + e.getKey(), e.getValue() + " (state key " + e.getKey() + ")", routeId);
                claimedKeys.add(e.getKey());
            }
        }
        for (Iterator<String> it = claimedKeys.iterator(); it.hasNext(); ) {
            String key = it.next();
            if (!found.containsKey(key)) {
                component.release(prefix + key, routeId);
                it.remove();
            }
        }
    }

    /** Releases the resume point and every state key claimed. */
    void releaseAll() {
        if (resumePoint != null) {
            component.release(resumePoint, routeId);
            resumePoint = null;
        }
        claimStateKeys(Map.of());
    }
}
