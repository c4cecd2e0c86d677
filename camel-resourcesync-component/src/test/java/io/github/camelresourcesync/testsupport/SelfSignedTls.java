package io.github.camelresourcesync.testsupport;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for 127.0.0.1 made with the JDK's keytool: the server's SSLContext, a client SSLContext
 * that trusts exactly it, and the PKCS12 file (password {@value #PASSWORD}) for Camel {@code SSLContextParameters}.
 */
public final class SelfSignedTls {

    public static final String PASSWORD = "changeit";

    private final Path keystore;
    private final SSLContext server;
    private final SSLContext trusting;

    private SelfSignedTls(Path keystore, SSLContext server, SSLContext trusting) {
        this.keystore = keystore;
        this.server = server;
        this.trusting = trusting;
    }

    /** Generates the key pair into {@code dir/server.p12}. */
    public static SelfSignedTls create(Path dir) throws Exception {
        Path keystore = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder("keytool", "-genkeypair", "-alias", "server", "-keyalg", "EC",
                "-groupname", "secp256r1", "-validity", "2", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD.toCharArray());
        SSLContext server = SSLContext.getInstance("TLS");
        server.init(kmf.getKeyManagers(), null, null);

        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("server", keys.getCertificate("server"));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext trusting = SSLContext.getInstance("TLS");
        trusting.init(null, tmf.getTrustManagers(), null);
        return new SelfSignedTls(keystore, server, trusting);
    }

    public SSLContext server() {
        return server;
    }

    /** A client context trusting this certificate only. */
    public SSLContext trusting() {
        return trusting;
    }

    /** Camel's TLS settings trusting this certificate, from the key store file, as users configure a trust store. */
    public org.apache.camel.support.jsse.SSLContextParameters sslContextParameters() {
        org.apache.camel.support.jsse.KeyStoreParameters store = new org.apache.camel.support.jsse.KeyStoreParameters();
        store.setResource("file:" + keystore);
        store.setType("PKCS12");
        store.setPassword(PASSWORD);
        org.apache.camel.support.jsse.TrustManagersParameters trust =
                new org.apache.camel.support.jsse.TrustManagersParameters();
        trust.setKeyStore(store);
        org.apache.camel.support.jsse.SSLContextParameters ssl = new org.apache.camel.support.jsse.SSLContextParameters();
        ssl.setTrustManagers(trust);
        return ssl;
    }

    /** The PKCS12 key store (it also serves as a trust store holding the certificate). */
    public Path keystore() {
        return keystore;
    }
}
