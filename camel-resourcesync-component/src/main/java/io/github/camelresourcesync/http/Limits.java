package io.github.camelresourcesync.http;

import java.net.URI;

/** The exceptions for bodies over the configured size limits; status 0 as no usable response was had. */
final class Limits {

    private Limits() {
    }

    static FetchException documentTooLarge(URI uri, String description, long limit) {
        return new FetchException(uri, 0, description + ": document exceeds the maximum document size of " + limit
                + " bytes after decompression (maxDocumentSize)");
    }

    static FetchException contentAnnouncedTooLarge(URI uri, String description, long announced, long limit) {
        return new FetchException(uri, 0, description + ": the Source announced " + announced
                + " bytes, more than the maximum content size of " + limit + " bytes (maxContentSize)");
    }

    static FetchException contentTooLarge(URI uri, String description, long limit) {
        return new FetchException(uri, 0, description + ": body exceeds the maximum content size of " + limit
                + " bytes (maxContentSize)");
    }
}
