package io.github.camelresourcesync.examples.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The sample files the demo Source starts with (under {@code demo/data/} on the classpath), and the content of the
 * resources its timer creates and updates. {@code demo/index.txt} lists the files, because a directory inside a jar
 * cannot be listed.
 */
public final class DemoData {

    /** URL path prefix of every demo resource: {@code /data/notes/danube.txt}. */
    public static final String PREFIX = "/data/";

    private static final String INDEX = "demo/index.txt";
    private static final String DATA = "demo/data/";
    private static final Pattern JSON_REVISION = Pattern.compile(",\\s*\"revision\":[^}]*(?=}\\s*$)");
    private static final Pattern XML_REVISION = Pattern.compile("\\s*<revision [^>]*/>");

    private DemoData() {
    }

    /** The bundled files: URL path ({@code /data/notes/danube.txt}) to bytes, in index order. */
    public static Map<String, byte[]> load() {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : index()) {
            files.put(PREFIX + name, read(DATA + name));
        }
        return Collections.unmodifiableMap(files);
    }

    /** File names under {@code demo/data/}, as listed in {@code demo/index.txt}. */
    public static List<String> index() {
        List<String> names = new ArrayList<>();
        for (String line : new String(read(INDEX), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.trim());
            }
        }
        return names;
    }

    /** The folder a resource is in ({@code notes} for {@code /data/notes/danube.txt}); one Resource List each. */
    public static String folder(String path) {
        String rest = path.substring(PREFIX.length());
        int slash = rest.indexOf('/');
        return slash < 0 ? "" : rest.substring(0, slash);
    }

    public static String mediaType(String path) {
        if (path.endsWith(".json")) {
            return "application/json";
        }
        if (path.endsWith(".xml")) {
            return "application/xml";
        }
        return "text/plain";
    }

    /** Content of a resource the demo creates in {@code folder}; the folder decides the format. */
    public static NewResource create(String folder, int n, Instant at) {
        return switch (folder) {
            case "records" -> new NewResource(PREFIX + "records/ws-new-" + n + ".json", utf8(
                    "{\n  \"id\": \"ws-new-" + n + "\",\n  \"city\": \"Demo " + n + "\",\n  \"added\": \"" + at
                    + "\"\n}\n"));
            case "catalog" -> new NewResource(PREFIX + "catalog/book-" + n + ".xml", utf8(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<book id=\"book-" + n + "\">\n  <title>Demo book "
                    + n + "</title>\n  <added>" + at + "</added>\n</book>\n"));
            default -> new NewResource(PREFIX + folder + "/note-" + n + ".txt",
                    utf8("Note " + n + "\n\nWritten by the demo Source at " + at + ".\n"));
        };
    }

    /**
     * A new revision of a resource's content, still valid in its format: text gets a line appended, JSON a
     * {@code revision} member, XML a {@code <revision/>} element (each replacing the previous revision's mark).
     */
    public static byte[] revise(String path, byte[] content, int revision, Instant at) {
        String text = new String(content, StandardCharsets.UTF_8);
        String revised;
        if (path.endsWith(".json")) {
            String base = JSON_REVISION.matcher(text).replaceFirst("\n");
            int end = base.lastIndexOf('}');
            revised = base.substring(0, end).stripTrailing() + ",\n  \"revision\": " + revision + ",\n  \"revised\": \""
                      + at + "\"\n}\n";
        } else if (path.endsWith(".xml")) {
            String base = XML_REVISION.matcher(text).replaceAll("");
            int end = base.lastIndexOf("</");
            revised = base.substring(0, end) + "  <revision n=\"" + revision + "\" at=\"" + at + "\"/>\n"
                      + base.substring(end);
        } else {
            revised = text + "Revision " + revision + " at " + at + ".\n";
        }
        return utf8(revised);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] read(String resource) {
        try (InputStream in = DemoData.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Demo data " + resource + " is missing from the classpath;"
                                                + " is demo/index.txt in step with demo/data/?");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read demo data " + resource, e);
        }
    }

    /** A resource the demo creates: where and what. */
    public record NewResource(String path, byte[] content) {
    }
}
