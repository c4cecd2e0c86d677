package io.github.camelresourcesync.publish;

import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

import io.github.camelresourcesync.model.Entry;

/**
 * How a {@link Publisher} lays out and maintains its Source. Fluent setters; see docs/publisher.md. The
 * {@code DEFAULT_*} constants are the only place the defaults are written: the Camel layer's configuration documents
 * and starts from them.
 */
public final class PublisherOptions {

    /** The Sitemap protocol's limit of entries per document. */
    public static final int SITEMAP_LIMIT = 50_000;

    public static final boolean DEFAULT_STORE_CONTENT = false;
    public static final String DEFAULT_HASH_ALGORITHMS = "md5,sha-256";
    public static final int DEFAULT_CHANGE_LIST_SIZE = 1000;
    public static final long DEFAULT_CHANGE_LIST_MAX_AGE_MILLIS = 0;
    public static final int DEFAULT_CHANGE_LIST_RETENTION = 0;
    public static final boolean DEFAULT_STAMP_UNTIL = false;
    public static final boolean DEFAULT_RESOURCE_DUMP = false;
    public static final boolean DEFAULT_CHANGE_DUMP = false;
    public static final int DEFAULT_RESOURCE_LIST_SIZE = SITEMAP_LIMIT;
    public static final long DEFAULT_RESOURCE_LIST_INTERVAL_MILLIS = 10_000;
    public static final int DEFAULT_FLUSH_SIZE = 1000;
    public static final long DEFAULT_FLUSH_INTERVAL_MILLIS = 200;
    public static final boolean DEFAULT_SYNC = false;

    private Path directory;
    private URI baseUrl;
    private Path stateDirectory;
    private boolean storeContent = DEFAULT_STORE_CONTENT;
    private int resourceListSize = DEFAULT_RESOURCE_LIST_SIZE;
    private Duration resourceListInterval = Duration.ofMillis(DEFAULT_RESOURCE_LIST_INTERVAL_MILLIS);
    private int changeListSize = DEFAULT_CHANGE_LIST_SIZE;
    private Duration changeListMaxAge = Duration.ofMillis(DEFAULT_CHANGE_LIST_MAX_AGE_MILLIS);
    private int changeListRetention = DEFAULT_CHANGE_LIST_RETENTION;
    private boolean stampUntil = DEFAULT_STAMP_UNTIL;
    private int flushSize = DEFAULT_FLUSH_SIZE;
    private Duration flushInterval = Duration.ofMillis(DEFAULT_FLUSH_INTERVAL_MILLIS);
    private boolean sync = DEFAULT_SYNC;
    private boolean resourceDump = DEFAULT_RESOURCE_DUMP;
    private boolean changeDump = DEFAULT_CHANGE_DUMP;
    private List<String> hashAlgorithms = HashAlgorithms.DEFAULT;
    private PublicationListener listener = PublicationListener.NOOP;
    private Clock clock = Clock.systemUTC();
    private List<Entry> capabilityEntries = List.of();

    /** Checks the combination and fills defaults; returns this. */
    PublisherOptions validated() {
        Objects.requireNonNull(directory, "publisher: the directory is required");
        Objects.requireNonNull(baseUrl, "publisher: the baseUrl (where the directory is served) is required");
        if (!baseUrl.isAbsolute() || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("publisher: baseUrl must be an absolute http(s) URL, not " + baseUrl);
        }
        if (!baseUrl.getPath().endsWith("/")) {
            baseUrl = URI.create(baseUrl + "/");
        }
        if (resourceListSize < 1 || resourceListSize > SITEMAP_LIMIT) {
            throw new IllegalArgumentException("publisher: resourceListSize must be 1.." + SITEMAP_LIMIT);
        }
        if (changeListSize < 1 || changeListSize > SITEMAP_LIMIT) {
            throw new IllegalArgumentException("publisher: changeListSize must be 1.." + SITEMAP_LIMIT);
        }
        if (changeListRetention < 0) {
            throw new IllegalArgumentException("publisher: changeListRetention must be 0 (keep every closed Change"
                                               + " List) or more, not " + changeListRetention);
        }
        if (flushSize < 1) {
            throw new IllegalArgumentException("publisher: flushSize must be at least 1");
        }
        if ((resourceDump || changeDump) && !storeContent) {
            throw new IllegalArgumentException("publisher: resourceDump and changeDump package the stored"
                                               + " bitstreams, so they need storeContent=true");
        }
        HashAlgorithms.validated(hashAlgorithms);
        directory = directory.toAbsolutePath().normalize();
        if (stateDirectory == null) {
            stateDirectory = directory.resolve(".publisher");
        }
        return this;
    }

    public Path directory() {
        return directory;
    }

    /** The directory the Source is written into (the web server's document root for {@link #baseUrl()}). */
    public PublisherOptions directory(Path value) {
        this.directory = value;
        return this;
    }

    public URI baseUrl() {
        return baseUrl;
    }

    /** The URL the directory is served at; every published URI is resolved against it. */
    public PublisherOptions baseUrl(URI value) {
        this.baseUrl = value;
        return this;
    }

    public Path stateDirectory() {
        return stateDirectory;
    }

    /** Where the publisher keeps what it published; default {@code <directory>/.publisher} (not to be served). */
    public PublisherOptions stateDirectory(Path value) {
        this.stateDirectory = value;
        return this;
    }

    public boolean storeContent() {
        return storeContent;
    }

    /** Store bodies under {@code resources/} and publish those copies, with a {@code via} link to the original. */
    public PublisherOptions storeContent(boolean value) {
        this.storeContent = value;
        return this;
    }

    public int resourceListSize() {
        return resourceListSize;
    }

    /** Entries per Resource List; more resources split the list behind a Resource List Index. */
    public PublisherOptions resourceListSize(int value) {
        this.resourceListSize = value;
        return this;
    }

    public Duration resourceListInterval() {
        return resourceListInterval;
    }

    /** Least time between two rewrites of the Resource Lists (and Resource Dump); zero: after every change. */
    public PublisherOptions resourceListInterval(Duration value) {
        this.resourceListInterval = value;
        return this;
    }

    public int changeListSize() {
        return changeListSize;
    }

    /**
     * Changes in one Change List before it is closed and a new one opened. A moved resource's deletion and creation
     * stay in one list: it closes one change early for them (with {@code 1}, such a list holds the two).
     */
    public PublisherOptions changeListSize(int value) {
        this.changeListSize = value;
        return this;
    }

    public Duration changeListMaxAge() {
        return changeListMaxAge;
    }

    /** Close the open Change List once it is this old (wall clock) at the next change; zero: no time rotation. */
    public PublisherOptions changeListMaxAge(Duration value) {
        this.changeListMaxAge = value;
        return this;
    }

    public int changeListRetention() {
        return changeListRetention;
    }

    /**
     * Closed Change Lists kept (with their Change Dump packages); older ones leave the index and are deleted at the
     * next rotation. Zero: all are kept.
     */
    public PublisherOptions changeListRetention(int value) {
        this.changeListRetention = value;
        return this;
    }

    public boolean stampUntil() {
        return stampUntil;
    }

    /** Give the open Change List {@code until} = its last change, for harvesters that skip lists without one. */
    public PublisherOptions stampUntil(boolean value) {
        this.stampUntil = value;
        return this;
    }

    public int flushSize() {
        return flushSize;
    }

    /** Write the documents as soon as this many accepted changes wait for them (1: after every event). */
    public PublisherOptions flushSize(int value) {
        this.flushSize = value;
        return this;
    }

    public Duration flushInterval() {
        return flushInterval;
    }

    /** Longest time an accepted change waits for the documents (the caller's timer runs {@code flushIfDue}). */
    public PublisherOptions flushInterval(Duration value) {
        this.flushInterval = value;
        return this;
    }

    public boolean sync() {
        return sync;
    }

    /** Force each event's journal record (and each store commit) to the disk: survives a power loss, costs a sync. */
    public PublisherOptions sync(boolean value) {
        this.sync = value;
        return this;
    }

    public boolean resourceDump() {
        return resourceDump;
    }

    /** Also publish a Resource Dump (ZIP packages with manifests) with each Resource List rewrite. */
    public PublisherOptions resourceDump(boolean value) {
        this.resourceDump = value;
        return this;
    }

    public boolean changeDump() {
        return changeDump;
    }

    /** Also publish a Change Dump: one ZIP package per closed Change List. */
    public PublisherOptions changeDump(boolean value) {
        this.changeDump = value;
        return this;
    }

    public List<String> hashAlgorithms() {
        return hashAlgorithms;
    }

    /**
     * The digests published in {@code hash} attributes (documents, dump manifests, notifications), normalised names
     * ({@code md5}, {@code sha-1}, {@code sha-256}, ...) in this order; default md5 and sha-256. Checked on open: at
     * least one, each of {@code md5, sha-1, sha-224, sha-256, sha-384, sha-512}.
     */
    public PublisherOptions hashAlgorithms(List<String> value) {
        this.hashAlgorithms = value == null ? List.of()
                : HashAlgorithms.parse(String.join(",", value));
        return this;
    }

    /** {@link #hashAlgorithms(List)} from a comma-separated value, e.g. {@code md5} or {@code md5,sha-256}. */
    public PublisherOptions hashAlgorithms(String commaSeparated) {
        this.hashAlgorithms = HashAlgorithms.parse(commaSeparated);
        return this;
    }

    public PublicationListener listener() {
        return listener;
    }

    public PublisherOptions listener(PublicationListener value) {
        this.listener = value == null ? PublicationListener.NOOP : value;
        return this;
    }

    public List<Entry> capabilityEntries() {
        return capabilityEntries;
    }

    /** Further entries of the Capability List, after the publisher's own (e.g. notification channels). */
    public PublisherOptions capabilityEntries(List<Entry> value) {
        this.capabilityEntries = value == null ? List.of() : List.copyOf(value);
        return this;
    }

    public Clock clock() {
        return clock;
    }

    /** For tests: the wall clock used for time rotation and for changes that carry no time. */
    public PublisherOptions clock(Clock value) {
        this.clock = value;
        return this;
    }
}
