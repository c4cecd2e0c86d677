package io.github.camelresourcesync.bridge.atompmh;

import java.util.List;

import io.github.camelresourcesync.model.FileLayout;

/**
 * How the Atom-PMH harvester reads a feed; a mutable builder, copied by the harvester. The {@code DEFAULT_*} constants
 * are the only place the defaults are written: the Camel layer's configuration documents and starts from them.
 */
public final class AtomPmhOptions {

    public static final boolean DEFAULT_FETCH_CONTENT = true;
    public static final boolean DEFAULT_USE_ATOM_ID_AS_LOCATION = false;
    public static final boolean DEFAULT_FOLLOW_NEXT = false;
    public static final int DEFAULT_MAX_DOCUMENTS = 100_000;

    private List<String> mediaTypes = List.of();
    private boolean fetchContent = DEFAULT_FETCH_CONTENT;
    private boolean useAtomIdAsLocation = DEFAULT_USE_ATOM_ID_AS_LOCATION;
    private boolean followNext = DEFAULT_FOLLOW_NEXT;
    private int maxDocuments = DEFAULT_MAX_DOCUMENTS;
    private String stateId;
    private FileLayout fileLayout = FileLayout.COLLISION_FREE;

    /** How each event's file name is made of its location. */
    public FileLayout fileLayout() {
        return fileLayout;
    }

    public AtomPmhOptions fileLayout(FileLayout v) {
        this.fileLayout = v;
        return this;
    }

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
                .stateId(stateId).fileLayout(fileLayout);
    }
}
