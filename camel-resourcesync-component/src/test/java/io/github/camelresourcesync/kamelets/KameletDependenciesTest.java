package io.github.camelresourcesync.kamelets;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kamelets shipped in the jar work in a user's application with the dependencies the docs list: camel-resourcesync
 * alone, on top of the application's Camel runtime. A child JVM runs {@link KameletProbe} on exactly that classpath:
 * this module's classes, its compile and runtime dependencies as Maven resolves them for a user
 * ({@code target/runtime-classpath.txt}, written by the maven-dependency-plugin), and camel-core-engine (which
 * camel-main and camel-spring-boot bring); none of the test dependencies.
 */
class KameletDependenciesTest {

    /** The Camel runtime every application has, whatever its flavour. */
    private static final List<String> CAMEL_RUNTIME = List.of("camel-core-engine-", "camel-base-engine-",
            "camel-base-");

    @TempDir
    Path dir;

    @Test
    void atomPmhSourceHarvestsWithTheComponentAlone() throws Exception {
        Path feed = dir.resolve("feed.atom");
        Files.writeString(feed, """
                <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><id>urn:f</id><title>f</title>
                <updated>2024-01-01T00:02:00Z</updated>
                <entry><title>a</title><id>urn:a</id><updated>2024-01-01T00:01:00Z</updated>
                  <link rel="alternate" type="application/atom+xml" href="records/a.xml"/></entry>
                <entry><title>b</title><id>urn:b</id><updated>2024-01-01T00:02:00Z</updated>
                  <link rel="alternate" type="application/atom+xml" href="records/b.xml"/></entry>
                </feed>""");
        String out = probe(classpath(jar -> true), "kamelet:atom-pmh-source?feedUrl=" + feed.toUri()
                                                   + "&fetchContent=false&period=100&stateDirectory="
                                                   + dir.resolve("state"), 2);
        assertTrue(out.startsWith("events=2 route=Started"), out);
    }

    @Test
    void metashareSourceResolvesWithTheComponentAlone() throws Exception {
        // nothing listens there: the route starts, its polls fail; what matters is that the Kamelet resolved
        String out = probe(classpath(jar -> true), "kamelet:metashare-source?nodeUrl=http://127.0.0.1:9/"
                                                   + "&username=u&password=p&stateDirectory="
                                                   + dir.resolve("state"), 0);
        assertTrue(out.startsWith("events=0 route=Started"), out);
        // the endpoint as written (its component takes its URI raw, so the URL keeps its escapes)
        assertTrue(out.contains("resourcesync-metashare:http://127.0.0.1:9/"), out);
    }

    /** The control: without camel-kamelet (as when the pom had it in test scope) the Kamelet is not found. */
    @Test
    void withoutCamelKameletTheKameletIsNotFound() throws Exception {
        String out = probe(classpath(jar -> !jar.getFileName().toString().startsWith("camel-kamelet-")),
                "kamelet:atom-pmh-source?feedUrl=file:/nowhere", 0);
        assertTrue(out.startsWith("failed: ") && out.contains("No endpoint could be found for: kamelet:"), out);
    }

    private static List<Path> classpath(Predicate<Path> keep) throws IOException, URISyntaxException {
        Path runtime = Path.of("target/runtime-classpath.txt");
        assertTrue(Files.exists(runtime), runtime + " is written by mvn (generate-test-resources)");
        List<Path> cp = new ArrayList<>();
        cp.add(Path.of("target/classes"));
        for (String entry : Files.readString(runtime).trim().split(File.pathSeparator)) {
            cp.add(Path.of(entry));
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            if (CAMEL_RUNTIME.stream().anyMatch(name::startsWith)) {
                cp.add(Path.of(entry));
            }
        }
        // the probe, alone: none of the test classes or test dependencies
        cp.add(Path.of(KameletProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("..").normalize().resolve("probe-classes"));
        copyProbe(cp.get(cp.size() - 1));
        return cp.stream().filter(keep).toList();
    }

    private static void copyProbe(Path target) throws IOException, URISyntaxException {
        Path classes = Path.of(KameletProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String rel = KameletProbe.class.getName().replace('.', '/') + ".class";
        Files.createDirectories(target.resolve(rel).getParent());
        Files.copy(classes.resolve(rel), target.resolve(rel), StandardCopyOption.REPLACE_EXISTING);
    }

    private static String probe(List<Path> classpath, String uri, int events) throws Exception {
        List<String> cmd = new ArrayList<>(Arrays.asList(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()),
                KameletProbe.class.getName(), uri, String.valueOf(events)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
        String last = output.lines().filter(l -> l.startsWith("events=") || l.startsWith("failed: ")).reduce(
                (a, b) -> b).orElse("(no result line) " + output);
        assertEquals(last.startsWith("failed: ") ? 1 : 0, p.exitValue(), output);
        return last;
    }
}
