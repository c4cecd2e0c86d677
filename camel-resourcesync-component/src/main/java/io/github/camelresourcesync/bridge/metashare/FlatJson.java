package io.github.camelresourcesync.bridge.metashare;

import java.util.Collection;
import java.util.Map;

import org.apache.camel.util.json.DeserializationException;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;

/**
 * Reads the flat JSON objects a META-SHARE node serves ({@code inventory.json}, {@code storage-global.json}) with
 * Camel's JSON reader: one object whose values are strings, numbers ({@link java.math.BigDecimal}), booleans or null.
 * Nested values are refused. Keeps member order.
 */
final class FlatJson {

    private FlatJson() {
    }

    /**
     * @throws IllegalArgumentException naming the offset when the text is not JSON, or what it is when it is not a
     *                                  flat object
     */
    static Map<String, Object> parseObject(String text) {
        Object parsed;
        try {
            parsed = Jsoner.deserialize(text);
        } catch (DeserializationException e) {
            String what = "END()".equals(String.valueOf(e.getUnexpectedObject())) ? "the text ends too early"
                    : "unexpected " + e.getUnexpectedObject();
            throw new IllegalArgumentException("malformed JSON at offset " + e.getPosition() + ": " + what, e);
        }
        if (!(parsed instanceof JsonObject object)) {
            throw new IllegalArgumentException("expected a JSON object, found "
                                               + (parsed instanceof Collection ? "an array" : String.valueOf(parsed)));
        }
        for (Map.Entry<String, Object> member : object.entrySet()) {
            if (member.getValue() instanceof Map || member.getValue() instanceof Collection) {
                throw new IllegalArgumentException("'" + member.getKey() + "' holds a nested value, expected a string,"
                                                   + " number, boolean or null");
            }
        }
        return object;
    }
}
