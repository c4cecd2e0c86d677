package io.github.camelresourcesync;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.camelresourcesync.testsupport.Polls;
import io.github.camelresourcesync.testsupport.SpoolFiles;
import io.github.camelresourcesync.testsupport.TestSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an audit and a validation remember while they run (the locations listed so far) is kept in a scratch file in
 * the endpoint's {@code spoolDirectory}, where an operator put the room for it, and the file is gone when the poll
 * ends.
 */
class ScratchFilesInSpoolDirectoryTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"audit&fetchContent=false, resourcesync-audit-", "validate&sample=0, resourcesync-validate-"})
    void aPollKeepsItsScratchFileInTheSpoolDirectoryUntilItEnds(String mode, String prefix) throws Exception {
        Path spool = dir.resolve("spool");
        Files.createDirectories(dir.resolve("mirror"));
        /** the scratch files in the spool directory while the route handled each exchange */
        List<List<String>> seen = new CopyOnWriteArrayList<>();
        try (TestSource source = new TestSource().put("/res/a.txt", "alpha").put("/res/b.txt", "bravo");
             CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // the audit compares with an empty directory: each listed resource is missing
                    from("resourcesync:" + source.base() + "?mode=" + mode + "&auditDirectory=" + dir.resolve("mirror")
                         + "&spoolDirectory=" + spool + "&maxRetries=0&initialDelay=3600000&delay=3600000")
                            .routeId("poll")
                            .process(e -> seen.add(SpoolFiles.in(spool).stream().map(p -> p.getFileName().toString())
                                    .filter(n -> n.startsWith("resourcesync-")).toList()));
                }
            });
            context.start();
            Polls.consumer(context, "poll").run();
        }
        assertTrue(seen.size() >= 2, seen::toString);
        List<String> first = seen.get(0);
        assertEquals(1, first.size(), seen::toString);
        assertTrue(first.get(0).startsWith(prefix) && first.get(0).endsWith(".mv"), seen::toString);
        assertFalse(SpoolFiles.in(spool).stream().anyMatch(p -> p.getFileName().toString().startsWith(prefix)),
                () -> "left behind: " + SpoolFiles.in(spool));
    }
}
