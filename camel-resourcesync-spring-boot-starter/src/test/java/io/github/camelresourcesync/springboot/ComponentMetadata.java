package io.github.camelresourcesync.springboot;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The project's components as Camel's tooling describes them (their generated JSON), found on the classpath the way
 * Camel finds components (META-INF/services/org/apache/camel/component/SCHEME), independently of the starter's
 * generator; and the Spring Boot configuration metadata the starter ships.
 */
final class ComponentMetadata {

    /** One component option and the Spring property that sets it. */
    record Option(String scheme, String name, JsonObject json) {

        String property() {
            return "camel.component." + scheme + "." + dashed(name);
        }

        String type() {
            return json.getString("type");
        }

        String javaType() {
            return json.getString("javaType");
        }

        Object defaultValue() {
            return json.get("defaultValue");
        }
    }

    private ComponentMetadata() {
    }

    /** Scheme to the component's JSON model, for the components of this project. */
    static Map<String, JsonObject> components() throws Exception {
        Map<String, JsonObject> found = new TreeMap<>();
        PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();
        for (Resource service : resolver.getResources("classpath*:META-INF/services/org/apache/camel/component/*")) {
            Properties p = new Properties();
            try (InputStream in = service.getInputStream()) {
                p.load(in);
            }
            String type = p.getProperty("class", "");
            if (!type.startsWith("io.github.camelresourcesync.")) {
                continue;
            }
            String scheme = service.getFilename();
            String json = "META-INF/" + type.substring(0, type.lastIndexOf('.')).replace('.', '/') + "/" + scheme + ".json";
            found.put(scheme, read(json));
        }
        return found;
    }

    static List<Option> componentOptions() throws Exception {
        List<Option> options = new ArrayList<>();
        components().forEach((scheme, model) -> ((Map<?, ?>) model.get("componentProperties"))
                .forEach((name, o) -> options.add(new Option(scheme, (String) name, (JsonObject) o))));
        return options;
    }

    /** Property name to its entry in the starter's spring-configuration-metadata.json. */
    static Map<String, JsonObject> springProperties() throws Exception {
        Map<String, JsonObject> properties = new TreeMap<>();
        PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();
        for (Resource r : resolver.getResources("classpath*:META-INF/spring-configuration-metadata.json")) {
            JsonObject metadata;
            try (Reader in = new InputStreamReader(r.getInputStream(), StandardCharsets.UTF_8)) {
                metadata = (JsonObject) Jsoner.deserialize(in);
            }
            for (Object o : metadata.getCollection("properties")) {
                JsonObject p = (JsonObject) o;
                String name = p.getString("name");
                if (name.startsWith("camel.component.resourcesync") || name.startsWith("camel.resourcesync.")) {
                    properties.put(name, p);
                }
            }
        }
        return properties;
    }

    private static JsonObject read(String resource) throws IOException {
        try (InputStream in = ComponentMetadata.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the classpath");
            }
            return (JsonObject) Jsoner.deserialize(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (org.apache.camel.util.json.DeserializationException e) {
            throw new IOException(resource + ": " + e.getMessage(), e);
        }
    }

    /** camelCase to kebab-case, as Spring Boot names a property after its field. */
    static String dashed(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                out.append('-');
            }
            out.append(c);
        }
        return out.toString().toLowerCase(Locale.ENGLISH);
    }
}
