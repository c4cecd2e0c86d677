package io.github.camelresourcesync.examples.demo;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.github.camelresourcesync.testsupport.MetashareNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A META-SHARE node on loopback for trying the {@code metashare-source} Kamelet without a node of one's own: the
 * testkit's node emulator (the one the component's tests run against: Django login, inventory and record ZIPs as
 * META-SHARE 3.0 serves them) with the records under {@code demo/metashare/}, and a timer that updates, adds,
 * soft-deletes and hard-deletes records in turn. Record ids are fixed (derived from the file names), so a restarted
 * node lists the same records; changes made by the timer are not kept across runs.
 */
public final class MetashareDemoNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetashareDemoNode.class);
    private static final String DIR = "demo/metashare/";
    /** the timer does not delete below this many live records */
    private static final int MIN_RECORDS = 3;

    private final MetashareNode node;
    /** live (not deleted) records: id to the XML the node serves, in node form */
    private final Map<String, String> live = new LinkedHashMap<>();
    private final Random random = new Random(42);
    private final DemoTimer timer = new DemoTimer("Demo META-SHARE node", LOG,
            () -> LOG.info("Demo META-SHARE node: {}", next()));
    private int step;

    private MetashareDemoNode(String username, String password) {
        this.node = MetashareNode.start(username, password);
        for (String name : names()) {
            add(name, new String(DemoData.read(DIR + name), StandardCharsets.UTF_8));
        }
    }

    /**
     * Starts the node on a free loopback port with one sync user and, unless {@code changeInterval} is 0, its timer.
     */
    public static MetashareDemoNode start(String username, String password, long changeInterval) {
        MetashareDemoNode demo = new MetashareDemoNode(username, password);
        demo.timer.start(changeInterval);
        LOG.info("Demo META-SHARE node serving {} records at {}; {}", demo.records().size(), demo.baseUri(),
                changeInterval > 0 ? "it changes a record every " + changeInterval + " ms" : "it holds still");
        return demo;
    }

    private static List<String> names() {
        List<String> names = new ArrayList<>();
        for (String line : new String(DemoData.read(DIR + "index.txt"), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.trim());
            }
        }
        return names;
    }

    /** The node's base URL (no trailing slash), for {@code metashare.node-url}. */
    public URI baseUri() {
        return node.baseUri();
    }

    /** The records a mirror of the node must hold: storage id to the {@code metadata.xml} bytes served. */
    public synchronized Map<String, byte[]> records() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        live.keySet().forEach(id -> out.put(id, node.servedXml(id)));
        return out;
    }

    /** Changes made by the timer so far. */
    public synchronized int changeCount() {
        return step;
    }

    public void pauseChanges(boolean pause) {
        timer.pause(pause);
    }

    /** Update, add, soft delete, hard delete, in turn; returns what was done. */
    synchronized String next() {
        int n = step++;
        List<String> ids = new ArrayList<>(live.keySet());
        String id = ids.get(random.nextInt(ids.size()));
        switch (n % 4) {
            case 0 -> {
                String revised = live.get(id).replaceFirst(" \\(revision \\d+\\)</description>", "</description>")
                        .replaceFirst("</description>", " (revision " + n + ")</description>");
                node.update(id, revised);
                live.put(id, revised);
                return "updated " + id;
            }
            case 2, 3 -> {
                if (ids.size() > MIN_RECORDS) {
                    live.remove(id);
                    if (n % 4 == 2) {
                        node.softDelete(id);
                        return "deleted " + id + " (marked deleted)";
                    }
                    node.hardDelete(id);
                    return "deleted " + id + " (removed)";
                }
                return "added " + add("demo-record-" + n, newRecord(n));
            }
            default -> {
                return "added " + add("demo-record-" + n, newRecord(n));
            }
        }
    }

    /** Adds a record with the id {@code name} stands for; returns the id. */
    private String add(String name, String xml) {
        String id = SourceModel.hex("SHA-256", name.getBytes(StandardCharsets.UTF_8));
        String nodeForm = new String(MetashareNode.nodeForm(xml), StandardCharsets.US_ASCII);
        node.addWithId(id, nodeForm.getBytes(StandardCharsets.US_ASCII));
        live.put(id, nodeForm);
        return id;
    }

    private static String newRecord(int n) {
        return "<resourceInfo xmlns=\"http://www.ilsp.gr/META-XMLSchema\"><identificationInfo>"
               + "<resourceName lang=\"en\">Demo record " + n + "</resourceName>"
               + "<description lang=\"en\">Added by the demo META-SHARE node.</description>"
               + "</identificationInfo><resourceComponentType><corpusInfo><resourceType>corpus</resourceType>"
               + "</corpusInfo></resourceComponentType></resourceInfo>";
    }

    @Override
    public void close() {
        timer.close();
        node.close();
        LOG.info("Demo META-SHARE node at {} stopped", baseUri());
    }
}
