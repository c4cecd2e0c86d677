package io.github.camelresourcesync.bridge.atompmh;

import java.net.URI;
import java.time.Instant;

import io.github.camelresourcesync.model.ChangeType;

/**
 * One change the harvest will emit, relative to what the destination has.
 *
 * @param id             the record's {@code atom:id}
 * @param entry          the winning entry, or null for a deletion by absence from a complete feed
 * @param link           the chosen alternate link, or null (deletions)
 * @param location       the event's location
 * @param change         created, updated or deleted
 * @param datetime       the change's time in the feed's own clock
 * @param advancesResume whether delivering it moves the feed's stop point (not for absence, which has no entry time)
 * @param document       the feed document that said so
 */
record PlannedChange(String id, AtomEntry entry, AtomLink link, URI location, ChangeType change, Instant datetime,
                     boolean advancesResume, URI document) {
}
