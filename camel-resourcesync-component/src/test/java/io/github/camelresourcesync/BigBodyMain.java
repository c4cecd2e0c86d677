package io.github.camelresourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import io.github.camelresourcesync.testsupport.H2Server;
import io.github.camelresourcesync.testsupport.SelfSignedTls;
import io.github.camelresourcesync.testsupport.TestHttpServer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Child JVM of {@link BigBodyForkedTest}: serves 300 resources of 256 KB (each kept in memory on its way, together
 * more than the heap) and one resource much larger than the heap (generated, never held), harvests them with fetchContent
 * into {@code resourcesync-mirror:} and {@code file:}, and checks the copies' length and md5.
 * Prints {@code OK <bytes> <max heap used>} and exits 0, or fails with a stack trace.
 */
public final class BigBodyMain {

    private BigBodyMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        long size = Long.parseLong(args[1]);
        int small = Integer.parseInt(args[2]);
        String md5 = HexFormat.of().formatHex(digest(size));
        long smallSize = 256 * 1024; // exactly spoolThreshold: each stays in memory on its way
        String smallMd5 = HexFormat.of().formatHex(digest(smallSize));
        boolean h2 = args.length > 3 && "h2".equals(args[3]);
        try (BigSource server = h2 ? new H2BigSource(dir) : new Http11BigSource()) {
            server.serve("/res/big.bin", size);
            StringBuilder urls = new StringBuilder();
            for (int i = 0; i < small; i++) {
                server.serve("/res/small" + i + ".bin", smallSize);
                urls.append("<url><loc>").append(server.uri("/res/small" + i + ".bin")).append("</loc><rs:md length=\"")
                        .append(smallSize).append("\" hash=\"md5:").append(smallMd5).append("\"/></url>\n");
            }
            server.serve("/resourcelist.xml", """
                    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                    <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
                    %s<url><loc>%s</loc><rs:md length="%d" hash="md5:%s"/></url></urlset>"""
                    .formatted(urls, server.uri("/res/big.bin"), size, md5));
            CamelContext context = new DefaultCamelContext();
            context.getStreamCachingStrategy().setSpoolEnabled(true);
            String tls = "";
            if (server instanceof H2BigSource h2Source) {
                context.getRegistry().bind("ssl", h2Source.trusting());
                tls = "&sslContextParameters=#ssl";
            }
            String tlsOption = tls;
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("resourcesync:" + server.uri("/resourcelist.xml") + "?delay=3600000&stateDirectory="
                         + dir.resolve("state") + "&spoolDirectory=" + dir.resolve("spool") + tlsOption)
                            .to("resourcesync-mirror:" + dir.resolve("mirror"))
                            .to("file:" + dir.resolve("file"));
                }
            });
            context.start();
            Path mirrored = dir.resolve("mirror/res/big.bin");
            Path filed = dir.resolve("file/res/big.bin");
            long deadline = System.nanoTime() + 300_000_000_000L;
            while (!(Files.exists(filed) && Files.size(filed) == size) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            context.stop();
            for (Path p : new Path[] {mirrored, filed}) {
                if (Files.size(p) != size || !HexFormat.of().formatHex(digest(p)).equals(md5)) {
                    throw new IllegalStateException(p + " differs from the Source's resource");
                }
            }
            for (int i = 0; i < small; i++) {
                Path p = dir.resolve("mirror/res/small" + i + ".bin");
                if (!Files.exists(p) || !HexFormat.of().formatHex(digest(p)).equals(smallMd5)) {
                    throw new IllegalStateException(p + " missing or different");
                }
            }
            server.checkProtocol();
            Runtime rt = Runtime.getRuntime();
            System.out.println("OK " + size + " " + (rt.totalMemory() - rt.freeMemory()));
        }
    }

    /** The Source's server: the JDK's HTTP/1.1 server, or Jetty speaking HTTP/2 over TLS. */
    private interface BigSource extends AutoCloseable {
        /** Serves {@code size} deterministic bytes at {@code path}, generated while sent. */
        void serve(String path, long size);

        void serve(String path, String xml);

        java.net.URI uri(String path);

        /** Fails unless the requests came over the protocol this server is for. */
        default void checkProtocol() {
        }

        @Override
        void close();
    }

    private static final class Http11BigSource implements BigSource {
        private final TestHttpServer server = TestHttpServer.start();

        @Override
        public void serve(String path, long size) {
            server.handle(path, exchange -> {
                exchange.sendResponseHeaders(200, size);
                try (OutputStream out = exchange.getResponseBody()) {
                    write(out, size);
                }
            });
        }

        @Override
        public void serve(String path, String xml) {
            server.serve(path, xml, "application/xml");
        }

        @Override
        public java.net.URI uri(String path) {
            return server.uri(path);
        }

        @Override
        public void close() {
            server.close();
        }
    }

    private static final class H2BigSource implements BigSource {
        private final SelfSignedTls tls;
        private final H2Server server;

        H2BigSource(Path dir) throws Exception {
            tls = SelfSignedTls.create(Files.createDirectories(dir.resolve("tls")));
            server = H2Server.start(H2Server.Mode.TLS_ALPN, tls.server());
        }

        @Override
        public void serve(String path, long size) {
            server.reply(path, (request, response, callback) -> {
                response.getHeaders().put(org.eclipse.jetty.http.HttpHeader.CONTENT_LENGTH, size);
                try (OutputStream out = org.eclipse.jetty.io.Content.Sink.asOutputStream(response)) {
                    write(out, size);
                }
                callback.succeeded();
            });
        }

        @Override
        public void serve(String path, String xml) {
            server.serve(path, xml.getBytes(java.nio.charset.StandardCharsets.UTF_8), "application/xml");
        }

        @Override
        public java.net.URI uri(String path) {
            return server.uri(path);
        }

        org.apache.camel.support.jsse.SSLContextParameters trusting() {
            return tls.sslContextParameters();
        }

        @Override
        public void checkProtocol() {
            if (!java.util.Set.copyOf(server.protocols()).equals(java.util.Set.of("HTTP/2.0"))) {
                throw new IllegalStateException("not all over HTTP/2: " + java.util.Set.copyOf(server.protocols()));
            }
        }

        @Override
        public void close() {
            try {
                server.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Deterministic bytes: the same for the server and the check, never all in memory. */
    private static void write(OutputStream out, long size) throws IOException {
        byte[] block = new byte[64 * 1024];
        for (long n = 0; n < size; n += block.length) {
            fill(block, n);
            out.write(block, 0, (int) Math.min(block.length, size - n));
        }
    }

    private static void fill(byte[] block, long offset) {
        for (int i = 0; i < block.length; i++) {
            block[i] = (byte) ((offset + i) * 31 >>> 3);
        }
    }

    private static byte[] digest(long size) throws Exception {
        MessageDigest md = MessageDigest.getInstance("MD5");
        byte[] block = new byte[64 * 1024];
        for (long n = 0; n < size; n += block.length) {
            fill(block, n);
            md.update(block, 0, (int) Math.min(block.length, size - n));
        }
        return md.digest();
    }

    private static byte[] digest(Path file) throws Exception {
        MessageDigest md = MessageDigest.getInstance("MD5");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[64 * 1024];
            int r;
            while ((r = in.read(buf)) > 0) {
                md.update(buf, 0, r);
            }
        }
        return md.digest();
    }
}
