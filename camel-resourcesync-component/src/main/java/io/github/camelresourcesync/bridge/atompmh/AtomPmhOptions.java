package io.github.camelresourcesync.bridge.atompmh;

import java.util.List;

/** How the Atom-PMH harvester reads a feed; a mutable builder, copied by the harvester. */
public final class AtomPmhOptions {

    private List<String> mediaTypes = List.of();
    private boolean fetchContent = true;
    private boolean useAtomIdAsLocation;
    private boolean followNext;
    private int maxDocuments = 100_000;
    private String stateId;

    public List<String> mediaTypes() {
        return mediaTypes;
    }

    /** Wanted formats, most preferred first; empty: the first alternate link of each entry. */
    public AtomPmhOptions mediaTypes(List<String> v) {
        this.mediaTypes = v == null ? List.of() : v.stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        return this;
    }

    public boolean fetchContent() {
        return fetchContent;
    }

    public AtomPmhOptions fetchContent(boolean v) {
        this.fetchContent = v;
        return this;
    }

    public boolean useAtomIdAsLocation() {
        return useAtomIdAsLocation;
    }

    public AtomPmhOptions useAtomIdAsLocation(boolean v) {
        this.useAtomIdAsLocation = v;
        return this;
    }

    public boolean followNext() {
        return followNext;
    }

    public AtomPmhOptions followNext(boolean v) {
        this.followNext = v;
        return this;
    }

    public int maxDocuments() {
        return maxDocuments;
    }

    /** Bound on the documents one harvest reads, against endless or looping chains. */
    public AtomPmhOptions maxDocuments(int v) {
        this.maxDocuments = v;
        return this;
    }

    public String stateId() {
        return stateId;
    }

    public AtomPmhOptions stateId(String v) {
        this.stateId = v == null || v.isBlank() ? null : v;
        return this;
    }

    AtomPmhOptions copy() {
        return new AtomPmhOptions().mediaTypes(mediaTypes).fetchContent(fetchContent)
                .useAtomIdAsLocation(useAtomIdAsLocation).followNext(followNext).maxDocuments(maxDocuments)
                .stateId(stateId);
    }
}
