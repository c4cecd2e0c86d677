package io.github.camelresourcesync.harvest;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;

import io.github.camelresourcesync.http.Validators;
import io.github.camelresourcesync.model.Capability;

/**
 * The baseline entries of a Resource Dump, however its packages are read: the walk over its package entries (a
 * Resource Dump may be an index) and what the events of every package share.
 */
abstract class ResourceDumpWalk implements BaselineEntries {

    protected final ListWalker packages;

    protected ResourceDumpWalk(HarvestContext ctx, URI resourceDump, boolean conditional) throws IOException {
        this.packages = new ListWalker(ctx.loader(), resourceDump, Capability.RESOURCEDUMP,
                ctx.options().maxDocumentDepth(), conditional, ctx.progress());
    }

    @Override
    public final String capability() {
        return Capability.RESOURCEDUMP.value();
    }

    /** The Resource Dump's snapshot time ({@code at}); a Change Dump or Change List continues from there. */
    @Override
    public final Instant snapshotTime() {
        return packages.snapshotTime();
    }

    @Override
    public final Validators rootValidators() {
        return packages.rootValidators();
    }
}
