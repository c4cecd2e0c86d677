package io.github.camelresourcesync.state;

import java.nio.file.Path;

class InMemoryStateStoreTest extends SyncStateStoreContractTest {

    @Override
    protected SyncStateStore createStore(Path dir) {
        return new InMemoryStateStore();
    }
}
