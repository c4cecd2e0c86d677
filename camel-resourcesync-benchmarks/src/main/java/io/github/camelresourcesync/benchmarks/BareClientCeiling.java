package io.github.camelresourcesync.benchmarks;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the machine allows any JVM, as a yardstick for {@link ContentBaseline}: the same first baseline of the same
 * Source, done by the barest client a JVM can run. {@code --connections} threads, each on one keep-alive socket,
 * send hand-written {@code GET /res/NNN/NNNNNN.txt HTTP/1.1} requests, read the body by its {@code Content-Length},
 * compute its md5 and, with a sink, write it as the mirror does (a new temporary file in the target's directory,
 * renamed over the target). No lists are read (the paths are known), no TLS, redirects, retries, chunked bodies,
 * state, Camel or HTTP library: what is left is the JVM's start, its compilers, the kernel's loopback TCP and the file
 * system. Each run forks a JVM and times it from launch to its last file, like {@link ContentBaseline}'s whole
 * process; the files are then compared with the Source's.
 */
public final class BareClientCeiling {

    static final String USAGE = """
            BareClientCeiling --root DIR --base http://127.0.0.1:PORT/ [options]
              --root DIR          the served directory; the Source is generated there when missing (as ContentBaseline)
              --base URL          where nginx serves it (bin/nginx-source.sh start DIR PORT)
              --resources N       resources (default 100000)
              --connections N     keep-alive connections, one thread each (default 4)
              --runs N            forked JVMs per sink (default 3)
              --jvm "OPTS"        options of the forked JVMs (default -Xmx512m)
              --work DIR          where the files go (default: a temporary directory, deleted)
            """;

    private BareClientCeiling() {
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv, USAGE);
        Path root = args.servedRoot(USAGE);
        String base = args.get("base", "");
        int count = args.getInt("resources", 100_000);
        int runs = args.getInt("runs", 3);
        String connections = Integer.toString(args.getInt("connections", 4));
        List<String> jvm = Fork.extraOptions(args.get("jvm", "-Xmx512m"));
        ContentBaseline.ensureSource(root, base, count, 256, 4096);
        String loadBefore = Machine.loadAverage();
        boolean keep = args.get("work", null) != null;
        Path work = keep ? Files.createDirectories(Path.of(args.get("work", null)))
                : Files.createTempDirectory("rs-bare-client-");
        List<String> lines = new ArrayList<>();
        try {
            for (int run = 1; run <= runs; run++) {
                for (String sink : List.of("files", "none")) {
                    Path dir = work.resolve(sink + "-" + run);
                    List<String> childArgs = new ArrayList<>(List.of("--base", base, "--resources",
                            Integer.toString(count), "--connections", connections));
                    if (sink.equals("files")) {
                        childArgs.addAll(List.of("--work", dir.toString()));
                    }
                    Fork.Outcome o = Fork.run(jvm, Client.class, childArgs, 900);
                    Map<String, String> r = o.result();
                    if (r == null) {
                        throw new IllegalStateException("the client failed (exit " + o.exitCode() + "): " + o.errors());
                    }
                    double seconds = Long.parseLong(r.get(Fork.SINCE_LAUNCH)) / 1e9;
                    String check = "";
                    if (sink.equals("files")) {
                        String problem = ContentBaseline.compareTree(root, dir, count);
                        check = problem == null ? ", all exact" : ", NOT EXACT: " + problem;
                        ListingBenchmark.deleteTree(dir);
                    }
                    String line = String.format("run %d, %s: whole process %.2f s = %,.0f resources/s, JVM CPU %s s%s",
                            run, sink.equals("files") ? "files written" : "no files   ", seconds, count / seconds,
                            r.get("cpuSeconds"), check);
                    System.out.println(line);
                    lines.add(line);
                }
            }
        } finally {
            if (!keep) {
                ListingBenchmark.deleteTree(work);
            }
        }
        System.out.println();
        System.out.printf("BareClientCeiling: %,d resources, %s connections, JVM %s, load before %s%n%s%n", count,
                connections, jvm, loadBefore, Machine.describe(String.join(" ", jvm)));
        lines.forEach(System.out::println);
        System.exit(0);
    }

    /** The forked JVM: fetches every resource, prints {@code RESULT phase=last ...} after the last one. */
    public static final class Client {

        private Client() {
        }

        public static void main(String[] argv) throws Exception {
            Args args = new Args(argv, "BareClientCeiling$Client --base URL --resources N --connections N [--work DIR]");
            URI base = URI.create(args.get("base", null));
            int count = args.getInt("resources", 100_000);
            String prefix = base.getPath().endsWith("/") ? base.getPath() : base.getPath() + "/";
            Path work = args.get("work", null) == null ? null : Path.of(args.get("work", null));
            AtomicInteger next = new AtomicInteger();
            Set<Path> directories = ConcurrentHashMap.newKeySet();
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = new ArrayList<>();
            for (int t = 0; t < args.getInt("connections", 4); t++) {
                Thread thread = new Thread(() -> {
                    try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                        fetchAll(socket, base.getHost(), prefix, count, next, work, directories);
                    } catch (Exception | Error e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                });
                thread.start();
                threads.add(thread);
            }
            for (Thread thread : threads) {
                thread.join();
            }
            if (!failures.isEmpty()) {
                failures.get(0).printStackTrace();
                System.exit(1);
            }
            System.out.printf("RESULT phase=last events=%d cpuSeconds=%.2f%n", count,
                    Machine.processCpuNanos() / 1e9);
            System.out.flush();
            System.exit(0);
        }

        private static void fetchAll(Socket socket, String host, String prefix, int count, AtomicInteger next,
                                     Path work, Set<Path> directories) throws Exception {
            socket.setTcpNoDelay(true);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            InputStream in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                String path = String.format("res/%03d/%06d.txt", i / 1000, i);
                out.write(("GET " + prefix + path + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                byte[] body = in.readNBytes(contentLength(in, path));
                md5.digest(body);
                if (work != null) {
                    write(work.resolve(path), body, i, directories);
                }
            }
        }

        /** Reads the status line and headers; the body's length, or an exception for anything but a plain 200. */
        private static int contentLength(InputStream in, String path) throws IOException {
            String status = line(in);
            if (!status.startsWith("HTTP/1.1 200")) {
                throw new IOException(path + ": " + status);
            }
            int length = -1;
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                if (header.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Integer.parseInt(header.substring(15).trim());
                }
            }
            if (length < 0) {
                throw new IOException(path + ": no Content-Length");
            }
            return length;
        }

        private static String line(InputStream in) throws IOException {
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        private static void write(Path target, byte[] body, int i, Set<Path> directories) throws IOException {
            Path dir = target.getParent();
            if (!directories.contains(dir)) {
                Files.createDirectories(dir);
                directories.add(dir);
            }
            Path tmp = dir.resolve(".tmp-" + i);
            Files.write(tmp, body, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        }
    }
}
