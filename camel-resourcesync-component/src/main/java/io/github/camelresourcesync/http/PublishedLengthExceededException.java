package io.github.camelresourcesync.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;

/**
 * A body longer than the length its Source published: found out after reading at most that length + 1 bytes (or from
 * the {@code Content-Length} before reading at all), so a lying server cannot make the harvester download and spool
 * more. Final: another attempt would end the same way. The harvester reports it as a length mismatch.
 */
public final class PublishedLengthExceededException extends FetchException {

    private final long publishedLength;

    private PublishedLengthExceededException(URI uri, String message, long publishedLength) {
        super(uri, 0, message);
        this.publishedLength = publishedLength;
    }

    /** The length the Source published. */
    public long getPublishedLength() {
        return publishedLength;
    }

    static PublishedLengthExceededException announced(URI uri, String description, long announced, long published) {
        return new PublishedLengthExceededException(uri, description + ": the server announced " + announced
                + " bytes (Content-Length) but the Source published length " + published + "; not read", published);
    }

    /** {@code in}, failing once it holds more than {@code published} bytes; {@code in} itself when -1. */
    static InputStream cap(InputStream in, URI uri, String description, long published) {
        if (published < 0) {
            return in;
        }
        // a published length of 0 is a limit too (an empty resource), not "unbounded"
        return BoundedInputStream.exactly(in, published, () -> new PublishedLengthExceededException(uri, description
                + ": the body is longer than the published length " + published + "; stopped reading at "
                + (published + 1) + " bytes", published));
    }

    /** The type check for callers that only see an {@link IOException}. */
    public static PublishedLengthExceededException find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof PublishedLengthExceededException e) {
                return e;
            }
        }
        return null;
    }
}
