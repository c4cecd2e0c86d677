package io.github.camelresourcesync.model;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * How a resource's location becomes a relative file name under a mirror: {@link #COLLISION_FREE} (the default,
 * {@link FileNames}: every location its own name, {@code /records/123} is {@code records/123@}) or {@link #URL_PATH}
 * ({@link UrlPathNames}: the Source's own URL paths, {@code /records/123} is {@code records/123}, for a mirror that is
 * served back or compared with another client's; names that cannot be written safely are refused).
 */
public enum FileLayout {

    COLLISION_FREE("collisionFree"),
    URL_PATH("urlPath");

    /** The layout of the options that choose one ({@code fileLayout} of the consumer, {@code layout} of the mirror). */
    public static final String DEFAULT = "collisionFree";

    private final String optionValue;

    FileLayout(String optionValue) {
        this.optionValue = optionValue;
    }

    /** The value an option takes ({@code collisionFree}, {@code urlPath}; case ignored). */
    public static FileLayout of(String value) {
        for (FileLayout l : values()) {
            if (l.optionValue.equalsIgnoreCase(value == null ? "" : value.strip())
                || l.name().equalsIgnoreCase(value == null ? "" : value.strip())) {
                return l;
            }
        }
        throw new IllegalArgumentException("Unknown file layout " + Printable.quoted(value)
                                           + ": collisionFree or urlPath");
    }

    public String optionValue() {
        return optionValue;
    }

    /**
     * The name of {@code location} under a mirror of the Source at {@code sourceOrigin} (null: unknown).
     *
     * @throws IllegalArgumentException in {@link #URL_PATH}, for a location whose path cannot be a file (saying why)
     */
    public String fileName(URI location, URI sourceOrigin) {
        return this == COLLISION_FREE ? FileNames.of(location, sourceOrigin) : UrlPathNames.of(location, sourceOrigin);
    }

    /** The location a file name found in a mirror stands for, as far as the name tells. */
    public URI locationOf(String fileName, URI sourceOrigin) throws URISyntaxException {
        return this == COLLISION_FREE ? FileNames.locationOf(fileName, sourceOrigin)
                : UrlPathNames.locationOf(fileName, sourceOrigin);
    }
}
