package io.github.camelresourcesync.xml;

/**
 * The characters an XML 1.0 document can hold (production 2, {@code Char}): a value with any other (a control
 * character, an unpaired surrogate, U+FFFE) cannot be written into a document at all, escaped or not.
 */
public final class XmlChars {

    private XmlChars() {
    }

    /** The index of the first character XML 1.0 does not allow in {@code text}, or -1 when there is none. */
    public static int firstIllegal(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // a pair: a character from U+10000 on
            } else if (c < 0x20 ? c != '\t' && c != '\n' && c != '\r'
                    : Character.isSurrogate(c) || c == 0xFFFE || c == 0xFFFF) {
                return i;
            }
        }
        return -1;
    }
}
