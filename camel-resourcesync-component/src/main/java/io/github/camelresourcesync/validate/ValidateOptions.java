package io.github.camelresourcesync.validate;

import io.github.camelresourcesync.state.SourceClock;

import java.nio.file.Path;
import java.time.Duration;

/** How a validation runs. Defaults are the {@code DEFAULT_*} constants the Camel options refer to. */
public final class ValidateOptions {

    /** The default of {@code sample}: resources whose content is fetched and checked against the lists. */
    public static final int DEFAULT_SAMPLE = 300;
    /** Findings of one rule reported one by one per document; the rest are counted and summed up in one finding. */
    public static final int DEFAULT_FINDINGS_PER_RULE_AND_DOCUMENT = 20;
    /** The Sitemap protocol's limit on entries per document. */
    public static final long SITEMAP_MAX_ENTRIES = 50_000;
    /** The Sitemap protocol's limit on the uncompressed size of a document. */
    public static final long SITEMAP_MAX_BYTES = 50L * 1024 * 1024;

    private int sample = DEFAULT_SAMPLE;
    private Duration clockSkewTolerance = SourceClock.DEFAULT.tolerance();
    private Path spoolDirectory;
    private int findingsPerRuleAndDocument = DEFAULT_FINDINGS_PER_RULE_AND_DOCUMENT;

    public int sample() {
        return sample;
    }

    /** @param v resources whose content is checked; 0 checks none */
    public ValidateOptions sample(int v) {
        if (v < 0) {
            throw new IllegalArgumentException("sample must be 0 or more, not " + v);
        }
        this.sample = v;
        return this;
    }

    public Duration clockSkewTolerance() {
        return clockSkewTolerance;
    }

    /** How far a time may lie in the future before it is reported ({@code clockSkewTolerance}). */
    public ValidateOptions clockSkewTolerance(Duration v) {
        this.clockSkewTolerance = new SourceClock(v).tolerance();
        return this;
    }

    public Path spoolDirectory() {
        return spoolDirectory;
    }

    /** Where the temporary file of listed locations goes; {@code null} for the JVM's temporary directory. */
    public ValidateOptions spoolDirectory(Path v) {
        this.spoolDirectory = v;
        return this;
    }

    public int findingsPerRuleAndDocument() {
        return findingsPerRuleAndDocument;
    }

    public ValidateOptions findingsPerRuleAndDocument(int v) {
        this.findingsPerRuleAndDocument = Math.max(1, v);
        return this;
    }
}
