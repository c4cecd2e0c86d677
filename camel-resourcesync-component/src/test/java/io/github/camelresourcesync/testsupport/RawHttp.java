package io.github.camelresourcesync.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 over a plain socket, for requests no client library would send as written: the request target goes out
 * byte for byte (no normalisation of {@code ..}, no re-encoding), and the answer is read raw until the server closes
 * the connection ({@code Connection: close}).
 */
public final class RawHttp {

    /** What came back: the status of the status line (-1 when none came) and every byte after the request. */
    public record Response(int status, byte[] raw) {

        public String text() {
            return new String(raw, StandardCharsets.ISO_8859_1);
        }
    }

    private RawHttp() {
    }

    /** {@code GET target HTTP/1.1}, with {@code target} exactly as given (ISO-8859-1 bytes). */
    public static Response get(int port, String target) throws IOException {
        return send(port, ("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1), null);
    }

    /**
     * Sends {@code head} (request line and headers, ending with the empty line) and then {@code body} (may be null),
     * and reads the answer. A server that answers and closes before the whole body was sent is not an error: the
     * answer read so far is returned.
     */
    public static Response send(int port, byte[] head, BodyWriter body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(head);
                if (body != null) {
                    body.write(out);
                }
                out.flush();
            } catch (IOException e) {
                // the server closed the connection while the request was being sent: read what it answered
            }
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    answer.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException e) {
                throw new IOException("no end of the answer to " + firstLine(head) + " within 30 s; got: "
                        + answer.toString(StandardCharsets.ISO_8859_1), e);
            } catch (IOException e) {
                // a reset after the answer: keep what arrived
            }
            byte[] raw = answer.toByteArray();
            return new Response(status(raw), raw);
        }
    }

    /** Writes a request body. */
    @FunctionalInterface
    public interface BodyWriter {
        void write(OutputStream out) throws IOException;
    }

    private static int status(byte[] raw) {
        String s = new String(raw, 0, Math.min(raw.length, 64), StandardCharsets.ISO_8859_1);
        if (!s.startsWith("HTTP/1.") || s.length() < 12) {
            return -1;
        }
        return Integer.parseInt(s.substring(9, 12));
    }

    private static String firstLine(byte[] head) {
        String s = new String(head, StandardCharsets.ISO_8859_1);
        int end = s.indexOf('\r');
        return end < 0 ? s : s.substring(0, end);
    }
}
