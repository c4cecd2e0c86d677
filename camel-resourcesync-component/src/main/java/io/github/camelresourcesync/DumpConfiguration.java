package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.TemplateConfiguration;
import io.github.camelresourcesync.dump.DumpLimits;
import io.github.camelresourcesync.harvest.HarvestOptions;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/**
 * Whether a {@code resourcesync:} harvest syncs from the Source's dumps, and the limits each dump package must keep.
 * The defaults are those of {@link HarvestOptions} and {@link DumpLimits}.
 */
@UriParams
public class DumpConfiguration extends TemplateConfiguration<DumpConfiguration> {

    @UriParam(label = "consumer,dump", defaultValue = "" + HarvestOptions.DEFAULT_PREFER_DUMPS,
              description = """
                  Sync from the Source's Resource Dump (baseline) and Change Dump (incremental) when it offers them: \
                  one ZIP package per many resources instead of one GET each. Lists are used when the Source has no \
                  dumps; a Source that offers only dumps is synced from them whatever this says. Each bitstream is \
                  verified against its manifest's hash and length, and the resume point works as with lists.""")
    private boolean preferDumps = HarvestOptions.DEFAULT_PREFER_DUMPS;
    @UriParam(label = "consumer,dump", defaultValue = "" + DumpLimits.DEFAULT_MAX_ENTRIES,
              description = """
                  Most ZIP entries (and manifest entries) one dump package may have; a package with more is refused \
                  whole.""")
    private int maxDumpEntries = DumpLimits.DEFAULT_MAX_ENTRIES;
    @UriParam(label = "consumer,dump", defaultValue = "" + DumpLimits.DEFAULT_MAX_UNCOMPRESSED_SIZE,
              description = """
                  Most bytes the entries of one dump package may inflate to (default 4 GiB); a package declaring \
                  more is refused whole, and no entry is ever read past the size it declares.""")
    private long maxDumpSize = DumpLimits.DEFAULT_MAX_UNCOMPRESSED_SIZE;
    @UriParam(label = "consumer,dump", defaultValue = "" + DumpLimits.DEFAULT_MAX_COMPRESSION_RATIO,
              description = """
                  Most an entry of a dump package (or the package as a whole) may inflate relative to its compressed \
                  size, against zip bombs; entries under 64 KiB are exempt. A package over it is refused whole.""")
    private int maxDumpCompressionRatio = DumpLimits.DEFAULT_MAX_COMPRESSION_RATIO;

    /** These options applied to a harvest's options. */
    HarvestOptions applyTo(HarvestOptions options) {
        return options.preferDumps(preferDumps)
                .dumpLimits(new DumpLimits(maxDumpEntries, maxDumpSize, maxDumpCompressionRatio));
    }

    public boolean isPreferDumps() {
        return preferDumps;
    }

    public void setPreferDumps(boolean preferDumps) {
        this.preferDumps = preferDumps;
    }

    public int getMaxDumpEntries() {
        return maxDumpEntries;
    }

    public void setMaxDumpEntries(int maxDumpEntries) {
        this.maxDumpEntries = maxDumpEntries;
    }

    public long getMaxDumpSize() {
        return maxDumpSize;
    }

    public void setMaxDumpSize(long maxDumpSize) {
        this.maxDumpSize = maxDumpSize;
    }

    public int getMaxDumpCompressionRatio() {
        return maxDumpCompressionRatio;
    }

    public void setMaxDumpCompressionRatio(int maxDumpCompressionRatio) {
        this.maxDumpCompressionRatio = maxDumpCompressionRatio;
    }
}
