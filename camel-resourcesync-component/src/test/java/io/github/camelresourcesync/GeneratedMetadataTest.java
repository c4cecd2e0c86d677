package io.github.camelresourcesync;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;
import org.apache.camel.spi.UriPath;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metadata Camel's tooling generates ({@code src/generated/resources/META-INF/**.json}, the source of the option
 * tables, IDE completion and Camel's catalog) must say what the code means:
 * <ul>
 * <li>no description mangled by javadoc markup (the tooling drops HTML tags and the {@code @} of {@code {@code x}},
 * leaving "(the entry's )" or "{code x}");</li>
 * <li>no description written in the code that the tooling would change: it keeps only letters, digits, white space
 * and {@code .,-=\'/\!&%():;#${}}, so "length + 1" became "length 1" and "`*` allows any host" became "allows any
 * host". Options and headers of this project are described in their annotations, where this test can read them;</li>
 * <li>no header, option or doc header contradicting the endpoint's roles (a consumer-only endpoint documented with
 * producer options or "Only producer is supported", or the reverse).</li>
 * </ul>
 */
class GeneratedMetadataTest {

    private static final Path GENERATED = Path.of("src/generated/resources/META-INF");
    private static final Path DOCS = Path.of("src/main/docs");

    /** What javadoc leaves behind in a description once Camel's tooling has stripped the markup. */
    private static final Map<String, Pattern> REMNANTS = remnants();

    private static Map<String, Pattern> remnants() {
        Map<String, Pattern> m = new LinkedHashMap<>();
        m.put("a javadoc tag", Pattern.compile("\\{@|\\{(code|link|literal|value)\\b|@(code|link)\\b"));
        m.put("HTML", Pattern.compile("</?[a-zA-Z][^>]*>|&(lt|gt|amp|quot|nbsp);|<p>"));
        m.put("empty parentheses where a tag was dropped", Pattern.compile("\\(\\s*\\)"));
        m.put("a space inside parentheses where a tag was dropped", Pattern.compile("\\(\\s|\\s\\)"));
        m.put("a space before a comma or semicolon where a tag was dropped", Pattern.compile("\\s[,;]"));
        return m;
    }

    static Stream<Path> generatedJson() throws IOException {
        try (Stream<Path> files = Files.walk(GENERATED)) {
            List<Path> list = files.filter(p -> p.toString().endsWith(".json")).sorted().toList();
            assertTrue(!list.isEmpty(), "no generated JSON under " + GENERATED + ": build with mvn");
            return list.stream();
        }
    }

    static Stream<Path> componentJson() throws IOException {
        return generatedJson().filter(p -> read(p).containsKey("component"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("generatedJson")
    void noDescriptionCarriesJavadocRemnants(Path json) {
        List<String> problems = new ArrayList<>();
        descriptions(read(json), "", (where, text) -> REMNANTS.forEach((what, pattern) -> {
            Matcher m = pattern.matcher(text);
            if (m.find()) {
                problems.add(where + ": " + what + " ('" + m.group() + "') in: " + text);
            }
        }));
        assertEquals(List.of(), problems, json + " has mangled descriptions; fix them at their source (the"
                                          + " annotation's description, or the class javadoc for the component)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("componentJson")
    void descriptionsWrittenInTheCodeSurviveCamelsTooling(Path json) throws Exception {
        JsonObject model = read(json);
        List<String> problems = new ArrayList<>();
        List<Class<?>> classes = new ArrayList<>();
        classes.add(Class.forName(model.getMap("component").get("javaType").toString()));
        Class<?> endpoint = endpointClass(model.getMap("component").get("scheme").toString());
        classes.add(endpoint);
        Map<String, String> described = new LinkedHashMap<>();
        for (Class<?> c : classes) {
            collect(c, described, problems);
        }
        for (String section : List.of("componentProperties", "properties")) {
            for (Map.Entry<String, Object> option : entries(model, section)) {
                // options our classes declare; the others (bridgeErrorHandler, ...) are Camel's
                if ("".equals(described.get(option.getKey()))) {
                    problems.add(section + "." + option.getKey() + " has no description in its annotation"
                                 + " (javadoc is not checked here: move it into description = ...)");
                }
            }
        }
        for (Map.Entry<String, Object> header : entries(model, "headers")) {
            String constant = ((JsonObject) header.getValue()).getString("constantName");
            String[] parts = constant.split("#");
            Metadata md = Class.forName(parts[0]).getField(parts[1]).getAnnotation(Metadata.class);
            check("header " + header.getKey(), md.description(), problems);
        }
        described.forEach((option, text) -> check("option " + option, text, problems));
        assertEquals(List.of(), problems, json + ": descriptions Camel's tooling would mangle");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("componentJson")
    void headersOptionsAndDocsAgreeWithTheEndpointsRoles(Path json) throws Exception {
        JsonObject model = read(json);
        JsonObject component = (JsonObject) model.get("component");
        boolean consumerOnly = component.getBoolean("consumerOnly");
        boolean producerOnly = component.getBoolean("producerOnly");
        String scheme = component.getString("scheme");
        List<String> problems = new ArrayList<>();
        String absentRole = consumerOnly ? "producer" : producerOnly ? "consumer" : null;
        if (absentRole != null) {
            for (String section : List.of("componentProperties", "properties", "headers")) {
                for (Map.Entry<String, Object> e : entries(model, section)) {
                    JsonObject o = (JsonObject) e.getValue();
                    String roles = o.getString("label") + "," + o.getString("group");
                    if (roles.contains(absentRole)) {
                        problems.add(section + "." + e.getKey() + " is labelled " + absentRole + " on an endpoint"
                                     + " that is only " + (consumerOnly ? "a consumer" : "a producer"));
                    }
                }
            }
            if (component.getString("description").toLowerCase().contains(absentRole)) {
                problems.add("the component description speaks of a " + absentRole + ": "
                             + component.getString("description"));
            }
        }
        String expected = consumerOnly ? "Only consumer is supported"
                : producerOnly ? "Only producer is supported" : "Both producer and consumer are supported";
        Path adoc = DOCS.resolve(scheme + "-component.adoc");
        String header = Files.readAllLines(adoc).stream().filter(l -> l.startsWith(":component-header:"))
                .findFirst().orElse("(none)");
        if (!header.equals(":component-header: " + expected)) {
            problems.add(adoc + " says '" + header + "', the endpoint: " + expected);
        }
        UriEndpoint annotation = endpointClass(scheme).getAnnotation(UriEndpoint.class);
        assertEquals(consumerOnly, annotation.consumerOnly());
        assertEquals(List.of(), problems, scheme + ": metadata contradicts the endpoint's roles");
    }

    /** Characters Camel's tooling drops (JavadocHelper.sanitizeDescription); a backtick goes without harm. */
    private static void check(String where, String text, List<String> problems) {
        StringBuilder dropped = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (!Character.isJavaIdentifierPart(c) && !Character.isWhitespace(c) && c != '`'
                && ".,-=\\'/!&%():;#${}".indexOf(c) < 0 && dropped.indexOf(String.valueOf(c)) < 0) {
                dropped.append(c);
            }
        }
        if (!dropped.isEmpty()) {
            problems.add(where + ": Camel's tooling would drop '" + dropped + "' from: " + text);
        }
        if (text.contains("{@")) {
            problems.add(where + ": javadoc markup in an annotation: " + text);
        }
    }

    /**
     * The options {@code type} declares, with their descriptions ({@code ""} when the annotation has none): its fields,
     * its superclasses' and those of nested {@code @UriParams}.
     */
    private static void collect(Class<?> type, Map<String, String> described, List<String> problems) {
        for (Class<?> c = type; c != null && ours(c); c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                UriParam param = f.getAnnotation(UriParam.class);
                UriPath path = f.getAnnotation(UriPath.class);
                Metadata md = f.getAnnotation(Metadata.class);
                if (param == null && path == null && md == null) {
                    continue;
                }
                if (f.getType().isAnnotationPresent(UriParams.class)) {
                    collect(f.getType(), described, problems);
                }
                String text = param != null && !param.description().isEmpty() ? param.description()
                        : path != null && !path.description().isEmpty() ? path.description()
                        : md != null ? md.description() : "";
                if (!text.isEmpty() || !f.getType().isAnnotationPresent(UriParams.class)) {
                    described.merge(f.getName(), text, (a, b) -> a.isEmpty() ? b : a);
                }
            }
        }
    }

    private static boolean ours(Class<?> c) {
        return c.getName().startsWith("io.github.camelresourcesync.");
    }

    /** The endpoint class of a scheme, from its generated URI factory's service file. */
    private static Class<?> endpointClass(String scheme) throws Exception {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(
                GENERATED.resolve("services/org/apache/camel/urifactory/" + scheme + "-endpoint"))) {
            p.load(in);
        }
        String factory = p.getProperty("class");
        return Class.forName(factory.substring(0, factory.length() - "UriFactory".length()));
    }

    private interface DescriptionVisitor {
        void visit(String where, String text);
    }

    private static void descriptions(Object node, String where, DescriptionVisitor visitor) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                if ("description".equals(k) && v instanceof String s) {
                    visitor.visit(where.isEmpty() ? "/" : where, s);
                } else {
                    descriptions(v, where + "/" + k, visitor);
                }
            });
        }
    }

    private static List<Map.Entry<String, Object>> entries(JsonObject model, String section) {
        Map<String, Object> map = model.getMap(section);
        return map == null ? List.of() : new ArrayList<>(map.entrySet());
    }

    private static JsonObject read(Path json) {
        try (Reader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            return (JsonObject) Jsoner.deserialize(in);
        } catch (Exception e) {
            throw new IllegalStateException(json + ": " + e.getMessage(), e);
        }
    }
}
