package io.github.camelresourcesync.state;

import java.util.List;

/**
 * One atomic step of a source's state: resources written or removed, and optionally the new {@link SourceState}.
 * A store applies all of it or none of it, so a resume point never runs ahead of the resources it covers.
 *
 * @param source  the new source state, or {@code null} to leave it as it is
 * @param upserts resources to write, never null
 * @param removed locations to remove, never null
 */
public record StateChange(SourceState source, List<ResourceState> upserts, List<String> removed) {

    public StateChange {
        upserts = upserts == null ? List.of() : List.copyOf(upserts);
        removed = removed == null ? List.of() : List.copyOf(removed);
    }

    public static StateChange of(SourceState source) {
        return new StateChange(source, List.of(), List.of());
    }
}
