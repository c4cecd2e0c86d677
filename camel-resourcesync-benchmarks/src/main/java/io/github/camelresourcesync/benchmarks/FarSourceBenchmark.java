package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * First baseline with content of a far Source: nginx serves a Source of many small resources over TLS with HTTP/2
 * (a certificate the benchmark makes with {@code openssl}, trusted by the harvester JVM through
 * {@code javax.net.ssl.trustStore}), reached through a {@link DelayProxy} that adds a round trip of its own. Each case
 * forks one harvester JVM ({@link PipelineHarvest}, no-op sink: the route only counts) and reports resources / second
 * from launching the JVM to the last resource past the route, and the TCP connections the harvester opened (counted
 * by the proxy).
 * <p>
 * A case is {@code PROTOCOL:RTT[:index]}: {@code PROTOCOL} is the endpoint's {@code httpVersion} ({@code auto},
 * {@code 2}, {@code 1.1}), {@code RTT} the added round trip in milliseconds, or {@code direct} for nginx on loopback
 * without the proxy (connections are then not counted); {@code :index} harvests the same resources published as a
 * Resource List Index of lists of {@code --per-list} entries instead of one Resource List.
 */
public final class FarSourceBenchmark {

    static final String USAGE = """
            FarSourceBenchmark [options]
              --root DIR          where the Sources, the certificate and nginx's configuration go (default /tmp/rs-far)
              --resources N       resources (default 10000), 256-4,096 bytes of text, md5 and length published
              --per-list N        entries per list of the index variant (default 1000)
              --cases LIST        comma separated PROTOCOL:RTT[:index] (default
                                  auto:50,auto:10,auto:150,1.1:50,auto:direct,1.1:direct,auto:50:index)
              --options OPTS      extra endpoint options for every case, e.g. "fetchParallelism=64&maxRequestsPerHost=64"
              --fetch-threads N   the component's fetchThreads (default: the component's default)
              --runs N            harvester JVMs per case (default 1)
              --jvm "OPTS"        options of the forked JVMs (default -Xmx512m)
              --port N            first of the ports used (default 18400): nginx N..N+2, proxies N+10, N+11
              --reference "CMD"   instead of harvesting, run another client in each case (a shell command; {base} is
                                  the Source's base URL without its trailing slash, {dir} an empty directory; the
                                  certificate is in SSL_CERT_FILE and REQUESTS_CA_BUNDLE), timed from launch to exit
            """;

    private static final String SINGLE = "single";
    private static final String INDEX = "index";

    private FarSourceBenchmark() {
    }

    /** {@code harvestRate}: resources / s from the first resource to the last (NaN for another client) */
    record Result(String caseName, int run, double seconds, double rate, double harvestRate, int connections,
                  String failure) {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        Path root = Path.of(args.get("root", "/tmp/rs-far")).toAbsolutePath();
        int count = args.getInt("resources", 10_000);
        int perList = args.getInt("per-list", 1_000);
        List<String> cases = List.of(args.get("cases",
                "auto:50,auto:10,auto:150,1.1:50,auto:direct,1.1:direct,auto:50:index").split(","));
        String options = args.get("options", "");
        int fetchThreads = args.getInt("fetch-threads", 0);
        int runs = args.getInt("runs", 1);
        List<String> jvm = new ArrayList<>(Fork.extraOptions(args.get("jvm", "-Xmx512m")));
        int port = args.getInt("port", 18400);
        String reference = args.get("reference", null);

        Files.createDirectories(root);
        Tls tls = Tls.make(root.resolve("tls"));
        jvm.addAll(tls.trustStoreOptions());
        // nginx ports: the single list and the index reached through the proxy, the single list on loopback
        int nginxSingle = port;
        int nginxIndex = port + 1;
        int nginxDirect = port + 2;
        int proxySingle = port + 10;
        int proxyIndex = port + 11;
        Map<String, Integer> proxied = Map.of(SINGLE, proxySingle, INDEX, proxyIndex);
        writeSource(root.resolve("far-single"), "https://127.0.0.1:" + proxySingle + "/", count, count);
        writeSource(root.resolve("far-index"), "https://127.0.0.1:" + proxyIndex + "/", count, perList);
        writeSource(root.resolve("direct"), "https://127.0.0.1:" + nginxDirect + "/", count, count);
        String loadBefore = Machine.loadAverage();
        List<Result> results = new ArrayList<>();
        try (Nginx nginx = Nginx.start(root.resolve("nginx"), tls, Map.of(nginxSingle, root.resolve("far-single"),
                nginxIndex, root.resolve("far-index"), nginxDirect, root.resolve("direct")))) {
            for (int run = 1; run <= runs; run++) {
                for (String c : cases) {
                    String[] p = c.split(":");
                    String protocol = p[0];
                    boolean direct = p[1].equals("direct");
                    String tree = p.length > 2 && p[2].equals(INDEX) ? INDEX : SINGLE;
                    int sourcePort = direct ? nginxDirect : proxied.get(tree);
                    int upstream = tree.equals(INDEX) ? nginxIndex : nginxSingle;
                    Path sourceRoot = root.resolve(direct ? "direct" : "far-" + tree);
                    String base = "https://127.0.0.1:" + sourcePort;
                    System.out.printf("%n=== %s, run %d (load avg %s)%n", c, run, Machine.loadAverage());
                    DelayProxy proxy = direct ? null : new DelayProxy(sourcePort,
                            new InetSocketAddress("127.0.0.1", upstream), Double.parseDouble(p[1]));
                    try {
                        Result r = reference != null
                                ? runReference(reference, c, run, base, count, root, sourceRoot, tls, proxy)
                                : harvest(jvm, c, run, base, protocol, options, fetchThreads, count, proxy, root);
                        results.add(r);
                        System.out.printf("%s run %d: %.2f s = %,.0f resources/s, %s connections%s%n", c, run,
                                r.seconds(), r.rate(), direct ? "-" : Integer.toString(r.connections()),
                                r.failure() == null ? "" : "; FAILED: " + r.failure());
                    } finally {
                        if (proxy != null) {
                            proxy.close();
                        }
                    }
                }
            }
        }
        System.out.println();
        System.out.println("==================== Far Source benchmark ====================");
        System.out.print(Machine.describe(String.join(" ", jvm) + " (forked harvester JVM)"));
        System.out.println("load before: " + loadBefore);
        System.out.printf("source:      %,d resources of 256-4,096 bytes, md5 and length published, nginx %s over TLS"
                          + " with HTTP/2, through a proxy adding RTT (index: lists of %,d)%n", count, nginx(),
                perList);
        System.out.println(reference != null ? "client:      " + reference
                : "route:       from(resourcesync:https://...?fetchContent=true&httpVersion=PROTOCOL"
                  + (options.isEmpty() ? "" : "&" + options) + ") to a no-op counting step"
                  + (fetchThreads > 0 ? ", fetchThreads=" + fetchThreads : ""));
        System.out.println("whole:       resources / s from launching the process to the last resource");
        System.out.println("harvest:     resources / s from the first resource to the last");
        System.out.printf("%n%-18s %4s %9s %12s %12s %12s %s%n", "case", "run", "seconds", "whole res/s",
                "harvest res/s", "connections", "status");
        for (Result r : results) {
            System.out.printf("%-18s %4d %9.2f %,12.0f %12s %12s %s%n", r.caseName(), r.run(), r.seconds(), r.rate(),
                    Double.isNaN(r.harvestRate()) ? "" : String.format("%,.0f", r.harvestRate()),
                    r.caseName().contains("direct") ? "-" : Integer.toString(r.connections()),
                    r.failure() == null ? "ok" : "FAILED: " + r.failure());
        }
        System.out.println("load after:  " + Machine.loadAverage());
        System.exit(0);
    }

    private static Result harvest(List<String> jvm, String caseName, int run, String base, String protocol,
                                  String options, int fetchThreads, int count, DelayProxy proxy, Path root)
            throws Exception {
        Path work = Files.createTempDirectory(root, "work-");
        try {
            String endpointOptions = "httpVersion=" + protocol + (options.isEmpty() ? "" : "&" + options);
            List<String> args = new ArrayList<>(List.of("--source", base + "/" + SourceFiles.WELL_KNOWN, "--sink",
                    "noop", "--work", work.toString(), "--expected", Integer.toString(count), "--harvests", "1",
                    "--options", endpointOptions, "--timeout", "1200"));
            if (fetchThreads > 0) {
                args.addAll(List.of("--fetch-threads", Integer.toString(fetchThreads)));
            }
            Fork.Outcome o = Fork.run(jvm, PipelineHarvest.class, args, 1500);
            Map<String, String> last = null;
            String failure = null;
            double harvestRate = Double.NaN;
            for (Map<String, String> r : o.results()) {
                if ("last".equals(r.get("phase"))) {
                    last = r;
                } else if ("done".equals(r.get("phase"))) {
                    harvestRate = count / Double.parseDouble(r.get("firstToLast"));
                    if (!"none".equals(r.get("failure"))) {
                        failure = r.get("failure");
                    }
                }
            }
            if (last == null && failure == null) {
                failure = "exit " + o.exitCode() + " " + o.errors();
            }
            double seconds = last == null ? Double.NaN : Long.parseLong(last.get(Fork.SINCE_LAUNCH)) / 1e9;
            int connections = proxy == null ? -1 : proxy.takeConnections();
            return new Result(caseName, run, seconds, count / seconds, harvestRate, connections, failure);
        } finally {
            ListingBenchmark.deleteTree(work);
        }
    }

    private static Result runReference(String command, String caseName, int run, String base, int count, Path root,
                                       Path sourceRoot, Tls tls, DelayProxy proxy) throws Exception {
        Path dir = Files.createTempDirectory(root, "reference-");
        Path cwd = Files.createTempDirectory(root, "reference-cwd-");
        try {
            String line = command.replace("{base}", base).replace("{dir}", dir.toString());
            System.out.println("  $ " + line);
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", line).directory(cwd.toFile()).redirectErrorStream(true);
            pb.environment().put("SSL_CERT_FILE", tls.certificate().toString());
            pb.environment().put("REQUESTS_CA_BUNDLE", tls.certificate().toString());
            long launched = System.nanoTime();
            Process p = pb.start();
            List<String> output = new String(p.getInputStream().readAllBytes()).lines().toList();
            int exit = p.waitFor();
            double seconds = (System.nanoTime() - launched) / 1e9;
            output.stream().skip(Math.max(0, output.size() - 5)).forEach(l -> System.out.println("  | " + l));
            String failure = exit != 0 ? "exit " + exit : ContentBaseline.compareTree(sourceRoot.resolve("res"),
                    dir.resolve("res"), count);
            return new Result(caseName, run, seconds, count / seconds, Double.NaN,
                    proxy == null ? -1 : proxy.takeConnections(), failure);
        } finally {
            ListingBenchmark.deleteTree(dir);
            ListingBenchmark.deleteTree(cwd);
        }
    }

    /** Writes the Source for {@code base} into {@code dir} unless it is there. */
    private static void writeSource(Path dir, String base, int count, int perList) throws IOException {
        Path marker = dir.resolve(String.format(".far-source-%d-%d", count, perList));
        if (Files.exists(marker) && Files.readString(marker).equals(base)) {
            return;
        }
        ListingBenchmark.deleteTree(dir);
        Files.createDirectories(dir);
        System.out.printf("Writing a Source of %,d resources (lists of %,d) into %s for %s%n", count, perList, dir,
                base);
        new SourceFiles(dir, base).writeContentSource(count, 256, 4096, List.of("md5"), perList);
        Files.writeString(marker, base);
    }

    private static String nginx() {
        try {
            Process p = new ProcessBuilder(Nginx.binary(), "-v").redirectErrorStream(true).start();
            return new String(p.getInputStream().readAllBytes()).trim().replace("nginx version: ", "");
        } catch (IOException e) {
            return "nginx";
        }
    }

    /** A self-signed certificate for 127.0.0.1 and localhost, its key for nginx and a trust store for the JVM. */
    record Tls(Path certificate, Path key, Path trustStore) {

        static Tls make(Path dir) throws IOException, InterruptedException {
            Files.createDirectories(dir);
            Tls tls = new Tls(dir.resolve("cert.pem"), dir.resolve("key.pem"), dir.resolve("trust.p12"));
            if (!Files.exists(tls.trustStore())) {
                exec("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "365", "-subj",
                        "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout",
                        tls.key().toString(), "-out", tls.certificate().toString());
                exec("keytool", "-importcert", "-noprompt", "-alias", "far-source", "-file",
                        tls.certificate().toString(), "-keystore", tls.trustStore().toString(), "-storetype",
                        "PKCS12", "-storepass", "changeit");
            }
            return tls;
        }

        List<String> trustStoreOptions() {
            return List.of("-Djavax.net.ssl.trustStore=" + trustStore, "-Djavax.net.ssl.trustStoreType=PKCS12",
                    "-Djavax.net.ssl.trustStorePassword=changeit");
        }
    }

    static void exec(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
    }

    /** nginx serving directories over TLS with HTTP/2 on 127.0.0.1, one port each; stopped on close. */
    static final class Nginx implements AutoCloseable {
        private final Path dir;

        private Nginx(Path dir) {
            this.dir = dir;
        }

        static String binary() {
            for (String n : List.of("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")) {
                if (Files.isExecutable(Path.of(n))) {
                    return n;
                }
            }
            return "nginx";
        }

        static Nginx start(Path dir, Tls tls, Map<Integer, Path> roots) throws IOException, InterruptedException {
            Files.createDirectories(dir.resolve("tmp"));
            StringBuilder servers = new StringBuilder();
            roots.forEach((port, root) -> servers.append(String.format("""
                      server {
                        listen 127.0.0.1:%d ssl http2;
                        ssl_protocols TLSv1.2 TLSv1.3;
                        ssl_certificate %s;
                        ssl_certificate_key %s;
                        root %s;
                      }
                    """, port, tls.certificate(), tls.key(), root)));
            // what a static Source would run: sendfile, keep-alive, no access log; HTTP/2 with nginx's defaults
            // (128 concurrent streams per connection); TLS 1.3 as nginx offers it by default since 1.23.4 (1.22 offers
            // only up to 1.2: a new connection then costs one more round trip)
            String conf = """
                    %s
                    worker_processes 1;
                    pid %s/nginx.pid;
                    error_log %s/error.log warn;
                    events { worker_connections 4096; }
                    http {
                      types { application/xml xml; text/plain txt; }
                      default_type application/xml;
                      access_log off;
                      sendfile on;
                      tcp_nopush on;
                      tcp_nodelay on;
                      keepalive_timeout 65;
                      keepalive_requests 10000000;
                      http2_max_requests 10000000;
                      open_file_cache max=4000 inactive=60s;
                      client_body_temp_path %s/tmp;
                      proxy_temp_path %s/tmp;
                      fastcgi_temp_path %s/tmp;
                      uwsgi_temp_path %s/tmp;
                      scgi_temp_path %s/tmp;
                    %s}
                    """.formatted(ProcessHandle.current().info().user().orElse("").equals("root") ? "user root;" : "",
                    dir, dir, dir, dir, dir, dir, dir, servers);
            Files.writeString(dir.resolve("nginx.conf"), conf);
            stopIfRunning(dir);
            exec(binary(), "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString(), "-e",
                    dir.resolve("error.log").toString());
            Thread.sleep(300);
            return new Nginx(dir);
        }

        private static void stopIfRunning(Path dir) throws IOException {
            Path pid = dir.resolve("nginx.pid");
            if (Files.exists(pid)) {
                ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).ifPresent(ProcessHandle::destroy);
            }
        }

        @Override
        public void close() throws IOException {
            stopIfRunning(dir);
        }
    }
}
