package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import io.github.camelresourcesync.testsupport.DirectoryServer;
import io.github.camelresourcesync.testsupport.SourceServer;

/**
 * Serves a directory of static files on 127.0.0.1: nginx when it is installed (started from a generated
 * configuration in a temporary directory, as the current user, killed on {@link #close()}), else the testkit's
 * {@link DirectoryServer} (the JDK's {@code HttpServer} with {@code TCP_NODELAY}). Files without an extension (the
 * Source Description at {@code /.well-known/resourcesync}) are served as {@code application/xml} by both.
 */
abstract class StaticServer implements AutoCloseable {

    /** {@code auto} (nginx if found, else jdk), {@code nginx} or {@code jdk}. */
    static StaticServer start(Path root, Path workDir, String preference) throws IOException {
        String p = preference == null ? "auto" : preference.toLowerCase(Locale.ROOT);
        if (!p.equals("jdk")) {
            Path nginx = Nginx.find();
            if (nginx != null) {
                try {
                    return Nginx.start(nginx, root, workDir);
                } catch (IOException e) {
                    if (p.equals("nginx")) {
                        throw e;
                    }
                    System.out.println("nginx did not start (" + e.getMessage() + "); falling back to the JDK"
                                       + " HttpServer");
                }
            } else if (p.equals("nginx")) {
                throw new IOException("nginx not found on PATH, /usr/sbin or /usr/local/sbin");
            } else {
                System.out.println("nginx not found; serving with the JDK HttpServer");
            }
        }
        return Jdk.start(root);
    }

    abstract int port();

    /** For the summary, e.g. {@code nginx/1.22.1 (1 worker)}. */
    abstract String description();

    String baseUrl() {
        return "http://127.0.0.1:" + port() + "/";
    }

    @Override
    public abstract void close();

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** nginx as a child process: {@code daemon off}, pid file, logs and temp paths in the work directory. */
    static final class Nginx extends StaticServer {

        private final Process process;
        private final int port;
        private final String version;
        private final Thread shutdownHook;

        private Nginx(Process process, int port, String version) {
            this.process = process;
            this.port = port;
            this.version = version;
            this.shutdownHook = new Thread(process::destroyForcibly, "nginx-killer");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }

        static Path find() {
            String path = System.getenv("PATH");
            String dirs = (path == null ? "" : path) + ":/usr/sbin:/usr/local/sbin:/usr/local/nginx/sbin";
            for (String dir : dirs.split(":")) {
                if (!dir.isEmpty()) {
                    Path candidate = Path.of(dir, "nginx");
                    if (Files.isExecutable(candidate)) {
                        return candidate;
                    }
                }
            }
            return null;
        }

        static Nginx start(Path nginx, Path root, Path workDir) throws IOException {
            Path dir = Files.createDirectories(workDir.resolve("nginx"));
            for (String sub : new String[] { "client_body", "proxy", "fastcgi", "uwsgi", "scgi" }) {
                Files.createDirectories(dir.resolve(sub));
            }
            int port = freePort();
            String user = System.getProperty("user.name");
            StringBuilder conf = new StringBuilder();
            conf.append("daemon off;\n");
            // workers drop to "nobody" when the master runs as root; keep them as the current user
            if ("root".equals(user)) {
                conf.append("user root;\n");
            }
            conf.append("worker_processes 1;\n");
            conf.append("pid ").append(dir.resolve("nginx.pid")).append(";\n");
            conf.append("error_log ").append(dir.resolve("error.log")).append(" warn;\n");
            conf.append("events { worker_connections 1024; }\n");
            conf.append("http {\n");
            conf.append("  types { application/xml xml; text/plain txt; text/html html; }\n");
            conf.append("  default_type application/xml;\n");
            conf.append("  access_log off;\n");
            conf.append("  sendfile on;\n  tcp_nopush on;\n  tcp_nodelay on;\n");
            conf.append("  keepalive_timeout 65;\n  keepalive_requests 1000000;\n");
            conf.append("  open_file_cache max=4000 inactive=60s;\n");
            conf.append("  client_body_temp_path ").append(dir.resolve("client_body")).append(";\n");
            conf.append("  proxy_temp_path ").append(dir.resolve("proxy")).append(";\n");
            conf.append("  fastcgi_temp_path ").append(dir.resolve("fastcgi")).append(";\n");
            conf.append("  uwsgi_temp_path ").append(dir.resolve("uwsgi")).append(";\n");
            conf.append("  scgi_temp_path ").append(dir.resolve("scgi")).append(";\n");
            conf.append("  server {\n");
            conf.append("    listen 127.0.0.1:").append(port).append(";\n");
            conf.append("    root ").append(root.toAbsolutePath()).append(";\n");
            conf.append("  }\n}\n");
            Path confFile = dir.resolve("nginx.conf");
            Files.writeString(confFile, conf);
            String version = version(nginx);
            Process p = new ProcessBuilder(nginx.toString(), "-p", dir.toString(), "-c", confFile.toString(), "-e",
                    dir.resolve("error.log").toString())
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("stdout.log").toFile())
                    .start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                if (!p.isAlive()) {
                    throw new IOException("nginx exited with " + p.exitValue() + ": " + log(dir));
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    return new Nginx(p, port, version);
                } catch (IOException notYet) {
                    sleep(50);
                }
            }
            p.destroyForcibly();
            throw new IOException("nginx did not listen on port " + port + " within 10 s: " + log(dir));
        }

        private static String log(Path dir) {
            StringBuilder sb = new StringBuilder();
            for (String f : new String[] { "stdout.log", "error.log" }) {
                try {
                    sb.append(Files.readString(dir.resolve(f))).append(' ');
                } catch (IOException ignored) {
                    // not written
                }
            }
            return sb.toString().trim();
        }

        private static String version(Path nginx) {
            try {
                Process v = new ProcessBuilder(nginx.toString(), "-v").redirectErrorStream(true).start();
                String out = new String(v.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                v.waitFor();
                return out.replace("nginx version: ", "");
            } catch (IOException | InterruptedException e) {
                return "nginx";
            }
        }

        @Override
        int port() {
            return port;
        }

        @Override
        String description() {
            return version + " (1 worker process, sendfile, keep-alive)";
        }

        @Override
        public void close() {
            process.destroy(); // SIGTERM: nginx's fast shutdown, workers included
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
    }

    /** The testkit's directory server (the JDK's built-in server), when nginx is not available. */
    static final class Jdk extends StaticServer {

        private static final int THREADS = 4;

        private final DirectoryServer server;

        private Jdk(DirectoryServer server) {
            this.server = server;
        }

        static Jdk start(Path root) throws IOException {
            return new Jdk(new DirectoryServer(root, SourceServer.builder().noDelay(true).threads(THREADS).backlog(256)
                    .threadName("static-server").countRequests(false)));
        }

        @Override
        int port() {
            return server.port();
        }

        @Override
        String description() {
            return "JDK com.sun.net.httpserver.HttpServer (testkit DirectoryServer, " + THREADS
                   + " threads, sun.net.httpserver.nodelay=true)";
        }

        @Override
        public void close() {
            server.close();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
