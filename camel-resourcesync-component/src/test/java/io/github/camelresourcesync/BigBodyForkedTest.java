package io.github.camelresourcesync;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In a JVM with {@code -Xmx48m}: 300 bodies of 256 KB (each held in memory on its way, more than the heap together: a batch
 * of them must not be kept until the whole batch is fetched) and a body four times larger than the heap (fixity
 * computed on the way, spooled to a file) stream from the Source into {@code resourcesync-mirror:} and Camel's
 * {@code file:}, over HTTP/1.1 and over HTTP/2.
 */
class BigBodyForkedTest {

    @TempDir
    Path dir;

    @Test
    void aBodyLargerThanTheHeapIsMirroredExactly() throws Exception {
        runChild("-Xmx48m", "http1.1");
    }

    /** The same over HTTP/2 with TLS (Jetty, its server in the same small heap): one stream's window, not the body. */
    @Test
    void aBodyLargerThanTheHeapIsMirroredExactlyOverHttp2() throws Exception {
        runChild("-Xmx64m", "h2");
    }

    private void runChild(String heap, String protocol) throws Exception {
        long size = 200L * 1024 * 1024;
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(), heap, "-XX:+ExitOnOutOfMemoryError",
                "-Dsun.net.httpserver.nodelay=true", "-cp", System.getProperty("java.class.path"),
                BigBodyMain.class.getName(), dir.toString(), String.valueOf(size), "300", protocol))
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES);
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        if (!ended) {
            p.destroyForcibly();
        }
        assertTrue(ended, "the child JVM ended: " + tail(log));
        assertEquals(0, p.exitValue(), "the child JVM succeeded at " + heap + " over " + protocol + ": " + tail(log));
        assertTrue(log.contains("OK " + size), tail(log));
    }

    private static String tail(String log) {
        return log.length() > 4000 ? log.substring(log.length() - 4000) : log;
    }
}
