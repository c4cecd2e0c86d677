package io.github.camelresourcesync.xml;

import java.io.IOException;
import java.net.URI;

/**
 * A capability document that cannot be read: not well-formed, not a sitemap, a DTD or entity, a limit exceeded. The
 * message names the document URL and, where known, the line and column.
 */
public class DocumentException extends IOException {

    private final URI document;

    public DocumentException(URI document, String message) {
        super(message(document, message));
        this.document = document;
    }

    public DocumentException(URI document, String message, Throwable cause) {
        super(message(document, message), cause);
        this.document = document;
    }

    private static String message(URI document, String message) {
        return document == null ? message : message + " (document " + document + ")";
    }

    public URI getDocument() {
        return document;
    }
}
