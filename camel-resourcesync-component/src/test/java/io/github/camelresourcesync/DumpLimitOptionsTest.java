package io.github.camelresourcesync;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.DumpSource;
import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestContexts;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each {@code maxDump*} endpoint option reaches the limit it names: set low on its own, it alone refuses the package
 * (the error names it) and nothing is delivered. A mapping that passed one option where another is expected (the
 * endpoint builds the dump limits from three values, two of the same type) let the package through or refused it
 * for another reason.
 */
class DumpLimitOptionsTest {

    private final RecordingExceptionHandler recorder = new RecordingExceptionHandler();
    private final List<String> delivered = new CopyOnWriteArrayList<>();
    private CamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
    }

    /**
     * One package: the manifest, two small resources and 100 KiB of random hex digits (4 entries, about 100 KiB, a
     * compression ratio under 2), which the default limits let through.
     */
    @ParameterizedTest
    @CsvSource({ "maxDumpEntries, 3", "maxDumpSize, 50000", "maxDumpCompressionRatio, 1" })
    void eachDumpLimitOptionRefusesThePackageByItself(String option, String value) throws Exception {
        try (DumpSource source = new DumpSource().lists(false).perPackage(3)) {
            source.put("/res/a.txt", "alpha");
            source.put("/res/b.txt", "bravo");
            source.put("/res/c.txt", randomHex(100 * 1024));
            context = TestContexts.with(new InMemoryStateStore(), recorder);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?stateStore=#store&delay=100&initialDelay=0&maxRetries=0"
                         + "&exceptionHandler=#recorder&" + option + "=" + value).routeId("sync")
                            .process(e -> delivered.add(e.getIn().getHeader(ResourceSyncConstants.LOCATION,
                                    String.class)));
                }
            });
            context.start();
            await().atMost(Polls.TIMEOUT).until(() -> !recorder.pollFailures().isEmpty() || !delivered.isEmpty());
            assertEquals(List.of(), delivered, "the package is refused whole");
            String message = recorder.pollFailures().get(0).getMessage();
            assertTrue(message.contains("(" + option + ")"), message);
        }
    }

    private static String randomHex(int length) {
        Random random = new Random(24);
        StringBuilder hex = new StringBuilder(length);
        while (hex.length() < length) {
            hex.append(Character.forDigit(random.nextInt(16), 16));
        }
        return hex.toString();
    }
}
