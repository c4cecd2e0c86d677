package io.github.camelresourcesync.dump;

/**
 * Bounds on what one dump package may hold, checked against the ZIP central directory before anything is read and
 * against the bytes actually inflated while bitstreams are read (a central directory may lie).
 *
 * @param maxEntries          most ZIP entries in one package
 * @param maxUncompressedSize most bytes all entries of one package may inflate to
 * @param maxCompressionRatio most an entry (and the package as a whole) may inflate relative to its compressed size;
 *                            entries smaller than {@link #RATIO_FLOOR} bytes are exempt (tiny files compress well)
 */
public record DumpLimits(int maxEntries, long maxUncompressedSize, int maxCompressionRatio) {

    public static final int DEFAULT_MAX_ENTRIES = 100_000;
    public static final long DEFAULT_MAX_UNCOMPRESSED_SIZE = 4L * 1024 * 1024 * 1024;
    public static final int DEFAULT_MAX_COMPRESSION_RATIO = 100;
    /** Below this uncompressed size an entry is not judged by its ratio. */
    public static final long RATIO_FLOOR = 64 * 1024;

    public static final DumpLimits DEFAULTS = new DumpLimits(DEFAULT_MAX_ENTRIES, DEFAULT_MAX_UNCOMPRESSED_SIZE,
            DEFAULT_MAX_COMPRESSION_RATIO);

    public DumpLimits {
        if (maxEntries <= 0 || maxUncompressedSize <= 0 || maxCompressionRatio <= 0) {
            throw new IllegalArgumentException("dump limits must be positive: maxEntries=" + maxEntries
                                               + ", maxUncompressedSize=" + maxUncompressedSize
                                               + ", maxCompressionRatio=" + maxCompressionRatio);
        }
    }
}
