package io.github.camelresourcesync.harvest;

import io.github.camelresourcesync.model.FileLayout;
import java.time.Duration;
import java.util.Locale;

import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.state.SourceClock;

/**
 * What the harvester does, independent of how documents are fetched and where state is kept. The {@code DEFAULT_*}
 * constants are the only place the defaults are written: the Camel layer's configuration classes document and start
 * from them (enum defaults as the name an endpoint URI takes).
 */
public final class HarvestOptions {

    public static final String DEFAULT_MODE = "auto";
    public static final boolean DEFAULT_FETCH_CONTENT = true;
    public static final boolean DEFAULT_EMIT_DELETES = false;
    public static final String DEFAULT_GAP_POLICY = "baseline";
    public static final int DEFAULT_FETCH_PARALLELISM = 4;
    /**
     * Fetches in flight per run over HTTP/2 ({@code fetchParallelismHttp2}, set on the Camel side): 100 make 2,000
     * requests a second at 50 ms, within the 100-128 streams servers allow on one connection.
     */
    public static final int DEFAULT_FETCH_PARALLELISM_HTTP2 = 100;
    public static final long DEFAULT_REDISCOVERY_INTERVAL_MILLIS = 900_000;
    public static final boolean DEFAULT_PREFER_DUMPS = false;

    private SyncMode mode = SyncMode.valueOf(DEFAULT_MODE.toUpperCase(Locale.ROOT));
    private boolean fetchContent = DEFAULT_FETCH_CONTENT;
    private boolean emitDeletes = DEFAULT_EMIT_DELETES;
    private GapPolicy gapPolicy = GapPolicy.valueOf(DEFAULT_GAP_POLICY.toUpperCase(Locale.ROOT));
    private String capabilityList;
    private Duration fetchWaitLimit = Duration.ofHours(1);
    private int fetchParallelism = DEFAULT_FETCH_PARALLELISM;
    private Duration rediscoveryInterval = Duration.ofMillis(DEFAULT_REDISCOVERY_INTERVAL_MILLIS);
    private int maxDocumentDepth = 4;
    private String stateId;
    private boolean preferDumps = DEFAULT_PREFER_DUMPS;
    private DumpLimits dumpLimits = DumpLimits.DEFAULTS;
    private Duration clockSkewTolerance = SourceClock.DEFAULT.tolerance();
    private FileLayout fileLayout = FileLayout.of(FileLayout.DEFAULT);

    /** How the {@code CamelFileName} of each event (and an audit's names in a directory) is made of its location. */
    public FileLayout fileLayout() {
        return fileLayout;
    }

    public HarvestOptions fileLayout(FileLayout v) {
        this.fileLayout = v;
        return this;
    }

    public SyncMode mode() {
        return mode;
    }

    public HarvestOptions mode(SyncMode v) {
        this.mode = v;
        return this;
    }

    public boolean fetchContent() {
        return fetchContent;
    }

    public HarvestOptions fetchContent(boolean v) {
        this.fetchContent = v;
        return this;
    }

    /** Baseline emits {@code deleted} for resources the destination has but the Resource List no longer lists. */
    public boolean emitDeletes() {
        return emitDeletes;
    }

    public HarvestOptions emitDeletes(boolean v) {
        this.emitDeletes = v;
        return this;
    }

    public GapPolicy gapPolicy() {
        return gapPolicy;
    }

    public HarvestOptions gapPolicy(GapPolicy v) {
        this.gapPolicy = v;
        return this;
    }

    /** Only the Capability List whose URI equals or ends with this value; {@code null} for all. */
    public String capabilityList() {
        return capabilityList;
    }

    public HarvestOptions capabilityList(String v) {
        this.capabilityList = v;
        return this;
    }

    /** Resource bodies fetched concurrently ahead of delivery (delivery stays in order). */
    public int fetchParallelism() {
        return fetchParallelism;
    }

    public HarvestOptions fetchParallelism(int v) {
        this.fetchParallelism = Math.max(1, v);
        return this;
    }

    /** Longest wait for one resource's fetch before its event fails (derived from the fetch policy's bounds). */
    public Duration fetchWaitLimit() {
        return fetchWaitLimit;
    }

    public HarvestOptions fetchWaitLimit(Duration v) {
        this.fetchWaitLimit = v;
        return this;
    }

    /** How long discovered Capability Lists are trusted before the Source Description is read again. */
    public Duration rediscoveryInterval() {
        return rediscoveryInterval;
    }

    public HarvestOptions rediscoveryInterval(Duration v) {
        this.rediscoveryInterval = v;
        return this;
    }

    /** Prefix of this harvester's keys in the state store; {@code null} for none. */
    public String stateId() {
        return stateId;
    }

    public HarvestOptions stateId(String v) {
        this.stateId = v == null || v.isBlank() ? null : v;
        return this;
    }

    /** How deep indexes may nest (index of indexes ...) before the harvester refuses, guarding against loops. */
    public int maxDocumentDepth() {
        return maxDocumentDepth;
    }

    public HarvestOptions maxDocumentDepth(int v) {
        this.maxDocumentDepth = v;
        return this;
    }

    /**
     * Baseline from the Resource Dump and incremental sync from the Change Dump when the Source offers them (fewer
     * requests). Either way, a Source offering only dumps is synced from its dumps.
     */
    public boolean preferDumps() {
        return preferDumps;
    }

    public HarvestOptions preferDumps(boolean v) {
        this.preferDumps = v;
        return this;
    }

    /** Limits on each dump package (entries, inflated size, compression ratio). */
    public DumpLimits dumpLimits() {
        return dumpLimits;
    }

    public HarvestOptions dumpLimits(DumpLimits v) {
        this.dumpLimits = v == null ? DumpLimits.DEFAULTS : v;
        return this;
    }

    /**
     * How far the Source's clock may run ahead of this machine's: a later time from the Source is reported and never
     * becomes a resume point ({@link SourceClock}).
     */
    public Duration clockSkewTolerance() {
        return clockSkewTolerance;
    }

    public HarvestOptions clockSkewTolerance(Duration v) {
        this.clockSkewTolerance = new SourceClock(v).tolerance();
        return this;
    }
}
