package io.github.camelresourcesync.kamelets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every Kamelet the jar ships is a valid Kamelet resource by the schema the Apache Kamelet catalog validates against
 * (the {@code camel.apache.org/v1} Kamelet CRD's openAPIV3Schema, vendored in {@code kamelet-schema/} with its source
 * and licence), read strictly: a field the schema does not know is an error, as {@code kubectl --validate=strict}
 * reports it, where a lenient reader would silently drop it. And it follows the catalog's own rules (those of its
 * {@code script/validator}): file named after the Kamelet, type label and name suffix, titles and descriptions,
 * credentials descriptors, icon and version annotations, every property used by the template and every placeholder
 * declared.
 */
class KameletSchemaTest {

    private static final Path KAMELETS = Path.of("src/main/resources/kamelets");
    /** As the catalog's validator finds a template's parameters. */
    private static final Pattern PARAM = Pattern.compile("\\{\\{[?]?([A-Za-z0-9-._]+)(?:[:][^}]*)?}}");
    private static final Set<String> SMALL_WORDS = Set.of("a", "an", "the", "of", "to", "in", "on", "for", "and", "or",
            "by", "with", "as", "at");

    @Test
    void everyShippedKameletIsValid() throws IOException {
        Map<String, Object> schema = map(load(Path.of("src/test/resources/kamelet-schema/kamelet-crd-v1.openapi.yaml"))
                .get("openAPIV3Schema"));
        List<Path> files;
        try (Stream<Path> s = Files.list(KAMELETS)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".kamelet.yaml")).sorted().toList();
        }
        assertEquals(List.of("atom-pmh-source.kamelet.yaml", "metashare-source.kamelet.yaml",
                "resourcesync-mirror-sink.kamelet.yaml", "resourcesync-publish-sink.kamelet.yaml",
                "resourcesync-source.kamelet.yaml"), files.stream().map(p -> p.getFileName().toString()).toList());
        List<String> errors = new ArrayList<>();
        Set<String> titles = new HashSet<>();
        Set<String> descriptions = new HashSet<>();
        for (Path file : files) {
            Map<String, Object> kamelet = load(file);
            String where = file.getFileName().toString();
            validate(kamelet, schema, where, errors);
            catalogRules(kamelet, where, errors);
            Map<String, Object> definition = map(map(kamelet.get("spec")).get("definition"));
            if (!titles.add(String.valueOf(definition.get("title")))) {
                errors.add(where + ": duplicate title " + definition.get("title"));
            }
            if (!descriptions.add(String.valueOf(definition.get("description")))) {
                errors.add(where + ": duplicate description");
            }
        }
        assertEquals(List.of(), errors);
    }

    /** The strict reader finds what a lenient one would drop: the check of the check. */
    @Test
    void anUnknownFieldOrAWrongTypeIsReported() throws IOException {
        Map<String, Object> schema = map(load(Path.of("src/test/resources/kamelet-schema/kamelet-crd-v1.openapi.yaml"))
                .get("openAPIV3Schema"));
        Map<String, Object> kamelet = load(KAMELETS.resolve("resourcesync-source.kamelet.yaml"));
        Map<String, Object> spec = map(kamelet.get("spec"));
        spec.put("dependency", List.of("camel:kamelet")); // misspelt
        map(map(map(spec.get("definition")).get("properties")).get("period")).put("title", 7);
        List<String> errors = new ArrayList<>();
        validate(kamelet, schema, "k", errors);
        assertEquals(List.of("k.spec.definition.properties.period.title: expected string, found 7",
                "k.spec.dependency: unknown field"), errors.stream().sorted().toList());
    }

    // ---- the schema, as an API server reads a structural schema (strict)

    @SuppressWarnings("unchecked")
    static void validate(Object value, Map<String, Object> schema, String path, List<String> errors) {
        Object type = schema.get("type");
        if (type != null && !hasType(value, (String) type)) {
            errors.add(path + ": expected " + type + ", found " + value);
            return;
        }
        if (value instanceof Map<?, ?> object) {
            Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
            Map<String, Object> additional = (Map<String, Object>) schema.get("additionalProperties");
            boolean open = Boolean.TRUE.equals(schema.get("x-kubernetes-preserve-unknown-fields"))
                           || properties == null && additional == null; // metadata: ObjectMeta
            for (Map.Entry<?, ?> e : object.entrySet()) {
                String key = String.valueOf(e.getKey());
                Map<String, Object> sub = properties != null && properties.containsKey(key)
                        ? (Map<String, Object>) properties.get(key) : additional;
                if (sub != null) {
                    validate(e.getValue(), sub, path + "." + key, errors);
                } else if (!open) {
                    errors.add(path + "." + key + ": unknown field");
                }
            }
        } else if (value instanceof List<?> list && schema.get("items") instanceof Map<?, ?> items) {
            for (int i = 0; i < list.size(); i++) {
                validate(list.get(i), (Map<String, Object>) items, path + "[" + i + "]", errors);
            }
        }
    }

    private static boolean hasType(Object value, String type) {
        return switch (type) {
            case "object" -> value instanceof Map;
            case "array" -> value instanceof List;
            case "string" -> value instanceof String;
            case "integer" -> value instanceof Integer || value instanceof Long;
            case "number" -> value instanceof Number;
            case "boolean" -> value instanceof Boolean;
            default -> false;
        };
    }

    // ---- the catalog's rules

    private static void catalogRules(Map<String, Object> kamelet, String file, List<String> errors) {
        Map<String, Object> metadata = map(kamelet.get("metadata"));
        String name = String.valueOf(metadata.get("name"));
        if (!file.equals(name + ".kamelet.yaml")) {
            errors.add(file + ": the file does not match the Kamelet's name " + name);
        }
        if (!"camel.apache.org/v1".equals(kamelet.get("apiVersion")) || !"Kamelet".equals(kamelet.get("kind"))) {
            errors.add(file + ": not a camel.apache.org/v1 Kamelet");
        }
        String type = String.valueOf(map(metadata.get("labels")).get("camel.apache.org/kamelet.type"));
        if (!Set.of("source", "sink", "action").contains(type) || !name.endsWith("-" + type)) {
            errors.add(file + ": type label " + type + " (source, sink or action, the name's suffix)");
        }
        Map<String, Object> annotations = map(metadata.get("annotations"));
        for (String a : List.of("camel.apache.org/kamelet.icon", "camel.apache.org/catalog.version",
                "camel.apache.org/provider", "camel.apache.org/kamelet.support.level", "camel.apache.org/kamelet.group")) {
            if (annotations.get(a) == null || String.valueOf(annotations.get(a)).isBlank()) {
                errors.add(file + ": no " + a + " annotation");
            }
        }
        String icon = String.valueOf(annotations.get("camel.apache.org/kamelet.icon"));
        String prefix = "data:image/svg+xml;base64,";
        if (!icon.startsWith(prefix) || !new String(Base64.getDecoder().decode(icon.substring(prefix.length())),
                StandardCharsets.UTF_8).startsWith("<svg")) {
            errors.add(file + ": the icon is not an SVG data: URI");
        }
        Map<String, Object> spec = map(kamelet.get("spec"));
        Map<String, Object> definition = map(spec.get("definition"));
        String title = String.valueOf(definition.get("title"));
        String suffix = Character.toUpperCase(type.charAt(0)) + type.substring(1);
        if (!title.endsWith(suffix)) {
            errors.add(file + ": title '" + title + "' does not end with " + suffix);
        }
        if (definition.get("description") == null || !"object".equals(definition.get("type"))) {
            errors.add(file + ": the definition needs a description and type object");
        }
        Map<String, Object> properties = map(definition.get("properties"));
        for (Map.Entry<String, Object> e : properties.entrySet()) {
            Map<String, Object> p = map(e.getValue());
            String where = file + ": property " + e.getKey();
            if (p.get("type") == null || p.get("title") == null || p.get("description") == null) {
                errors.add(where + " needs a type, a title and a description");
                continue;
            }
            String t = String.valueOf(p.get("title"));
            if (t.startsWith("The ") || t.startsWith("A ") || t.startsWith("An ")) {
                errors.add(where + ": title starts with an article");
            }
            for (String w : t.split(" ")) {
                if (!w.isEmpty() && !SMALL_WORDS.contains(w.toLowerCase()) && Character.isLowerCase(w.charAt(0))) {
                    errors.add(where + ": non-capitalized word in the title: " + w);
                }
            }
            boolean credentials = p.get("x-descriptors") instanceof List<?> d && d.contains("urn:camel:group:credentials");
            if ("password".equals(p.get("format")) && !credentials) {
                errors.add(where + ": password format without the urn:camel:group:credentials descriptor");
            }
        }
        List<?> required = definition.get("required") instanceof List<?> r ? r : List.of();
        if (new HashSet<>(required).size() != required.size() || !properties.keySet().containsAll(required)) {
            errors.add(file + ": required " + required + " (each once, each a property)");
        }
        Set<String> used = new TreeSet<>();
        Matcher m = PARAM.matcher(String.valueOf(spec.get("template")));
        while (m.find()) {
            used.add(m.group(1));
        }
        // as the catalog's validator: the template's beans are declared too (a template refers to a bean by its name)
        Set<String> declared = new TreeSet<>(properties.keySet());
        if (map(spec.get("template")).get("beans") instanceof List<?> beans) {
            beans.forEach(b -> declared.add(String.valueOf(map(b).get("name"))));
        }
        if (!used.equals(declared)) {
            errors.add(file + ": the template uses " + used + ", the definition declares " + declared);
        }
        if (!(spec.get("dependencies") instanceof List<?> deps) || !deps.contains("camel:kamelet")) {
            errors.add(file + ": dependencies must name camel:kamelet");
        }
    }

    // ---- YAML

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(Path file) throws IOException {
        return (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromString(Files.readString(file));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : new HashMap<>();
    }
}
