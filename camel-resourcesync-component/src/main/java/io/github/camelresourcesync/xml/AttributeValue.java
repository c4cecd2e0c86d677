package io.github.camelresourcesync.xml;

import javax.xml.stream.XMLStreamException;

import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.typed.TypedValueDecoder;

/**
 * The trimmed value of one attribute, read as characters straight from the parser's buffer through Woodstox's typed
 * access: no String is made for values that are converted (times, lengths, hashes) or that repeat (media types).
 * Valid until the parser moves on; one per document, reused for every attribute.
 */
final class AttributeValue extends TypedValueDecoder {

    private static final char[] NONE = new char[0];

    private char[] buffer = NONE;
    private int start;
    private int end;

    /**
     * Reads attribute {@code index} of the current start element.
     *
     * @return {@code false} when the value is empty or blank: such attributes count as absent
     */
    boolean read(XMLStreamReader2 xml, int index) throws XMLStreamException {
        buffer = NONE;
        start = 0;
        end = 0;
        xml.getAttributeAs(index, this); // trims as String.trim does (characters up to U+0020)
        return end > start;
    }

    char[] buffer() {
        return buffer;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }

    @Override
    public String toString() {
        return new String(buffer, start, end - start);
    }

    // ---- TypedValueDecoder: Woodstox hands over the trimmed range of its value buffer -------------------------------

    @Override
    public void decode(char[] chars, int from, int to) {
        buffer = chars;
        start = from;
        end = to;
    }

    @Override
    public void decode(String value) {
        // not used by Woodstox for attributes; kept correct for any other caller
        String trimmed = value.trim();
        decode(trimmed.toCharArray(), 0, trimmed.length());
    }

    @Override
    public void handleEmptyValue() {
        buffer = NONE;
        start = 0;
        end = 0;
    }
}
