package io.github.camelresourcesync.examples.demo;

import java.io.ByteArrayInputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DemoDataTest {

    private static final Instant AT = Instant.parse("2025-01-02T03:04:05Z");

    @Test
    void indexListsEveryBundledFile() throws Exception {
        Path data = Path.of(DemoData.class.getClassLoader().getResource("demo/data").toURI());
        try (Stream<Path> files = Files.walk(data)) {
            List<String> onDisk = files.filter(Files::isRegularFile)
                    .map(p -> data.relativize(p).toString().replace('\\', '/')).sorted().toList();
            assertEquals(onDisk, DemoData.index().stream().sorted().toList(),
                    "demo/index.txt must list exactly the files under demo/data/");
        }
        assertTrue(DemoData.load().size() >= 20);
    }

    @Test
    void revisionsKeepJsonValidAndReplaceThePreviousMark() {
        byte[] original = "{\n  \"id\": \"x\",\n  \"list\": [\n    1\n  ]\n}\n".getBytes(StandardCharsets.UTF_8);
        byte[] once = DemoData.revise("/data/records/x.json", original, 1, AT);
        byte[] twice = DemoData.revise("/data/records/x.json", once, 2, AT);
        assertEquals("{\n  \"id\": \"x\",\n  \"list\": [\n    1\n  ],\n  \"revision\": 2,\n  \"revised\": \"" + AT
                     + "\"\n}\n", new String(twice, StandardCharsets.UTF_8));
    }

    @Test
    void revisionsKeepXmlWellFormed() throws Exception {
        byte[] content = DemoData.load().get("/data/catalog/opticks.xml");
        for (int n = 1; n <= 3; n++) {
            content = DemoData.revise("/data/catalog/opticks.xml", content, n, AT);
        }
        String xml = new String(content, StandardCharsets.UTF_8);
        assertEquals(1, xml.split("<revision ", -1).length - 1, xml);
        assertTrue(xml.contains("<revision n=\"3\""), xml);
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(content));
    }

    @Test
    void createdResourcesTakeTheFormatOfTheirFolder() throws URISyntaxException {
        assertEquals("/data/records/ws-new-4.json", DemoData.create("records", 4, AT).path());
        assertEquals("/data/catalog/book-5.xml", DemoData.create("catalog", 5, AT).path());
        assertEquals("/data/notes/note-6.txt", DemoData.create("notes", 6, AT).path());
        assertEquals("application/json", DemoData.mediaType("/data/records/ws-new-4.json"));
    }
}
