package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;

/** The Source no longer lists the changes between the resume point and its oldest Change List. */
public class GapException extends IOException {

    public GapException(URI changeList, Instant resumeTime, Instant from) {
        super("Change List " + changeList + " starts at " + from + ", after the resume point " + resumeTime
              + ": changes in between are not listed any more. Set gapPolicy=baseline to re-baseline, "
              + "or gapPolicy=ignore to accept the loss");
    }
}
