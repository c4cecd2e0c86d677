package io.github.camelresourcesync;

import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.impl.DefaultCamelContext;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The child JVM of {@link FullDiskForkedTest}: mirrors into a small tmpfs ({@code args[0]}, mounted for this process
 * only) that a filler file has left almost full, so the mirror's write of a 1 MiB resource fails with ENOSPC; the
 * state is kept in {@code args[1]} (an ordinary disk). Checks what must hold while the disk is full and after space is
 * freed, prints {@code OK} and exits 0, or fails with a stack trace.
 */
public final class FullDiskMain {

    private FullDiskMain() {
    }

    public static void main(String[] args) throws Exception {
        Path tmpfs = Path.of(args[0]);
        Path state = Path.of(args[1]);
        Path mirror = tmpfs.resolve("mirror");
        String big = "b".repeat(1024 * 1024);
        List<String> delivered = new CopyOnWriteArrayList<>();
        RecordingExceptionHandler failures = new RecordingExceptionHandler();
        try (TestSource source = new TestSource()) {
            source.put("/res/a.txt", "alpha").put("/res/b.txt", big).put("/res/c.txt", "charlie");
            Path filler = fill(tmpfs, 256 * 1024);
            CamelContext context = new DefaultCamelContext();
            context.getRegistry().bind("failures", failures);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + source.base() + "?delay=100&initialDelay=0&stateDirectory=" + state
                         + "&exceptionHandler=#failures").routeId("sync")
                            .to("resourcesync-mirror:" + mirror)
                            .process(e -> delivered.add(e.getIn().getHeader(Exchange.FILE_NAME, String.class)));
                }
            });
            context.start();
            try {
                SyncEventPollingConsumer consumer = Polls.consumer(context, "sync");
                await().atMost(Polls.TIMEOUT).until(() -> !failures.failedEvents().isEmpty());
                Polls.awaitFullPolls(consumer, 2); // the failed event was retried; nothing got past it
                Throwable error = failures.failedEvents().get(0).getProperty(Exchange.EXCEPTION_CAUGHT,
                        Throwable.class);
                String chain = chain(error);
                String shown = consumer.getLastEventError(); // what the health check, JMX and the log show
                assertTrue(shown != null && shown.contains("b.txt"), "the error names the file: " + shown);
                assertTrue(chain.contains("No space left on device"), "a real ENOSPC: " + chain);
                assertEquals(Map.of("res/a.txt", "alpha"), files(mirror),
                        "no truncated file under a resource's name, no temporary file left");
                assertEquals(List.of("res/a.txt"), delivered, "nothing delivered past the failed event");
                assertEquals(HealthCheck.State.DOWN, consumer.getHealthCheck().call().getState(),
                        "the health check shows the sync stopped at the failed event");

                Files.delete(filler); // space is freed: the harvest completes from where it stopped
                await().atMost(Polls.TIMEOUT).until(() -> delivered.contains("res/c.txt"));
                Polls.awaitFullPolls(consumer, 2);
                assertEquals(Map.of("res/a.txt", "alpha", "res/b.txt", big, "res/c.txt", "charlie"), files(mirror));
                assertEquals(List.of("res/a.txt", "res/b.txt", "res/c.txt"), delivered,
                        "each resource delivered once, in order");
                assertEquals(HealthCheck.State.UP, consumer.getHealthCheck().call().getState());
            } finally {
                context.stop();
            }
        }
        System.out.println("OK");
        System.exit(0);
    }

    /** Fills the file system of {@code dir} with one file until {@code leave} bytes are left. */
    private static Path fill(Path dir, long leave) throws IOException {
        FileStore store = Files.getFileStore(dir);
        long size = store.getUsableSpace() - leave;
        Path filler = dir.resolve("filler");
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            for (long written = 0; written < size; written += block.length) {
                out.write(block, 0, (int) Math.min(block.length, size - written));
            }
        }
        long left = store.getUsableSpace();
        assertTrue(left < 512 * 1024, "the file system is almost full: " + left + " bytes left");
        assertFalse(left < 64 * 1024, "a small resource still fits: " + left + " bytes left");
        return filler;
    }

    /** Every regular file under {@code mirror} (temporary files too), relative path to content. */
    private static Map<String, String> files(Path mirror) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (var walk = Files.walk(mirror)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                files.put(mirror.relativize(p).toString(), Files.readString(p));
            }
        }
        return files;
    }

    private static String chain(Throwable t) {
        StringBuilder b = new StringBuilder();
        Set<Throwable> seen = new java.util.HashSet<>();
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            b.append(c).append(" | ");
        }
        return b.toString();
    }
}
