package io.github.camelresourcesync;

import io.github.camelresourcesync.http.FetcherConfig;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/** The HTTP proxy options of the endpoints that offer them ({@code resourcesync}, {@code resourcesync-metashare}). */
@UriParams
public class ProxyOptions {

    @UriParam(label = "http,proxy")
    private String proxyHost;
    @UriParam(label = "http,proxy")
    private int proxyPort;

    /** Sets the proxy on {@code config}; returns it for chaining. */
    public FetcherConfig applyTo(FetcherConfig config) {
        return config.proxyHost(proxyHost).proxyPort(proxyPort);
    }

    public String getProxyHost() {
        return proxyHost;
    }

    /** HTTP proxy host; default: the JVM's proxy settings. */
    public void setProxyHost(String proxyHost) {
        this.proxyHost = proxyHost;
    }

    public int getProxyPort() {
        return proxyPort;
    }

    /** HTTP proxy port. */
    public void setProxyPort(int proxyPort) {
        this.proxyPort = proxyPort;
    }
}
