package io.github.camelresourcesync.testsupport;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.apache.camel.Component;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metadata Camel's tooling generated for a scheme ({@code META-INF/<package>/<scheme>.json}): what IDEs, the docs
 * and the Spring Boot starter advertise of its options.
 */
public final class ComponentModels {

    private ComponentModels() {
    }

    /** The model of {@code scheme}, whose component is of {@code type}, read from the classpath. */
    public static JsonObject of(String scheme, Class<? extends Component> type) throws Exception {
        return read("META-INF/" + type.getPackageName().replace('.', '/') + "/" + scheme + ".json");
    }

    /** The model at {@code json} on the classpath. */
    public static JsonObject read(String json) throws Exception {
        try (InputStream in = ComponentModels.class.getClassLoader().getResourceAsStream(json)) {
            assertTrue(in != null, json + " is not on the classpath: build with mvn so the metadata is generated");
            return (JsonObject) Jsoner.deserialize(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
