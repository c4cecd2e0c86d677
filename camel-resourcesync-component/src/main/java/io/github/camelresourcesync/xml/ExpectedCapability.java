package io.github.camelresourcesync.xml;

import io.github.camelresourcesync.model.Capability;
import io.github.camelresourcesync.model.DocumentHeader;

/**
 * A document is read only as what the harvester asked for: a Change List served at the Resource List's URL would
 * otherwise read as a Resource List without resources, and a baseline would report every resource deleted. A
 * document without {@code rs:md capability} is read as asked (some Sources omit it); one that names another
 * capability, known or not, is refused.
 */
public final class ExpectedCapability {

    private ExpectedCapability() {
    }

    /** Returns {@code doc}; closes it and throws when it says it is another capability than {@code expected}. */
    public static SitemapDocument require(SitemapDocument doc, Capability expected) throws DocumentException {
        try {
            require(doc.header(), expected);
        } catch (DocumentException e) {
            doc.close();
            throw e;
        }
        return doc;
    }

    /** Throws when the document {@code header} heads says it is another capability than {@code expected}. */
    public static void require(DocumentHeader header, Capability expected) throws DocumentException {
        String found = header.md().capability();
        if (found != null && header.capability() != expected) {
            throw new DocumentException(header.uri(), "the document has rs:md capability=\"" + found
                                                      + "\" where a " + expected.value() + " was expected");
        }
    }
}
