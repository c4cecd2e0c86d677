package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.camel.CamelContext;
import org.apache.camel.Component;
import org.apache.camel.Endpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.GeneratedPropertyConfigurer;
import org.apache.camel.spi.PropertyConfigurerGetter;
import org.apache.camel.support.jsse.SSLContextParameters;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every option of every scheme, set through Camel's generated configurer (as camel-main, Spring Boot and the YAML DSL
 * bind {@code camel.component.<scheme>.*} and endpoint options), reads back through the same configurer as it was set:
 * what Camel's tooling shows of a component or endpoint ({@code PropertyConfigurerGetter}, the reading side camel-main
 * uses for nested options and the dev consoles use) is the value in force: first the documented default, then a
 * value other than it. The options come from the generated metadata, so a new option is checked without being named
 * here.
 */
class OptionsReadBackTest {

    private static final Path METADATA = Path.of("src/generated/resources/META-INF/io/github/camelresourcesync");
    /** The path part each scheme's endpoint is created with. */
    private static final Map<String, String> PATHS = Map.of(
            "resourcesync", "https://example.org/rs/capabilitylist.xml",
            "resourcesync-atompmh", "https://example.org/feed.xml",
            "resourcesync-metashare", "https://example.org/node/",
            "resourcesync-mirror", "target/options-read-back/mirror",
            "resourcesync-publish", "target/options-read-back/publish");

    private CamelContext context;

    @BeforeEach
    void start() {
        context = new DefaultCamelContext();
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    @Test
    void everyOptionReadsBackAsSetAtTheComponentAndTheEndpoint() throws Exception {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        List<Path> files;
        try (Stream<Path> found = Files.walk(METADATA)) {
            files = found.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(PATHS.keySet().size(), files.size(), "schemes in the generated metadata: " + files);
        for (Path file : files) {
            JsonObject metadata = (JsonObject) Jsoner.deserialize(Files.readString(file));
            String scheme = ((JsonObject) metadata.get("component")).getString("scheme");
            Component component = context.getComponent(scheme);
            // the endpoint first: it starts from copies of the component's options, here still the defaults
            Endpoint endpoint = context.getEndpoint(scheme + ":" + PATHS.get(scheme));
            checked += readBack(endpoint.getEndpointUri(), endpoint, component.getEndpointPropertyConfigurer(),
                    (JsonObject) metadata.get("properties"), problems);
            checked += readBack(scheme + " component", component, component.getComponentPropertyConfigurer(),
                    (JsonObject) metadata.get("componentProperties"), problems);
        }
        assertEquals(List.of(), problems, "options that do not read back as set");
        assertTrue(checked > 300, "only " + checked + " options checked: is the metadata still found?");
    }

    private int readBack(String what, Object target, Object configurer, JsonObject options, List<String> problems) {
        GeneratedPropertyConfigurer setter = (GeneratedPropertyConfigurer) configurer;
        PropertyConfigurerGetter getter = (PropertyConfigurerGetter) configurer;
        int checked = 0;
        for (Map.Entry<String, Object> e : options.entrySet()) {
            JsonObject option = (JsonObject) e.getValue();
            if ("path".equals(option.getString("kind"))) {
                continue; // the URL or directory of the URI, not an option
            }
            Object value = otherThanDefault(option);
            if (value == null) {
                continue; // a bean of Camel's own (exception handler, scheduler) or a nested configuration
            }
            String name = e.getKey();
            Object documented = option.get("defaultValue");
            if (documented != null && !(documented instanceof String d && d.contains("${"))
                && !"scheduler".equals(option.getString("group"))) {
                // before anything is set, what Camel's tooling reads is the documented default (not for Camel's
                // scheduler options: initialDelay reads -1 until a consumer applies its 1000 ms)
                Object fresh = getter.getOptionValue(target, name, false);
                if (!sameValue(documented instanceof Number ? documented : String.valueOf(documented), fresh)) {
                    problems.add(what + " " + name + ": documented default " + documented + ", reads " + fresh);
                }
            }
            try {
                setter.configure(context, target, name, value, false);
                Object read = getter.getOptionValue(target, name, false);
                if (!sameValue(value, read)) {
                    problems.add(what + " " + name + ": set " + value + ", reads back " + read);
                }
            } catch (RuntimeException ex) {
                problems.add(what + " " + name + ": setting " + value + " failed: " + ex);
            }
            checked++;
        }
        return checked;
    }

    /** A value of the option's type that is not its default; {@code null} for options this test does not set. */
    private static Object otherThanDefault(JsonObject option) {
        String type = option.getString("type");
        Object dflt = option.get("defaultValue");
        String javaType = option.getString("javaType");
        List<?> enums = (List<?>) option.get("enum");
        switch (type) {
            case "boolean":
                return !Boolean.TRUE.equals(dflt);
            case "integer":
            case "duration":
                // a long option holds more than an int: 2^31 + 3 tells a getter that narrows
                long base = dflt == null ? 0 : Long.parseLong(String.valueOf(dflt));
                return javaType.equals("int") ? (Object) (int) (base + 3) : (Object) (base + 3 + (1L << 31));
            case "enum":
                return enums.stream().map(String::valueOf).filter(v -> !v.equals(String.valueOf(dflt))).findFirst()
                        .orElseThrow();
            case "string":
                return "read-back";
            case "object":
                return SSLContextParameters.class.getName().equals(javaType) ? new SSLContextParameters() : null;
            default:
                return null;
        }
    }

    private static boolean sameValue(Object set, Object read) {
        if (set instanceof Number n && read instanceof Number r) {
            return n.longValue() == r.longValue();
        }
        if (set instanceof String s && (read instanceof Number || read instanceof Boolean)) {
            return s.equals(String.valueOf(read));
        }
        if (set instanceof String s && read instanceof Enum<?> en) {
            return en.name().toLowerCase(Locale.ROOT).equals(s.toLowerCase(Locale.ROOT))
                   || String.valueOf(en).equals(s);
        }
        return set == read || set.equals(read);
    }
}
