package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import java.time.Duration;
import java.util.Locale;

import io.github.camelresourcesync.harvest.GapPolicy;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.SyncMode;
import io.github.camelresourcesync.state.SourceClock;
import io.github.camelresourcesync.xml.SitemapReader;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * What a {@code resourcesync:} harvest does: its mode, whether it fetches the bodies, what it does about deletions
 * and gaps, which Capability Lists it follows, and how far it trusts the Source's documents and clock. The defaults are
 * those of {@link HarvestOptions}, {@link SourceClock} and {@link SitemapReader}; {@link #applyTo} is the one place
 * these options become harvest options.
 */
@UriParams
public class HarvestConfiguration extends TemplateConfiguration<HarvestConfiguration> {

    @UriParam(label = "consumer", defaultValue = HarvestOptions.DEFAULT_MODE, enums = "auto,baseline,incremental,audit,validate",
              description = """
                  `auto`: baseline from the Resource List once, then follow the Change List (repeated baseline when \
                  the Source has no Change List). `baseline`: every poll compares the Resource List with what the \
                  destination has and emits what is new or changed. `incremental`: only Change Lists; without a \
                  resume point every listed change is emitted. `audit`: every poll compares what the destination has \
                  (the state store, or `auditDirectory`) with the Resource List and emits one event per resource \
                  `missing`, `changed` or `extra`, then a report; nothing is synced and no state changes (see \
                  docs/audit.md). `validate`: every poll checks the whole Source against the specifications and \
                  emits one exchange per finding, then a report (see docs/validate.md).""")
    private SyncMode mode = SyncMode.valueOf(HarvestOptions.DEFAULT_MODE.toUpperCase(Locale.ROOT));
    @UriParam(label = "consumer", defaultValue = "" + HarvestOptions.DEFAULT_FETCH_CONTENT,
              description = """
                  Fetch each resource and make its bytes the body, verified against the published length and every \
                  published hash; a mismatch fails the event and it is never delivered as good. When false, events \
                  carry metadata only.""")
    private boolean fetchContent = HarvestOptions.DEFAULT_FETCH_CONTENT;
    @UriParam(label = "consumer", defaultValue = "" + HarvestOptions.DEFAULT_EMIT_DELETES,
              description = """
                  In a baseline, emit `deleted` events for resources the destination has but the Resource List no \
                  longer lists. (A baseline run to close a gap in the Change Lists always does.)""")
    private boolean emitDeletes = HarvestOptions.DEFAULT_EMIT_DELETES;
    @UriParam(label = "consumer", defaultValue = HarvestOptions.DEFAULT_GAP_POLICY, enums = "baseline,fail,ignore",
              description = """
                  What to do when the oldest Change List starts after the resume point (changes in between are not \
                  listed any more): `baseline` re-baselines (with deletes), `fail` fails the poll until an operator \
                  acts, `ignore` logs and accepts the loss.""")
    private GapPolicy gapPolicy = GapPolicy.valueOf(HarvestOptions.DEFAULT_GAP_POLICY.toUpperCase(Locale.ROOT));
    @UriParam(label = "consumer",
              description = """
                  Follow only the Capability List whose URI equals or ends with this value, when the Source \
                  Description lists several. Default: all, each with its own resume point.""")
    private String capabilityList;
    @UriParam(label = "consumer,advanced", defaultValue = "" + HarvestOptions.DEFAULT_REDISCOVERY_INTERVAL_MILLIS,
              javaType = "java.time.Duration",
              description = """
                  How long discovered Capability Lists are trusted before the Source Description is read again (also \
                  read again after a failed poll).""")
    private long rediscoveryInterval = HarvestOptions.DEFAULT_REDISCOVERY_INTERVAL_MILLIS;
    @UriParam(label = "consumer,advanced", defaultValue = "" + SourceClock.DEFAULT_TOLERANCE_MILLIS,
              javaType = "java.time.Duration",
              description = """
                  How far the Source's clock may run ahead of this machine's. A time from the Source later than now \
                  plus this (a change's datetime, a list's at) is logged as a WARN and never becomes a resume point, \
                  so the changes after it are still delivered; the change itself is delivered.""")
    private long clockSkewTolerance = SourceClock.DEFAULT_TOLERANCE_MILLIS;
    @UriParam(label = "advanced", defaultValue = "" + SitemapReader.DEFAULT_MAX_ENTRIES,
              description = """
                  Most entries accepted in one document (the Sitemap protocol's limit is 50,000, which real Sources \
                  exceed); a document with more fails the poll with an error naming it. Bounds the memory of an \
                  incremental pass, which sorts the new entries of one Change List. 0 for no limit.""")
    private long maxEntriesPerDocument = SitemapReader.DEFAULT_MAX_ENTRIES;

    /** These options applied to a harvest's options. */
    HarvestOptions applyTo(HarvestOptions options) {
        return options.mode(mode).fetchContent(fetchContent).emitDeletes(emitDeletes).gapPolicy(gapPolicy)
                .capabilityList(capabilityList).rediscoveryInterval(Duration.ofMillis(rediscoveryInterval))
                .clockSkewTolerance(Duration.ofMillis(clockSkewTolerance));
    }

    public SyncMode getMode() {
        return mode;
    }

    public void setMode(SyncMode mode) {
        this.mode = mode;
    }

    public boolean isFetchContent() {
        return fetchContent;
    }

    public void setFetchContent(boolean fetchContent) {
        this.fetchContent = fetchContent;
    }

    public boolean isEmitDeletes() {
        return emitDeletes;
    }

    public void setEmitDeletes(boolean emitDeletes) {
        this.emitDeletes = emitDeletes;
    }

    public GapPolicy getGapPolicy() {
        return gapPolicy;
    }

    public void setGapPolicy(GapPolicy gapPolicy) {
        this.gapPolicy = gapPolicy;
    }

    public String getCapabilityList() {
        return capabilityList;
    }

    public void setCapabilityList(String capabilityList) {
        this.capabilityList = capabilityList;
    }

    public long getRediscoveryInterval() {
        return rediscoveryInterval;
    }

    public void setRediscoveryInterval(long rediscoveryInterval) {
        this.rediscoveryInterval = rediscoveryInterval;
    }

    public long getClockSkewTolerance() {
        return clockSkewTolerance;
    }

    public void setClockSkewTolerance(long clockSkewTolerance) {
        this.clockSkewTolerance = clockSkewTolerance;
    }

    public long getMaxEntriesPerDocument() {
        return maxEntriesPerDocument;
    }

    public void setMaxEntriesPerDocument(long maxEntriesPerDocument) {
        this.maxEntriesPerDocument = maxEntriesPerDocument;
    }
}
