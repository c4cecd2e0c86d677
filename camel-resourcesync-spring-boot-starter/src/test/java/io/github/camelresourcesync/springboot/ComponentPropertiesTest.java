package io.github.camelresourcesync.springboot;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.ResourceSyncComponent;
import io.github.camelresourcesync.component.atompmh.AtomPmhComponent;
import io.github.camelresourcesync.springboot.ComponentMetadata.Option;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.testsupport.NotHonouredOptions;
import org.apache.camel.CamelContext;
import org.apache.camel.Component;
import org.apache.camel.spi.PropertyConfigurerGetter;
import org.apache.camel.util.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every component option of every component of the project is a {@code camel.component.SCHEME.*} property: in the
 * configuration metadata IDEs read (with the component's description and default), and on the component when set.
 * Driven by the components' own metadata, so an option added to a component is checked here without a change.
 */
class ComponentPropertiesTest {

    /** An application without routes: the auto-configurations and what the properties make of the components. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class NoRoutes {
    }

    /** Two state stores: autowiring takes neither, only a reference chooses. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class TwoStores {

        @Bean
        SyncStateStore first() {
            return new InMemoryStateStore();
        }

        @Bean
        SyncStateStore second() {
            return new InMemoryStateStore();
        }
    }

    private static ConfigurableApplicationContext run(Class<?> app, Map<String, Object> properties) {
        return new SpringApplicationBuilder(app).web(WebApplicationType.NONE).properties(properties).run();
    }

    @Test
    void everyComponentOptionIsInTheConfigurationMetadata() throws Exception {
        Map<String, JsonObject> spring = ComponentMetadata.springProperties();
        List<Option> options = ComponentMetadata.componentOptions();
        assertTrue(options.stream().map(Option::scheme).distinct().count() >= 4, "the project's components: " + options);
        for (Option o : options) {
            JsonObject p = spring.get(o.property());
            assertNotNull(p, o.property() + " (option " + o.name() + " of " + o.scheme() + ") is not in"
                             + " spring-configuration-metadata.json");
            assertEquals(o.json().getString("description"), p.getString("description"), o.property());
            assertDefault(o, p.get("defaultValue"));
            if ("object".equals(o.type()) && o.json().get("enum") == null) {
                assertEquals(o.javaType(), p.getString("type"), o.property());
            }
        }
        assertTrue(spring.containsKey("camel.component.resourcesync.enabled"));
        assertTrue(spring.containsKey("camel.resourcesync.state-store"));
    }

    /** A scheme's options it does not honour are no properties of it either (but still those of the others). */
    @Test
    void noSchemeHasAPropertyForAnOptionItDoesNotHonour() throws Exception {
        Map<String, JsonObject> spring = ComponentMetadata.springProperties();
        NotHonouredOptions.BY_SCHEME.forEach((scheme, options) -> {
            for (String option : options) {
                String property = "camel.component." + scheme + "." + ComponentMetadata.dashed(option);
                assertFalse(spring.containsKey(property), property + " is in spring-configuration-metadata.json, but "
                                                          + scheme + " does not honour " + option);
                assertTrue(spring.containsKey("camel.component.resourcesync." + ComponentMetadata.dashed(option)),
                           option + " is lost for resourcesync");
            }
        });
    }

    private static void assertDefault(Option o, Object springDefault) {
        Object camelDefault = o.defaultValue();
        if (camelDefault == null || camelDefault.toString().isEmpty()) {
            assertNull(springDefault, o.property());
        } else if ("duration".equals(o.type()) && camelDefault.toString().matches("\\d+")) {
            assertEquals(Long.parseLong(camelDefault.toString()),
                    DurationStyle.detectAndParse(springDefault.toString()).toMillis(), o.property());
        } else {
            assertEquals(camelDefault.toString(), String.valueOf(springDefault), o.property());
        }
    }

    @Test
    void everyOptionSetAsPropertyReachesTheComponent() throws Exception {
        Map<String, Object> properties = new LinkedHashMap<>();
        Map<Option, String> expected = new LinkedHashMap<>();
        for (Option o : ComponentMetadata.componentOptions()) {
            String[] sample = sample(o);
            if (sample != null) {
                properties.put(o.property(), sample[0]);
                expected.put(o, sample[1]);
            }
        }
        assertFalse(expected.isEmpty());
        try (ConfigurableApplicationContext app = run(NoRoutes.class, properties)) {
            CamelContext camel = app.getBean(CamelContext.class);
            List<String> wrong = new ArrayList<>();
            expected.forEach((o, want) -> {
                Component component = camel.getComponent(o.scheme());
                PropertyConfigurerGetter getter = (PropertyConfigurerGetter) component.getComponentPropertyConfigurer();
                String actual = normalize(String.valueOf(getter.getOptionValue(component, o.name(), false)));
                if (!actual.equals(normalize(want))) {
                    wrong.add(o.property() + "=" + properties.get(o.property()) + ": the component has " + actual);
                }
            });
            assertEquals(List.of(), wrong);
        }
    }

    /**
     * A value other than the default, as the property is written and as the component reports it; null for options
     * that take a bean (see the reference tests).
     */
    private static String[] sample(Option o) {
        Object d = o.defaultValue();
        String def = d == null ? "" : d.toString();
        Collection<?> values = o.json().getCollection("enum");
        if (values != null && !values.isEmpty()) {
            String other = values.stream().map(Object::toString).filter(v -> !v.equals(def)).findFirst().orElse(def);
            return new String[] { other, other };
        }
        return switch (o.type()) {
            case "boolean" -> {
                String v = String.valueOf(!Boolean.parseBoolean(def));
                yield new String[] { v, v };
            }
            case "integer" -> {
                long v = (def.isEmpty() ? 0 : Long.parseLong(def)) + 7;
                yield new String[] { String.valueOf(v), String.valueOf(v) };
            }
            case "duration" -> {
                long v = (def.matches("\\d+") ? Long.parseLong(def) : 0) + 1500;
                yield new String[] { v + "ms", String.valueOf(v) }; // Spring's duration syntax
            }
            case "number" -> new String[] { "0.25", "0.25" };
            case "string" -> new String[] { "starter-" + o.name(), "starter-" + o.name() };
            default -> null;
        };
    }

    /** Enum constants (CHANGE_LIST) and their Camel names (changelist) alike. */
    private static String normalize(String s) {
        return s.replaceAll("[^A-Za-z0-9.:/]", "").toLowerCase(java.util.Locale.ROOT);
    }

    @Test
    void optionTakingABeanIsGivenAReference() {
        try (ConfigurableApplicationContext app = run(TwoStores.class, Map.of(
                "camel.component.resourcesync.state-store", "#bean:second",
                "camel.component.resourcesync-atompmh.state-store", "#first"))) {
            CamelContext camel = app.getBean(CamelContext.class);
            assertSame(app.getBean("second"), camel.getComponent("resourcesync", ResourceSyncComponent.class)
                    .getStateStore());
            assertSame(app.getBean("first"), camel.getComponent("resourcesync-atompmh", AtomPmhComponent.class)
                    .getStateStore());
        }
    }

    @Test
    void valueThatIsNoBeanReferenceFailsTheStartNamingTheProperty() {
        Exception e = assertThrows(Exception.class, () -> run(TwoStores.class,
                Map.of("camel.component.resourcesync.state-store", "second")).close());
        String messages = messages(e);
        assertTrue(messages.contains("camel.component.resourcesync.state-store"), messages);
        assertTrue(messages.contains("'second' is not a bean reference: a"
                                     + " io.github.camelresourcesync.state.SyncStateStore is given as #bean:name"),
                messages);
    }

    @Test
    void disabledAutoConfigurationLeavesTheComponentAlone() {
        try (ConfigurableApplicationContext app = run(NoRoutes.class, Map.of(
                "camel.component.resourcesync.enabled", "false",
                "camel.component.resourcesync.state-directory", "ignored",
                "camel.component.resourcesync-atompmh.state-directory", "applied"))) {
            CamelContext camel = app.getBean(CamelContext.class);
            assertNull(camel.getComponent("resourcesync", ResourceSyncComponent.class).getStateDirectory());
            assertEquals("applied", camel.getComponent("resourcesync-atompmh", AtomPmhComponent.class)
                    .getStateDirectory());
        }
    }

    static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append('\n');
        }
        return sb.toString();
    }

}
