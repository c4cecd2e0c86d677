package io.github.camelresourcesync.springboot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.apache.camel.util.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The property tables of docs/spring-boot.md must match the configuration metadata the starter ships (generated from
 * the components' options), as ComponentDocsTest keeps docs/options.md in step with the components. Between the
 * {@code <!-- spring boot properties: START -->} and {@code END} markers the tables are rendered from the metadata;
 * when they drift this test fails. Run it with {@code -Dresourcesync.docs.update=true} to rewrite them.
 */
class StarterDocsTest {

    private static final boolean UPDATE = Boolean.getBoolean("resourcesync.docs.update");
    private static final Path DOC = Path.of("../docs/spring-boot.md");
    private static final String START = "<!-- spring boot properties: START -->";
    private static final String END = "<!-- spring boot properties: END -->";

    @Test
    void docsMatchTheConfigurationMetadata() throws Exception {
        String expected = tables(ComponentMetadata.springProperties());
        String text = Files.readString(DOC);
        int start = text.indexOf(START);
        int end = text.indexOf(END);
        assertTrue(start >= 0 && end > start, DOC + " needs the markers '" + START + "' and '" + END + "'");
        int from = start + START.length() + 1;
        String actual = text.substring(from, end);
        if (UPDATE && !actual.equals(expected)) {
            Files.writeString(DOC, text.substring(0, from) + expected + text.substring(end));
            return;
        }
        assertEquals(expected, actual, DOC + " does not match the starter's configuration metadata; run mvn -B -o -pl"
                                       + " camel-resourcesync-component,camel-resourcesync-spring-boot-starter test"
                                       + " -Dtest=StarterDocsTest -Dsurefire.failIfNoSpecifiedTests=false"
                                       + " -Dresourcesync.docs.update=true");
    }

    /** One table per prefix: the starter's own camel.resourcesync.*, then each component's. */
    private static String tables(Map<String, JsonObject> properties) {
        Map<String, Map<String, JsonObject>> groups = new TreeMap<>();
        properties.forEach((name, p) -> {
            if (!name.endsWith(".customizer.enabled")) {
                String group = name.startsWith("camel.resourcesync.") ? "camel.resourcesync"
                        : name.substring(0, name.indexOf('.', "camel.component.".length()));
                groups.computeIfAbsent(group, g -> new TreeMap<>()).put(name, p);
            }
        });
        StringBuilder sb = new StringBuilder();
        groups.forEach((group, members) -> {
            sb.append("\n### `").append(group).append(".*`\n\n| Property | Description | Default | Type |\n|---|---|---|---|\n");
            members.forEach((name, p) -> sb.append("| `").append(name).append("` | ").append(cell(p.getString("description")))
                    .append(" | ").append(cell(p.get("defaultValue") == null ? "" : p.get("defaultValue").toString()))
                    .append(" | ").append(cell(simpleType(p.getString("type")))).append(" |\n"));
        });
        return sb.append('\n').toString();
    }

    /** io.github.camelresourcesync.state.SyncStateStore to SyncStateStore; Outer$Inner to Inner. */
    private static String simpleType(String type) {
        return type == null ? "" : type.replaceAll("[a-z][a-z0-9_]*\\.", "").replaceAll("^.*\\$", "");
    }

    /** Markdown would take {@code <String, Object>} for an HTML tag and show nothing. */
    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;").replace(">", "&gt;");
    }
}
