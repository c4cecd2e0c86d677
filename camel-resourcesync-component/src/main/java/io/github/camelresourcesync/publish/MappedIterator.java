package io.github.camelresourcesync.publish;

import java.util.Iterator;
import java.util.function.Function;

/** An iterator that converts lazily, so documents stream from the store entry by entry. */
final class MappedIterator<A, B> implements Iterator<B> {

    private final Iterator<A> source;
    private final Function<A, B> f;

    MappedIterator(Iterator<A> source, Function<A, B> f) {
        this.source = source;
        this.f = f;
    }

    @Override
    public boolean hasNext() {
        return source.hasNext();
    }

    @Override
    public B next() {
        return f.apply(source.next());
    }
}
