package io.github.camelresourcesync.state;

import java.time.Instant;

import io.github.camelresourcesync.model.Hashes;

/**
 * What a destination has of one resource, as last delivered.
 *
 * @param location   the resource URI (the key)
 * @param lastmod    its {@code lastmod} as published, nullable
 * @param hash       its fixity as published (or computed when fetched), never null
 * @param length     its length, nullable
 * @param generation the baseline generation that last saw it (see {@link SourceState#baselineGeneration()})
 */
public record ResourceState(String location, Instant lastmod, Hashes hash, Long length, long generation) {

    public ResourceState {
        hash = hash == null ? Hashes.EMPTY : hash;
    }

    public ResourceState withGeneration(long newGeneration) {
        return new ResourceState(location, lastmod, hash, length, newGeneration);
    }
}
