package io.github.camelresourcesync.xml;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLResolver;
import javax.xml.stream.XMLStreamException;

import org.codehaus.stax2.XMLInputFactory2;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;

/**
 * Woodstox input factories that never read a DTD, never resolve an external entity and bound what one element may
 * cost. The readers of this package also refuse any {@code <!DOCTYPE>} event outright; these settings make sure
 * nothing is fetched or expanded even before that check runs.
 */
public final class HardenedStax {

    /** Sitemaps are flat; extensions nest a little. Deeper documents are attacks or garbage. */
    private static final int MAX_ELEMENT_DEPTH = 100;
    /** Large enough for any real URL or hash list, small enough that one attribute cannot exhaust memory. */
    private static final int MAX_ATTRIBUTE_SIZE = 1024 * 1024;
    private static final int MAX_TEXT_LENGTH = 8 * 1024 * 1024;
    private static final int INPUT_BUFFER_CHARS = 16 * 1024;

    private HardenedStax() {
    }

    /** A new, configured factory; create it once and share it (Woodstox factories are thread-safe once set up). */
    public static WstxInputFactory newInputFactory() {
        WstxInputFactory factory = new WstxInputFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_VALIDATING, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLInputFactory.IS_COALESCING, false);
        factory.setProperty(XMLInputFactory.RESOLVER, refusingResolver());
        factory.setProperty(XMLInputFactory2.P_AUTO_CLOSE_INPUT, true);
        factory.setProperty(XMLInputFactory2.P_REPORT_PROLOG_WHITESPACE, false);
        factory.setProperty(WstxInputProperties.P_MAX_ELEMENT_DEPTH, MAX_ELEMENT_DEPTH);
        factory.setProperty(WstxInputProperties.P_MAX_ATTRIBUTE_SIZE, MAX_ATTRIBUTE_SIZE);
        factory.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, MAX_TEXT_LENGTH);
        factory.setProperty(WstxInputProperties.P_INPUT_BUFFER_LENGTH, INPUT_BUFFER_CHARS);
        return factory;
    }

    private static XMLResolver refusingResolver() {
        return (publicId, systemId, baseUri, namespace) -> {
            throw new XMLStreamException("external resources are not allowed (" + systemId + ")");
        };
    }
}
