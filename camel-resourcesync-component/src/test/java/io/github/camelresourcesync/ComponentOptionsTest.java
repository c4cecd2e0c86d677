package io.github.camelresourcesync;

import io.github.camelresourcesync.component.publish.PublishComponent;
import io.github.camelresourcesync.component.publish.PublishEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.camelresourcesync.component.atompmh.AtomPmhEndpoint;
import io.github.camelresourcesync.bridge.atompmh.AtomPmhOptions;
import io.github.camelresourcesync.harvest.HarvestOptions;
import io.github.camelresourcesync.harvest.SyncMode;
import io.github.camelresourcesync.harvest.audit.DirectoryAuditDestination;
import io.github.camelresourcesync.component.metashare.MetashareEndpoint;
import io.github.camelresourcesync.publish.PublicationListener;
import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.state.JdbcStateStore;
import io.github.camelresourcesync.state.SourceState;
import io.github.camelresourcesync.state.MVStoreStateStore;
import io.github.camelresourcesync.state.SyncStateStore;
import io.github.camelresourcesync.testsupport.Causes;
import io.github.camelresourcesync.testsupport.ComponentModels;
import io.github.camelresourcesync.testsupport.NotHonouredOptions;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Component;
import org.apache.camel.PropertyBindingException;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PropertyBindingSupport;
import org.apache.camel.util.json.JsonObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every endpoint option of every scheme is a component option too: {@code camel.component.<scheme>.<option>} (bound
 * here through the generated component configurer, as Camel Main and Spring Boot bind it) is the default of each
 * endpoint, which honours it, and an endpoint's own value overrides it. One option per concern and scheme; a scheme
 * advertises no option it does not honour ({@link NotHonouredOptions}), so Camel refuses one set on it.
 */
class ComponentOptionsTest {

    @TempDir
    Path tmp;

    private CamelContext context;

    @BeforeEach
    void start() {
        context = new DefaultCamelContext();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    /** Binds {@code properties} as {@code camel.component.<scheme>.*} does: by the configurer, no reflection. */
    private <T extends Component> T configure(String scheme, Class<T> type, Map<String, Object> properties) {
        T component = context.getComponent(scheme, type);
        Map<String, Object> unbound = new HashMap<>(properties);
        assertTrue(PropertyBindingSupport.build().withReflection(false)
                .withConfigurer(component.getComponentPropertyConfigurer()).bind(context, component, unbound));
        assertEquals(Map.of(), unbound, scheme + ": component options not bound");
        return component;
    }

    @Test
    void resourceSync() throws Exception {
        ResourceSyncComponent component = configure("resourcesync", ResourceSyncComponent.class,
                Map.of("mode", "audit", "rediscoveryInterval", "60000", // harvest
                        "maxDumpEntries", "7", "preferDumps", "true", // dumps
                        "auditDirectory", tmp.toString(), "auditReport", "false", // audit
                        "pushLeaseSeconds", "3600", "pushSecret", "s3cret", // push
                        "userAgent", "component-agent/1", // http
                        "fetchParallelism", "2")); // delivery
        ResourceSyncEndpoint plain = context.getEndpoint("resourcesync:https://example.org/",
                ResourceSyncEndpoint.class);
        HarvestOptions options = plain.harvestOptions();
        assertEquals(SyncMode.AUDIT, options.mode());
        assertEquals(Duration.ofMinutes(1), options.rediscoveryInterval());
        assertEquals(7, options.dumpLimits().maxEntries());
        assertTrue(options.preferDumps());
        assertInstanceOf(DirectoryAuditDestination.class, plain.auditDestination(null));
        assertFalse(plain.isAuditReport());
        assertEquals(3600, plain.getPushConfiguration().getPushLeaseSeconds());
        assertEquals("s3cret", plain.getPushConfiguration().getPushSecret());
        assertEquals("component-agent/1", plain.fetcherConfig().userAgent());
        assertEquals(2, options.fetchParallelism());

        ResourceSyncEndpoint own = context.getEndpoint("resourcesync:https://example.org/b?maxDumpEntries=9&mode=auto",
                ResourceSyncEndpoint.class);
        assertEquals(9, own.harvestOptions().dumpLimits().maxEntries(), "an endpoint option overrides the component's");
        assertEquals(SyncMode.AUTO, own.harvestOptions().mode());
        assertEquals(7, component.getDumpConfiguration().getMaxDumpEntries(), "endpoints get copies");
        assertEquals(SyncMode.AUDIT, component.getHarvestConfiguration().getMode());
    }

    /**
     * Option values are decoded as Camel decodes those of any endpoint URI, though the component takes its URI raw (to
     * keep the Source URL's escapes): percent-escapes anywhere in a value, then {@code +} as a space (so {@code %2B} is
     * one too, as everywhere in Camel), a {@code %} that starts no escape kept as written (also at the value's end),
     * {@code RAW(...)} as written.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "%41b%2Fc | Ab/c", "a+b | a b", "a%2Bb | a b", "RAW(a+b%2B) | a+b%2B", "RAW{a+b} | a+b", "50% | 50%",
        "x%4 | x%4", "%zz | %zz", "caf%C3%A9 | caf\u00e9", "%30%3a | 0:", "x%09y | x\ty",
        "f(x) | f(x)", "RAW(x | RAW(x" })
    void optionValuesAreDecodedAsCamelDecodesThem(String written, String value) {
        ResourceSyncEndpoint endpoint = context.getEndpoint("resourcesync:https://example.org/rs/?stateId=" + written,
                ResourceSyncEndpoint.class);
        assertEquals(value, endpoint.getStateId());
    }

    @Test
    void resourceSyncValidation() throws Exception {
        // mode=validate's options are component options too: here a sample every endpoint starts from
        ResourceSyncComponent component = configure("resourcesync", ResourceSyncComponent.class,
                Map.of("mode", "validate", "sample", "5", "maxRetries", "7"));
        ResourceSyncEndpoint plain = context.getEndpoint("resourcesync:https://example.org/",
                ResourceSyncEndpoint.class);
        assertEquals(5, plain.validateOptions().sample());
        assertEquals(7, plain.fetcherConfig().maxRetries(), "a fetch option of the component");
        ResourceSyncEndpoint own = context.getEndpoint("resourcesync:https://example.org/b?sample=9",
                ResourceSyncEndpoint.class);
        assertEquals(9, own.validateOptions().sample(), "an endpoint option overrides the component's");
        assertEquals(5, component.getValidateConfiguration().getSample(), "endpoints get copies");
    }

    @Test
    void atomPmh() throws Exception {
        configure("resourcesync-atompmh", Component.class,
                Map.of("maxDocuments", "3", "mediaTypes", "application/rifcs xml", "connectTimeout", "1234",
                        "maxEventAttempts", "2"));
        AtomPmhEndpoint endpoint = context.getEndpoint("resourcesync-atompmh:https://example.org/feed.atom",
                AtomPmhEndpoint.class);
        AtomPmhOptions options = endpoint.getConfiguration().applyTo(new AtomPmhOptions());
        assertEquals(3, options.maxDocuments());
        assertEquals(List.of("application/rifcs+xml"), options.mediaTypes());
        assertEquals(Duration.ofMillis(1234), endpoint.fetcherConfig().connectTimeout());
        assertEquals(2, endpoint.getDeliveryConfiguration().getMaxEventAttempts());
    }

    @Test
    void metashare() throws Exception {
        configure("resourcesync-metashare", Component.class,
                Map.of("userAgent", "node-agent/1", "username", "harvester", "progressInterval", "0",
                        "maxDocumentSize", "1234", "fetchParallelismHttp2", "7"));
        MetashareEndpoint endpoint = context.getEndpoint("resourcesync-metashare:https://node.example.org",
                MetashareEndpoint.class);
        assertEquals("node-agent/1", endpoint.fetcherConfig().userAgent());
        assertEquals("harvester", endpoint.fetcherConfig().username());
        assertEquals(1234, endpoint.fetcherConfig().maxDocumentSize());
        assertEquals(0, endpoint.getDeliveryConfiguration().getProgressInterval());
        assertEquals(7, endpoint.getDeliveryConfiguration().getFetchParallelismHttp2());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("harvestingSchemes")
    void aSchemeAdvertisesOnlyTheOptionsItHonoursAndEachAtBothLevels(String scheme) throws Exception {
        JsonObject model = ComponentModels.of(scheme, context.getComponent(scheme).getClass());
        Map<String, Object> endpointOptions = model.getMap("properties");
        Map<String, Object> componentOptions = model.getMap("componentProperties");
        for (String option : NotHonouredOptions.BY_SCHEME.get(scheme)) {
            assertFalse(endpointOptions.containsKey(option), scheme + " advertises the endpoint option " + option
                                                             + ", which it does not honour");
            assertFalse(componentOptions.containsKey(option), scheme + " advertises the component option " + option
                                                              + ", which it does not honour");
        }
        // what a scheme does not honour, another one does: still its option (so the split lost nothing)
        NotHonouredOptions.BY_SCHEME.values().stream().flatMap(List::stream).filter(o -> !NotHonouredOptions.BY_SCHEME.get(scheme).contains(o))
                .forEach(o -> assertTrue(endpointOptions.containsKey(o), scheme + " lost its option " + o));
        // every endpoint option of a configuration class is a component option too (camel.component.<scheme>.*)
        endpointOptions.forEach((name, o) -> {
            if (((JsonObject) o).getString("configurationField") != null) {
                assertTrue(componentOptions.containsKey(name), scheme + ": endpoint option " + name
                                                               + " cannot be set at component level");
            }
        });
    }

    static List<String> harvestingSchemes() {
        return NotHonouredOptions.BY_SCHEME.keySet().stream().sorted().toList();
    }

    static List<String> notHonouredByMetashare() {
        return NotHonouredOptions.BY_SCHEME.get("resourcesync-metashare");
    }

    @ParameterizedTest
    @MethodSource("notHonouredByMetashare")
    void anOptionMetashareDoesNotHonourIsRefusedAtBothLevels(String option) {
        Component component = context.getComponent("resourcesync-metashare");
        assertThrows(PropertyBindingException.class, () -> PropertyBindingSupport.build().withReflection(false)
                .withMandatory(true).withConfigurer(component.getComponentPropertyConfigurer())
                .bind(context, component, option, "1"),
                "camel.component.resourcesync-metashare." + option + " is bound");
        ResolveEndpointFailedException e = assertThrows(ResolveEndpointFailedException.class,
                () -> context.getEndpoint("resourcesync-metashare:https://node.example.org/?" + option + "=1"));
        assertTrue(e.getMessage().contains("Unknown parameters=[{" + option + "=1}]"), e.getMessage());
    }

    @Test
    void mirror() throws Exception {
        configure("resourcesync-mirror", Component.class, Map.of("keepLastModified", "false"));
        context.start();
        Instant lastmod = Instant.parse("2024-03-01T12:00:00Z");
        context.createProducerTemplate().sendBodyAndHeaders("resourcesync-mirror:" + tmp.resolve("m"), "alpha",
                Map.of(ResourceSyncConstants.FILE_NAME, "a.txt", ResourceSyncConstants.CHANGE, "created",
                        ResourceSyncConstants.LAST_MODIFIED, lastmod));
        assertNotEquals(lastmod, Files.getLastModifiedTime(tmp.resolve("m/a.txt")).toInstant(),
                "keepLastModified=false at component level: the file keeps the time it was written");
        context.createProducerTemplate().sendBodyAndHeaders(
                "resourcesync-mirror:" + tmp.resolve("n") + "?keepLastModified=true", "alpha",
                Map.of(ResourceSyncConstants.FILE_NAME, "a.txt", ResourceSyncConstants.CHANGE, "created",
                        ResourceSyncConstants.LAST_MODIFIED, lastmod));
        assertEquals(lastmod, Files.getLastModifiedTime(tmp.resolve("n/a.txt")).toInstant());
    }

    @Test
    void publish() throws Exception {
        PublicationListener listener = new PublicationListener() {
        };
        PublishComponent component = configure("resourcesync-publish", PublishComponent.class,
                Map.of("flushSize", "5", "readTimeout", "4321"));
        component.getConfiguration().setPublicationListener(listener);
        PublishEndpoint endpoint = context.getEndpoint("resourcesync-publish:" + tmp.resolve("p")
                                                       + "?baseUrl=https://example.org/p/", PublishEndpoint.class);
        assertEquals(5, endpoint.publisherOptions().flushSize());
        assertSame(listener, endpoint.publisherOptions().listener());
        assertEquals(4321, endpoint.getHttpConfiguration().getReadTimeout());
    }

    /**
     * The one state-store policy: an endpoint's own {@code stateStore}; else, unless it names its own
     * {@code stateDirectory}, the component's {@code stateStore}; else the embedded store in its or the component's
     * {@code stateDirectory}, shared by endpoints naming the same one, by default under {@code user.home}.
     */
    @Test
    void eachEndpointKeepsItsStateWhereTheOptionsSay() throws Exception {
        InMemoryStateStore shared = new InMemoryStateStore();
        InMemoryStateStore own = new InMemoryStateStore();
        ResourceSyncComponent component = context.getComponent("resourcesync", ResourceSyncComponent.class);
        // bound after the component was made: the only store in the registry would be autowired as its stateStore
        context.getRegistry().bind("own", own);
        String home = System.getProperty("user.home");
        System.setProperty("user.home", tmp.resolve("home").toString());
        try {
            assertInstanceOf(MVStoreStateStore.class, storeOf("resourcesync:https://example.org/a"));
            assertTrue(Files.exists(tmp.resolve("home/.camel-resourcesync/" + ResourceSyncComponent.STATE_FILE)),
                    "with no state option anywhere the store is under user.home");
        } finally {
            System.setProperty("user.home", home);
        }
        component.setStateDirectory(tmp.resolve("component").toString());
        SyncStateStore inComponentDirectory = storeOf("resourcesync:https://example.org/b");
        assertTrue(Files.exists(tmp.resolve("component/" + ResourceSyncComponent.STATE_FILE)));
        component.setStateStore(shared);
        assertSame(shared, storeOf("resourcesync:https://example.org/c"), "the component's stateStore");
        assertSame(own, storeOf("resourcesync:https://example.org/d?stateStore=#own"), "the endpoint's stateStore");
        SyncStateStore inOwnDirectory = storeOf("resourcesync:https://example.org/e?stateDirectory=" + tmp.resolve("e"));
        assertInstanceOf(MVStoreStateStore.class, inOwnDirectory, "an endpoint's own directory beats the component's store");
        assertTrue(Files.exists(tmp.resolve("e/" + ResourceSyncComponent.STATE_FILE)));
        assertSame(inOwnDirectory, storeOf("resourcesync:https://example.org/f?stateDirectory=" + tmp.resolve("e")),
                "endpoints naming one directory share its store");
        assertNotSame(inComponentDirectory, inOwnDirectory);
    }

    /** The store a route is given is started with the route: one that cannot work fails the start, saying why. */
    @Test
    void aStateStoreThatCannotStartFailsTheRouteStartSayingWhy() throws Exception {
        context.getRegistry().bind("unconfigured", new JdbcStateStore());
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("resourcesync:https://example.org/?stateStore=#unconfigured&initialDelay=3600000")
                        .routeId("sync").to("mock:events");
            }
        });
        assertEquals("The JDBC state store needs a dataSource or a jdbcUrl",
                Causes.rootMessage(assertThrows(Exception.class, context::start)));
    }

    /** A store of the user's own is started before the route uses it, as the SPI promises ("called once before use"). */
    @Test
    void theUsersOwnStateStoreIsStartedBeforeUse() throws Exception {
        AtomicInteger starts = new AtomicInteger();
        context.getRegistry().bind("own", new InMemoryStateStore() {
            @Override
            public void start() {
                starts.incrementAndGet();
            }

            @Override
            public SourceState source(String sourceKey) {
                if (starts.get() == 0) {
                    throw new IllegalStateException("used before start");
                }
                return super.source(sourceKey);
            }
        });
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha")) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#own&initialDelay=0&delay=3600000")
                            .routeId("sync").to("mock:events");
                }
            });
            context.start();
            await().atMost(Polls.TIMEOUT).until(() -> Polls.consumer(context, "sync").getStatistics().events() == 1);
            assertEquals(1, starts.get());
        }
    }

    private SyncStateStore storeOf(String uri) throws Exception {
        return context.getEndpoint(uri, ResourceSyncEndpoint.class).startedStateStore();
    }
}
