package io.github.camelresourcesync.bridge.metashare;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the flat JSON objects a META-SHARE node serves ({@code inventory.json}, {@code storage-global.json}): one
 * object whose values are strings, numbers, booleans or null. Nested values are refused. Keeps member order.
 */
final class FlatJson {

    private final String text;
    private int pos;

    private FlatJson(String text) {
        this.text = text;
    }

    /**
     * @throws IllegalArgumentException naming the position when the text is not a flat JSON object
     */
    static Map<String, Object> parseObject(String text) {
        FlatJson p = new FlatJson(text);
        Map<String, Object> out = p.object();
        p.skipWhitespace();
        if (p.pos != text.length()) {
            throw p.error("end of text");
        }
        return out;
    }

    private Map<String, Object> object() {
        Map<String, Object> out = new LinkedHashMap<>();
        skipWhitespace();
        expect('{');
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return out;
        }
        while (true) {
            skipWhitespace();
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            out.put(key, value());
            skipWhitespace();
            char c = next();
            if (c == '}') {
                return out;
            }
            if (c != ',') {
                pos--;
                throw error("',' or '}'");
            }
        }
    }

    private Object value() {
        char c = peek();
        if (c == '"') {
            return string();
        }
        if (text.startsWith("true", pos)) {
            pos += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("false", pos)) {
            pos += 5;
            return Boolean.FALSE;
        }
        if (text.startsWith("null", pos)) {
            pos += 4;
            return null;
        }
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("a string, number, boolean or null (nested values are not expected here)");
        }
        BigDecimal n = new BigDecimal(text.substring(start, pos));
        try {
            return n.longValueExact();
        } catch (ArithmeticException e) {
            return n;
        }
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("four hex digits");
                    }
                    try {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("four hex digits");
                    }
                    pos += 4;
                }
                default -> sb.append(e);
            }
        }
    }

    private void skipWhitespace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("more text");
        }
        return text.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("'" + c + "'");
        }
        pos++;
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("expected " + expected + " at offset " + pos);
    }
}
