package io.github.camelresourcesync.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.camelresourcesync.testsupport.TestHttpServer;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@code --validate}: the demo Source validates clean (exit 0); a broken Source exits 1 and says why. */
class ValidateCommandTest {

    private static String run(ValidateCommand command, int expectedExit) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = command.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, exit, out);
        return out;
    }

    @Test
    void theDemoSourceIsValid() throws Exception {
        String out = run(ValidateCommand.parse("--validate", "--sample", "50", "--quiet"), 0);
        assertTrue(out.contains(": VALID; 0 errors, 0 warnings"), out);
    }

    @Test
    void aBrokenSourceExitsOneAndJsonSaysWhy() throws Exception {
        try (TestHttpServer server = TestHttpServer.start()) {
            server.serveXml("/.well-known/resourcesync", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                    + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"><rs:md capability=\"resourcelist\"/>"
                    + "<url><loc>{base}/a</loc></url></urlset>");
            server.serve("/a", "a", "text/plain");
            String out = run(ValidateCommand.parse("--validate", server.baseUri() + "/", "--json"), 1);
            assertTrue(out.startsWith("{\"findings\":["), out);
            assertTrue(out.contains("\"rule\":\"required-attribute\",\"severity\":\"error\""), out);
            assertTrue(out.contains("\"report\":{") && out.contains("\"valid\":false"), out);
        }
    }

    @Test
    void withoutValidateTheApplicationMirrors() {
        assertNull(ValidateCommand.parse("--audit"));
        assertEquals("https://example.org/", ValidateCommand.parse("--validate", "https://example.org/", "--json")
                .source().toString());
    }
}
