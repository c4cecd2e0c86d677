package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.ConnectionConfiguration;
import io.github.camelresourcesync.component.support.FetchConfiguration;
import io.github.camelresourcesync.component.support.FetchLimitsConfiguration;
import io.github.camelresourcesync.component.support.HttpConfiguration;
import io.github.camelresourcesync.component.support.DeliveryConfiguration;
import io.github.camelresourcesync.component.publish.PublishConfiguration;
import io.github.camelresourcesync.component.atompmh.AtomPmhConfiguration;
import java.io.Reader;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import io.github.camelresourcesync.component.atompmh.AtomPmhConfiguration;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.http.FetcherConfig;
import io.github.camelresourcesync.publish.PublisherOptions;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each option's default is written once (a constant of the core options class, or the configuration class when no
 * core class has the option); this test fails when two places disagree anyway:
 * <ul>
 * <li>the default documented in an {@code @UriParam} or component {@code @Metadata} (what the generated metadata, the
 * docs and IDEs show) against the value a fresh configuration, endpoint or component starts with, for every option of
 * every scheme;</li>
 * <li>the core options object the Camel layer builds from default configurations against a fresh core options object,
 * accessor by accessor ({@link FetcherConfig}, {@link HarvestOptions}, {@link AtomPmhOptions},
 * {@link PublisherOptions}).</li>
 * </ul>
 * Camel-free: reflection over the annotated classes and their mapping methods, no context.
 */
class OptionDefaultsTest {

    private static final Path SERVICES = Path.of("src/generated/resources/META-INF/services/org/apache/camel");

    /**
     * Where options are declared: the component and the endpoint of every scheme Camel's tooling generated a factory
     * for (so a new scheme is checked without being named here), and, found from them, their configurations.
     */
    private static List<Class<?>> roots() throws Exception {
        List<Class<?>> roots = new ArrayList<>();
        try (Stream<Path> files = Files.list(SERVICES.resolve("component"))) {
            for (Path component : files.sorted().toList()) {
                roots.add(serviceClass(component, ""));
                roots.add(serviceClass(SERVICES.resolve("urifactory/" + component.getFileName() + "-endpoint"),
                        "UriFactory"));
            }
        }
        assertTrue(roots.size() >= 10, "schemes found: " + roots);
        return roots;
    }

    /** The class a generated service file names, less {@code suffix} ({@code ...EndpointUriFactory}). */
    private static Class<?> serviceClass(Path file, String suffix) throws Exception {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        }
        String name = p.getProperty("class");
        return Class.forName(name.substring(0, name.length() - suffix.length()));
    }

    @Test
    void documentedDefaultsAreTheValuesOptionsStartWith() throws Exception {
        List<String> problems = new ArrayList<>();
        Set<Class<?>> seen = new LinkedHashSet<>();
        int checked = 0;
        for (Class<?> root : roots()) {
            checked += check(root, seen, problems);
        }
        assertEquals(List.of(), problems, "documented defaults that are not the values the options start with");
        assertTrue(checked > 80, "only " + checked + " options checked: are the option classes still found?");
    }

    /** Checks the options {@code type} (and its superclasses, and its nested configurations) declares. */
    private static int check(Class<?> type, Set<Class<?>> seen, List<String> problems) throws Exception {
        if (!seen.add(type)) {
            return 0;
        }
        Object fresh = type.getDeclaredConstructor().newInstance();
        int checked = 0;
        for (Class<?> c = type; c.getName().startsWith("io.github.camelresourcesync."); c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                UriParam param = f.getAnnotation(UriParam.class);
                Metadata md = f.getAnnotation(Metadata.class);
                if (param == null && md == null || Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                if (f.getType().isAnnotationPresent(UriParams.class)) {
                    checked += check(f.getType(), seen, problems);
                    continue;
                }
                String documented = param != null ? param.defaultValue() : md.defaultValue();
                if (documented.contains("${")) {
                    continue; // resolved where it is used (e.g. the state directory under user.home)
                }
                f.setAccessible(true);
                Object value = f.get(fresh);
                String actual = render(value);
                if (documented.isEmpty() ? !isNone(value) : !documented.equals(actual)) {
                    problems.add(c.getSimpleName() + "." + f.getName() + ": documented default '" + documented
                                 + "', starts with '" + actual + "'");
                }
                checked++;
            }
        }
        return checked;
    }

    /** What an option without a documented default may start with. */
    private static boolean isNone(Object value) {
        return value == null || Boolean.FALSE.equals(value) || value instanceof Number n && n.doubleValue() == 0;
    }

    /** A value as an option's default is written. */
    private static String render(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Enum<?> e) {
            return e.name().toLowerCase(Locale.ROOT);
        }
        return String.valueOf(value);
    }

    @Test
    void theCamelLayerBuildsTheCoreDefaultsFromDefaultOptions() throws Exception {
        List<String> problems = new ArrayList<>();
        FetcherConfig http = new HttpConfiguration().fetcherConfig(null, URI.create("https://example.org/"));
        compare(new FetchConfiguration().applyTo(http), new FetcherConfig(), Set.of("allowedHosts", "listener"),
                problems);
        // the classes of the schemes that honour fewer options (resourcesync-metashare) map to the same defaults
        FetcherConfig connection = new ConnectionConfiguration().fetcherConfig(null, URI.create("https://example.org/"));
        compare(new FetchLimitsConfiguration().applyTo(connection), new FetcherConfig(),
                Set.of("allowedHosts", "listener"), problems);
        HarvestOptions harvest = new HarvestOptions()
                .fetchParallelism(new DeliveryConfiguration().getFetchParallelism());
        compare(new DumpConfiguration().applyTo(new HarvestConfiguration().applyTo(harvest)), new HarvestOptions(),
                Set.of(), problems);
        compare(new AtomPmhConfiguration().applyTo(new AtomPmhOptions()), new AtomPmhOptions(), Set.of(), problems);
        compare(new PublishConfiguration().applyTo(new PublisherOptions()), new PublisherOptions(), Set.of(), problems);
        assertEquals(List.of(), problems, "core defaults the Camel layer's defaults do not reproduce");
    }

    /** Every accessor (public, no parameter, not returning the options class itself) of both objects. */
    private static void compare(Object mapped, Object fresh, Set<String> except, List<String> problems)
            throws Exception {
        int compared = 0;
        for (Method m : fresh.getClass().getDeclaredMethods()) {
            if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers()) || m.getParameterCount() > 0
                || m.getReturnType() == void.class || m.getReturnType() == fresh.getClass()
                || except.contains(m.getName())) {
                continue;
            }
            Object expected = m.invoke(fresh);
            Object actual = m.invoke(mapped);
            if (!Objects.equals(expected, actual)) {
                problems.add(fresh.getClass().getSimpleName() + "." + m.getName() + "(): core default " + expected
                             + ", built from the Camel defaults " + actual);
            }
            compared++;
        }
        assertTrue(compared >= 3, fresh.getClass() + ": " + compared + " accessors compared");
    }
}
