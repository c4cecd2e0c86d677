package io.github.camelresourcesync.validate;

/** The little JSON the reports need: strings escaped as RFC 8259 says. */
public final class Json {

    private Json() {
    }

    public static String string(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A finding as one JSON object. */
    public static String finding(Finding f) {
        return "{\"rule\":" + string(f.rule().id()) + ",\"severity\":" + string(f.severity().label())
               + ",\"section\":" + string(f.rule().section()) + ",\"document\":" + string(String.valueOf(f.document()))
               + ",\"loc\":" + string(f.loc()) + ",\"line\":" + f.line() + ",\"expected\":" + string(f.expected())
               + ",\"found\":" + string(f.found()) + "}";
    }
}
