package io.github.camelresourcesync.notify;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HubSignatureTest {

    private static final byte[] BODY = "<urlset/>".getBytes(StandardCharsets.UTF_8);

    @ParameterizedTest
    @ValueSource(strings = { "sha1", "sha256", "sha384", "sha512", "SHA256" })
    void everyMethodTheRecommendationNamesVerifies(String method) {
        String header = HubSignature.sign(method, "secret", BODY);
        assertTrue(HubSignature.verify(header, "secret", BODY));
        assertTrue(HubSignature.verify(header.toUpperCase(), "secret", BODY), "hex digits in either case");
        assertFalse(HubSignature.verify(header, "other", BODY));
        assertFalse(HubSignature.verify(header, "secret", "<urlset/> ".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void knownVector() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?"
        assertEquals("sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                HubSignature.sign("sha256", "Jefe", "what do ya want for nothing?".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void missingMalformedOrUnknownSignaturesFail() {
        assertFalse(HubSignature.verify(null, "secret", BODY));
        assertFalse(HubSignature.verify("", "secret", BODY));
        assertFalse(HubSignature.verify("sha256", "secret", BODY));
        assertFalse(HubSignature.verify("sha256=zz", "secret", BODY));
        assertFalse(HubSignature.verify("md5=" + "00".repeat(16), "secret", BODY));
        assertFalse(HubSignature.verify("sha256=" + "00".repeat(32), "secret", BODY));
        assertThrows(IllegalArgumentException.class, () -> HubSignature.sign("md5", "secret", BODY));
    }
}
