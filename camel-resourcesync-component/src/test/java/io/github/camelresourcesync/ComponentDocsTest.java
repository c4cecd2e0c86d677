package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.testsupport.ComponentModels;
import org.apache.camel.util.json.JsonObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The option and header tables of the component docs ({@code src/main/docs/*.adoc} and {@code docs/options.md}) must
 * match the metadata Camel's tooling generates from the code. Between {@code // ... options: START} and
 * {@code END} markers (as in Camel's own docs) the tables are rendered from the generated JSON; when they drift this
 * test fails. Run it with {@code -Dresourcesync.docs.update=true} to rewrite the tables.
 */
class ComponentDocsTest {

    private static final boolean UPDATE = Boolean.getBoolean("resourcesync.docs.update");

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "resourcesync, META-INF/io/github/camelresourcesync/resourcesync.json",
            "resourcesync-publish, META-INF/io/github/camelresourcesync/component/publish/resourcesync-publish.json",
            "resourcesync-mirror, META-INF/io/github/camelresourcesync/component/mirror/resourcesync-mirror.json",
            "resourcesync-metashare, META-INF/io/github/camelresourcesync/component/metashare/resourcesync-metashare.json",
            "resourcesync-atompmh, META-INF/io/github/camelresourcesync/component/atompmh/resourcesync-atompmh.json" })
    void docsMatchGeneratedMetadata(String scheme, String json) throws Exception {
        JsonObject model = ComponentModels.read(json);
        Path adoc = Path.of("src/main/docs/" + scheme + "-component.adoc");
        check(adoc, "// component options", adocTable(model.getMap("componentProperties")), "// ");
        check(adoc, "// endpoint options", adocTable(model.getMap("properties")), "// ");
        check(adoc, "// message headers", adocHeaders(model.getMap("headers")), "// ");
        Path markdown = Path.of("../docs/options.md");
        check(markdown, "<!-- " + scheme + " endpoint options", markdownTable(model.getMap("properties")), "<!-- ");
        check(markdown, "<!-- " + scheme + " component options", markdownTable(model.getMap("componentProperties")),
                "<!-- ");
    }

    private static void check(Path file, String marker, String expected, String commentStart) throws Exception {
        String text = Files.readString(file);
        String startMarker = marker + ": START" + (commentStart.startsWith("<!--") ? " -->" : "");
        String endMarker = marker + ": END" + (commentStart.startsWith("<!--") ? " -->" : "");
        int start = text.indexOf(startMarker);
        int end = text.indexOf(endMarker);
        assertTrue(start >= 0 && end > start, file + " needs the markers '" + startMarker + "' and '" + endMarker + "'");
        int from = start + startMarker.length() + 1;
        String actual = text.substring(from, end);
        if (UPDATE && !actual.equals(expected)) {
            Files.writeString(file, text.substring(0, from) + expected + text.substring(end));
            return;
        }
        assertEquals(expected, actual, file + " (" + marker + ") does not match the generated metadata; run"
                                       + " mvn test -Dtest=ComponentDocsTest -Dresourcesync.docs.update=true");
    }

    private static List<Map.Entry<String, Object>> entries(Map<String, Object> map) {
        return map == null ? List.of() : new ArrayList<>(map.entrySet());
    }

    private static String adocTable(Map<String, Object> options) {
        StringBuilder sb = new StringBuilder("[width=\"100%\",cols=\"2,5,^1,2\",options=\"header\"]\n|===\n"
                                             + "| Name | Description | Default | Type\n");
        for (Map.Entry<String, Object> e : entries(options)) {
            JsonObject o = (JsonObject) e.getValue();
            sb.append("| *").append(e.getKey()).append("* (").append(o.getString("group")).append(") | ")
                    .append(adocCell(o.getString("description"))).append(" | ")
                    .append(adocCell(defaultValue(o))).append(" | ").append(type(o)).append('\n');
        }
        return sb.append("|===\n").toString();
    }

    private static String adocHeaders(Map<String, Object> headers) {
        StringBuilder sb = new StringBuilder("[width=\"100%\",cols=\"2,5,2\",options=\"header\"]\n|===\n"
                                             + "| Name | Description | Type\n");
        for (Map.Entry<String, Object> e : entries(headers)) {
            JsonObject o = (JsonObject) e.getValue();
            sb.append("| *").append(e.getKey()).append("* | ").append(adocCell(o.getString("description")))
                    .append(" | ").append(adocCell(o.getString("javaType"))).append('\n');
        }
        return sb.append("|===\n").toString();
    }

    private static String markdownTable(Map<String, Object> options) {
        StringBuilder sb = new StringBuilder("| Name | Group | Description | Default | Type |\n|---|---|---|---|---|\n");
        for (Map.Entry<String, Object> e : entries(options)) {
            JsonObject o = (JsonObject) e.getValue();
            sb.append("| `").append(e.getKey()).append("` | ").append(o.getString("group")).append(" | ")
                    .append(mdCell(o.getString("description"))).append(" | ").append(mdCell(defaultValue(o)))
                    .append(" | ").append(mdCell(type(o))).append(" |\n");
        }
        return sb.toString();
    }

    private static String defaultValue(JsonObject o) {
        Object d = o.get("defaultValue");
        return d == null ? "" : d.toString();
    }

    private static String type(JsonObject o) {
        String javaType = o.getString("javaType");
        // java.util.Map<java.lang.String, java.lang.Object> -> Map<String, Object>: simple names, generics kept
        return javaType == null ? "" : javaType.replaceAll("[a-z][a-z0-9_]*\\.", "");
    }

    private static String adocCell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    /** Markdown would take {@code <String, Object>} for an HTML tag and show nothing. */
    private static String mdCell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;").replace(">", "&gt;");
    }
}
