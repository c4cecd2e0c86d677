package io.github.camelresourcesync.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.camelresourcesync.state.InMemoryStateStore;
import io.github.camelresourcesync.testsupport.MetashareNode;

/**
 * META-SHARE harvesting benchmark: the testkit's node emulator ({@code testsupport.MetashareNode}, the tests' too,
 * JDK HttpServer on 127.0.0.1, CSRF login, one ZIP per record) serving the 1,008 real ELRA records of the shared
 * fixtures (or generated records without them), harvested by
 * {@code from("resourcesync-metashare:...?fetchParallelism=P").process(count)} in this JVM, a fresh in-memory state per
 * harvest, so every record is fetched, unzipped and checked against its checksum.
 *
 * <p>
 * Run: {@code mvn -B -q -pl camel-resourcesync-benchmarks compile exec:exec@metashare}, extra arguments with
 * {@code -Dmetashare.args="..."}.
 */
public final class MetashareBenchmark {

    static final String USAGE = """
            MetashareBenchmark [options]
              --records N        records on the node (default: the fixtures' 1008, else 1000 generated)
              --fixtures DIR     the real records (default ../shared/fixtures/metashare/records-v3.0)
              --parallelism LIST fetchParallelism values, comma separated (default 1,4,8)
              --runs N           runs of each value (default 3)
              --warmup N         harvests before the measured ones (default 2)
            """;

    private MetashareBenchmark() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        int runs = args.getInt("runs", 3);
        int warmup = args.getInt("warmup", 2);
        Path fixtures = Path.of(args.get("fixtures", "../shared/fixtures/metashare/records-v3.0"));
        List<Integer> parallelisms = new ArrayList<>();
        for (String p : args.get("parallelism", "1,4,8").split(",")) {
            parallelisms.add(Integer.parseInt(p.trim()));
        }
        String loadBefore = Machine.loadAverage();
        try (MetashareNode node = MetashareNode.start("bench", "bench-password")) {
            int records;
            String kind;
            if (Files.isDirectory(fixtures)) {
                records = node.addFixtureRecords(fixtures, args.getInt("records", 1008)).size();
                kind = "real ELRA records from " + fixtures;
            } else {
                records = args.getInt("records", 1000);
                for (int i = 0; i < records; i++) {
                    node.add("<?xml version=\"1.0\" encoding=\"ASCII\"?><resourceInfo><resourceName>record " + i
                             + "</resourceName>" + "<description>" + "x".repeat(4000) + "</description>"
                             + "</resourceInfo>");
                }
                kind = "generated 4 KB records";
            }
            System.out.printf("META-SHARE node emulator on %s: %d %s%n", node.baseUri(), records, kind);
            Path stateDir = Files.createTempDirectory("rs-metashare-bench-");
            for (int i = 0; i < warmup; i++) {
                harvest(node, records, parallelisms.get(parallelisms.size() - 1), stateDir);
            }
            // events reach the route in batches after their fetches, so the wall time of the poll is the measure
            System.out.println("| fetchParallelism | run | records | wall s (start to poll end) | records/s (wall) |");
            System.out.println("|---|---|---|---|---|");
            for (int p : parallelisms) {
                for (int run = 1; run <= runs; run++) {
                    HarvestRun.Result r = harvest(node, records, p, stateDir);
                    System.out.printf("| %d | %d | %d | %.2f | %.0f |%s%n", p, run, r.events(), r.wallToPollEnd(),
                            r.events() / r.wallToPollEnd(), r.failure() == null ? "" : " FAILED: " + r.failure());
                }
            }
            System.out.print(Machine.describe(Machine.mb(Runtime.getRuntime().maxMemory())));
            System.out.println("load before: " + loadBefore);
        }
    }

    private static HarvestRun.Result harvest(MetashareNode node, int records, int parallelism, Path stateDir)
            throws Exception {
        String uri = "resourcesync-metashare:" + node.baseUri() + "?username=bench&password=bench-password"
                     + "&stateStore=#memory&fetchParallelism=" + parallelism + "&progressInterval=0";
        return HarvestRun.run(uri, stateDir, Map.of("memory", new InMemoryStateStore()),
                new HarvestRun.Counter(records, false), Duration.ofMinutes(10));
    }
}
