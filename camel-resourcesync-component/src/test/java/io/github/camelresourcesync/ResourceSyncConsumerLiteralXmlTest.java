package io.github.camelresourcesync;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ResourceSyncConsumerTest} against a Source whose documents are written as text, sharing no code with the
 * project's writer or reader.
 */
class ResourceSyncConsumerLiteralXmlTest extends ResourceSyncConsumerTest {

    @Override
    boolean literalXml() {
        return true;
    }

    @Test
    void theSourceServesDocumentsWrittenAsText() throws Exception {
        String list = HttpClient.newHttpClient().send(HttpRequest.newBuilder(source.uri("/resourcelist.xml")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertTrue(list.contains("<urlset xmlns='http://www.sitemaps.org/schemas/sitemap/0.9'"), list);
    }
}
