package io.github.camelresourcesync.notify;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import java.nio.charset.StandardCharsets;

/**
 * The WebSub {@code X-Hub-Signature} header: {@code method=hexdigest}, an HMAC over the raw body keyed with the
 * subscription's {@code hub.secret}. Methods: {@code sha1}, {@code sha256}, {@code sha384}, {@code sha512}.
 */
public final class HubSignature {

    /** The header a hub signs deliveries with. */
    public static final String HEADER = "X-Hub-Signature";

    private HubSignature() {
    }

    /** The header value for {@code body}, e.g. {@code sha256=3f1c...}. */
    public static String sign(String method, String secret, byte[] body) {
        return method.toLowerCase(Locale.ROOT) + "=" + HexFormat.of().formatHex(mac(method, secret, body));
    }

    /**
     * @return {@code true} only when {@code header} names a supported method and its digest matches (compared in
     *         constant time); a missing header, an unknown method or a malformed value is {@code false}
     */
    public static boolean verify(String header, String secret, byte[] body) {
        if (header == null || secret == null) {
            return false;
        }
        int eq = header.indexOf('=');
        if (eq <= 0) {
            return false;
        }
        String method = header.substring(0, eq).trim().toLowerCase(Locale.ROOT);
        if (algorithm(method) == null) {
            return false;
        }
        byte[] given;
        try {
            given = HexFormat.of().parseHex(header.substring(eq + 1).trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(given, mac(method, secret, body));
    }

    private static String algorithm(String method) {
        return switch (method) {
            case "sha1" -> "HmacSHA1";
            case "sha256" -> "HmacSHA256";
            case "sha384" -> "HmacSHA384";
            case "sha512" -> "HmacSHA512";
            default -> null;
        };
    }

    private static byte[] mac(String method, String secret, byte[] body) {
        String algorithm = algorithm(method.toLowerCase(Locale.ROOT));
        if (algorithm == null) {
            throw new IllegalArgumentException("Unsupported X-Hub-Signature method " + method
                                               + "; expected sha1, sha256, sha384 or sha512");
        }
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), algorithm));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " is not available in this JVM", e);
        }
    }
}
